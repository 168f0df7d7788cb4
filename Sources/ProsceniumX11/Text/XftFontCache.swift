import CX11
import Proscenium

/// Opens Xft fonts for `Font` requests and keeps them, one per distinct font. The owner must close the
/// cache (or abandon it, when the display is already gone) before the display closes.
@MainActor final class XftFontCache {
    private let dpy: OpaquePointer
    private let screen: Int32
    private var fonts: [Proscenium.Font: UnsafeMutablePointer<XftFont>] = [:]

    init(display: Display) {
        dpy = display.pointer
        screen = display.screen
    }

    /// The Xft font for `font`, opened on first use; falls back to the default family when the pattern
    /// matches nothing (fontconfig nearly always substitutes something instead).
    func font(for font: Proscenium.Font) -> UnsafeMutablePointer<XftFont>? {
        if let cached = fonts[font] { return cached }
        let opened = XftFontOpenName(dpy, screen, Self.pattern(for: font))
            ?? XftFontOpenName(dpy, screen, Self.pattern(for: Proscenium.Font(size: font.size, weight: font.weight)))
        if let opened { fonts[font] = opened }
        return opened
    }

    /// The fontconfig name for a font, such as "DejaVu Sans:pixelsize=13:weight=80".
    nonisolated static func pattern(for font: Proscenium.Font) -> String {
        var family = ""
        for ch in font.family {
            if "\\-:,".contains(ch) { family.append("\\") }
            family.append(ch)
        }
        let size = font.size == font.size.rounded() ? String(Int(font.size)) : String(font.size)
        return "\(family):pixelsize=\(size):weight=\(fontconfigWeight(font.weight))"
    }

    /// fontconfig's weight scale: FC_WEIGHT_REGULAR 80, MEDIUM 100, DEMIBOLD 180, BOLD 200.
    nonisolated static func fontconfigWeight(_ weight: Proscenium.Font.Weight) -> Int {
        switch weight {
        case .regular: return 80
        case .medium: return 100
        case .semibold: return 180
        case .bold: return 200
        }
    }

    /// Closes every font; the display must still be open.
    func close() {
        for font in fonts.values { XftFontClose(dpy, font) }
        fonts.removeAll()
    }

    /// Forgets every font without closing it, for when the display has closed (Xft freed them then).
    func abandon() {
        fonts.removeAll()
    }
}
