import Glibc
import Proscenium

/// Not drawing what an opaque view will cover: a presented card over a dimmed, cached home screen is most
/// of the window, and the X server's cost is its passes over pixels. Everything drawn before the opaque
/// fill that hides the most (see `occluder(in:after:damage:)`) is clipped to the damage minus that fill's
/// opaque interior: at most four large bands per damage rectangle, which pixman walks as quickly as one.
extension XRenderRenderer {
    /// Below this share of the damage, an occluder saves less than changing the clip costs.
    nonisolated static let minimumOccludedShare = 0.125

    /// Whether occlusion is used; `PROSCENIUM_NO_OCCLUSION=1` turns it off, for A/B measurements.
    nonisolated static let occlusionEnabled = getenv("PROSCENIUM_NO_OCCLUSION").map { String(cString: $0) != "1" } ?? true

    /// The opaque fill after `start` that hides the most of what is drawn before it inside `damage` — at
    /// the top level of the list, or inside groups that only move or clip what they hold —, the index drawing
    /// may skip to (the fill's, or the top-level group's that holds it), its opaque interior in whole pixels
    /// of the target, and the bars the fill covers opaquely (see `opaqueBars(of:radius:)`: all of a rounded
    /// top-level fill but its corners); nil when none covers enough of the damage. What a fill hides is
    /// measured by the fills before it: a screen sliding over another hides that screen's rows, though the
    /// other's background, further left, covers more of the window.
    nonisolated static func occluder(in commands: [CommandSummary], after start: Int, damage: Proscenium.Region)
        -> (index: Int, interior: Rect, bars: [Rect])? {
        // The open groups, outermost first: where the outermost starts, how far they move what they hold,
        // what they clip it to, and whether what they hold stays opaque.
        var groups: [(index: Int, offset: Point, clip: Rect?, keepsOpaque: Bool)] = []
        var best: (index: Int, interior: Rect, hidden: Double, rect: Rect, radius: Double, nested: Bool)?
        // The fills drawn so far (after `start`), where they land in the target.
        var drawn: [Rect] = []
        // Room for every fill at once, not a new buffer at 1, 2, 4, 8...: this runs every frame.
        drawn.reserveCapacity(max(0, commands.count - start))
        groups.reserveCapacity(8)
        for (index, command) in commands.enumerated() {
            if command.isPush {
                let outer = groups.last ?? (index, .zero, nil, true)
                var group = (index: groups.first?.index ?? index, offset: outer.offset, clip: outer.clip, keepsOpaque: outer.keepsOpaque)
                if command.kind == .pushTransform, let translation = command.translation {
                    group.offset = Point(x: outer.offset.x + translation.x, y: outer.offset.y + translation.y)
                } else if command.kind == .pushClip {
                    let clip = opaqueInterior(of: command.rect.offsetBy(dx: outer.offset.x, dy: outer.offset.y),
                                              radius: command.corners.isEmpty ? 0 : command.cornerRadius) ?? .zero
                    group.clip = outer.clip.map { $0.intersection(clip) } ?? clip
                } else {
                    group.keepsOpaque = false
                }
                groups.append(group)
                continue
            }
            if command.isGroupMarker { _ = groups.popLast(); continue }
            let group = groups.last
            guard (group?.index ?? index) > start, command.kind == .fill else { continue }
            let (rect, radius, color, corners) = (command.rect, command.cornerRadius, command.color, command.corners)
            let offset = group?.offset ?? .zero
            let moved = rect.offsetBy(dx: offset.x, dy: offset.y)
            defer { drawn.append(moved) }
            guard group?.keepsOpaque ?? true, color.alpha >= 1,
                  var interior = opaqueInterior(of: moved, radius: corners.isEmpty ? 0 : radius) else { continue }
            if let clip = group?.clip { interior = interior.intersection(clip) }
            guard !interior.isEmpty, area(of: interior, in: damage) >= minimumOccludedShare * damage.area else { continue }
            let hidden = drawn.reduce(0.0) { total, earlier in
                let covered = earlier.intersection(interior)
                return total + (covered.isEmpty ? 0 : covered.width * covered.height)
            }
            if hidden > (best?.hidden ?? -1) {
                best = (group?.index ?? index, interior, hidden, moved, corners.isEmpty ? 0 : radius, group != nil)
            }
        }
        guard let best else { return nil }
        // The straight edges of a rounded card hide what lies under them as well as its middle does: a
        // card's shadow reaches well inside it, and a moving card's edges are damaged every frame.
        let bars = best.nested ? [] : opaqueBars(of: best.rect, radius: best.radius)
        return (best.index, best.interior, bars.isEmpty ? [best.interior] : bars)
    }

    /// How much of `rect` lies inside `damage`.
    nonisolated static func area(of rect: Rect, in damage: Proscenium.Region) -> Double {
        damage.rects.reduce(0.0) { total, damaged in
            let covered = damaged.intersection(rect)
            return total + (covered.isEmpty ? 0 : covered.width * covered.height)
        }
    }

