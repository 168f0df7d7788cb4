import CX11
import Proscenium

/// Measures text with Xft on a display: advance widths from `XftTextExtentsUtf8`, ascent and descent from
/// the font; with no font Xft can open, the X server's "fixed" font as the renderer then draws it. Each
/// `Display` has one, which its windows' views measure with. Holds the display weakly; once it has closed,
/// measures like the core's estimating measurer.
@MainActor public final class XftTextMeasurer: TextMeasuring {
    private weak var display: Display?
    private let fonts: XftFontCache
    private let fallback = EstimatingTextMeasurer()
    private let coreFont: CoreFontFallback
    private var widths: [WidthKey: Double] = [:]

    private struct WidthKey: Hashable {
        var text: String
        var font: Proscenium.Font
    }

    /// A measurer for fonts on `display`.
    public init(display: Display) {
        self.display = display
        fonts = XftFontCache(display: display)
        coreFont = CoreFontFallback(display: display)
    }

    isolated deinit {
        if display != nil { fonts.close() } else { fonts.abandon() }
    }

    /// Has text in no window measured with Xft: `TextLayout.measurer` becomes one that measures with the
    /// measurer of the display installed last that is still open (this one until it closes), at `scale`
    /// (see `Display.textMeasurer(forScale:)`), so a label sized before it joins a window at 2x is sized
    /// as the window measures it. A window host does this for its display, and again when its scale changes.
    public static func install(display: Display, scale: Double = 1) {
        LatestDisplayTextMeasurer.add(display.textMeasurer)
        TextLayout.measurer = LatestDisplayTextMeasurer.forScale(scale)
    }

    /// What measures for a window at `scale` on this measurer's display: itself at 1x, or once the
    /// display has closed.
    func atScale(_ scale: Double) -> any TextMeasuring {
        display?.textMeasurer(forScale: scale) ?? self
    }

    /// Whether the display is still open (once it has closed, this measures like the estimate).
    var isOpen: Bool { display != nil }

    /// Advance width of `text` on one line, in pixels.
    public func width(of text: String, font: Proscenium.Font) -> Double {
        guard let display else {
            fonts.abandon()
            return fallback.width(of: text, font: font)
        }
        // Each font is used only within this call, so the cache may close the least recent ones after it.
        defer { fonts.trim() }
        guard let xftFont = fonts.font(for: font) else {
            return coreFont.width(of: text) ?? fallback.width(of: text, font: font)
        }
        // Labels and titles come back every frame and are kept; a long text (a pasted token a field
        // measures prefix by prefix) is not: its many prefixes would each keep a copy of it.
        let key = text.utf8.count <= Self.longestKeptText ? WidthKey(text: text, font: font) : nil
        if let key, let width = widths[key] { return width }
        let width: Double
        if XftLongText.isLong(text, in: xftFont) {
            width = Double(XftLongText.advance(of: text, font: xftFont, on: display.pointer))
        } else {
            var extents = XGlyphInfo()
            let bytes = Array(text.utf8)
            XftTextExtentsUtf8(display.pointer, xftFont, bytes, Int32(bytes.count), &extents)
            width = Double(extents.xOff)
        }
        guard let key else { return width }
        if widths.count > 4096 { widths.removeAll(keepingCapacity: true) }
        widths[key] = width
        return width
    }

    /// The longest text, in UTF-8 bytes, whose width is remembered.
    static let longestKeptText = 256

    /// How many widths are remembered, for tests.
    var rememberedWidths: Int { widths.count }

    /// Xft fonts held open; tests check that it stays bounded.
    var openFontCount: Int { fonts.count }

    /// Ascent and descent of the font, in pixels.
    public func lineMetrics(for font: Proscenium.Font) -> (ascent: Double, descent: Double) {
        guard display != nil else {
            fonts.abandon()
            return fallback.lineMetrics(for: font)
        }
        defer { fonts.trim() }
        guard let xftFont = fonts.font(for: font) else { return coreFont.lineMetrics() ?? fallback.lineMetrics(for: font) }
        return (Double(xftFont.pointee.ascent), Double(xftFont.pointee.descent))
    }
}
