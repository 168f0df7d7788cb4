/// What a text field measures: its line height, the widths of its text's prefixes (where the caret goes)
/// and the layouts it draws, all with the view's `textMeasurer`, so with the fonts of the display its
/// window is on. Kept until the text or the font changes (`textDidChange()`) or the measurer does.
extension TextField {
    /// The view's text measurer; what was measured with another one before (the field moved into a
    /// window, or to one on another display) is dropped first.
    var measurer: any TextMeasuring {
        let current = textMeasurer
        let identity = ObjectIdentifier(current)
        if measuredWith != identity {
            measuredWith = identity
            prefixWidths = [:]
            textLayout = nil
            placeholderLayout = nil
        }
        return current
    }

    /// Height of a line of text in `font`.
    var lineHeight: Double {
        let metrics = measurer.lineMetrics(for: font)
        return (metrics.ascent + metrics.descent).rounded(.up)
    }

    /// The height the field asks for: a line and 8 points above and below it.
    var fittingHeight: Double { (lineHeight + 16).rounded(.up) }

    /// Width of the first `offset` characters: where the caret before character `offset` sits in the
    /// unscrolled text. Measured as a prefix, so kerning and shaping are the drawn text's.
    func xOffset(of offset: Int) -> Double {
        guard offset > 0 else { return 0 }
        let offset = min(offset, storage.count)
        let measurer = measurer
        if let width = prefixWidths[offset] { return width }
        let width = measurer.width(of: String(shownText.prefix(offset)), font: font)
        prefixWidths[offset] = width
        return width
    }

    /// The text as one line, laid out once for each text, font and measurer.
    var measuredTextLayout: TextLayout { oneLine(shownText, cachedIn: \.textLayout) }

    /// The text as the field shows it: a bullet for each character of a password (`isSecureTextEntry`).
    var shownText: String { isSecureTextEntry ? String(repeating: Self.secureBullet, count: storage.count) : storage }

    /// What a password's characters show as, as on iOS.
    static var secureBullet: Character { "\u{2022}" }

    /// The placeholder as one line, laid out once for each placeholder, font and measurer.
    var measuredPlaceholderLayout: TextLayout { oneLine(placeholder, cachedIn: \.placeholderLayout) }

    /// `text` laid out as one line with the current measurer, kept in `cache` until it is dropped.
    private func oneLine(_ text: String, cachedIn cache: ReferenceWritableKeyPath<TextField, TextLayout?>) -> TextLayout {
        // Asked first: a new measurer drops the cached layouts.
        let measurer = measurer
        if let layout = self[keyPath: cache] { return layout }
        let layout = TextLayout.make(text, font: font, width: nil, wrap: false, numberOfLines: 1, measurer: measurer)
        self[keyPath: cache] = layout
        return layout
    }
}
