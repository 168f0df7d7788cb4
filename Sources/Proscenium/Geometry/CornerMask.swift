/// Which corners of a view its `cornerRadius` rounds, as `CALayer.maskedCorners`: a bottom sheet rounds only
/// its top corners.
public struct CornerMask: OptionSet, Sendable, Hashable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// The top-left corner.
    public static let topLeft = CornerMask(rawValue: 1 << 0)
    /// The top-right corner.
    public static let topRight = CornerMask(rawValue: 1 << 1)
    /// The bottom-left corner.
    public static let bottomLeft = CornerMask(rawValue: 1 << 2)
    /// The bottom-right corner.
    public static let bottomRight = CornerMask(rawValue: 1 << 3)

    /// The two top corners.
    public static let top: CornerMask = [.topLeft, .topRight]
    /// The two bottom corners.
    public static let bottom: CornerMask = [.bottomLeft, .bottomRight]
    /// Every corner (the default).
    public static let all: CornerMask = [.top, .bottom]
}
