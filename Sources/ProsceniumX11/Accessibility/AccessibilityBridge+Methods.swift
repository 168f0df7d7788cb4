import Proscenium

// MARK: - Answering method calls

extension AccessibilityBridge {
    /// Answers one call. Every call gets a reply: an error for an unknown path, interface, method or
    /// property, or for arguments of the wrong type or out of range.
    func handle(_ call: DBusConnection.Call) {
        if call.path == ATSPI.cachePath {
            // Clients ask for a cache of every object up front; an empty one has them ask as they go.
            guard call.member == "GetItems" else { return connection.replyError(to: call, ATSPI.unknownMethod, call.member) }
            return connection.reply(to: call) { $0.array(of: "((so)(so)(so)iiassusau)") { _ in } }
        }
        switch target(of: call.path) {
        case .unknown:
            connection.replyError(to: call, ATSPI.unknownObject, "No accessible object at \(call.path)")
        case .application:
            handleApplication(call)
        case let .node(node, tree):
            handle(call, node: node, tree: tree)
        }
    }

    func invalid(_ call: DBusConnection.Call) {
        connection.replyError(to: call, ATSPI.invalidArgs, "\(call.interface).\(call.member): wrong arguments")
    }

    // MARK: The application's root

    private func handleApplication(_ call: DBusConnection.Call) {
        let windowID = tree?.root
        switch (call.interface, call.member) {
        case (ATSPI.properties, "Get"):
            guard let interface = call.arguments.string(0), let name = call.arguments.string(1) else { return invalid(call) }
            guard applicationProperties(interface).contains(name) else {
                return connection.replyError(to: call, ATSPI.unknownProperty, "\(interface).\(name)")
            }
            connection.reply(to: call) { writeApplicationProperty(name, $0, window: windowID) }
        case (ATSPI.properties, "GetAll"):
            guard let interface = call.arguments.string(0) else { return invalid(call) }
            connection.reply(to: call) { writer in
                writer.array(of: "{sv}") { array in
                    for name in applicationProperties(interface) {
                        array.dictEntry { $0.string(name); writeApplicationProperty(name, $0, window: windowID) }
                    }
                }
            }
        case (ATSPI.properties, "Set"):
            guard call.arguments.string(1) == "Id", let id = call.arguments.int32(2) else { return invalid(call) }
            applicationId = id
            connection.reply(to: call)
        case (ATSPI.accessible, "GetRole"): connection.reply(to: call) { $0.uint32(ATSPI.Role.application) }
        case (ATSPI.accessible, "GetRoleName"), (ATSPI.accessible, "GetLocalizedRoleName"):
            connection.reply(to: call) { $0.string("application") }
        case (ATSPI.accessible, "GetState"): connection.reply(to: call) { writer in writer.array(of: "u") { $0.uint32(0); $0.uint32(0) } }
        case (ATSPI.accessible, "GetInterfaces"):
            connection.reply(to: call) { writer in writer.array(of: "s") { $0.string(ATSPI.accessible); $0.string(ATSPI.application) } }
        case (ATSPI.accessible, "GetChildAtIndex"):
            guard call.arguments.int32(0) == 0, let windowID else { return invalid(call) }
            connection.reply(to: call) { $0.reference(connection.uniqueName, path(of: windowID)) }
        case (ATSPI.accessible, "GetChildren"):
            connection.reply(to: call) { writer in
                writer.array(of: "(so)") { array in if let windowID { array.reference(connection.uniqueName, path(of: windowID)) } }
            }
        case (ATSPI.accessible, "GetIndexInParent"): connection.reply(to: call) { $0.int32(-1) }
        case (ATSPI.accessible, "GetApplication"): connection.reply(to: call) { $0.reference(connection.uniqueName, ATSPI.rootPath) }
        case (ATSPI.accessible, "GetAttributes"): connection.reply(to: call) { $0.array(of: "{ss}") { _ in } }
        case (ATSPI.accessible, "GetRelationSet"): connection.reply(to: call) { $0.array(of: "(ua(so))") { _ in } }
        case (ATSPI.application, "GetApplicationBusAddress"): connection.reply(to: call) { $0.string("") }
        case (ATSPI.application, "GetLocale"): connection.reply(to: call) { $0.string("") }
        default:
            connection.replyError(to: call, ATSPI.unknownMethod, "\(call.interface).\(call.member)")
        }
    }

