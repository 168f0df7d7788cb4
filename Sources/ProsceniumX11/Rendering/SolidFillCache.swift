import CX11
import Proscenium

/// Solid-colour source pictures (`XRenderCreateSolidFill`), one per colour, for text, borders, shadows,
/// corner masks and group alpha masks.
///
/// A picture handed out stays valid until the frame ends: text asks for white, then for its own colour,
/// and builds its mask with white after that, so freeing pictures when one more colour comes would free
/// one in use (the mask then comes out empty and the line stays invisible). The cache may grow past
/// `capacity` within a frame; `endFrame()` then frees those unused for a few frames, and the least
/// recently used if that is not enough.
@MainActor final class SolidFillCache {
    private struct Entry {
        var picture: Picture
        var lastUsedFrame: Int
    }

    private let display: Display
    @exclusivity(unchecked) private var entries: [Color: Entry] = [:]
    /// The colour asked for last in this frame and its picture.
    @exclusivity(unchecked) private var last: (color: Color, picture: Picture)?
    @exclusivity(unchecked) private var frame = 0
    /// Past this many pictures at the end of a frame, the least recently used are freed down to three
    /// quarters of it (a fade asks for a new alpha every frame: trimmed in batches, not one every frame).
    static let capacity = 256

    init(display: Display) {
        self.display = display
    }

    isolated deinit {
        removeAll()
    }

    /// Pictures held now.
    var count: Int { entries.count }

    /// The solid picture for `color` (straight alpha; premultiplied here), valid until the frame ends.
    func picture(for color: Color) -> Picture {
        // A frame's fills and texts come in runs of one colour: the last answer is checked before hashing.
        // It was stamped with this frame when it became the last (`endFrame` forgets it).
        if let last, last.color == color { return last.picture }
        let picture: Picture
        if let index = entries.index(forKey: color) {
            entries.values[index].lastUsedFrame = frame
            picture = entries.values[index].picture
        } else {
            var xColor = XRenderColor(premultiplying: color)
            picture = XRenderCreateSolidFill(display.pointer, &xColor)
            entries[color] = Entry(picture: picture, lastUsedFrame: frame)
        }
        last = (color, picture)
        return picture
    }

    /// A picture whose alpha is `alpha` everywhere, used as the mask that fades a group.
    func alphaMask(_ alpha: Double) -> Picture {
        picture(for: Color(white: 0, alpha: alpha))
    }

    /// Ends a frame: past `capacity`, frees the pictures no frame used for `keptFrames` frames, and then, if
    /// that was not enough, the least recently used down to three quarters of `capacity`. A shade deepening
    /// over a list asks for a few new colours every frame: they are let go in one pass every few dozen frames,
    /// with no sort. The frame's requests were all sent before, so freeing a picture it used is safe now.
    func endFrame() {
        frame += 1
        last = nil
        guard entries.count > Self.capacity else { return }
        let oldest = frame - Self.keptFrames, dpy = display.pointer
        entries = entries.filter { _, entry in
            guard entry.lastUsedFrame < oldest else { return true }
            XRenderFreePicture(dpy, entry.picture)
            return false
        }
        guard entries.count > Self.capacity * 3 / 4 else { return }
        let excess = entries.count - Self.capacity * 3 / 4
        for (color, entry) in entries.sorted(by: { $0.value.lastUsedFrame < $1.value.lastUsedFrame }).prefix(excess) {
            XRenderFreePicture(display.pointer, entry.picture)
            entries[color] = nil
        }
    }

    /// Pictures used within this many frames stay when the cache is trimmed by age.
    static let keptFrames = 8

    /// Frees every solid picture; only between frames.
    func removeAll() {
        for entry in entries.values { XRenderFreePicture(display.pointer, entry.picture) }
        entries.removeAll()
        last = nil
    }
}
