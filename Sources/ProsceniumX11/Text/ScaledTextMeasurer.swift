import Proscenium

/// Measures text in points for a window drawn at `scale` device pixels per point: widths with the font at
/// the size the renderer draws it (its size times the scale), divided back by the scale. Glyph advances
/// are hinted and rounded per size, so "The quick brown fox…" at 17 points is 13 device pixels wider at 34
/// pixels than twice its width at 17: measured at 1x, a caret, an alignment or a truncation at 2x would be
/// off by that much. Line heights stay the font's at its size in points, so a screen stacks its lines to
/// the same heights at every scale (the glyphs hang from the same baselines either way).
/// `Display.textMeasurer(forScale:)` keeps one per scale.
@MainActor final class ScaledTextMeasurer: TextMeasuring {
    /// What measures at device size: the display's Xft measurer.
    let base: any TextMeasuring
    /// Device pixels per point.
    let scale: Double

    init(base: any TextMeasuring, scale: Double) {
        self.base = base
        self.scale = scale
    }

    /// Advance width of `text` in points: its width at device size over the scale.
    func width(of text: String, font: Font) -> Double {
        base.width(of: text, font: deviceFont(font)) / scale
    }

    /// Ascent and descent in points: the font's at its size in points, whatever the scale.
    func lineMetrics(for font: Font) -> (ascent: Double, descent: Double) {
        base.lineMetrics(for: font)
    }

    /// `font` at the size the renderer draws it (see `TextLayout.scaled(by:)`).
    private func deviceFont(_ font: Font) -> Font {
        var font = font
        font.size *= scale
        return font
    }
}
