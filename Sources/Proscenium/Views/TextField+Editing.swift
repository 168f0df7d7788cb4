// MARK: - Keys and edits

extension TextField {
    /// Modifiers that make a key a shortcut rather than typing.
    private static let shortcutModifiers: KeyModifiers = [.control, .alternate, .command]

    /// Acts on one key press while editing; false when the field has no use for it, so it travels on.
    /// Held keys repeat their action (a held Backspace deletes on), except Return and Escape.
    func handleKey(_ press: Press) -> Bool {
        guard let edit = edit(for: press) else { return false }
        edit()
        return true
    }

    /// What `press` does while editing, not yet done; nil for a key the field has no use for.
    func edit(for press: Press) -> (@MainActor () -> Void)? {
        let modifiers = press.modifiers
        let extending = modifiers.contains(.shift)
        let byWord = modifiers.contains(.control)
        let typing = modifiers.isDisjoint(with: Self.shortcutModifiers)
        switch press.key {
        case let .character(string):
            if typing { return { [self] in insertText(string) } }
            // Ctrl+key shortcuts; with Shift held the key may arrive in upper case.
            guard modifiers.intersection(Self.shortcutModifiers) == .control else { return nil }
            return shortcut(string.lowercased(), shifted: extending)
        case .space:
            guard typing else { return nil }
            return { [self] in insertText(" ") }
        case .backspace:
            guard modifiers.isDisjoint(with: [.alternate, .command]) else { return nil }
            return { [self] in deleteBackward(byWord: byWord) }
        case .delete:
            guard modifiers.isDisjoint(with: [.alternate, .command]) else { return nil }
            // Shift+Delete cuts a selection, as in GTK and on every desktop since CUA.
            return { [self] in if extending, !byWord, !selectedRange.isEmpty { cut() } else { deleteForward(byWord: byWord) } }
        case .insert:
            // CUA's clipboard keys: Ctrl+Insert copies, Shift+Insert pastes.
            if modifiers == .control { return { [self] in copy() } }
            if modifiers == .shift { return { [self] in paste() } }
            return nil
        case .left:
            guard modifiers.isDisjoint(with: [.alternate, .command]) else { return nil }
            return { [self] in
                let range = selectedRange
                if !extending, !byWord, !range.isEmpty { moveCaret(to: range.lowerBound, extending: false) }
                else { moveCaret(to: byWord ? previousWordStart(from: head) : head - 1, extending: extending) }
            }
        case .right:
            guard modifiers.isDisjoint(with: [.alternate, .command]) else { return nil }
            return { [self] in
                let range = selectedRange
                if !extending, !byWord, !range.isEmpty { moveCaret(to: range.upperBound, extending: false) }
                else { moveCaret(to: byWord ? nextWordEnd(from: head) : head + 1, extending: extending) }
            }
        case .home:
            guard modifiers.isDisjoint(with: [.alternate, .command]) else { return nil }
            return { [self] in moveCaret(to: 0, extending: extending) }
        case .end:
            guard modifiers.isDisjoint(with: [.alternate, .command]) else { return nil }
            return { [self] in moveCaret(to: storage.count, extending: extending) }
        case .return:
            // Ctrl+Return, Alt+Return are shortcuts (a chat's Send), as GTK's entry leaves them.
            guard modifiers.isSubset(of: [.shift]) else { return nil }
            // As UIKit's: a delegate that answers false keeps Return to itself; otherwise the field's
            // Return actions run (an alert's picks its preferred action, whoever the delegate is).
            return { [self] in
                if !press.isRepeat, delegate?.textFieldShouldReturn(self) ?? true { sendActions(for: .editingDidEndOnExit) }
            }
        case .escape:
            // Inside a presentation Escape belongs to the window, which dismisses it; elsewhere it ends editing.
            if isInsidePresentedController || !modifiers.isEmpty { return nil }
            return { [self] in if !press.isRepeat { resignFirstResponder() } }
        default:
            return nil
        }
    }

    /// Ctrl+key shortcuts; Shift changes nothing but Ctrl+Z, which redoes with it.
    private func shortcut(_ key: String, shifted: Bool) -> (@MainActor () -> Void)? {
        switch key {
        case "a": { [self] in selectAll() }
        case "c": { [self] in copy() }
        case "x": { [self] in cut() }
        case "v": { [self] in paste() }
        case "z": { [self] in if shifted { redo() } else { undo() } }
        case "y": { [self] in redo() }
        default: nil
        }
    }

    /// Whether the field is in the view of a presented controller (or of one inside it).
    private var isInsidePresentedController: Bool {
        var view: View? = self
        while let current = view {
            if current.owningViewController?.presentingViewController != nil { return true }
            view = current.superview
        }
        return false
    }

    // MARK: - Editing

    /// Types `text` in place of the selection, as UIKit's `UIKeyInput.insertText(_:)`: the delegate may
    /// veto it. Line breaks become spaces.
    public func insertText(_ text: String) {
        replaceCharacters(in: selectedRange, with: text)
    }

