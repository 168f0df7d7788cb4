import CX11
import Glibc
import Proscenium

/// Filling the window straight with a folded colour. Where a folded pixel is the last thing a frame draws
/// (the dimmed margins around a presented card: nothing drawn after the dimming reaches them), its final
/// colour is known before anything is drawn, and no partial state of it can ever show. Those rectangles
/// are filled into the window only, one write in the X server, where filling the back buffer and then
/// copying it to the window wrote, read and wrote again (in alternated runs of the side-by-side scenario,
/// the X server's CPU per frame went down by a tenth).
///
/// The back buffer then lacks those pixels: it is *stale* there. The renderer keeps each such fill (its
/// rectangles, less what later frames drew over them, and its colour), and `restoreBackBuffer()` replays
/// them, so whatever reads the back buffer whole (an exposure, a screenshot of it, the copy of a whole frame
/// after the window was shown again) gets the frame the window shows. Drawing never reads a stale pixel:
/// a frame draws its damage from an opaque start, and what it does not draw it does not copy.
extension XRenderRenderer {
    /// Whether finished folded pixels go straight to the window; `PROSCENIUM_NO_WINDOW_FILLS=1` turns it
    /// off, for A/B measurements.
    nonisolated static let windowFillsEnabled = getenv("PROSCENIUM_NO_WINDOW_FILLS").map { String(cString: $0) != "1" } ?? true

    /// A frame fills at most this many rectangles into the window, each of at least this many pixels.
    nonisolated static let maximumWindowFillRectangles = 6
    nonisolated static let minimumWindowFillPixels = 4096.0

    /// Past this many stale rectangles, they are filled into the back buffer at once rather than kept: each
    /// frame cuts them by what it drew.
    nonisolated static let maximumStaleRectangles = 64

    /// Where this frame draws after its foldable overlay, worked out with retention's fills (see `render`):
    /// the index after the overlay and the places of the top-level commands from there on, in target pixels.
    struct LaterPlaces {
        var overlayEnd: Int
        var rects: [Rect]

        /// The places of `extents`, less those another one holds (a card holds what is drawn on it).
        init(_ extents: Extents) {
            overlayEnd = extents.start
            var rects: [Rect] = []
            rects.reserveCapacity(extents.places.count)
            for place in extents.places { rects.append(place.rect) }
            self.rects = XRenderRenderer.droppingHeld(rects)
        }
    }

    /// A fill made only in the window: the back buffer's rectangles (target pixels) it left stale, less what
    /// later frames drew there, and its colour.
    struct StaleFill {
        var rects: [Rect]
        var color: XRenderColor
    }

    /// Fills the part of `folded` (target pixels, of the folded colour `color`) that nothing drawn after the
    /// overlay ending at `overlayEnd` reaches into the window only, and returns the rest, for the caller to
    /// fill into the back buffer. Returns all of `folded` without a window picture, or when this frame's
    /// later places are unknown or belong to another overlay.
    func fillWindow(_ folded: [Rect], color: inout XRenderColor, overlayEnd: Int) -> [Rect] {
        guard fillsWindow, windowPicture != 0, let later = laterPlaces, later.overlayEnd == overlayEnd else { return folded }
        var pieces: [Rect] = [], covered: [Rect] = []
        Self.split(folded, by: later.rects, outside: &pieces, inside: &covered)
        // Only large pieces: each one the window gets is one the copy to it is cut around, and one more the
        // back buffer lacks. Slivers beside the card's corners save little and cost that bookkeeping.
        var finished: [Rect] = []
        for piece in pieces {
            if finished.count < Self.maximumWindowFillRectangles, piece.width * piece.height >= Self.minimumWindowFillPixels {
                finished.append(piece)
            } else {
                covered.append(piece)
            }
        }
        guard !finished.isEmpty else { return folded }
        fillWindowOnly(finished, color: &color)
        return covered
    }

    /// Fills `rects` (target pixels) with `color` into the window only, and keeps them as a fill the back
    /// buffer lacks.
    func fillWindowOnly(_ rects: [Rect], color: inout XRenderColor) {
        statistics.count(.fill, pixels: countsRequestPixels ? rects.totalArea : 0)
        var xRects = rects.xRectangles
        XRenderFillRectangles(display.pointer, PictOpSrc, windowPicture, &color, &xRects, Int32(xRects.count))
        statistics.windowFilledPixels += Int(rects.totalArea)
        windowFilledThisFrame += rects
        staleFills.append(StaleFill(rects: rects, color: color))
    }

