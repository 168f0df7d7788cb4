/// A set of whole-pixel rectangles: the part of the window a frame must redraw.
///
/// Overlapping or touching rectangles are merged as they are added, and past `maximumRectangles` the region
/// falls back to merging the closest pair, because a handful of clip rectangles is cheaper for XRender than
/// many tiny ones.
public struct Region: Sendable, Equatable, CustomStringConvertible {
    /// The rectangles: whole-pixel, non-overlapping, at most `rectangleLimit` of them.
    public private(set) var rects: [Rect] = []

    /// Past this many rectangles, by default, the two that waste least area when merged become one.
    public static let maximumRectangles = 8

    /// This region's limit on rectangles (`maximumRectangles` unless made with another).
    public let rectangleLimit: Int

    /// An empty region: nothing to redraw.
    public init() {
        rectangleLimit = Self.maximumRectangles
    }

    /// An empty region that keeps up to `maximumRectangles` rectangles apart before merging: for a
    /// backend that finds more, smaller rectangles cheaper than fewer, larger ones.
    public init(maximumRectangles: Int) {
        rectangleLimit = max(1, maximumRectangles)
    }

    /// A region covering `rect`, rounded out to whole pixels.
    public init(_ rect: Rect) {
        rectangleLimit = Self.maximumRectangles
        add(rect)
    }

    /// Two regions are equal when they hold the same rectangles, whatever their limits.
    public static func == (a: Region, b: Region) -> Bool { a.rects == b.rects }

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
        // Inside one already (every view of a screen sliding by, once the first ones damaged most of it):
        // nothing changes.
        for existing in rects where existing.contains(pending) { return }
        // Room for the limit at once, rather than growing one reallocation at a time as rectangles come.
        if rects.capacity == 0 { rects.reserveCapacity(rectangleLimit + 1) }
        // Absorb every rectangle the new one overlaps; repeat because the merged one may overlap more.
        var merged = true
        while merged {
            merged = false
            let (left, top, right, bottom) = (pending.minX, pending.minY, pending.maxX, pending.maxY)
            for index in rects.indices {
                let existing = rects[index]
                // Overlapping or sharing an edge needs the closed boxes to meet: most rectangles fail this
                // first, cheaper test (retention adds some seventy rectangles to regions every frame).
                guard existing.minX <= right, left <= existing.maxX, existing.minY <= bottom, top <= existing.maxY,
                      existing.intersects(pending) || Self.tile(existing, pending) else { continue }
                pending = pending.union(existing)
                rects.remove(at: index)
                merged = true
                break
            }
        }
        rects.append(pending)
        while rects.count > rectangleLimit { mergeCheapestPair() }
    }

    /// Adds every rectangle of another region.
    public mutating func add(_ other: Region) {
        for rect in other.rects { add(rect) }
    }

    /// Keeps only the part inside `rect`.
    public func intersection(_ rect: Rect) -> Region {
        var result = Region(maximumRectangles: rectangleLimit)
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
