import CX11
import Glibc
import Proscenium

/// The outline of a (rounded) rectangle as horizontal bands: between consecutive breakpoints both the left
/// and the right edge are straight lines, so each band is one XRender trapezoid.
struct EdgeProfile {
    /// Breakpoint heights, ascending (equal neighbours allowed).
    var ys: [Double] = []
    var lefts: [Double] = []
    var rights: [Double] = []

    var top: Double { ys.first ?? 0 }
    var bottom: Double { ys.last ?? 0 }

    /// The left and right edge at height `y`, interpolated linearly between breakpoints.
    func edges(at y: Double) -> (left: Double, right: Double) {
        guard let last = ys.indices.last else { return (0, 0) }
        if y <= ys[0] { return (lefts[0], rights[0]) }
        if y >= ys[last] { return (lefts[last], rights[last]) }
        var lo = 0, hi = last
        while hi - lo > 1 {
            let mid = (lo + hi) / 2
            if ys[mid] <= y { lo = mid } else { hi = mid }
        }
        let span = ys[hi] - ys[lo]
        let t = span > 0 ? (y - ys[lo]) / span : 0
        return (lefts[lo] + (lefts[hi] - lefts[lo]) * t, rights[lo] + (rights[hi] - rights[lo]) * t)
    }
}

/// Builds the trapezoids that XRender rasterizes into an anti-aliased mask for rounded rectangles, their
/// borders and rounded clips. All trapezoids of a shape go into one `XRenderCompositeTrapezoids` call, so
/// neighbouring pieces share exact edges and leave no seams.
enum RoundedRectGeometry {
    /// Segments per quarter circle: enough that the chord strays at most ~0.08 px from the arc.
    static func segments(forRadius radius: Double) -> Int {
        guard radius > 0.5 else { return 1 }
        let step = 2 * acos(max(-1, 1 - 0.08 / radius))
        // Clamped as a Double: a huge radius makes `step` 0 and the quotient infinite.
        let n = (Double.pi / 2 / step).rounded(.up)
        return n.isNaN ? 64 : Int(min(64, max(2, n)))
    }

    /// The radius actually used: no more than half the shorter side.
    static func clampedRadius(_ radius: Double, for rect: Rect) -> Double {
        guard !radius.isNaN, rect.isFinite else { return 0 }
        return max(0, min(radius, rect.width / 2, rect.height / 2))
    }

    /// The outline of `rect` with the `corners` rounded by `radius` (the others square).
    static func profile(of rect: Rect, radius: Double, corners: CornerMask = .all) -> EdgeProfile {
        let r = clampedRadius(radius, for: rect)
        let x0 = rect.minX, x1 = rect.maxX, y0 = rect.minY, y1 = rect.maxY
        var p = EdgeProfile()
        func add(_ y: Double, _ left: Double, _ right: Double) {
            p.ys.append(y); p.lefts.append(x0 + left); p.rights.append(x1 - right)
        }
        let rounded = r > 0 ? corners : []
        let n = segments(forRadius: r)
        if rounded.isDisjoint(with: .top) {
            add(y0, 0, 0)
        } else {
            for k in 0...n {
                let phi = Double.pi / 2 * Double(k) / Double(n)
                let inset = r - r * sin(phi)
                add(y0 + r - r * cos(phi), rounded.contains(.topLeft) ? inset : 0, rounded.contains(.topRight) ? inset : 0)
            }
        }
        if rounded.isDisjoint(with: .bottom) {
            add(y1, 0, 0)
        } else {
            for k in stride(from: n, through: 0, by: -1) {
                let phi = Double.pi / 2 * Double(k) / Double(n)
                let inset = r - r * sin(phi)
                add(y1 - r + r * cos(phi), rounded.contains(.bottomLeft) ? inset : 0, rounded.contains(.bottomRight) ? inset : 0)
            }
        }
        return p
    }

    /// Trapezoids filling `rect` with rounded corners, limited to the rows and columns of `limit` (a pixel
    /// rectangle such as the damage bounds) so the server's mask stays small.
    static func fill(_ rect: Rect, radius: Double, corners: CornerMask = .all, limit: Rect) -> [XTrapezoid] {
        guard rect.isFinite, !rect.isEmpty else { return [] }
        return fill(profile(of: rect, radius: radius, corners: corners), limit: limit)
    }

