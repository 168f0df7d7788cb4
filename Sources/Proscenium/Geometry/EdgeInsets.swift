/// Distances to inset a rectangle by on each edge, as UIKit's `UIEdgeInsets`.
public struct EdgeInsets: Hashable, Sendable {
    /// Inset from the top edge, in points; a negative value grows the rectangle.
    public var top: Double
    /// Inset from the left edge, in points; a negative value grows the rectangle.
    public var left: Double
    /// Inset from the bottom edge, in points; a negative value grows the rectangle.
    public var bottom: Double
    /// Inset from the right edge, in points; a negative value grows the rectangle.
    public var right: Double

    /// Insets with a separate distance for each edge, in points.
    public init(top: Double, left: Double, bottom: Double, right: Double) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    /// The same inset on all four edges.
    public init(all value: Double) {
        self.init(top: value, left: value, bottom: value, right: value)
    }

    /// No inset on any edge, as `UIEdgeInsets.zero`.
    public static let zero = EdgeInsets(all: 0)
}
