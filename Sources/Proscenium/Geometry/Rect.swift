/// An axis-aligned rectangle: an origin and a size, in points.
public struct Rect: Hashable, Sendable, CustomStringConvertible {
    /// The corner the size is measured from; the top-left when the size is positive.
    public var origin: Point
    /// Width and height; may be negative, which the edge properties and `standardized` account for.
    public var size: Size

    /// A rectangle from an origin and a size.
    @inlinable public init(origin: Point, size: Size) {
        self.origin = origin
        self.size = size
    }

    /// A rectangle from its origin's coordinates and its size, in points, as `CGRect(x:y:width:height:)`.
    @inlinable public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
    }

    /// The empty rectangle at the origin, as `CGRect.zero`.
    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    /// `(x, y, widthxheight)`, for logs.
    public var description: String { "(\(origin.x.compactDescription), \(origin.y.compactDescription), \(size))" }

    // MARK: - Edges

    /// The x of the left edge, whatever the sign of the width.
    @inlinable public var minX: Double { min(origin.x, origin.x + size.width) }
    /// The y of the top edge, whatever the sign of the height.
    @inlinable public var minY: Double { min(origin.y, origin.y + size.height) }
    /// The x of the right edge, whatever the sign of the width.
    @inlinable public var maxX: Double { max(origin.x, origin.x + size.width) }
    /// The y of the bottom edge, whatever the sign of the height.
    @inlinable public var maxY: Double { max(origin.y, origin.y + size.height) }
    /// The x halfway between the left and right edges.
    public var midX: Double { origin.x + size.width / 2 }
    /// The y halfway between the top and bottom edges.
    public var midY: Double { origin.y + size.height / 2 }
    /// The width, never negative.
    @inlinable public var width: Double { abs(size.width) }
    /// The height, never negative.
    @inlinable public var height: Double { abs(size.height) }
    /// The centre point, (`midX`, `midY`).
    public var center: Point { Point(x: midX, y: midY) }

    /// A rectangle with no area.
    @inlinable public var isEmpty: Bool { size.width == 0 || size.height == 0 }

    /// The same rectangle with a non-negative width and height.
    public var standardized: Rect { Rect(x: minX, y: minY, width: width, height: height) }

    // MARK: - Queries

    /// Whether the point lies inside; the maximum edges are exclusive, as in UIKit.
    @inlinable public func contains(_ point: Point) -> Bool {
        !isEmpty && point.x >= minX && point.x < maxX && point.y >= minY && point.y < maxY
    }

    /// Whether `other` lies completely inside this rectangle.
    @inlinable public func contains(_ other: Rect) -> Bool {
        !other.isEmpty && other.minX >= minX && other.maxX <= maxX && other.minY >= minY && other.maxY <= maxY
    }

    /// Whether the two rectangles overlap with some area; edges that only touch do not count.
    @inlinable public func intersects(_ other: Rect) -> Bool {
        // What `intersection(_:)` tests, without building the rectangle: damage regions ask this a lot.
        Swift.max(minX, other.minX) < Swift.min(maxX, other.maxX) && Swift.max(minY, other.minY) < Swift.min(maxY, other.maxY)
    }

    // MARK: - Combining

    /// The overlap of two rectangles, or `.zero` when they do not overlap.
    @inlinable public func intersection(_ other: Rect) -> Rect {
        let x0 = Swift.max(minX, other.minX), y0 = Swift.max(minY, other.minY)
        let x1 = Swift.min(maxX, other.maxX), y1 = Swift.min(maxY, other.maxY)
        guard x1 > x0, y1 > y0 else { return .zero }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// What is left of this rectangle with `hole` taken out: itself when they do not overlap, otherwise up
    /// to four bands (above, below, left and right of the overlap), which never overlap each other.
    public func subtracting(_ hole: Rect) -> [Rect] {
        var pieces: [Rect] = []
        forEachPiece(subtracting: hole) { pieces.append($0) }
        return pieces
    }

    /// The pieces `subtracting(_:)` returns, in the same order, handed to `body` one at a time without an
    /// array: for code that cuts many rectangles every frame.
    @inlinable public func forEachPiece(subtracting hole: Rect, _ body: (Rect) -> Void) {
        let cut = intersection(hole)
        guard !cut.isEmpty else {
            if !isEmpty { body(self) }
            return
        }
        let above = Rect(x: minX, y: minY, width: width, height: cut.minY - minY)
        let below = Rect(x: minX, y: cut.maxY, width: width, height: maxY - cut.maxY)
        let left = Rect(x: minX, y: cut.minY, width: cut.minX - minX, height: cut.height)
        let right = Rect(x: cut.maxX, y: cut.minY, width: maxX - cut.maxX, height: cut.height)
        if above.height > 0 { body(above) }
        if below.height > 0 { body(below) }
        if left.width > 0 { body(left) }
        if right.width > 0 { body(right) }
    }

    /// The smallest rectangle containing both; an empty rectangle contributes nothing.
    @inlinable public func union(_ other: Rect) -> Rect {
        if isEmpty { return other }
        if other.isEmpty { return self }
        let x0 = Swift.min(minX, other.minX), y0 = Swift.min(minY, other.minY)
        let x1 = Swift.max(maxX, other.maxX), y1 = Swift.max(maxY, other.maxY)
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// Shrinks (positive) or grows (negative) the rectangle by `dx` and `dy` on each side.
    public func insetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: minX + dx, y: minY + dy, width: Swift.max(0, width - 2 * dx), height: Swift.max(0, height - 2 * dy))
    }

    /// Shrinks the rectangle by each edge's inset, as `CGRect.inset(by:)`; the size never goes below zero.
    public func inset(by insets: EdgeInsets) -> Rect {
        Rect(x: minX + insets.left, y: minY + insets.top,
             width: Swift.max(0, width - insets.left - insets.right),
             height: Swift.max(0, height - insets.top - insets.bottom))
    }

    /// The same rectangle moved by `dx` and `dy`, as `CGRect.offsetBy(dx:dy:)`.
    public func offsetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: origin.x + dx, y: origin.y + dy, width: size.width, height: size.height)
    }

    /// The smallest rectangle with whole-pixel edges that contains this one.
    public var integral: Rect {
        guard !isEmpty else { return .zero }
        let x0 = minX.rounded(.down), y0 = minY.rounded(.down)
        let x1 = maxX.rounded(.up), y1 = maxY.rounded(.up)
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}