    /// Ends a frame's bookkeeping: what it drew into the back buffer is no longer stale there; what it
    /// filled only into the window is (those fills were appended last, so they are not cut here). Works out
    /// what the host copies to the window: what was drawn, less what is on the window already.
    func endWindowFills(staleBefore: Int) {
        // Worked on as locals: a stored array touched in a loop is checked for exclusive access every time.
        let drawn = drawnRegion.rects
        var copies = copyRects
        copyRects = []
        copies.removeAll(keepingCapacity: true)
        // What scroll copies moved within the back buffer goes to the window too, less what was drawn over
        // it: the copies are disjoint, as the clip they become must be (see `BackBufferCopier`).
        var sources = drawn
        for scrolled in scrolledRects { sources += Self.subtract(sources, from: [scrolled]) }
        if windowFilledThisFrame.isEmpty {
            copies += sources
        } else {
            Self.subtract(windowFilledThisFrame, from: sources, into: &copies)
        }
        copyRects = copies
        guard staleBefore > 0, !drawn.isEmpty else { return }
        var fills = staleFills
        staleFills = []
        var kept = 0
        for index in 0..<staleBefore {
            var fill = fills[index]
            // Usually a frame redraws all of the last frame's margins (the dimming's colour moved): whole
            // rectangles go without being cut into pieces.
            if Self.touches(fill.rects, drawn) {
                var rects: [Rect] = []
                Self.subtract(drawn, from: fill.rects, into: &rects)
                fill.rects = rects
            }
            if !fill.rects.isEmpty {
                fills[kept] = fill
                kept += 1
            }
        }
        fills.removeSubrange(kept..<staleBefore)
        staleFills = fills
        if Self.rectangleCount(of: staleFills) > Self.maximumStaleRectangles { restoreStaleFills() }
    }

    /// Makes the back buffer hold the whole frame the window shows, for whoever reads it whole (exposures,
    /// screenshots, a whole-frame copy): fills into it what was filled only into the window, and draws again
    /// the viewports scrolled only in the window.
    public func restoreBackBuffer() {
        restoreStaleFills()
        restoreScrolledViewports()
    }

    /// Fills into the back buffer what was filled only into the window.
    func restoreStaleFills() {
        guard !staleFills.isEmpty else { return }
        if target != 0 {
            removeClip(of: target)
            for var fill in staleFills {
                var rects = fill.rects.xRectangles
                XRenderFillRectangles(display.pointer, PictOpSrc, target, &fill.color, &rects, Int32(rects.count))
            }
        }
        staleFills.removeAll()
    }

    /// How many rectangles the back buffer lacks.
    var staleRectangleCount: Int { Self.rectangleCount(of: staleFills) }

    /// Whether the back buffer lacks pixels the window shows (see `restoreBackBuffer()`).
    public var backBufferIsStale: Bool { !staleFills.isEmpty || !windowScrolls.staleViewports.isEmpty }

    /// How many rectangles `fills` hold together.
    nonisolated static func rectangleCount(of fills: [StaleFill]) -> Int {
        var count = 0
        for fill in fills { count += fill.rects.count }
        return count
    }

    /// Appends the parts of `rects` outside every rectangle of `holes` to `outside`, and the parts inside one
    /// to `inside` (pieces inside two holes may overlap: filled with one colour, that does not matter).
    nonisolated static func split(_ rects: [Rect], by holes: [Rect], outside: inout [Rect], inside: inout [Rect]) {
        // A few pieces come of each rectangle: room for them at once, not a new buffer at 1, 2, 4, 8...
        outside.reserveCapacity(outside.count + 4 * rects.count)
        inside.reserveCapacity(inside.count + rects.count)
        var pieces: [Rect] = [], next: [Rect] = []
        for rect in rects {
            if Self.isInsideOne(rect, of: holes) {
                inside.append(rect)
                continue
            }
            // Meeting one hole at most (an overlay's area is the only one): its pieces go straight out, with
            // no buffers to grow on every call.
            let meeting = Self.holesMeeting(rect, in: holes)
            if meeting.count == 0 {
                outside.append(rect)
                continue
            }
            if meeting.count == 1 {
                let overlap = rect.intersection(meeting.last)
                if !overlap.isEmpty { inside.append(overlap) }
                rect.forEachPiece(subtracting: meeting.last) { outside.append($0) }
                continue
            }
            pieces.removeAll(keepingCapacity: true)
            pieces.append(rect)
            for hole in holes where hole.intersects(rect) {
                next.removeAll(keepingCapacity: true)
                for piece in pieces {
                    let overlap = piece.intersection(hole)
                    if !overlap.isEmpty { inside.append(overlap) }
                    piece.forEachPiece(subtracting: hole) { next.append($0) }
                }
                swap(&pieces, &next)
                if pieces.isEmpty { break }
            }
            outside += pieces
        }
    }

    /// How many of `holes` meet `rect`, counted up to two, and the last of them (`.zero` when none does).
    nonisolated static func holesMeeting(_ rect: Rect, in holes: [Rect]) -> (count: Int, last: Rect) {
        var count = 0, last = Rect.zero
        for hole in holes where hole.intersects(rect) {
            count += 1
            last = hole
            if count == 2 { break }
        }
        return (count, last)
    }

    /// Whether any of `rects` meets any of `holes`.
    nonisolated static func touches(_ rects: [Rect], _ holes: [Rect]) -> Bool {
        for rect in rects {
            for hole in holes where hole.intersects(rect) { return true }
        }
        return false
    }
}
