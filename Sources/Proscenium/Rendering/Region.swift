/// A set of whole-pixel rectangles: the part of the window a frame must redraw.
///
/// Overlapping or touching rectangles are merged as they are added, and past `maximumRectangles` the region
/// falls back to merging the closest pair, because a handful of clip rectangles is cheaper for XRender than
/// many tiny ones.
public struct Region: Sendable, Equatable, CustomStringConvertible {
    /// The rectangles: whole-pixel, non-overlapping, at most `maximumRectangles` of them.
    public private(set) var rects: [Rect] = []

    /// Past this many rectangles, the two that waste least area when merged become one.
    public static let maximumRectangles = 8

    /// An empty region: nothing to redraw.
    public init() {}

    /// A region covering `rect`, rounded out to whole pixels.
    public init(_ rect: Rect) {
        add(rect)
    }

    /// True when there is nothing to redraw.
    public var isEmpty: Bool { rects.isEmpty }

    /// The smallest rectangle that contains the whole region.
    public var bounds: Rect { rects.reduce(Rect.zero) { $0.union($1) } }

    /// Total number of pixels covered (rectangles never overlap after merging).
    public var area: Double { rects.reduce(0) { $0 + $1.width * $1.height } }

    /// `Region[...]` listing the rectangles, for logs.
    public var description: String { "Region\(rects)" }

    /// Adds a rectangle, rounded out to whole pixels.
    public mutating func add(_ rect: Rect) {
        var pending = rect.integral
        guard !pending.isEmpty else { return }
        // Absorb every rectangle the new one overlaps; repeat because the merged one may overlap more.
        var merged = true
        while merged {
            merged = false
            for (index, existing) in rects.enumerated() where existing.intersects(pending) || Self.tile(existing, pending) {
                pending = pending.union(existing)
                rects.remove(at: index)
                merged = true
                break
            }
        }
        rects.append(pending)
        while rects.count > Self.maximumRectangles { mergeCheapestPair() }
    }

    /// Adds every rectangle of another region.
    public mutating func add(_ other: Region) {
        for rect in other.rects { add(rect) }
    }

    /// Keeps only the part inside `rect`.
    public func intersection(_ rect: Rect) -> Region {
        var result = Region()
        for r in rects {
            let clipped = r.intersection(rect)
            if !clipped.isEmpty { result.rects.append(clipped) }
        }
        return result
    }

    /// Whether any part of the region overlaps `rect`.
    public func intersects(_ rect: Rect) -> Bool {
        rects.contains { $0.intersects(rect) }
    }

    /// Whether two rectangles share a whole edge, so their union covers exactly the two: "touching".
    private static func tile(_ a: Rect, _ b: Rect) -> Bool {
        (a.minY == b.minY && a.maxY == b.maxY && (a.maxX == b.minX || b.maxX == a.minX))
            || (a.minX == b.minX && a.maxX == b.maxX && (a.maxY == b.minY || b.maxY == a.minY))
    }

    private mutating func mergeCheapestPair() {
        var best = (i: 0, j: 1, waste: Double.infinity)
        for i in rects.indices {
            for j in rects.indices where j > i {
                let union = rects[i].union(rects[j])
                let waste = union.width * union.height - rects[i].width * rects[i].height - rects[j].width * rects[j].height
                if waste < best.waste { best = (i, j, waste) }
            }
        }
        let union = rects[best.i].union(rects[best.j])
        rects.remove(at: best.j)
        rects.remove(at: best.i)
        add(union)
    }
}