    /// The whole pixels a fill of `rect` with corners of `radius` is sure to cover opaquely: inside the
    /// corners' reach, and a pixel more for anti-aliased edges.
    nonisolated static func opaqueInterior(of rect: Rect, radius: Double) -> Rect? {
        guard rect.isFinite, radius.isFinite else { return nil }
        let inset = radius > 0 ? radius + 1 : 0
        let inner = rect.insetBy(dx: inset, dy: inset)
        let x0 = inner.minX.rounded(.up), y0 = inner.minY.rounded(.up)
        let x1 = inner.maxX.rounded(.down), y1 = inner.maxY.rounded(.down)
        guard x1 > x0, y1 > y0 else { return nil }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// `rects` with every rectangle of `holes` taken out.
    nonisolated static func subtract(_ holes: [Rect], from rects: [Rect]) -> [Rect] {
        var result: [Rect] = []
        subtract(holes, from: rects, into: &result)
        return result
    }

    /// Appends to `result` the parts of `rects` outside every rectangle of `holes`, rectangle by rectangle,
    /// cutting each only by the holes it meets, in two buffers reused throughout. Empty rectangles are
    /// nothing and leave nothing.
    nonisolated static func subtract(_ holes: [Rect], from rects: [Rect], into result: inout [Rect]) {
        var pieces: [Rect] = [], spare: [Rect] = []
        for rect in rects {
            // Inside one hole (the common case: a damage rectangle filled whole): nothing left, nothing cut.
            if rect.isEmpty || isInsideOne(rect, of: holes) { continue }
            // Meeting one hole at most: its pieces go straight into `result`, with no buffers to grow.
            let meeting = holesMeeting(rect, in: holes)
            if meeting.count == 0 {
                result.append(rect)
                continue
            }
            if meeting.count == 1 {
                rect.forEachPiece(subtracting: meeting.last) { result.append($0) }
                continue
            }
            pieces.removeAll(keepingCapacity: true)
            pieces.append(rect)
            cut(&pieces, by: holes, meeting: rect, spare: &spare)
            result += pieces
        }
    }

    /// Takes every rectangle of `holes` that meets `bounds` (which holds all of `pieces`) out of `pieces`, in
    /// place, with `spare` as the second buffer: callers that cut every frame keep both across their cuts.
    nonisolated static func cut(_ pieces: inout [Rect], by holes: [Rect], meeting bounds: Rect, spare: inout [Rect]) {
        for hole in holes where hole.intersects(bounds) {
            spare.removeAll(keepingCapacity: true)
            for piece in pieces { piece.forEachPiece(subtracting: hole) { spare.append($0) } }
            swap(&pieces, &spare)
            if pieces.isEmpty { return }
        }
    }

    /// Whether one of `holes` holds all of `rect`.
    nonisolated static func isInsideOne(_ rect: Rect, of holes: [Rect]) -> Bool {
        for hole in holes where hole.contains(rect) { return true }
        return false
    }

    /// `rects` with `hole` taken out of each: up to four bands per rectangle (above, below, left, right).
    nonisolated static func subtract(_ hole: Rect, from rects: [Rect]) -> [Rect] {
        subtract([hole], from: rects)
    }

    /// The index of the last top-level opaque, square-cornered fill before `end` that covers `area`, or 0: nothing
    /// before it can show through. A top-level rasterized group that starts with such a fill counts as
    /// one, so that drawing starts at the group and can composite its layer.
    nonisolated static func firstVisibleCommand(in commands: [CommandSummary], before end: Int? = nil, covering area: Rect) -> Int {
        // Only the outermost open group matters (a cover first in a top-level rasterized group starts there),
        // so a depth and that group stand for the stack of open groups: no array to grow on every call.
        var depth = 0
        var outermost = (index: 0, rasterized: false)
        var start = 0
        for index in 0..<min(end ?? commands.count, commands.count) {
            if commands[index].isPush {
                if depth == 0 { outermost = (index, commands[index].kind == .pushRasterized) }
                depth += 1
            } else if commands[index].isGroupMarker {
                depth = max(0, depth - 1)
            } else if commands[index].isOpaqueCover(of: area) {
                if depth == 0 {
                    start = index
                } else if depth == 1, outermost.rasterized, outermost.index == index - 1 {
                    start = index - 1
                }
            }
        }
        return start
    }

    /// Whether the list's first command (or the first inside a rasterized group opening it) is an opaque
    /// cover of `area`: `firstVisibleCommand` answers 0 for that as for a list nothing covers, and only the
    /// second needs the damage cleared first.
    nonisolated static func opensWithOpaqueCover(_ commands: [DisplayCommand], of area: Rect) -> Bool {
        guard let first = commands.first else { return false }
        if case .pushRasterized = first, commands.count > 1 { return isOpaqueCover(commands[1], of: area) }
        return isOpaqueCover(first, of: area)
    }

    /// For a shadow followed at once by an opaque fill of the same shape (a view's shadow, then its
    /// background), the pixels that fill is sure to cover, in surface pixels: the shadow need not be
    /// composited there. Nil for any other command of this frame's list.
    func occluder(after index: Int, range: Range<Int>, surface: RenderSurface) -> Rect? {
        guard summaries[index].kind == .shadow, index + 1 < range.upperBound else { return nil }
        let fill = summaries[index + 1], radius = fill.cornerRadius
        guard fill.kind == .fill, fill.rect == summaries[index].rect, fill.color.alpha >= 1, radius.isFinite else { return nil }
        // Inside the corners' reach, and a pixel more for anti-aliased edges, the fill is fully opaque.
        let inner = surface.pixels(fill.rect).insetBy(dx: radius + 1, dy: radius + 1)
        let x0 = inner.minX.rounded(.up), y0 = inner.minY.rounded(.up)
        let x1 = inner.maxX.rounded(.down), y1 = inner.maxY.rounded(.down)
        guard x1 > x0, y1 > y0 else { return nil }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}
