import Proscenium

// MARK: - Events

extension AccessibilityBridge {
    /// Sends what changed since the last events: children added and removed, focus moved, names changed,
    /// the window activated or deactivated. Clients that cache the tree (screen readers) rely on them.
    func sendEvents() {
        eventsScheduled = false
        guard let window, let new = tree else { return }
        let old = publishedTree
        publishedTree = new
        if let old { sendChanges(from: old, to: new) }
        if window.isKeyWindow != publishedKeyWindow {
            publishedKeyWindow = window.isKeyWindow
            let active = window.isKeyWindow
            emit(.window, active ? "Activate" : "Deactivate", from: new.root) { $0.variant("s") { $0.string(new[new.root]?.label ?? "") } }
            emitStateChanged("active", active, on: new.root)
        }
    }

    private func sendChanges(from old: AccessibilityTree, to new: AccessibilityTree) {
        for node in new.allNodes {
            guard let before = old[node.id] else { continue }
            if before.children != node.children {
                let removed = before.children.enumerated().filter { !node.children.contains($0.element) }
                for (index, child) in removed.reversed() {
                    emit(.object, "ChildrenChanged", detail: "remove", Int32(index), from: node.id) {
                        $0.variant("(so)") { $0.reference(connection.uniqueName, path(of: child)) }
                    }
                }
                for (index, child) in node.children.enumerated() where !before.children.contains(child) {
                    emit(.object, "ChildrenChanged", detail: "add", Int32(index), from: node.id) {
                        $0.variant("(so)") { $0.reference(connection.uniqueName, path(of: child)) }
                    }
                }
            }
            if before.label != node.label {
                emit(.object, "PropertyChange", detail: "accessible-name", from: node.id) { $0.variant("s") { $0.string(node.label ?? "") } }
            }
            if before.spokenDescription != node.spokenDescription {
                emit(.object, "PropertyChange", detail: "accessible-description", from: node.id) {
                    $0.variant("s") { $0.string(node.spokenDescription ?? "") }
                }
            }
            if before.value != node.value, node.role == .toggleButton || node.role == .checkMenuItem {
                emitStateChanged("checked", node.value == "1", on: node.id)
            }
            if let range = node.valueRange, before.valueRange?.current != range.current {
                emit(.object, "PropertyChange", detail: "accessible-value", from: node.id) { $0.variant("d") { $0.double(range.current) } }
            }
            if before.traits.contains(.selected) != node.traits.contains(.selected) {
                emitStateChanged("selected", node.traits.contains(.selected), on: node.id)
            }
            if isVisible(before) != isVisible(node) { emitStateChanged("visible", isVisible(node), on: node.id) }
            if isShowing(before) != isShowing(node) { emitStateChanged("showing", isShowing(node), on: node.id) }
            sendTextChanges(from: before, to: node, in: new)
            if before.traits.contains(.notEnabled) != node.traits.contains(.notEnabled) {
                emitStateChanged("enabled", !node.traits.contains(.notEnabled), on: node.id)
                emitStateChanged("sensitive", !node.traits.contains(.notEnabled), on: node.id)
            }
        }
        let oldFocus = old.allNodes.first { $0.isFocused }?.id
        let newFocus = new.allNodes.first { $0.isFocused }?.id
        if oldFocus != newFocus {
            if let oldFocus, new[oldFocus] != nil { emitStateChanged("focused", false, on: oldFocus) }
            if let newFocus { emitStateChanged("focused", true, on: newFocus) }
        }
    }

    /// What typing, deleting and moving the caret changed in `node`'s text: the replaced stretch as a
    /// delete then an insert (offsets and lengths in scalars, as AT-SPI counts), then the caret and the
    /// selection.
    private func sendTextChanges(from before: AccessibilityNode, to node: AccessibilityNode, in tree: AccessibilityTree) {
        guard let newText = node.text, let oldText = before.text else { return }
        if oldText != newText {
            let old = Array(oldText), new = Array(newText)
            var prefix = 0
            while prefix < min(old.count, new.count), old[prefix] == new[prefix] { prefix += 1 }
            var suffix = 0
            while suffix < min(old.count, new.count) - prefix, old[old.count - 1 - suffix] == new[new.count - 1 - suffix] { suffix += 1 }
            let removed = String(old[prefix..<(old.count - suffix)]), inserted = String(new[prefix..<(new.count - suffix)])
            let start = Int32(clamping: String(old[..<prefix]).unicodeScalars.count)
            for (kind, text) in [("delete", removed), ("insert", inserted)] where !text.isEmpty {
                emit(.object, "TextChanged", detail: kind, start, Int32(clamping: text.unicodeScalars.count), from: node.id) {
                    $0.variant("s") { $0.string(text) }
                }
            }
        }
        let segments = segments(of: node, in: tree)
        if let caret = node.caretOffset, caret != before.caretOffset {
            emit(.object, "TextCaretMoved", Int32(clamping: segments.scalarOffset(caret)), from: node.id) { $0.variant("i") { $0.int32(0) } }
        }
        if before.selectedRange != node.selectedRange, before.selectedRange?.isEmpty == false || node.selectedRange?.isEmpty == false {
            emit(.object, "TextSelectionChanged", from: node.id) { $0.variant("i") { $0.int32(0) } }
        }
    }

    enum EventInterface { case object, window }

    func emitStateChanged(_ state: String, _ on: Bool, on id: UInt64) {
        emit(.object, "StateChanged", detail: state, on ? 1 : 0, from: id) { $0.variant("i") { $0.int32(0) } }
    }

    /// Sends `member` of AT-SPI's event interface from node `id`: `(detail, detail1, detail2, any data, {})`.
    func emit(_ interface: EventInterface, _ member: String, detail: String = "", _ detail1: Int32 = 0, _ detail2: Int32 = 0, from id: UInt64,
              _ data: (DBusMessageWriter) -> Void) {
        connection.emit(path: path(of: id), interface: interface == .object ? ATSPI.eventObject : ATSPI.eventWindow, member: member) { writer in
            writer.string(detail)
            writer.int32(detail1)
            writer.int32(detail2)
            data(writer)
            writer.array(of: "{sv}") { _ in }
        }
    }
}
