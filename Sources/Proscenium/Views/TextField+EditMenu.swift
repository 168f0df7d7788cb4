/// The field's own context menu, as GTK's and Qt's entries have one and UIKit's fields their edit menu:
/// a right click, the Menu key or Shift+F10 on the field shows Undo, Redo, Cut, Copy, Paste, Delete and
/// Select All, each greyed when it would do nothing. An interaction the app adds to the field comes first
/// (the window asks the last added first); the field's menu is there for the clicks it declines.
extension TextField {
    /// The menu for a right click or the menu keys; nil for a disabled field, which shows none. Opening
    /// it focuses the field, keeping its selection (the caret stays where it was, as in GTK and Qt), so
    /// that what is chosen acts on that selection once the menu has gone.
    func editMenu() -> Menu? {
        guard isEnabled, focusKeepingSelection() else { return nil }
        let selection = selectedRange
        let hasSelection = !selection.isEmpty
        let keepsText = hasSelection && !isSecureTextEntry
        func item(_ title: String, _ identifier: String, enabled: Bool, _ perform: @escaping @MainActor (TextField) -> Void) -> Action {
            Action(title: title, identifier: identifier, attributes: enabled ? [] : .disabled) { [weak self] _ in
                guard let self, self.isEnabled else { return }
                perform(self)
            }
        }
        return Menu(children: [
            Menu(children: [
                item("Undo", "undo", enabled: !history.undo.isEmpty) { $0.undo() },
                item("Redo", "redo", enabled: !history.redo.isEmpty) { $0.redo() },
            ]),
            Menu(children: [
                item("Cut", "cut", enabled: keepsText) { $0.cut() },
                item("Copy", "copy", enabled: keepsText) { $0.copy() },
                item("Paste", "paste", enabled: true) { $0.paste() },
                item("Delete", "delete", enabled: hasSelection) { $0.replaceCharacters(in: $0.selectedRange, with: "") },
            ]),
            Menu(children: [
                item("Select All", "select-all", enabled: selection != 0..<storage.count) { $0.selectAll() },
            ]),
        ])
    }
}
