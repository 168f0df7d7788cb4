import Glibc
import Proscenium

/// Not redrawing what has not changed under an opaque view that moved. A card springing into place moves
/// every frame, so the core damages all of it; but inside both its old and its new opaque interior, away
/// from what is drawn on top of it (its labels, its button), the pixels are its background colour in both
/// frames. The back buffer still holds them, so neither the drawing nor the copy to the window touches
/// them: a frame costs the bands around the card, its moving edges and its contents, not its area.
///
/// This holds whatever the core damaged, because the back buffer always holds the whole last frame: under
/// an opaque fill's interior the image is that fill's colour except where a later command draws.
extension XRenderRenderer {
    /// The opaque fill a frame left in the back buffer, as far as the next frame needs to know.
    struct RetainedFill: Equatable {
        /// The fill's opaque interior, in whole target pixels.
        var interior: Rect
        /// Its colour, which every pixel of `interior` has outside `above`.
        var color: Color
        /// Where later commands of that frame may have drawn over `interior`, in whole target pixels.
        var above: [Rect]
    }

    /// Whether retention is used; `PROSCENIUM_NO_RETENTION=1` turns it off, for A/B measurements.
    nonisolated static let retentionEnabled = getenv("PROSCENIUM_NO_RETENTION").map { String(cString: $0) != "1" } ?? true

    /// The part of `damage` that must be redrawn when the last frame left `previous` and this one draws
    /// `current`: all of it but the pixels inside both interiors that neither frame drew over, which keep
    /// the colour both fills give them.
    nonisolated static func damage(_ damage: Proscenium.Region, retaining previous: RetainedFill?,
                                   under current: RetainedFill?) -> Proscenium.Region {
        guard let previous, let current, previous.color == current.color else { return damage }
        let hole = previous.interior.intersection(current.interior)
        guard !hole.isEmpty, damage.intersects(hole) else { return damage }
        // Bands and content pieces are kept apart: merging them would redraw the card between them.
        var kept = Proscenium.Region(maximumRectangles: 24)
        for band in subtract(hole, from: damage.rects) { kept.add(band) }
        for drawn in previous.above + current.above {
            for damaged in damage.rects {
                let piece = damaged.intersection(hole).intersection(drawn)
                if !piece.isEmpty { kept.add(piece) }
            }
        }
        return kept
    }

    /// The top-level opaque fill of `commands` whose interior keeps the most pixels clear of what is drawn
    /// after it, with the places drawn after it; nil when none keeps an eighth of the target.
    nonisolated static func retainedFill(in commands: [DisplayCommand], target: Rect) -> RetainedFill? {
        let extents = topLevelExtents(of: commands, target: target)
        var best: (fill: RetainedFill, kept: Double)?
        var depth = 0
        for (index, command) in commands.enumerated() {
            if command.isPush { depth += 1; continue }
            if command.isGroupMarker { depth -= 1; continue }
            guard depth == 0, case let .fill(rect, radius, color, corners) = command, color.alpha >= 1,
                  let interior = opaqueInterior(of: rect, radius: corners.isEmpty ? 0 : radius)?.intersection(target),
                  !interior.isEmpty else { continue }
            let area = interior.width * interior.height
            guard area >= minimumOccludedShare * target.width * target.height, area > (best?.kept ?? 0) else { continue }
            var above: [Rect] = []
            var covered = 0.0
            for extent in extents where extent.index > index {
                let piece = extent.rect.intersection(interior)
                guard !piece.isEmpty else { continue }
                above.append(piece)
                covered += piece.width * piece.height
            }
            let kept = area - covered
            if kept > (best?.kept ?? 0) { best = (RetainedFill(interior: interior, color: color, above: above), kept) }
        }
        return best?.fill
    }

    /// Where each drawing command may touch the target, in whole pixels with a pixel to spare for
    /// anti-aliasing and filtering, with the index it is drawn at. A transformed group counts as one
    /// extent, its transformed bounds, at its push.
    nonisolated static func topLevelExtents(of commands: [DisplayCommand], target: Rect) -> [(index: Int, rect: Rect)] {
        var result: [(index: Int, rect: Rect)] = []
        var transformDepth = 0
        for (index, command) in commands.enumerated() {
            var extent: Rect?
            switch command {
            case let .pushTransform(transform, bounds):
                // A group whose bounds are not finite may still draw: count all of the target.
                if transformDepth == 0 { extent = bounds.isFinite ? transform.apply(to: bounds) : target }
                transformDepth += 1
            case .popTransform:
                transformDepth -= 1
            default:
                if transformDepth == 0 { extent = Self.extent(of: command) }
            }
            // Non-finite geometry draws nothing (see `draw`).
            guard let extent, extent.isFinite else { continue }
            let pixels = extent.insetBy(dx: -1, dy: -1).integral.intersection(target)
            if !pixels.isEmpty { result.append((index, pixels)) }
        }
        return result
    }
}
