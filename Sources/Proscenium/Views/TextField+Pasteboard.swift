// MARK: - Clipboard and primary selection

/// A view that acts on a middle click (X's button 2), as text views paste the primary selection there.
/// The window gives a middle click to the nearest such view under the pointer, in that view's bounds
/// coordinates; it makes no touch and leaves a primary touch in progress alone.
@MainActor public protocol MiddleClickHandling: AnyObject {
    /// The middle button went down at `point`, in the view's bounds coordinates.
    func middleButtonClicked(at point: Point)
}

extension TextField: MiddleClickHandling {
    /// Puts the selected text on the clipboard, as Ctrl+C does; nothing when only the caret is there, or
    /// in a password field (`isSecureTextEntry`), whose text stays in it, as in GTK's.
    public func copy() {
        let selected = selectedText
        guard !selected.isEmpty, !isSecureTextEntry, let window else { return }
        window.pasteboard.setString(selected, for: .clipboard)
    }

    /// Puts the selected text on the clipboard and deletes it (if the delegate allows), as Ctrl+X does;
    /// nothing in a password field.
    public func cut() {
        guard !selectedRange.isEmpty, !isSecureTextEntry else { return }
        copy()
        replaceCharacters(in: selectedRange, with: "")
    }

    /// Replaces the selection with the clipboard's text, as Ctrl+V does, once the clipboard answers (on
    /// X the text may live in another application). Line breaks become spaces.
    public func paste() {
        pasteText(from: .clipboard)
    }

    /// Focuses the field, moves the caret to the click and pastes the primary selection there: the X
    /// convention for pasting the text selected last anywhere.
    public func middleButtonClicked(at point: Point) {
        guard isEnabled, focusKeepingSelection() else { return }
        let offset = closestOffset(to: point)
        setSelection(anchor: offset, head: offset)
        pasteText(from: .primarySelection)
    }

    /// Reads `name` and inserts its text in place of the selection as it is when the answer comes; the
    /// answer is dropped if editing ended meanwhile (focus went elsewhere, the field left the window).
    private func pasteText(from name: PasteboardName) {
        guard let window else { return }
        window.pasteboard.readString(from: name) { [weak self] string in
            guard let self, let string, !string.isEmpty, self.isEditing, self.isEnabled else { return }
            self.replaceCharacters(in: self.selectedRange, with: string)
        }
    }

    /// Offers a non-empty selection as the primary selection, as X applications do, except in the middle
    /// of a drag (the drag's end offers its result once) and from a password field.
    func publishPrimarySelection() {
        guard tracking == nil, !isSecureTextEntry, let window else { return }
        let selected = selectedText
        guard !selected.isEmpty else { return }
        window.pasteboard.setString(selected, for: .primarySelection)
        Self.primarySelectionOfferer = self
        Self.primarySelectionPasteboard = window.pasteboard
    }

    /// Gives up the primary selection if this field offered it last: a field turned into a password
    /// field (a "show password" switch turned off) stops offering what was selected while it showed,
    /// from the pasteboard it offered it on, in a window or not.
    func withdrawPrimarySelection() {
        guard Self.primarySelectionOfferer === self else { return }
        Self.primarySelectionOfferer = nil
        Self.primarySelectionPasteboard?.setString(nil, for: .primarySelection)
    }

    /// The field that offered the primary selection last, while it lives, and the pasteboard it offered
    /// it on.
    private static weak var primarySelectionOfferer: TextField?
    private static weak var primarySelectionPasteboard: Pasteboard?
}
