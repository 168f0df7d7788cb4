import Proscenium

// MARK: - Value and Selection

extension AccessibilityBridge {
    /// The Value interface's properties.
    static let valueProperties = ["MinimumValue", "MaximumValue", "MinimumIncrement", "CurrentValue", "Text"]

    func writeValueProperty(_ name: String, of node: AccessibilityNode, _ writer: DBusMessageWriter) {
        guard let range = node.valueRange else { return writer.variant("d") { $0.double(0) } }
        switch name {
        case "MinimumValue": writer.variant("d") { $0.double(range.minimum) }
        case "MaximumValue": writer.variant("d") { $0.double(range.maximum) }
        case "MinimumIncrement": writer.variant("d") { $0.double(range.step) }
        case "Text": writer.variant("s") { $0.string(node.value ?? "") }
        default: writer.variant("d") { $0.double(range.current) }
        }
    }

    /// Sets `CurrentValue` through the Properties interface, as the user's change would. A value that
    /// cannot be set (a progress bar's) or is not a finite number stays as it is, with a plain answer, as
    /// GTK gives: libatspi's setter aborts its client on an error reply.
    func setCurrentValue(_ call: DBusConnection.Call, node: AccessibilityNode) {
        connection.reply(to: call)
        guard let value = call.arguments.double(2), value.isFinite, node.valueRange?.isSettable == true else { return }
        let id = node.id
        afterReply { $0.setValue(value, of: id) }
    }

    /// Answers the Selection interface of a list: its rows, selected as a tap selects them.
    func handleSelection(_ call: DBusConnection.Call, node: AccessibilityNode, tree: AccessibilityTree) {
        let rows = node.children.compactMap { tree[$0] }
        let selected = rows.filter { $0.traits.contains(.selected) }
        let arguments = call.arguments
        func row(_ index: Int32?, in list: [AccessibilityNode]) -> AccessibilityNode? {
            guard let index, index >= 0, Int(index) < list.count else { return nil }
            return list[Int(index)]
        }
        /// Replies at once; the change runs on the next turn, as a user's would.
        func change(_ selecting: Bool, _ targets: [AccessibilityNode]) {
            // Deselecting a row that is not selected changes nothing, and says so.
            let possible = targets.allSatisfy { $0.actions.contains(.activate) && (selecting || $0.traits.contains(.selected)) }
            connection.reply(to: call) { $0.bool(possible && !targets.isEmpty || (!selecting && targets.isEmpty)) }
            let ids = targets.map(\.id)
            afterReply { tree in for id in ids { tree.setSelected(selecting, of: id) } }
        }
        switch call.member {
        case "GetSelectedChild":
            guard let target = row(arguments.int32(0), in: selected) else { return invalid(call) }
            connection.reply(to: call) { $0.reference(connection.uniqueName, path(of: target.id)) }
        case "IsChildSelected":
            guard let target = row(arguments.int32(0), in: rows) else { return invalid(call) }
            connection.reply(to: call) { $0.bool(target.traits.contains(.selected)) }
        case "SelectChild", "DeselectChild":
            guard let target = row(arguments.int32(0), in: rows) else { return invalid(call) }
            change(call.member == "SelectChild", [target])
        case "DeselectSelectedChild":
            guard let target = row(arguments.int32(0), in: selected) else { return invalid(call) }
            change(false, [target])
        case "ClearSelection":
            // The whole selection, rows scrolled out of view (no children of the node) included.
            connection.reply(to: call) { $0.bool(true) }
            let id = node.id, rows = selected.map(\.id)
            afterReply { tree in
                if !tree.clearSelection(of: id) { for row in rows { tree.setSelected(false, of: row) } }
            }
        case "SelectAll":
            // A table selecting one row at a time cannot; one selecting several selects all its rows, not
            // only those in view (the node's children).
            connection.reply(to: call) { $0.bool(node.isMultiselectable) }
            let id = node.id
            if node.isMultiselectable { afterReply { $0.selectAll(of: id) } }
        default: connection.replyError(to: call, ATSPI.unknownMethod, "Selection.\(call.member)")
        }
    }
}