    /// Trapezoids filling an outline already worked out, limited to the rows of `limit` and, when
    /// `clippingColumns`, cut exactly at its left and right sides too (otherwise they may reach past them).
    private static func fill(_ outline: EdgeProfile, limit: Rect, clippingColumns: Bool = false) -> [XTrapezoid] {
        var traps: [XTrapezoid] = []
        traps.reserveCapacity(outline.ys.count)
        for i in 0..<(outline.ys.count - 1) {
            let ya = outline.ys[i], yb = outline.ys[i + 1]
            let left = (outline.lefts[i], outline.lefts[i + 1]), right = (outline.rights[i], outline.rights[i + 1])
            if clippingColumns {
                let top = max(ya, limit.minY), bottom = min(yb, limit.maxY)
                guard bottom > top, yb > ya, max(right.0, right.1) > limit.minX, min(left.0, left.1) < limit.maxX else { continue }
                appendClipped(&traps, ya, yb, left, right, top: top, bottom: bottom, lo: limit.minX, hi: limit.maxX)
            } else {
                append(&traps, ya, yb, left, right, limit)
            }
        }
        return traps
    }

    /// A large rounded rectangle as pixel-aligned rectangles every pixel of which it covers completely (for
    /// `XRenderFillRectangle`, far cheaper than a mask) and anti-aliased pieces around them, each its own
    /// trapezoid list so the server's masks stay thin: the interior; between the corners, the rows above
    /// and below it when that edge lies on a whole pixel (a view snapped to pixels); and as pieces, the
    /// corners (the whole rows above and below when the edge is fractional) and the fractional columns
    /// beside the interior. Nothing overlaps, so a translucent colour comes out the same as one trapezoid
    /// call. Nil when the interior would be small.
    static func fillPieces(_ rect: Rect, radius: Double, corners: CornerMask = .all,
                           limit: Rect) -> (fills: [Rect], pieces: [[XTrapezoid]])? {
        guard rect.isFinite, limit.isFinite, !rect.isEmpty else { return nil }
        let r = clampedRadius(radius, for: rect)
        let x0 = rect.minX.rounded(.up), x1 = rect.maxX.rounded(.down)
        let topR = corners.isDisjoint(with: .top) ? 0 : r, bottomR = corners.isDisjoint(with: .bottom) ? 0 : r
        let y0 = (rect.minY + topR).rounded(.up), y1 = (rect.maxY - bottomR).rounded(.down)
        guard x1 - x0 >= 16, y1 - y0 >= 16 else { return nil }
        let outline = profile(of: rect, radius: r, corners: corners)
        var fills = [Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)]
        var pieces: [[XTrapezoid]] = []
        let aboveBottom = max(min(y0, limit.maxY), limit.minY), belowTop = min(max(y1, limit.minY), limit.maxY)
        let bands = [(Rect(x: limit.minX, y: limit.minY, width: limit.width, height: aboveBottom - limit.minY), rect.minY, topR,
                      Rect(x: 0, y: rect.minY, width: 0, height: y0 - rect.minY)),
                     (Rect(x: limit.minX, y: belowTop, width: limit.width, height: limit.maxY - belowTop), rect.maxY, bottomR,
                      Rect(x: 0, y: y1, width: 0, height: rect.maxY - y1))]
        for (band, edge, cornerRadius, rows) in bands where band.height > 0 {
            // Between the corners a whole-pixel edge covers every pixel of these rows: a plain fill.
            let middleX0 = (rect.minX + cornerRadius).rounded(.up), middleX1 = (rect.maxX - cornerRadius).rounded(.down)
            guard edge == edge.rounded(), middleX1 > middleX0 else {
                pieces.append(fill(outline, limit: band))
                continue
            }
            fills.append(Rect(x: middleX0, y: rows.minY, width: middleX1 - middleX0, height: rows.height).intersection(band))
            pieces.append(fill(outline, limit: Rect(x: band.minX, y: band.minY, width: max(0, middleX0 - band.minX),
                                                     height: band.height), clippingColumns: true))
            pieces.append(fill(outline, limit: Rect(x: middleX1, y: band.minY, width: max(0, band.maxX - middleX1),
                                                     height: band.height), clippingColumns: true))
        }
        var left: [XTrapezoid] = [], right: [XTrapezoid] = []
        if rect.minX < x0 { append(&left, y0, y1, (rect.minX, rect.minX), (x0, x0), limit) }
        if rect.maxX > x1 { append(&right, y0, y1, (x1, x1), (rect.maxX, rect.maxX), limit) }
        pieces += [left, right]
        return (fills.filter { !$0.isEmpty }, pieces.filter { !$0.isEmpty })
    }

    /// Trapezoids for the band between `rect`'s rounded outline and the outline inset by `width` (with
    /// radius `max(0, radius - width)`): a CALayer-style border.
    static func ring(_ rect: Rect, radius: Double, corners: CornerMask = .all, width: Double, limit: Rect) -> [XTrapezoid] {
        guard rect.isFinite, !rect.isEmpty else { return [] }
        let r = clampedRadius(radius, for: rect)
        let innerRect = rect.insetBy(dx: width, dy: width)
        guard width > 0, !innerRect.isEmpty else { return fill(rect, radius: r, corners: corners, limit: limit) }
        let outer = profile(of: rect, radius: r, corners: corners)
        let inner = profile(of: innerRect, radius: max(0, r - width), corners: corners)
        let ys = Array(Set(outer.ys + inner.ys)).sorted()
        var traps: [XTrapezoid] = []
        traps.reserveCapacity(ys.count * 2)
        for i in 0..<(ys.count - 1) {
            let ya = ys[i], yb = ys[i + 1]
            let oa = outer.edges(at: ya), ob = outer.edges(at: yb)
            if ya >= inner.top, yb <= inner.bottom {
                let ia = inner.edges(at: ya), ib = inner.edges(at: yb)
                append(&traps, ya, yb, (oa.left, ob.left), (ia.left, ib.left), limit)
                append(&traps, ya, yb, (ia.right, ib.right), (oa.right, ob.right), limit)
            } else {
                append(&traps, ya, yb, (oa.left, ob.left), (oa.right, ob.right), limit)
            }
        }
        return traps
    }

    /// How far outside `limit` edges may lie before they are clipped: far enough that ordinary shapes keep
    /// their exact trapezoids, near enough that everything stays within XRender's 16.16 fixed point.
    static let edgeSlack = 1024.0

    /// Appends the band from `ya` to `yb` with straight left and right edges, clamped to `limit`'s rows and
    /// dropped when empty or outside `limit`'s columns. Edges reaching far outside `limit`'s columns are
    /// clipped to them (splitting the band where an edge crosses), which changes nothing inside `limit`
    /// and keeps every coordinate representable.
    private static func append(_ traps: inout [XTrapezoid], _ ya: Double, _ yb: Double,
                               _ left: (Double, Double), _ right: (Double, Double), _ limit: Rect) {
        let top = max(ya, limit.minY), bottom = min(yb, limit.maxY)
        guard bottom > top, yb > ya else { return }
        guard max(right.0, right.1) > limit.minX, min(left.0, left.1) < limit.maxX else { return }
        let lo = max(limit.minX - edgeSlack, -xCoordinateLimit), hi = min(limit.maxX + edgeSlack, xCoordinateLimit)
        let xs = [left.0, left.1, right.0, right.1]
        guard ya >= -xCoordinateLimit, yb <= xCoordinateLimit, xs.allSatisfy({ $0 >= lo && $0 <= hi }) else {
            return appendClipped(&traps, ya, yb, left, right, top: top, bottom: bottom, lo: lo, hi: hi)
        }
        let fya = xFixed(ya), fyb = xFixed(yb)
        traps.append(XTrapezoid(
            top: xFixed(top), bottom: xFixed(bottom),
            left: XLineFixed(p1: XPointFixed(x: xFixed(left.0), y: fya), p2: XPointFixed(x: xFixed(left.1), y: fyb)),
            right: XLineFixed(p1: XPointFixed(x: xFixed(right.0), y: fya), p2: XPointFixed(x: xFixed(right.1), y: fyb))))
    }

    /// The rows `top...bottom` of a band whose edges reach beyond `lo...hi`: split where an edge crosses
    /// `lo` or `hi`, so that in each piece every edge lies wholly inside or wholly on one side, then clamp.
    private static func appendClipped(_ traps: inout [XTrapezoid], _ ya: Double, _ yb: Double,
                                      _ left: (Double, Double), _ right: (Double, Double),
                                      top: Double, bottom: Double, lo: Double, hi: Double) {
        func x(_ edge: (Double, Double), at y: Double) -> Double {
            edge.0 + (edge.1 - edge.0) * ((y - ya) / (yb - ya))
        }
        var cuts = [top, bottom]
        for edge in [left, right] where edge.0 != edge.1 {
            for bound in [lo, hi] where (edge.0 - bound) * (edge.1 - bound) < 0 {
                let y = ya + (bound - edge.0) / (edge.1 - edge.0) * (yb - ya)
                if y > top, y < bottom { cuts.append(y) }
            }
        }
        cuts.sort()
        for (y0, y1) in zip(cuts, cuts.dropFirst()) {
            let f0 = xFixed(y0), f1 = xFixed(y1)
            guard f1 > f0 else { continue }
            func point(_ edge: (Double, Double), _ y: Double, _ fy: XFixed) -> XPointFixed {
                XPointFixed(x: xFixed(min(max(x(edge, at: y), lo), hi)), y: fy)
            }
            traps.append(XTrapezoid(top: f0, bottom: f1,
                                    left: XLineFixed(p1: point(left, y0, f0), p2: point(left, y1, f1)),
                                    right: XLineFixed(p1: point(right, y0, f0), p2: point(right, y1, f1))))
        }
    }
}
