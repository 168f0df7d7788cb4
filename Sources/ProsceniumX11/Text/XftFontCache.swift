import CX11
import Proscenium

/// Opens Xft fonts for `Font` requests and keeps the most recently used ones. Sizes are quantised to half
/// pixels (and clamped to `1...maximumSize`), so animated sizes share fonts. The cache never closes a font
/// while handing them out: the owner calls `trim()` when no font it was given is in use any more (at the end
/// of a frame, or of a measurement), which closes the least recently used fonts beyond `capacity`. The
/// owner must close the cache (or abandon it, when the display is already gone) before the display closes.
@MainActor final class XftFontCache {
    private struct Entry {
        var font: UnsafeMutablePointer<XftFont>
        var lastUse: Int
    }

    private let dpy: OpaquePointer
    private let screen: Int32
    /// The display's fontconfig matches, shared with every other font cache on it.
    private let matches: FontMatchCache
    @exclusivity(unchecked) private var fonts: [Proscenium.Font: Entry] = [:]
    @exclusivity(unchecked) private var uses = 0
    /// The font asked for last and what it opened: a frame's texts come in runs of one font.
    @exclusivity(unchecked) private var last: (key: Proscenium.Font, font: UnsafeMutablePointer<XftFont>)?
    /// Fonts that could not be opened.
    @exclusivity(unchecked) private var unavailable: Set<Proscenium.Font> = []
    /// How many fonts stay open after `trim()`.
    let capacity: Int
    static let defaultCapacity = 32
    /// The largest pixel size opened; larger requests get this size.
    nonisolated static let maximumSize = 1024.0

    init(display: Display, capacity: Int = defaultCapacity) {
        dpy = display.pointer
        screen = display.screen
        matches = display.fontMatches
        self.capacity = max(1, capacity)
    }

    /// Fonts open now.
    var count: Int { fonts.count }

    /// `size` in half-pixel steps within `1...maximumSize`; NaN becomes 1.
    nonisolated static func quantizedSize(_ size: Double) -> Double {
        guard !size.isNaN else { return 1 }
        return (min(max(size, 1), maximumSize) * 2).rounded() / 2
    }

    /// The font actually opened for `font`: the same with its size quantised.
    nonisolated static func quantized(_ font: Proscenium.Font) -> Proscenium.Font {
        var font = font
        font.size = quantizedSize(font.size)
        return font
    }

    /// The Xft font for `font`, opened on first use; falls back to the default family when the pattern
    /// matches nothing (fontconfig nearly always substitutes something instead). Valid until `trim()`.
    /// Nil when not even that opens (fontconfig knows no font at all); the caller then uses
    /// `CoreFontFallback`. Such a failure is remembered, so it is not retried every frame.
    func font(for font: Proscenium.Font) -> UnsafeMutablePointer<XftFont>? {
        let key = Self.quantized(font)
        uses += 1
        // The font asked for last is answered without hashing. Its use is stamped when another request takes
        // its place (the one before, `uses - 1`, was for it), or before `trim()` sorts the fonts by use.
        if let last, last.key == key { return last.font }
        stampLastUse(uses - 1)
        last = nil
        // One hash of the key (its family is a string), not one to find it and another to mark its use.
        if let index = fonts.index(forKey: key) {
            fonts.values[index].lastUse = uses
            last = (key, fonts.values[index].font)
            return fonts.values[index].font
        }
        guard !unavailable.contains(key) else { return nil }
        let opened = matches.open(key, on: dpy, screen: screen)
            ?? matches.open(Proscenium.Font(size: key.size, weight: key.weight), on: dpy, screen: screen)
        if let opened {
            fonts[key] = Entry(font: opened, lastUse: uses)
            last = (key, opened)
        } else if unavailable.count < 256 {
            unavailable.insert(key)
        }
        return opened
    }

    /// Closes the least recently used fonts beyond `capacity`. Fonts returned earlier may be closed, so
    /// call it only when none is in use.
    func trim() {
        guard fonts.count > capacity else { return }
        stampLastUse(uses)
        last = nil
        let victims = fonts.sorted { $0.value.lastUse < $1.value.lastUse }.prefix(fonts.count - capacity)
        for (key, _) in victims {
            if let entry = fonts.removeValue(forKey: key) { XftFontClose(dpy, entry.font) }
        }
    }

    /// Marks the font asked for last as used by request number `use`.
    private func stampLastUse(_ use: Int) {
        if let last, let index = fonts.index(forKey: last.key) { fonts.values[index].lastUse = use }
    }

    /// The fontconfig name for a font, such as "DejaVu Sans:pixelsize=13:weight=80".
    nonisolated static func pattern(for font: Proscenium.Font) -> String {
        var family = ""
        for ch in font.family {
            if "\\-:,".contains(ch) { family.append("\\") }
            family.append(ch)
        }
        let pixels = quantizedSize(font.size)
        let size = pixels == pixels.rounded() ? String(Int(pixels)) : String(pixels)
        // rgba=none: glyphs are drawn into transparent layers too, where subpixel coverage (what Xft.rgba
        // asks for on GNOME and KDE) would keep only a green-channel alpha and fringe after compositing.
        return "\(family):pixelsize=\(size):weight=\(fontconfigWeight(font.weight)):rgba=none"
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
        for entry in fonts.values { XftFontClose(dpy, entry.font) }
        fonts.removeAll()
        last = nil
    }

    /// Forgets every font without closing it, for when the display has closed (Xft freed them then).
    func abandon() {
        fonts.removeAll()
        last = nil
    }
}
