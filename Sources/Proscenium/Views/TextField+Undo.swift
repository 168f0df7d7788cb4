/// The text and selection a field had before an edit: one step of its undo or redo history.
struct TextFieldSnapshot: Equatable {
    var text: String
    var anchor: Int
    var head: Int
}

/// A field's undo and redo history, as GTK's entries keep one: each edit is a step, except that a run of
/// typing (or of deleting one character at a time) at the caret, with no pause longer than
/// `TextFieldHistory.runPause`, is one step, as the user thinks of it.
struct TextFieldHistory {
    var undo: [TextFieldSnapshot] = []
    var redo: [TextFieldSnapshot] = []
    /// The run of single-character edits the next one may join: its kind, where the caret ended and when.
    var run: (deleting: Bool, caret: Int, time: Double)?
    /// Set while a step is put back, so that putting it back is not itself a step.
    var isRestoring = false

    /// How many steps are kept; the oldest go first.
    static let limit = 100
    /// Longer than this between two keys, and the second starts a step of its own.
    static let runPause = 1.0
}

// MARK: - Undo and redo

extension TextField {
    /// Ctrl+Z: puts back the text and selection from before the last edit (a run of typing at once).
    /// The delegate is asked, as for any change, and the editing-changed actions run.
    func undo() {
        guard let step = history.undo.popLast() else { return }
        let before = snapshot
        if restore(step) { history.redo.append(before) } else { history.undo.append(step) }
    }

    /// Ctrl+Shift+Z or Ctrl+Y: does again what the last undo took back.
    func redo() {
        guard let step = history.redo.popLast() else { return }
        let before = snapshot
        if restore(step) { history.undo.append(before) } else { history.redo.append(step) }
    }

    private var snapshot: TextFieldSnapshot { TextFieldSnapshot(text: storage, anchor: anchor, head: head) }

    /// Called by every user edit before it changes the text: a new step, unless it continues the run of
    /// single-character typing (or deleting) the last one began. A new edit forgets what could be redone.
    /// A password keeps no history, as in Qt's fields: undo would show nothing but could bring a
    /// mistyped password back.
    func recordUndoStep(replacing range: Range<Int>, with replacement: String) {
        guard !history.isRestoring, !isSecureTextEntry else { return }
        let now = window?.clock.now ?? 0
        // One character typed, in place of the selection or at the caret; a space ends a word's run.
        let typing = replacement.count == 1 && replacement != " "
        let deleting = replacement.isEmpty && range.count == 1
        let caretAfter = typing ? range.lowerBound + 1 : range.lowerBound
        let continues = history.run.map { run in
            (typing || deleting) && run.deleting == deleting && selectedRange.isEmpty && head == run.caret
                && now - run.time <= TextFieldHistory.runPause
        } ?? false
        if !continues {
            history.undo.append(snapshot)
            if history.undo.count > TextFieldHistory.limit { history.undo.removeFirst() }
        }
        history.redo.removeAll()
        history.run = typing || deleting ? (deleting, caretAfter, now) : nil
    }

    /// Changes the text to `step`'s through the one path edits take (the delegate may refuse: false), then
    /// selects as it was.
    private func restore(_ step: TextFieldSnapshot) -> Bool {
        let current = Array(storage), target = Array(step.text)
        // Only what differs is replaced: the delegate hears the change an edit would have made.
        var start = 0
        while start < current.count, start < target.count, current[start] == target[start] { start += 1 }
        var end = 0
        while end < current.count - start, end < target.count - start,
              current[current.count - 1 - end] == target[target.count - 1 - end] { end += 1 }
        history.isRestoring = true
        defer { history.isRestoring = false }
        let changed = start..<(current.count - end)
        let inserted = String(target[start..<(target.count - end)])
        if !(changed.isEmpty && inserted.isEmpty) {
            replaceCharacters(in: changed, with: inserted)
            guard storage == step.text else { return false }
        }
        history.run = nil
        setSelection(anchor: min(step.anchor, storage.count), head: min(step.head, storage.count))
        return true
    }
}
