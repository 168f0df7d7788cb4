/// A two-dimensional quantity with no position, such as a velocity, as `CGVector`.
public struct Vector: Hashable, Sendable, CustomStringConvertible {
    /// The part across, positive to the right, in the quantity's unit (points per second for a velocity).
    public var dx: Double
    /// The part up or down, positive downwards as `Point.y` grows, in the quantity's unit.
    public var dy: Double

    /// A vector of `dx` across and `dy` down.
    public init(dx: Double, dy: Double) {
        self.dx = dx
        self.dy = dy
    }

    /// Nothing in either direction: the velocity of something at rest.
    public static let zero = Vector(dx: 0, dy: 0)

    /// `(dx, dy)`, for logs.
    public var description: String { "(\(dx.compactDescription), \(dy.compactDescription))" }
}
