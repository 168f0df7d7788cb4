import CX11
import Glibc
import Proscenium

/// The coverage of lines of text, kept as a8 masks on the X server once they have been drawn in two frames
/// at most `maximumCandidateIdleFrames` apart.
///
/// A label on a springing card is the same glyphs at a new whole-pixel place every frame. Drawn as glyphs,
/// the X server builds the run's mask each time (allocating it, clearing it, adding every glyph into it)
/// and then composites the colour through it; a kept mask, built the same way once, is composited straight
/// away: the same pixels (`TextMaskTests`), and in the side-by-side scenario about two thirds less of the
/// server's work for text. Text that changes every frame (a counter) is drawn as glyphs and makes no masks.
@MainActor final class TextMaskCache {
    /// What a mask is kept by: the line and the font asked for, as the renderer keeps ink boxes.
    typealias Key = XRenderRenderer.InkKey

    /// One line's coverage: an a8 picture exactly the size of its ink box, which lies at (-`x`, -`y`) from
    /// the pen, as `XGlyphInfo` has it.
    struct Mask {
        var picture: Picture
        var pixmap: Pixmap
        var x: Int32, y: Int32
        var width: UInt32, height: UInt32
    }

    private struct Entry {
        /// Nil while the line is only a candidate, drawn in one frame so far.
        var mask: Mask?
        var lastUsedFrame: Int
        var pixels: Int { mask.map { Int($0.width) * Int($0.height) } ?? 0 }
    }

    private let display: Display
    @exclusivity(unchecked) private var entries: [Key: Entry] = [:]
    @exclusivity(unchecked) private var frame = 0
    /// Pixels (bytes) the masks hold together.
    private(set) var heldPixels = 0
    /// Masks built so far; tests count them.
    private(set) var built = 0
    /// Masks are freed after this many frames unused.
    static let maximumIdleFrames = 120
    /// Candidates are forgotten after this many frames unused. A line that holds still is drawn again at
    /// once; one drawn a single time (a row scrolled into view, then moved by copying) never will be, and a
    /// list flung past would otherwise leave thousands of them behind.
    static let maximumCandidateIdleFrames = 8
    /// All masks together stay below this many bytes on the server (a window's worth of labels and more).
    static let maximumPixels = 4_000_000
    /// Lines larger than this either way are drawn as glyphs (a mask would be mostly empty).
    static let maximumSide = 4096

    init(display: Display) {
        self.display = display
    }

    isolated deinit {
        removeAll()
    }

    /// Masks held now.
    var count: Int { entries.values.reduce(0) { $0 + ($1.mask == nil ? 0 : 1) } }
    /// Lines drawn once and remembered, in case they are drawn again; tests count them.
    var candidates: Int { entries.count - count }
    /// How many lines the table has room for before it grows; tests check that a burst's room goes back.
    var capacity: Int { entries.capacity }

    /// The kept mask of `text` in `font` (its Xft font `xftFont`; `ink` gives the line's ink box, asked for
    /// only when a mask is built): nil the first frame a line is drawn, and for a line that cannot have one,
    /// which is then drawn as glyphs.
    func mask(for text: String, font: Proscenium.Font, xftFont: UnsafeMutablePointer<XftFont>,
              ink inkBox: () -> XGlyphInfo, white: Picture) -> Mask? {
        let key = Key(font: font, text: text)
        // The entry is found by one hash of the key (its text and font family are strings) and updated where
        // it lies: every text of every frame comes here.
        guard let index = entries.index(forKey: key) else {
            entries[key] = Entry(mask: nil, lastUsedFrame: frame)
            return nil
        }
        let lastUsedFrame = entries.values[index].lastUsedFrame
        if let mask = entries.values[index].mask {
            entries.values[index].lastUsedFrame = frame
            return mask
        }
        // Seen before: keep it if it was drawn in an earlier frame, the line holds still across frames.
        guard lastUsedFrame < frame else { return nil }
        entries.values[index].lastUsedFrame = frame
        let ink = inkBox()
        guard ink.width > 0, ink.height > 0, Int(ink.width) <= Self.maximumSide, Int(ink.height) <= Self.maximumSide,
              !Self.hasColorGlyphs(xftFont) else { return nil }
        let mask = build(text, xftFont: xftFont, ink: ink, white: white)
        entries.values[index].mask = mask
        heldPixels += Int(mask.width) * Int(mask.height)
        return mask
    }

