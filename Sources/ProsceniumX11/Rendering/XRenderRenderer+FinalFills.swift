import CX11
import Proscenium

/// Filling the window straight with the last fill under a tinted overlay. The rows of a list a push covers
/// are redrawn every frame in a new shade, and each row's background, away from its text and its separator,
/// is the last thing drawn there: its final colour is known before anything is drawn, as a folded colour's
/// is (see `XRenderRenderer+WindowFills.swift`), so those pixels go into the window only, one write in the
/// X server where filling the back buffer and copying it to the window wrote, read and wrote again.
///
/// The back buffer is stale there, kept as the folded fills are (`staleFills`); nothing drawn reads it.
extension XRenderRenderer {
    /// A frame fills at most this many such rectangles into the window: each one cuts the copy to it, and
    /// the back buffer lacks it (past `maximumStaleRectangles`, all those are filled into it at once).
    nonisolated static let maximumFinalFillRectangles = 32

    /// Fills into the window only the pixels of `clip` (target pixels, under the overlay ending at
    /// `overlayEnd`) where an opaque square fill of `commands[range]`, this frame's summaries, is the last thing
    /// the frame draws, in its colour tinted under that overlay (`frameTints`, made ready by the caller), and
    /// returns the rest of `clip`, for drawing into the back buffer.
    /// Returns `clip` without a window picture, or when this frame's later places are unknown or belong to
    /// another overlay.
    func fillFinalFillsIntoWindow(_ commands: [CommandSummary], _ range: Range<Int>, overlayEnd: Int, clip: [Rect]) -> [Rect] {
        // What is left of this frame's allowance (each part of the damage under the shade is a call).
        let limit = min(Self.maximumFinalFillRectangles - finalFillRectanglesThisFrame,
                        Self.maximumStaleRectangles - staleRectangleCount)
        guard fillsWindow, windowPicture != 0, let later = laterPlaces, later.overlayEnd == overlayEnd, !range.isEmpty,
              limit > 0 else { return clip }
        let target = Rect(x: 0, y: 0, width: targetSize.width, height: targetSize.height)
        let places = Self.topLevelExtents(of: commands, from: range.lowerBound, through: range.upperBound, target: target,
                                          extentAt: frameExtent(at:))
        let finals = Self.finalFills(in: commands, range, places: places, later: later.rects, clip: clip, limit: limit)
        guard !finals.isEmpty else { return clip }
        var filled: [Rect] = []
        for final in finals {
            var color = XRenderColor(premultiplying: frameTints!(final.color))
            fillWindowOnly(final.rects, color: &color)
            filled += final.rects
        }
        finalFillRectanglesThisFrame += filled.count
        return Self.subtract(filled, from: clip)
    }

    /// The pieces of `clip` where an opaque square fill of `commands[range]` on whole pixels, inside square
    /// clips only, is drawn last: outside the places of the commands after it (`places`, with their indices)
    /// and of everything drawn after the overlay (`later`), grouped by colour. Pieces of fewer than
    /// `minimumWindowFillPixels` are left out, and all past `limit`.
    nonisolated static func finalFills(in commands: [CommandSummary], _ range: Range<Int>, places: [(index: Int, rect: Rect)],
                                       later: [Rect], clip: [Rect], limit: Int = maximumFinalFillRectangles)
        -> [(color: Color, rects: [Rect])] {
        // The square clips open around each command, innermost last; nil for a group drawn through a layer
        // (a rounded clip, an opacity group), whose fills do not land as they are.
        var clips: [Rect?] = []
        var finals: [(color: Color, rects: [Rect])] = []
        var count = 0
        var holes: [Rect] = [], inside: [Rect] = [], outside: [Rect] = [], covered: [Rect] = []
        for index in range {
            let command = commands[index]
            switch command.kind {
            case .pushClip where (command.cornerRadius < 0.01 || command.corners.isEmpty) && command.rect.isPixelAligned:
                let rect = command.rect
                clips.append(clips.last.map { $0?.intersection(rect.roundedToPixels) } ?? rect.roundedToPixels)
            case .pushClip, .pushOpacity, .pushTransform, .pushRasterized:
                clips.append(nil)
            case .popClip, .popOpacity, .popTransform, .popRasterized:
                _ = clips.popLast()
            case .fill:
                let rect = command.rect, color = command.color
                guard color.alpha >= 1, rect.isFinite, rect.isPixelAligned, count < limit else { continue }
                let whole = rect.roundedToPixels
                guard RoundedRectGeometry.clampedRadius(command.cornerRadius, for: whole) < 0.01 || command.corners.isEmpty else { continue }
                var pixels = whole
                if let open = clips.last {
                    guard let open else { continue }
                    pixels = pixels.intersection(open)
                }
                guard pixels.width * pixels.height >= minimumWindowFillPixels else { continue }
                inside.removeAll(keepingCapacity: true)
                for part in clip {
                    let piece = part.intersection(pixels)
                    if !piece.isEmpty { inside.append(piece) }
                }
                guard !inside.isEmpty else { continue }
                holes.removeAll(keepingCapacity: true)
                for place in places where place.index > index && place.rect.intersects(pixels) { holes.append(place.rect) }
                for place in later where place.intersects(pixels) { holes.append(place) }
                outside.removeAll(keepingCapacity: true)
                covered.removeAll(keepingCapacity: true)
                split(inside, by: holes, outside: &outside, inside: &covered)
                var kept: [Rect] = []
                for piece in outside where count < limit && piece.width * piece.height >= minimumWindowFillPixels {
                    kept.append(piece)
                    count += 1
                }
                guard !kept.isEmpty else { continue }
                if let same = finals.firstIndex(where: { $0.color == color }) {
                    finals[same].rects += kept
                } else {
                    finals.append((color, kept))
                }
            default:
                break
            }
        }
        return finals
    }
}
