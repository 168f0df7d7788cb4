/// Measures text in a font, for layout. The backend provides the real one (Xft); the core falls back to an
/// estimate from average glyph widths so layout works without a display, for example in unit tests.
@MainActor public protocol TextMeasuring: AnyObject {
    /// Advance width of `text` on one line, in pixels.
    func width(of text: String, font: Font) -> Double
    /// Ascent and descent of the font, in pixels.
    func lineMetrics(for font: Font) -> (ascent: Double, descent: Double)
}

/// Text broken into lines for a given width, ready to draw.
public struct TextLayout: Sendable, Hashable {
    /// One laid-out line: its text and where its left edge and baseline sit in the block.
    public struct Line: Sendable, Hashable {
        /// The line's characters, without the break that ended it.
        public var text: String
        /// Left edge of the line in the block after alignment, in pixels.
        public var x: Double
        /// Distance from the block's top to the line's baseline, in pixels.
        public var baseline: Double
        /// Advance width of the line's text, in pixels.
        public var width: Double
    }

    /// The font the text was measured with and draws in.
    public var font: Font
    /// The lines, top to bottom.
    public var lines: [Line]
    /// Size of the whole block.
    public var size: Size

    /// A layout from lines already measured; `make` is the usual way to get one.
    public init(font: Font, lines: [Line], size: Size) {
        self.font = font
        self.lines = lines
        self.size = size
    }

    /// The measurer for text in no window: a window's views measure with their window's (see
    /// `View.textMeasurer`). The X11 backend installs one that measures with Xft on a display still open;
    /// without a backend, an estimate.
    @MainActor public static var measurer: any TextMeasuring = EstimatingTextMeasurer()

    /// Lays `text` out within `width` (nil: one line per paragraph), breaking lines at spaces when
    /// `wrap` is true and a word would cross the edge (between characters, for `.byCharWrapping`).
    /// `numberOfLines` 0 means no limit. With a truncating `lineBreakMode`, the last line shows an
    /// ellipsis where text was left out (lines past `numberOfLines`, or a line wider than `width`).
    /// Measured with `measurer` (a view passes its `textMeasurer`), or the one for text in no window when nil.
    @MainActor public static func make(_ text: String, font: Font, width: Double?, alignment: TextAlignment = .left,
                                       wrap: Bool = true, numberOfLines: Int = 0,
                                       lineBreakMode: LineBreakMode = .byWordWrapping,
                                       measurer: (any TextMeasuring)? = nil) -> TextLayout {
        let measurer = measurer ?? Self.measurer
        let (ascent, descent) = measurer.lineMetrics(for: font)
        let lineHeight = (ascent + descent).rounded(.up)
        var texts: [String] = []
        // Any line ending breaks the line: "\n", a file's "\r\n" (one Character in Swift), "\r", U+2028.
        for paragraph in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
            guard wrap, let width else {
                texts.append(String(paragraph))
                continue
            }
            if lineBreakMode == .byCharWrapping {
                texts += characterLines(of: paragraph, width: width, font: font, measurer: measurer)
                continue
            }
            let first = texts.count
            let words = paragraph.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
            texts += filledLines(of: words, joinedBy: " ", width: width, font: font, measurer: measurer)
            // Spaces hanging at a wrapped line's end are not shown, so they neither widen nor align it.
            for index in texts.indices[first...] {
                while texts[index].last == " " { texts[index].removeLast() }
            }
            // A word wider than the whole line is broken between its characters, as UIKit's does; clipping
            // leaves it whole, past the edge.
            if lineBreakMode != .byClipping {
                texts[first...] = ArraySlice(texts[first...].flatMap { line in
                    measurer.width(of: line, font: font) > width
                        ? characterLines(of: Substring(line), width: width, font: font, measurer: measurer) : [line]
                })
            }
        }
        if numberOfLines > 0, texts.count > numberOfLines {
            texts = Array(texts.prefix(numberOfLines))
            // The last line kept says that more text follows, even when it fits: at its end, where the
            // text goes on, whatever the mode.
            if lineBreakMode.truncates, let last = texts.indices.last {
                // With no width (a label's natural size), the ellipsis it will draw is counted in.
                texts[last] = width.map { truncated(texts[last], toFit: $0, mode: .byTruncatingTail, font: font, measurer: measurer, forced: true) }
                    ?? texts[last] + "…"
            }
        }
        // Only the last line can still be too wide (one line, not wrapped): it is the one cut.
        if lineBreakMode.truncates, let width, let last = texts.indices.last {
            texts[last] = truncated(texts[last], toFit: width, mode: lineBreakMode, font: font, measurer: measurer)
        }
        let widths = texts.map { measurer.width(of: $0, font: font) }
        let blockWidth = width ?? (widths.max() ?? 0)
        var lines: [Line] = []
        for (index, line) in texts.enumerated() {
            let w = widths[index]
            let x: Double
            switch alignment {
            case .left: x = 0
            case .center: x = ((blockWidth - w) / 2).rounded()
            case .right: x = (blockWidth - w).rounded()
            }
            lines.append(Line(text: line, x: x, baseline: Double(index) * lineHeight + ascent.rounded(), width: w))
        }
        let contentWidth = width == nil ? blockWidth : min(blockWidth, widths.max() ?? 0)
        return TextLayout(font: font, lines: lines,
                          size: Size(width: contentWidth.rounded(.up), height: Double(texts.count) * lineHeight))
    }
}

/// Estimates text metrics from DejaVu Sans' average proportions; used when no backend is attached.
@MainActor public final class EstimatingTextMeasurer: TextMeasuring {
    /// A measurer with no state; every instance gives the same numbers.
    public init() {}

    /// Estimates 0.55 em per character, or 0.6 em for semibold and heavier.
    public func width(of text: String, font: Font) -> Double {
        let perGlyph = font.size * (font.weight >= .semibold ? 0.6 : 0.55)
        return Double(text.count) * perGlyph
    }

    /// Estimates an ascent of 0.93 em and a descent of 0.24 em, as DejaVu Sans has.
    public func lineMetrics(for font: Font) -> (ascent: Double, descent: Double) {
        (font.size * 0.93, font.size * 0.24)
    }
}
