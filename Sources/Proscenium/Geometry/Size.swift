/// A width and a height, in points.
public struct Size: Hashable, Sendable, CustomStringConvertible {
    /// Horizontal extent, in points.
    public var width: Double
    /// Vertical extent, in points.
    public var height: Double

    /// A size of `width` by `height` points.
    @inlinable public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// No width and no height, as `CGSize.zero`.
    public static let zero = Size(width: 0, height: 0)

    /// `widthxheight`, such as `320x240`, for logs.
    public var description: String { "\(width.compactDescription)x\(height.compactDescription)" }
}
