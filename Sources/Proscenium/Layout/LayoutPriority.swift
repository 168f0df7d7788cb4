/// The two directions a layout runs in, as UIKit's `NSLayoutConstraint.Axis`.
public enum LayoutAxis: Sendable, Hashable {
    /// Left to right.
    case horizontal
    /// Top to bottom.
    case vertical
}

/// How strongly a view holds to its intrinsic size along an axis, 1 to 1000, as UIKit's
/// `UILayoutPriority`: see `View.contentHuggingPriority(for:)` and its compression resistance.
public struct LayoutPriority: Sendable, Hashable, Comparable, ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral {
    /// The strength, 1 (weakest) to 1000 (required).
    public var rawValue: Float

    /// A priority of `rawValue`, clamped to 1...1000 (NaN is `defaultLow`).
    public init(_ rawValue: Float) {
        self.rawValue = rawValue.isNaN ? 250 : min(max(rawValue, 1), 1000)
    }

    /// A priority written as a number.
    public init(floatLiteral value: Float) { self.init(value) }
    /// A priority written as a whole number.
    public init(integerLiteral value: Int) { self.init(Float(value)) }

    /// 1000: never given up.
    public static let required = LayoutPriority(1000)
    /// 750: what a button resists compression with.
    public static let defaultHigh = LayoutPriority(750)
    /// 250: what a view hugs its content with.
    public static let defaultLow = LayoutPriority(250)
    /// 50: the fitting size's.
    public static let fittingSizeLevel = LayoutPriority(50)

    /// Whether `a` is weaker than `b`.
    public static func < (a: LayoutPriority, b: LayoutPriority) -> Bool { a.rawValue < b.rawValue }
}

/// A view's hugging and compression-resistance priorities on both axes.
struct LayoutPriorities: Sendable, Hashable {
    var huggingHorizontal = LayoutPriority.defaultLow, huggingVertical = LayoutPriority.defaultLow
    var compressionHorizontal = LayoutPriority.defaultHigh, compressionVertical = LayoutPriority.defaultHigh
}
