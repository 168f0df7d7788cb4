// MARK: - Selection

/// A drag that selects text: by characters after a click, by words after a double click, or the whole
/// text after a triple click.
struct SelectionTracking {
    enum Granularity { case character, word, all }
    var granularity: Granularity
    /// The word a double click selected; the drag extends from it in whole words.
    var origin: Range<Int>
    /// Steps the selection on while the pointer rests past the text's left or right edge.
    var autoScroll: FrameTimer?
}

extension TextField {
    /// How often a drag resting past the text's edge selects one more character.
    static let autoScrollInterval = 0.05

    /// The one way the selection changes: clamps, scrolls the caret into view, and on a change redraws,
    /// restarts the blink, offers a non-empty selection as the primary selection and tells the delegate.
    func setSelection(anchor newAnchor: Int, head newHead: Int) {
        let count = storage.count
        let oldRange = selectedRange, oldHead = head
        anchor = min(max(newAnchor, 0), count)
        head = min(max(newHead, 0), count)
        updateScroll()
        guard selectedRange != oldRange || head != oldHead else { return }
        setNeedsDisplay()
        restartBlink()
        publishPrimarySelection()
        delegate?.textFieldDidChangeSelection(self)
    }

    // MARK: - Clicks and drags

    /// A click focuses the field and places the caret at the nearest character boundary; a double click
    /// selects the word under the pointer, a triple click everything. The drag that follows extends it.
    /// `extending` (Shift held) a click moves only the selection's head there, as in GTK's and Qt's fields.
    func touchBegan(_ touch: Touch, extending: Bool = false) {
        guard isEnabled, focusKeepingSelection() else { return }
        let point = touch.location(in: self)
        switch touch.tapCount {
        case 1:
            tracking = SelectionTracking(granularity: .character, origin: 0..<0)
            let offset = closestOffset(to: point)
            setSelection(anchor: extending ? anchor : offset, head: offset)
        case 2:
            let word = wordRange(at: characterOffset(at: point))
            tracking = SelectionTracking(granularity: .word, origin: word)
            setSelection(anchor: word.lowerBound, head: word.upperBound)
        default:
            tracking = SelectionTracking(granularity: .all, origin: 0..<storage.count)
            setSelection(anchor: 0, head: storage.count)
        }
    }

    /// Extends the selection from where the press began to the pointer (whole words after a double click).
    /// Past the text's ends the field scrolls on, a character every `autoScrollInterval`, as long as the
    /// pointer stays there, moving or not, as GTK's entries do.
    func touchMoved(_ touch: Touch) {
        guard let tracking, isEditing else { return }
        let point = touch.location(in: self)
        switch tracking.granularity {
        case .character:
            setSelection(anchor: anchor, head: closestOffset(to: point))
            let text = textRect(forBounds: bounds)
            let step = point.x < text.minX ? -1 : point.x > text.maxX ? 1 : 0
            self.tracking?.autoScroll?.invalidate()
            self.tracking?.autoScroll = step == 0 ? nil : window?.scheduleTimer(after: Self.autoScrollInterval, repeats: true) { [weak self] timer in
                guard let self, self.tracking != nil, self.isEditing else { return timer.invalidate() }
                self.setSelection(anchor: self.anchor, head: self.head + step)
            }
        case .word:
            let word = wordRange(at: characterOffset(at: point))
            let origin = tracking.origin
            if word.lowerBound < origin.lowerBound {
                setSelection(anchor: origin.upperBound, head: word.lowerBound)
            } else {
                setSelection(anchor: origin.lowerBound, head: max(word.upperBound, origin.upperBound))
            }
        case .all:
            break
        }
    }

    /// The drag is over: the selection it made becomes the primary selection (not every step of it).
    func finishTracking() {
        guard tracking != nil else { return }
        tracking?.autoScroll?.invalidate()
        tracking = nil
        publishPrimarySelection()
    }

    /// Makes the field first responder with its selection as it is, for a click (which places the caret
    /// next) or for focus given back after a presentation over it (a menu, an alert: the text the user had
    /// selected is still what Copy acts on, as a desktop field's selection survives a dialog); false if it
    /// cannot (disabled, or the delegate refuses).
    func focusKeepingSelection() -> Bool {
        if isFirstResponder { return true }
        focusKeepsSelection = true
        defer { focusKeepsSelection = false }
        return becomeFirstResponder()
    }
}