    private func applicationProperties(_ interface: String) -> [String] {
        switch interface {
        case ATSPI.accessible: ATSPI.accessibleProperties
        case ATSPI.application: ["ToolkitName", "Version", "ToolkitVersion", "AtspiVersion", "InterfaceVersion", "Id"]
        default: []
        }
    }

    private func writeApplicationProperty(_ name: String, _ writer: DBusMessageWriter, window: UInt64?) {
        switch name {
        case "Name": writer.variant("s") { $0.string(applicationName) }
        case "Parent": writer.variant("(so)") { $0.reference(registryRoot.0, registryRoot.1) }
        case "ChildCount": writer.variant("i") { $0.int32(window == nil ? 0 : 1) }
        case "ToolkitName": writer.variant("s") { $0.string("Proscenium") }
        case "AtspiVersion": writer.variant("s") { $0.string("2.1") }
        case "InterfaceVersion": writer.variant("u") { $0.uint32(1) }
        case "Id": writer.variant("i") { $0.int32(applicationId) }
        case "Version", "ToolkitVersion": writer.variant("s") { $0.string("1.0") }
        default: writer.variant("s") { $0.string("") }
        }
    }

    // MARK: A node

    private func handle(_ call: DBusConnection.Call, node: AccessibilityNode, tree: AccessibilityTree) {
        switch call.interface {
        case ATSPI.properties: handleProperties(call, node: node, tree: tree)
        case ATSPI.accessible: handleAccessible(call, node: node, tree: tree)
        case ATSPI.component: handleComponent(call, node: node, tree: tree)
        case ATSPI.action where !node.actions.isEmpty: handleAction(call, node: node, tree: tree)
        case ATSPI.text where node.text != nil: handleText(call, node: node, tree: tree)
        case ATSPI.editableText where node.isEditable: handleEditableText(call, node: node, tree: tree)
        case ATSPI.selection where node.role == .list: handleSelection(call, node: node, tree: tree)
        case ATSPI.collection: handleCollection(call, node: node, tree: tree)
        default: connection.replyError(to: call, ATSPI.unknownMethod, "\(call.interface).\(call.member)")
        }
    }

    /// The interfaces `node` implements.
    func interfaces(of node: AccessibilityNode) -> [String] {
        var interfaces = [ATSPI.accessible, ATSPI.component, ATSPI.collection]
        if !node.actions.isEmpty { interfaces.append(ATSPI.action) }
        if node.text != nil { interfaces.append(ATSPI.text) }
        if node.isEditable { interfaces.append(ATSPI.editableText) }
        if node.valueRange != nil { interfaces.append(ATSPI.value) }
        if node.role == .list { interfaces.append(ATSPI.selection) }
        return interfaces
    }

    private func properties(_ interface: String, node: AccessibilityNode) -> [String] {
        switch interface {
        case ATSPI.accessible: ATSPI.accessibleProperties
        case ATSPI.action where !node.actions.isEmpty: ["NActions"]
        case ATSPI.text where node.text != nil: Self.textProperties
        case ATSPI.value where node.valueRange != nil: Self.valueProperties
        case ATSPI.selection where node.role == .list: ["NSelectedChildren"]
        default: []
        }
    }

    private func handleProperties(_ call: DBusConnection.Call, node: AccessibilityNode, tree: AccessibilityTree) {
        switch call.member {
        case "Get":
            guard let interface = call.arguments.string(0), let name = call.arguments.string(1) else { return invalid(call) }
            guard properties(interface, node: node).contains(name) else {
                return connection.replyError(to: call, ATSPI.unknownProperty, "\(interface).\(name)")
            }
            connection.reply(to: call) { writeProperty(name, of: node, in: tree, interface: interface, $0) }
        case "Set":
            guard call.arguments.string(0) == ATSPI.value, call.arguments.string(1) == "CurrentValue", node.valueRange != nil else {
                return invalid(call)
            }
            setCurrentValue(call, node: node)
        case "GetAll":
            guard let interface = call.arguments.string(0) else { return invalid(call) }
            connection.reply(to: call) { writer in
                writer.array(of: "{sv}") { array in
                    for name in properties(interface, node: node) {
                        array.dictEntry { $0.string(name); writeProperty(name, of: node, in: tree, interface: interface, $0) }
                    }
                }
            }
        default:
            connection.replyError(to: call, ATSPI.unknownMethod, "Properties.\(call.member)")
        }
    }

