// MARK: - Text, values and selection

/// What assistive technology asks of a node beyond its actions: where its characters are, its lines, its
/// selection and edits, a new value, a list's selected rows. Offsets count characters (`Character`s) of
/// the node's `text`; frames are in window coordinates. Each answers nil or false for a node that does not
/// have what is asked, or whose view is gone.
extension AccessibilityTree {
    private func textContent(_ id: UInt64) -> AccessibilityTextContent? { view(for: id) as? AccessibilityTextContent }

    /// Where character `offset` of node `id`'s text is drawn.
    public func characterFrame(at offset: Int, of id: UInt64) -> Rect? {
        guard let content = textContent(id) else { return nil }
        let count = content.accessibilityText.count
        return content.convert(content.accessibilityFrame(ofCharacterAt: min(max(offset, 0), count)), to: nil)
    }

    /// The character of node `id`'s text drawn under `point`, nil when none is.
    public func characterOffset(at point: Point, of id: UInt64) -> Int? {
        guard let content = textContent(id) else { return nil }
        return content.accessibilityCharacterOffset(at: content.convert(point, from: nil))
    }

    /// The lines node `id`'s text is drawn on, as ranges of offsets.
    public func textLines(of id: UInt64) -> [Range<Int>]? { textContent(id)?.accessibilityTextLines }

    /// Selects `range` of node `id`'s editable text, the caret at `caret` (its upper end unless given).
    @discardableResult
    public func setSelectedRange(_ range: Range<Int>, caret: Int? = nil, of id: UInt64) -> Bool {
        guard let field = view(for: id) as? TextField, field.isEnabled else { return false }
        let caret = caret ?? range.upperBound
        field.setSelection(anchor: caret == range.lowerBound ? range.upperBound : range.lowerBound, head: caret)
        return true
    }

    /// Replaces `range` of node `id`'s editable text with `text`, as typing would: the delegate is asked,
    /// the caret goes after the new text and the editing-changed actions run.
    @discardableResult
    public func replaceCharacters(in range: Range<Int>, with text: String, of id: UInt64) -> Bool {
        guard let field = view(for: id) as? TextField, field.isEnabled, Self.takesInput(field) else { return false }
        let before = field.text
        field.replaceCharacters(in: range, with: text)
        return field.text != before || (range.isEmpty && text.isEmpty)
    }

    /// Copies `range` of node `id`'s text to the clipboard; cuts it too when `cutting` an editable text.
    /// A password field's text stays in it, as its own Copy and Cut keep it: nothing is copied or cut.
    @discardableResult
    public func copyText(in range: Range<Int>, of id: UInt64, cutting: Bool = false) -> Bool {
        guard let content = textContent(id), let window = content.window else { return false }
        if (content as? TextField)?.isSecureTextEntry == true { return false }
        let characters = Array(content.accessibilityText)
        let range = min(max(range.lowerBound, 0), characters.count)..<min(max(range.upperBound, 0), characters.count)
        guard !range.isEmpty else { return false }
        window.pasteboard.setString(String(characters[range]), for: .clipboard)
        return cutting ? replaceCharacters(in: range, with: "", of: id) : true
    }

    /// Pastes the clipboard's text at `offset` of node `id`'s editable text, once the clipboard answers
    /// (the field need not be the one being edited), as typing it there would.
    @discardableResult
    public func pasteText(at offset: Int, of id: UInt64) -> Bool {
        guard let field = view(for: id) as? TextField, field.isEnabled, let window = field.window else { return false }
        window.pasteboard.readString(from: .clipboard) { [weak field] string in
            guard let field, let string, !string.isEmpty, field.isEnabled else { return }
            field.replaceCharacters(in: offset..<offset, with: string)
        }
        return true
    }

    /// Sets node `id`'s value as the user's change would; false when it cannot be set.
    @discardableResult
    public func setValue(_ value: Double, of id: UInt64) -> Bool {
        guard let view = view(for: id), Self.takesInput(view) else { return false }
        return (view as? AccessibilityValueContent)?.setAccessibilityValue(value) ?? false
    }

    /// Selects every row of the table behind node `id`, as Ctrl+A does; false when it selects one row at a time.
    @discardableResult
    public func selectAll(of id: UInt64) -> Bool {
        guard let table = view(for: id) as? TableView, table.allowsMultipleSelection, table.allowsSelection,
              Self.takesInput(table) else { return false }
        table.userSelectedAllRows()
        return true
    }

    /// Deselects every selected row of the table behind node `id`, scrolled out of view too; false when it
    /// is no table taking input.
    @discardableResult
    public func clearSelection(of id: UInt64) -> Bool {
        guard let table = view(for: id) as? TableView, Self.takesInput(table) else { return false }
        table.userDeselectedAllRows()
        return true
    }

    /// Selects or deselects the row behind node `id`, as the user's tap or choice of another row would.
    @discardableResult
    public func setSelected(_ selected: Bool, of id: UInt64) -> Bool {
        guard let cell = view(for: id) as? TableViewCell, cell.isAccessibilitySelectable, Self.takesInput(cell) else { return false }
        if selected { return cell.isSelected || cell.accessibilityActivate() }
        return cell.accessibilityDeselect()
    }
}
