/// Which corners of a view its `cornerRadius` rounds, as `CALayer.maskedCorners`: a bottom sheet rounds only
/// its top corners.
public struct CornerMask: OptionSet, Sendable, Hashable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Rounds the top-left corner, the one at the bounds' origin.
    public static let topLeft = CornerMask(rawValue: 1 << 0)
    /// Rounds the top-right corner; with `topLeft`, the pair a bottom sheet rounds (`top`).
    public static let topRight = CornerMask(rawValue: 1 << 1)
    /// Rounds the bottom-left corner, which a bottom sheet leaves square against the window's edge.
    public static let bottomLeft = CornerMask(rawValue: 1 << 2)
    /// Rounds the bottom-right corner, the one farthest from the bounds' origin.
    public static let bottomRight = CornerMask(rawValue: 1 << 3)

    /// The two top corners.
    public static let top: CornerMask = [.topLeft, .topRight]
    /// The two bottom corners.
    public static let bottom: CornerMask = [.bottomLeft, .bottomRight]
    /// Every corner (the default).
    public static let all: CornerMask = [.top, .bottom]
}