    private func writeProperty(_ name: String, of node: AccessibilityNode, in tree: AccessibilityTree, interface: String,
                               _ writer: DBusMessageWriter) {
        switch interface {
        case ATSPI.text: return writeTextProperty(name, of: node, in: tree, writer)
        case ATSPI.value: return writeValueProperty(name, of: node, writer)
        case ATSPI.selection:
            return writer.variant("i") { $0.int32(Int32(clamping: node.children.filter { tree[$0]?.traits.contains(.selected) == true }.count)) }
        default: break
        }
        switch name {
        case "Name": writer.variant("s") { $0.string(node.label ?? "") }
        case "Description", "HelpText": writer.variant("s") { $0.string(node.spokenDescription ?? "") }
        case "Parent": writer.variant("(so)") { writeParent(of: node, $0) }
        case "ChildCount": writer.variant("i") { $0.int32(Int32(clamping: node.children.count)) }
        case "AccessibleId": writer.variant("s") { $0.string(node.identifier ?? "") }
        case "NActions": writer.variant("i") { $0.int32(Int32(node.actions.count)) }
        default: writer.variant("s") { $0.string("") }
        }
    }

    private func writeParent(of node: AccessibilityNode, _ writer: DBusMessageWriter) {
        if let parent = node.parent {
            writer.reference(connection.uniqueName, path(of: parent))
        } else {
            writer.reference(connection.uniqueName, ATSPI.rootPath)
        }
    }

    private func handleAccessible(_ call: DBusConnection.Call, node: AccessibilityNode, tree: AccessibilityTree) {
        switch call.member {
        case "GetRole": connection.reply(to: call) { $0.uint32(ATSPI.Role.number(for: node.role)) }
        case "GetRoleName", "GetLocalizedRoleName": connection.reply(to: call) { $0.string(ATSPI.name(of: node.role)) }
        case "GetState":
            let (low, high) = ATSPI.State.words(states(of: node))
            connection.reply(to: call) { writer in writer.array(of: "u") { $0.uint32(low); $0.uint32(high) } }
        case "GetInterfaces":
            connection.reply(to: call) { writer in writer.array(of: "s") { array in for name in interfaces(of: node) { array.string(name) } } }
        case "GetChildAtIndex":
            guard let index = call.arguments.int32(0), index >= 0, Int(index) < node.children.count else { return invalid(call) }
            connection.reply(to: call) { $0.reference(connection.uniqueName, path(of: node.children[Int(index)])) }
        case "GetChildren":
            connection.reply(to: call) { writer in
                writer.array(of: "(so)") { array in for child in node.children { array.reference(connection.uniqueName, path(of: child)) } }
            }
        case "GetIndexInParent":
            let index = node.parent.flatMap { tree[$0]?.children.firstIndex(of: node.id) } ?? 0
            connection.reply(to: call) { $0.int32(Int32(clamping: index)) }
        case "GetApplication": connection.reply(to: call) { $0.reference(connection.uniqueName, ATSPI.rootPath) }
        case "GetAttributes":
            connection.reply(to: call) { writer in
                writer.array(of: "{ss}") { array in
                    for (key, value) in attributes(of: node).sorted(by: { $0.key < $1.key }) { array.dictEntry { $0.string(key); $0.string(value) } }
                }
            }
        case "GetRelationSet": connection.reply(to: call) { $0.array(of: "(ua(so))") { _ in } }
        default: connection.replyError(to: call, ATSPI.unknownMethod, "Accessible.\(call.member)")
        }
    }

