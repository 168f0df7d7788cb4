import CX11
import Proscenium
import Synchronization

/// Text in the X server's own "fixed" font, for when Xft can open no font at all (fontconfig knows none):
/// labels then still show their words, in one small size, instead of nothing. Measuring and drawing use
/// the same font, so laid-out lines fit what is drawn. Characters outside Latin-1 are drawn as "?".
///
/// Every X server has "fixed": it is built into the server, whatever fonts are installed.
///
/// Holds the display weakly, as the text measurer that owns one does (the measurer outlives windows and
/// displays): once the display has closed, the font and GC went with it and nothing is drawn or measured.
@MainActor final class CoreFontFallback {
    private weak var display: Display?
    private var font: UnsafeMutablePointer<XFontStruct>?
    private var loadFailed = false
    /// A GC for the 8-bit glyph masks, made with the first one.
    private var maskGC: GC?

    init(display: Display) {
        self.display = display
    }

    isolated deinit {
        guard let display else { return }
        if let maskGC { XFreeGC(display.pointer, maskGC) }
        if let font { XFreeFont(display.pointer, font) }
    }

    /// The font, loaded on first use; nil if even "fixed" cannot be loaded, or the display has closed.
    private func loaded() -> UnsafeMutablePointer<XFontStruct>? {
        guard let display else {
            font = nil
            maskGC = nil
            return nil
        }
        if font == nil, !loadFailed {
            font = XLoadQueryFont(display.pointer, "fixed")
            loadFailed = font == nil
            Self.warnOnce(available: font != nil)
        }
        return font
    }

    /// Advance width of `text` on one line, in pixels; nil without the font.
    func width(of text: String) -> Double? {
        guard let font = loaded() else { return nil }
        let bytes = Self.latin1(text)
        return Double(XTextWidth(font, bytes, Int32(bytes.count)))
    }

    /// The font's ascent and descent, in pixels; nil without the font.
    func lineMetrics() -> (ascent: Double, descent: Double)? {
        guard let font = loaded() else { return nil }
        return (Double(font.pointee.ascent), Double(font.pointee.descent))
    }

    /// Composites one line of `text` in the colour of the solid picture `source` onto `target`, its
    /// baseline starting at (`x`, `y`), through the target's clip: the glyphs are drawn into an 8-bit
    /// mask with the core font, then the colour goes through the mask.
    func draw(_ text: String, x: Int32, y: Int32, source: Picture, onto target: Picture) {
        guard let font = loaded(), let display else { return }
        let dpy = display.pointer
        let bytes = Self.latin1(text)
        let width = XTextWidth(font, bytes, Int32(bytes.count))
        let ascent = font.pointee.ascent, height = ascent + font.pointee.descent
        guard width > 0, height > 0 else { return }
        let pixmap = XCreatePixmap(dpy, display.rootWindow, UInt32(width), UInt32(height), 8)
        defer { XFreePixmap(dpy, pixmap) }
        let gc = maskGC ?? XCreateGC(dpy, pixmap, 0, nil)
        maskGC = gc
        XSetForeground(dpy, gc, 0)
        XFillRectangle(dpy, pixmap, gc, 0, 0, UInt32(width), UInt32(height))
        XSetForeground(dpy, gc, 0xFF)
        XSetFont(dpy, gc, font.pointee.fid)
        XDrawString(dpy, pixmap, gc, 0, ascent, bytes, Int32(bytes.count))
        let mask = XRenderCreatePicture(dpy, pixmap, display.a8Format, 0, nil)
        defer { XRenderFreePicture(dpy, mask) }
        XRenderComposite(dpy, PictOpOver, source, mask, target, 0, 0, 0, 0, x, y - ascent, UInt32(width), UInt32(height))
    }

    /// `text` as Latin-1 bytes, the core font's encoding; other characters become "?".
    static func latin1(_ text: String) -> [CChar] {
        text.unicodeScalars.map { CChar(bitPattern: $0.value < 256 ? UInt8($0.value) : UInt8(ascii: "?")) }
    }

    private static let warned = Mutex(false)

    /// Says once per process that text falls back, and what to install so it need not.
    private static func warnOnce(available: Bool) {
        let first = warned.withLock { done in
            defer { done = true }
            return !done
        }
        guard first else { return }
        let what = available ? "drawing text in the X server's 'fixed' font" : "and the X server has no 'fixed' font either, so text is not drawn"
        Console.writeError("\(Console.programName): fontconfig knows no font Xft can open; \(what) — install fonts (apt-get install fonts-dejavu-core)\n")
    }
}