    /// Deletes the selection, or the character before the caret, as Backspace does.
    public func deleteBackward() {
        deleteBackward(byWord: false)
    }

    /// Selects the whole text, as Ctrl+A does.
    public func selectAll() {
        setSelection(anchor: 0, head: storage.count)
    }

    func deleteBackward(byWord: Bool) {
        let range = selectedRange
        if !range.isEmpty { return replaceCharacters(in: range, with: "") }
        replaceCharacters(in: (byWord ? previousWordStart(from: head) : max(head - 1, 0))..<head, with: "")
    }

    func deleteForward(byWord: Bool) {
        let range = selectedRange
        if !range.isEmpty { return replaceCharacters(in: range, with: "") }
        replaceCharacters(in: head..<(byWord ? nextWordEnd(from: head) : min(head + 1, storage.count)), with: "")
    }

    /// The string index `offset` characters into the text (clamped).
    func index(at offset: Int) -> String.Index {
        storage.index(storage.startIndex, offsetBy: min(max(offset, 0), storage.count))
    }

    /// The one way the user's edits change the text: asks the delegate, replaces, puts the caret after
    /// the new text and runs the editing-changed actions. Deleting nothing asks nobody.
    func replaceCharacters(in range: Range<Int>, with string: String) {
        let count = storage.count
        let range = min(max(range.lowerBound, 0), count)..<min(max(range.upperBound, 0), count)
        let replacement = Self.singleLine(string)
        guard !(range.isEmpty && replacement.isEmpty) else { return }
        if let delegate, !delegate.textField(self, shouldChangeCharactersIn: range, replacementString: replacement) {
            return
        }
        recordUndoStep(replacing: range, with: replacement)
        let prefix = String(storage[..<index(at: range.lowerBound)]) + replacement
        storage = prefix + storage[index(at: range.upperBound)...]
        textDidChange()
        // Counted in the prefix: the caret lands after the inserted text even if it combines with what follows.
        let caret = min(prefix.count, storage.count)
        setSelection(anchor: caret, head: caret)
        restartBlink()
        sendActions(for: .editingChanged)
    }

    // MARK: - Moving

    /// Moves the caret to `offset`, or the moving end of the selection there when `extending`.
    func moveCaret(to offset: Int, extending: Bool) {
        let offset = min(max(offset, 0), storage.count)
        setSelection(anchor: extending ? anchor : offset, head: offset)
        restartBlink()
    }

    // MARK: - Words

    /// The start of the word before `offset` (skipping what is between), for Ctrl+Left and Ctrl+Backspace.
    /// A password is one word, so its bullets tell nothing of where its words are.
    func previousWordStart(from offset: Int) -> Int {
        if isSecureTextEntry { return 0 }
        let characters = Array(storage)
        var index = min(max(offset, 0), characters.count)
        while index > 0, TextWords.kind(at: index - 1, in: characters) == nil { index -= 1 }
        guard index > 0, let kind = TextWords.kind(at: index - 1, in: characters) else { return index }
        if kind == .ideograph { return index - 1 }
        while index > 0, TextWords.kind(at: index - 1, in: characters) == kind { index -= 1 }
        return index
    }

    /// The end of the word after `offset`, for Ctrl+Right and Ctrl+Delete.
    func nextWordEnd(from offset: Int) -> Int {
        if isSecureTextEntry { return storage.count }
        let characters = Array(storage)
        var index = min(max(offset, 0), characters.count)
        while index < characters.count, TextWords.kind(at: index, in: characters) == nil { index += 1 }
        guard index < characters.count, let kind = TextWords.kind(at: index, in: characters) else { return index }
        if kind == .ideograph { return index + 1 }
        while index < characters.count, TextWords.kind(at: index, in: characters) == kind { index += 1 }
        return index
    }

    /// The word containing the character at `offset`, or that character alone if it is not part of a word.
    func wordRange(at offset: Int) -> Range<Int> {
        if isSecureTextEntry { return 0..<storage.count }
        let characters = Array(storage)
        guard !characters.isEmpty else { return 0..<0 }
        let offset = min(max(offset, 0), characters.count - 1)
        guard let kind = TextWords.kind(at: offset, in: characters), kind != .ideograph else { return offset..<offset + 1 }
        var lower = offset, upper = offset + 1
        while lower > 0, TextWords.kind(at: lower - 1, in: characters) == kind { lower -= 1 }
        while upper < characters.count, TextWords.kind(at: upper, in: characters) == kind { upper += 1 }
        return lower..<upper
    }
}

extension TextField {
    /// Adds an action run after every change the user makes to the text (typing, deleting, cutting,
    /// pasting), as UIKit's `.editingChanged` event; setting `text` in code does not run it.
    public func addEditingChangedAction(_ action: @escaping @MainActor (TextField) -> Void) {
        addAction(for: .editingChanged) { control in
            if let field = control as? TextField { action(field) }
        }
    }
}
