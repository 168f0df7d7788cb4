// MARK: - Caret blink, and text kept to one line

extension TextField {
    /// Shows the caret and starts its blink afresh, as typing or moving the caret does. The timer runs
    /// only while editing with nothing selected: between blinks the window's clock sleeps.
    func restartBlink() {
        blinkTimer?.invalidate()
        blinkTimer = nil
        // Not editing, under a context menu, or in a window without the keyboard: no caret, and no timer
        // waking the clock.
        guard isEditing, isFirstResponder, window?.isKeyWindow ?? false, selectedRange.isEmpty else { return setCaretVisible(false) }
        setCaretVisible(true)
        guard let window else { return }
        blinkTimer = window.scheduleTimer(after: Self.blinkInterval, repeats: true) { [weak self] timer in
            guard let self else { return timer.invalidate() }
            self.setCaretVisible(!self.isCaretVisible)
        }
    }

    /// Hides the caret and stops its timer (the field stopped editing or left its window).
    func stopBlink() {
        blinkTimer?.invalidate()
        blinkTimer = nil
        setCaretVisible(false)
    }

    /// Shows or hides the caret, redrawing only when that changes.
    func setCaretVisible(_ visible: Bool) {
        guard visible != isCaretVisible else { return }
        isCaretVisible = visible
        setNeedsDisplay()
    }

    /// `string` as one line: line breaks and tabs become spaces, other control characters go.
    static func singleLine(_ string: String) -> String {
        guard string.contains(where: { $0.isNewline || $0.unicodeScalars.contains { $0.properties.generalCategory == .control } })
        else { return string }
        var result = ""
        for character in string {
            if character.isNewline || character == "\t" {
                result.append(" ")
            } else if !character.unicodeScalars.allSatisfy({ $0.properties.generalCategory == .control }) {
                result.append(character)
            }
        }
        return result
    }
}