    /// The AT-SPI states of `node`.
    func states(of node: AccessibilityNode) -> [UInt32] {
        typealias S = ATSPI.State
        var states: [UInt32] = []
        if isVisible(node) { states.append(S.visible) }
        if isShowing(node) { states.append(S.showing) }
        if !node.traits.contains(.notEnabled) { states += [S.enabled, S.sensitive] }
        if node.isFocusable { states.append(S.focusable) }
        if node.isFocused { states.append(S.focused) }
        if node.isModal { states.append(S.modal) }
        if node.isDefault { states.append(S.isDefault) }
        if node.isEditable { states += [S.editable, S.singleLine] }
        if node.traits.contains(.selected) { states.append(S.selected) }
        if node.isMultiselectable { states.append(S.multiselectable) }
        if node.role == .listItem, node.actions.contains(.activate) { states.append(S.selectable) }
        if node.isEditable { states.append(S.selectableText) }
        if node.role == .toggleButton || node.role == .checkMenuItem {
            states.append(S.checkable)
            if node.value == "1" { states.append(S.checked) }
            if node.value == "mixed" { states.append(S.indeterminate) }
        }
        if node.role == .window, window?.isKeyWindow == true { states.append(S.active) }
        return states
    }

    /// Whether `node` takes up room: its frame is not empty.
    func isVisible(_ node: AccessibilityNode) -> Bool { node.frame.width > 0 && node.frame.height > 0 }

    /// Whether `node` is on screen: visible, and not clipped away by what holds it or by the window.
    func isShowing(_ node: AccessibilityNode) -> Bool { isVisible(node) && !node.visibleFrame.isEmpty }

    // MARK: Component and Action

    /// `node`'s frame in device pixels: on the screen (`coordinates` 0), in the window (1), or in its
    /// parent (2).
    func extents(of node: AccessibilityNode, in tree: AccessibilityTree, coordinates: UInt32) -> (Int32, Int32, Int32, Int32) {
        extents(of: node.frame, parent: node.parent.flatMap { tree[$0]?.frame }, coordinates: coordinates)
    }

    /// `frame` (window points) in device pixels: on the screen (`coordinates` 0), in the window (1), or
    /// relative to `parent` (2).
    func extents(of frame: Rect, parent: Rect?, coordinates: UInt32) -> (Int32, Int32, Int32, Int32) {
        let (origin, scale) = geometry()
        var frame = frame
        switch coordinates {
        case 0: frame = frame.offsetBy(dx: origin.x / scale, dy: origin.y / scale)
        case 2: if let parent { frame = frame.offsetBy(dx: -parent.minX, dy: -parent.minY) }
        default: break
        }
        func pixels(_ value: Double) -> Int32 {
            let pixels = (value * scale).rounded()
            return pixels.isFinite ? Int32(min(max(pixels, Double(Int32.min)), Double(Int32.max))) : 0
        }
        return (pixels(frame.minX), pixels(frame.minY), pixels(frame.width), pixels(frame.height))
    }

    /// A point in device pixels (`coordinates` as for extents) in window points.
    func windowPoint(x: Int32, y: Int32, parent: Rect?, coordinates: UInt32) -> Point {
        let (origin, scale) = geometry()
        var point = Point(x: Double(x) / scale, y: Double(y) / scale)
        switch coordinates {
        case 0: point = Point(x: point.x - origin.x / scale, y: point.y - origin.y / scale)
        case 2: if let parent { point = Point(x: point.x + parent.minX, y: point.y + parent.minY) }
        default: break
        }
        return point
    }

