/// The window's views as assistive technology reads them, built in one walk: a node for the window, for
/// each presentation's container (a dialog when modal) and for each accessibility element; plain
/// containers pass their elements up. Hidden views, `accessibilityElementsHidden` subtrees and everything
/// behind the front-most modal view (`accessibilityViewIsModal`, or a presentation whose container takes
/// the touches around it) are left out, so what lies under an alert cannot be reached through it.
@MainActor public struct AccessibilityTree {
    /// The nodes by id.
    public private(set) var nodes: [UInt64: AccessibilityNode] = [:]
    /// The id of the window's node, where reading starts.
    public let root: UInt64
    private var views: [UInt64: WeakView] = [:]

    /// The tree of `window` as it is now.
    public init(window: Window) {
        root = Self.id(of: window)
        let modal = Self.frontMostModal(in: window)
        var builder = Builder(modal: modal, focused: window.firstResponder as? View)
        let windowNode = builder.node(for: window, role: .window, parent: nil)
        builder.add(windowNode, view: window)
        builder.walkChildren(of: window, into: root)
        nodes = builder.nodes
        views = builder.views
    }

    /// The node `id`, if it is in the tree.
    public subscript(id: UInt64) -> AccessibilityNode? { nodes[id] }

    /// The view behind node `id`, while it lives.
    public func view(for id: UInt64) -> View? { views[id]?.view }

    /// Runs `action` on node `id`; returns whether it did something.
    @discardableResult
    public func perform(_ action: AccessibilityNode.Action, on id: UInt64) -> Bool {
        guard let view = view(for: id), nodes[id]?.actions.contains(action) == true else { return false }
        switch action {
        case .activate: return view.accessibilityActivate()
        case .increment: view.accessibilityIncrement()
        case .decrement: view.accessibilityDecrement()
        }
        return true
    }

    /// The nodes in reading order, depth first from the window.
    public var allNodes: [AccessibilityNode] {
        var result: [AccessibilityNode] = []
        func visit(_ id: UInt64) {
            guard let node = nodes[id] else { return }
            result.append(node)
            for child in node.children { visit(child) }
        }
        visit(root)
        return result
    }

    /// A view's node id.
    public static func id(of view: View) -> UInt64 { UInt64(UInt(bitPattern: ObjectIdentifier(view).hashValue)) }

    /// Whether `view` hides what lies behind it: set so, or a presentation's container that takes the touches
    /// around its presented view — every presentation but one whose chrome forwards them to passthrough
    /// views with no dimming shown over them (an undimmed sheet).
    static func isModal(_ view: View) -> Bool {
        if view.accessibilityViewIsModal { return true }
        guard view is TransitionContainerView else { return false }
        let forwards = view.subviews.contains { ($0 as? TouchForwardingView)?.passthroughViews.isEmpty == false }
        let dims = view.subviews.contains { $0 is DimmingView && !$0.isHidden && $0.alpha > 0.01 }
        return !forwards || dims
    }

    /// Whether assistive technology skips `view` and what it holds.
    static func isSkipped(_ view: View) -> Bool {
        view.isHidden || view.presentation.alpha <= 0.01 || view.accessibilityElementsHidden
    }

    /// The front-most shown modal view: the last in drawing order.
    private static func frontMostModal(in view: View) -> View? {
        for subview in view.subviews.reversed() where !isSkipped(subview) {
            if let found = frontMostModal(in: subview) { return found }
            if isModal(subview) { return subview }
        }
        return nil
    }
}

/// The walk that builds an `AccessibilityTree`.
@MainActor private struct Builder {
    let modal: View?
    let focused: View?
    var nodes: [UInt64: AccessibilityNode] = [:]
    var views: [UInt64: WeakView] = [:]
    /// Whether the walk has reached the front-most modal view: what comes before it, outside it, is behind.
    var reachedModal = false

    init(modal: View?, focused: View?) {
        self.modal = modal
        self.focused = focused
        reachedModal = modal == nil
    }

    mutating func add(_ node: AccessibilityNode, view: View) {
        nodes[node.id] = node
        views[node.id] = WeakView(view: view)
        if let parent = node.parent { nodes[parent]?.children.append(node.id) }
    }

