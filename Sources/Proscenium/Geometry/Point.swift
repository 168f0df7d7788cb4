/// A location in a two-dimensional coordinate space, in points (one point is one pixel on X11).
public struct Point: Hashable, Sendable, CustomStringConvertible {
    /// Horizontal position, in points; grows to the right.
    public var x: Double
    /// Vertical position, in points; grows downwards (the origin is top-left, as in UIKit).
    public var y: Double

    /// The point `x` points right of and `y` points below the origin, the top-left corner.
    @inlinable public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// The origin, (0, 0), as `CGPoint.zero`.
    public static let zero = Point(x: 0, y: 0)

    /// `(x, y)`, whole numbers without a fractional part, for logs.
    public var description: String { "(\(x.compactDescription), \(y.compactDescription))" }

    /// Distance to another point.
    public func distance(to other: Point) -> Double {
        ((x - other.x) * (x - other.x) + (y - other.y) * (y - other.y)).squareRoot()
    }

    /// Adds the coordinates, as when offsetting a point by another.
    public static func + (lhs: Point, rhs: Point) -> Point { Point(x: lhs.x + rhs.x, y: lhs.y + rhs.y) }
    /// Subtracts the coordinates: the offset from `rhs` to `lhs`.
    public static func - (lhs: Point, rhs: Point) -> Point { Point(x: lhs.x - rhs.x, y: lhs.y - rhs.y) }
}

extension Double {
    /// Prints whole numbers without a fractional part, so logs and dumps stay readable.
    var compactDescription: String {
        if self == rounded(), abs(self) < 1e15 { return String(Int(self)) }
        return String(self)
    }
}
