/// A two-dimensional quantity with no position, such as a velocity, as `CGVector`.
public struct Vector: Hashable, Sendable, CustomStringConvertible {
    /// The horizontal component.
    public var dx: Double
    /// The vertical component.
    public var dy: Double

    /// A vector of `dx` across and `dy` down.
    public init(dx: Double, dy: Double) {
        self.dx = dx
        self.dy = dy
    }

    /// No magnitude.
    public static let zero = Vector(dx: 0, dy: 0)

    /// `(dx, dy)`, for logs.
    public var description: String { "(\(dx.compactDescription), \(dy.compactDescription))" }
}