    private func handleComponent(_ call: DBusConnection.Call, node: AccessibilityNode, tree: AccessibilityTree) {
        switch call.member {
        case "GetExtents":
            guard let coordinates = call.arguments.uint32(0) else { return invalid(call) }
            let (x, y, width, height) = extents(of: node, in: tree, coordinates: coordinates)
            connection.reply(to: call) { writer in writer.structure { $0.int32(x); $0.int32(y); $0.int32(width); $0.int32(height) } }
        case "GetPosition":
            guard let coordinates = call.arguments.uint32(0) else { return invalid(call) }
            let (x, y, _, _) = extents(of: node, in: tree, coordinates: coordinates)
            connection.reply(to: call) { $0.int32(x); $0.int32(y) }
        case "GetSize":
            let (_, _, width, height) = extents(of: node, in: tree, coordinates: 1)
            connection.reply(to: call) { $0.int32(width); $0.int32(height) }
        case "Contains", "GetAccessibleAtPoint":
            guard let x = call.arguments.int32(0), let y = call.arguments.int32(1), let coordinates = call.arguments.uint32(2) else {
                return invalid(call)
            }
            var point = (x, y), space = coordinates
            if coordinates == 2 {
                // Relative to the node's parent: in the window's pixels, as the boxes below are compared.
                let inWindow = windowPoint(x: x, y: y, parent: node.parent.flatMap { tree[$0]?.frame }, coordinates: 2)
                let scale = geometry().1
                point = (Int32(clamping: Int((inWindow.x * scale).rounded())), Int32(clamping: Int((inWindow.y * scale).rounded())))
                space = 1
            }
            let hit = deepestNode(at: point, from: node, in: tree, coordinates: space)
            if call.member == "Contains" {
                connection.reply(to: call) { $0.bool(hit != nil) }
            } else {
                let found = hit.flatMap { $0 == node.id && node.children.isEmpty ? $0 : $0 == node.id ? nil : $0 }
                connection.reply(to: call) { $0.reference(found == nil ? "" : connection.uniqueName, found.map { path(of: $0) } ?? ATSPI.nullPath) }
            }
        case "GetLayer": connection.reply(to: call) { $0.uint32(node.role == .window ? 7 : node.role == .dialog || node.role == .alert ? 5 : 3) }
        case "GetMDIZOrder": connection.reply(to: call) { $0.int16(0) }
        case "GetAlpha": connection.reply(to: call) { $0.double(1) }
        case "GrabFocus":
            let view = tree.view(for: node.id)
            connection.reply(to: call) { $0.bool(node.isFocusable && view?.becomeFirstResponder() == true) }
        case "SetExtents", "SetPosition", "SetSize", "ScrollTo", "ScrollToPoint":
            connection.reply(to: call) { $0.bool(false) }
        default: connection.replyError(to: call, ATSPI.unknownMethod, "Component.\(call.member)")
        }
    }

    /// The deepest node under `point` from `start`, `start` itself when none of its children is there,
    /// nil when the point is outside it.
    private func deepestNode(at point: (Int32, Int32), from start: AccessibilityNode, in tree: AccessibilityTree, coordinates: UInt32) -> UInt64? {
        let (x, y, width, height) = extents(of: start, in: tree, coordinates: coordinates)
        guard point.0 >= x, point.1 >= y, point.0 < x &+ width, point.1 < y &+ height else { return nil }
        for child in start.children.reversed() {
            if let child = tree[child], let hit = deepestNode(at: point, from: child, in: tree, coordinates: coordinates) { return hit }
        }
        return start.id
    }

    private func handleAction(_ call: DBusConnection.Call, node: AccessibilityNode, tree: AccessibilityTree) {
        func action(_ index: Int32?) -> AccessibilityNode.Action? {
            guard let index, index >= 0, Int(index) < node.actions.count else { return nil }
            return node.actions[Int(index)]
        }
        switch call.member {
        case "GetName", "GetLocalizedName":
            guard let action = action(call.arguments.int32(0)) else { return invalid(call) }
            connection.reply(to: call) { $0.string(ATSPI.name(of: action)) }
        case "GetDescription":
            guard action(call.arguments.int32(0)) != nil else { return invalid(call) }
            connection.reply(to: call) { $0.string(node.hint ?? "") }
        case "GetKeyBinding":
            guard action(call.arguments.int32(0)) != nil else { return invalid(call) }
            connection.reply(to: call) { $0.string(ATSPI.keyBinding(node.keyboardShortcut)) }
        case "GetActions":
            connection.reply(to: call) { writer in
                writer.array(of: "(sss)") { array in
                    for action in node.actions {
                        array.structure { $0.string(ATSPI.name(of: action)); $0.string(node.hint ?? ""); $0.string(ATSPI.keyBinding(node.keyboardShortcut)) }
                    }
                }
            }
        case "DoAction":
            guard let action = action(call.arguments.int32(0)) else { return invalid(call) }
            // The answer goes first; the action runs on the next turn, as a user's click would.
            connection.reply(to: call) { $0.bool(true) }
            let id = node.id
            afterReply { $0.perform(action, on: id) }
        default: connection.replyError(to: call, ATSPI.unknownMethod, "Action.\(call.member)")
        }
    }
}