    /// Builds the mask the way the X server builds a glyph run's: the glyphs added into a cleared a8 picture
    /// (white added through the run's own mask leaves exactly that mask).
    private func build(_ text: String, xftFont: UnsafeMutablePointer<XftFont>, ink: XGlyphInfo, white: Picture) -> Mask {
        let dpy = display.pointer
        let width = UInt32(ink.width), height = UInt32(ink.height)
        let pixmap = XCreatePixmap(dpy, display.rootWindow, width, height, 8)
        let picture = XRenderCreatePicture(dpy, pixmap, display.a8Format, 0, nil)
        var transparent = XRenderColor.transparent
        XRenderFillRectangle(dpy, PictOpSrc, picture, &transparent, 0, 0, width, height)
        let bytes = Array(text.utf8)
        XftTextRenderUtf8(dpy, PictOpAdd, white, xftFont, picture, 0, 0, Int32(ink.x), Int32(ink.y), bytes, Int32(bytes.count))
        built += 1
        return Mask(picture: picture, pixmap: pixmap, x: Int32(ink.x), y: Int32(ink.y), width: width, height: height)
    }

    /// Whether the font has colour glyphs (emoji), which Xft composites as pictures of their own: an a8 mask
    /// would lose their colour.
    private static func hasColorGlyphs(_ font: UnsafeMutablePointer<XftFont>) -> Bool {
        var color: FcBool = FcFalse
        return FcPatternGetBool(font.pointee.pattern, "color", 0, &color) == FcResultMatch && color != FcFalse
    }

    /// Ends a frame: frees the masks unused for `maximumIdleFrames`, forgets the candidates unused for
    /// `maximumCandidateIdleFrames`, and frees the least recently used masks beyond `maximumPixels` (not
    /// during a frame: the masks handed out are in use until it ends).
    func endFrame() {
        frame += 1
        let staleMasks = frame - Self.maximumIdleFrames, staleCandidates = frame - Self.maximumCandidateIdleFrames
        // The keys first, then the removals: removing while iterating would copy the whole table.
        // A plain loop, not `filter`: a closure formed here is checked to run on the main actor at each
        // call, for every entry of every frame.
        var stale: [Key] = []
        for (key, entry) in entries where entry.lastUsedFrame < (entry.mask == nil ? staleCandidates : staleMasks) {
            stale.append(key)
        }
        for key in stale { remove(key) }
        if heldPixels > Self.maximumPixels {
            let masks = entries.compactMap { $0.value.mask == nil ? nil : ($0.key, $0.value.lastUsedFrame) }
            for (key, _) in masks.sorted(by: { $0.1 < $1.1 }) {
                guard heldPixels > Self.maximumPixels else { break }
                remove(key)
            }
        }
        // A burst of lines grows the table; once it is mostly empty again, give the room back.
        if entries.capacity > Self.smallestShrunkCapacity, entries.count < entries.capacity / 8 {
            var smaller = [Key: Entry](minimumCapacity: 2 * entries.count)
            for (key, entry) in entries { smaller[key] = entry }
            entries = smaller
        }
    }

    /// A table this small is not worth shrinking.
    static let smallestShrunkCapacity = 768

    /// Frees every mask and forgets every candidate.
    func removeAll() {
        for entry in entries.values {
            if let mask = entry.mask { free(mask) }
        }
        entries = [:]
        heldPixels = 0
    }

    private func remove(_ key: Key) {
        guard let entry = entries.removeValue(forKey: key), let mask = entry.mask else { return }
        heldPixels -= entry.pixels
        free(mask)
    }

    private func free(_ mask: Mask) {
        XRenderFreePicture(display.pointer, mask.picture)
        XFreePixmap(display.pointer, mask.pixmap)
    }
}
