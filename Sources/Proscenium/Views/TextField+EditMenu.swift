/// The field's own context menu, as GTK's and Qt's entries have one and UIKit's fields their edit menu:
/// a right click, the Menu key or Shift+F10 on the field shows Undo, Redo, Cut, Copy, Paste, Delete and
/// Select All, each greyed when it would do nothing. An interaction the app adds to the field comes first
/// (the window asks the last added first); the field's menu is there for the clicks it declines. With
/// `showsEditMenu` off, right clicks go to the views around the field (a table row's own menu).
extension TextField {
    /// The menu for a right click or the menu keys; nil for a disabled field, or with `showsEditMenu`
    /// off. Opening it focuses the field, keeping its selection (the caret stays where it was, as in GTK
    /// and Qt), so that what is chosen acts on that selection once the menu has gone. A field that cannot
    /// take focus (its delegate refuses to begin editing) still offers Copy and Select All.
    func editMenu() -> Menu? {
        guard showsEditMenu, isEnabled else { return nil }
        _ = focusKeepingSelection()
        let editable = isEditing
        let selection = selectedRange
        let hasSelection = !selection.isEmpty
        let copyable = hasSelection && !isSecureTextEntry
        func item(_ title: String, _ identifier: String, keys: String? = nil, enabled: Bool, editing: Bool = true,
                  _ perform: @escaping @MainActor (TextField) -> Void) -> Action {
            Action(title: title, identifier: identifier, attributes: enabled && (editable || !editing) ? [] : .disabled,
                   shortcutTitle: keys) { [weak self] _ in
                // Focus may not have come back to the field: an edit then does nothing, as a key would not.
                guard let self, self.isEnabled, self.isEditing || !editing else { return }
                perform(self)
            }
        }
        return Menu(children: [
            Menu(children: [
                item("Undo", "undo", keys: "Ctrl+Z", enabled: !history.undo.isEmpty) { $0.undo() },
                item("Redo", "redo", keys: "Ctrl+Shift+Z", enabled: !history.redo.isEmpty) { $0.redo() },
            ]),
            Menu(children: [
                item("Cut", "cut", keys: "Ctrl+X", enabled: copyable) { $0.cut() },
                item("Copy", "copy", keys: "Ctrl+C", enabled: copyable, editing: false) { $0.copy() },
                item("Paste", "paste", keys: "Ctrl+V", enabled: true) { $0.paste() },
                item("Delete", "delete", enabled: hasSelection) { $0.replaceCharacters(in: $0.selectedRange, with: "") },
            ]),
            Menu(children: [
                item("Select All", "select-all", keys: "Ctrl+A", enabled: selection != 0..<storage.count, editing: false) { $0.selectAll() },
            ]),
        ])
    }
}

extension TextField {
    /// Ends the editing that went on under a context menu (see `isEditing`) once the keys will not come
    /// back to the field; nothing for a field not held so.
    func endEditingHeldUnderMenu() {
        guard let window, window.fieldEditingUnderMenu === self else { return }
        window.fieldEditingUnderMenu = nil
        endEditing()
    }
}