    func node(for view: View, role: AccessibilityNode.Role, parent: UInt64?) -> AccessibilityNode {
        var actions: [AccessibilityNode.Action] = []
        let traits = view.accessibilityTraits
        if traits.contains(.adjustable) {
            actions = [.increment, .decrement]
        } else if view.isAccessibilityElement, traits.contains(.button) || traits.contains(.link) || traits.contains(.toggleButton) || view is TextField {
            actions = [.activate]
        } else if (view as? TableViewCell)?.isAccessibilitySelectable == true {
            actions = [.activate]
        }
        var node = AccessibilityNode(
            id: AccessibilityTree.id(of: view), parent: parent, role: role, label: view.accessibilityLabel,
            hint: view.accessibilityHint, value: view.accessibilityValue, traits: traits, frame: view.accessibilityFrame,
            isFocused: view === focused, isFocusable: view.canBecomeFocused, isModal: role == .dialog || role == .alert,
            isEditable: view is TextField && !traits.contains(.notEnabled), actions: actions, identifier: view.identifier)
        if let content = view as? AccessibilityTextContent {
            node.text = content.accessibilityText
            if let selection = content.accessibilityTextSelection {
                node.selectedRange = selection.range
                node.caretOffset = selection.caret
            }
        }
        node.valueRange = (view as? AccessibilityValueContent)?.accessibilityValueRange
        node.isDefault = view.accessibility.isDefaultButton
        return node
    }

    /// Walks `view`'s elements (its `accessibilityElements`, else its subviews) into the node `parent`.
    mutating func walkChildren(of view: View, into parent: UInt64) {
        // A table's rows are read in their order, whatever order their cells were added in.
        let ordered = (view as? TableView).map { table in table.visibleCells + table.subviews.filter { !($0 is TableViewCell) } }
        for child in view.accessibilityElements ?? ordered ?? view.subviews {
            walk(child, into: parent)
        }
    }

    private mutating func walk(_ view: View, into parent: UInt64) {
        guard !AccessibilityTree.isSkipped(view) else { return }
        if !reachedModal, let modal, view !== modal, !modal.isDescendant(of: view) { return }
        if view === modal { reachedModal = true }
        if view.isAccessibilityElement {
            add(node(for: view, role: Self.role(of: view), parent: parent), view: view)
            return
        }
        guard let containerRole = Self.containerRole(of: view) else { return walkChildren(of: view, into: parent) }
        // A presentation, a view made modal, a list and its rows: a node of its own, a presentation's
        // named after what it presents.
        var container = node(for: view, role: containerRole, parent: parent)
        if container.label == nil, let presented = (view as? TransitionContainerView)?.presentationController?.presentedViewController {
            container.label = presented.title
        }
        add(container, view: view)
        walkChildren(of: view, into: container.id)
    }

    /// The role of a view that is not an element but holds its own: nil for a view that passes its
    /// elements up.
    private static func containerRole(of view: View) -> AccessibilityNode.Role? {
        if view is TransitionContainerView || view.accessibilityViewIsModal {
            guard AccessibilityTree.isModal(view) else { return .group }
            let alert = (view as? TransitionContainerView)?.presentationController?.presentedViewController as? AlertController
            return alert?.preferredStyle == .alert ? .alert : .dialog
        }
        if view is TableViewCell { return .listItem }
        switch view.accessibilityContainerType {
        case .none: return nil
        case .list: return .list
        case .semanticGroup: return .group
        }
    }

    private static func role(of view: View) -> AccessibilityNode.Role {
        let traits = view.accessibilityTraits
        if view is TableViewCell { return .listItem }
        if view is ProgressView { return .progressBar }
        if traits.contains(.searchField) { return .searchField }
        if view is TextField { return .textField }
        if traits.contains(.adjustable) { return .slider }
        if traits.contains(.toggleButton) { return .toggleButton }
        if traits.contains(.link) { return .link }
        if traits.contains(.button) { return .button }
        if traits.contains(.header) { return .header }
        if traits.contains(.image) { return .image }
        return .staticText
    }
}
