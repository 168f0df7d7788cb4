/// Options for `View.animate`, with UIKit's names and bit layout (`UIView.AnimationOptions`).
public struct AnimationOptions: OptionSet, Sendable, Hashable {
    /// The options' bits, laid out as UIKit's: a value written for `UIView.AnimationOptions` means the same.
    public let rawValue: UInt

    /// An option set from its raw bits.
    public init(rawValue: UInt) { self.rawValue = rawValue }

    // MARK: - Behaviour

    /// Views keep receiving touches while they animate; without it an animating view refuses hits.
    public static let allowUserInteraction = AnimationOptions(rawValue: 1 << 1)
    /// Start from what is on screen. Proscenium always does (and carries spring velocity over), so this
    /// is accepted for UIKit compatibility and changes nothing.
    public static let beginFromCurrentState = AnimationOptions(rawValue: 1 << 2)

    // MARK: - Curves (two bits; ease-in-out is zero, the default)

    /// Slow start and end; the default.
    public static let curveEaseInOut = AnimationOptions(rawValue: 0 << 16)
    /// Starts slowly and ends at full speed: for views leaving the screen.
    public static let curveEaseIn = AnimationOptions(rawValue: 1 << 16)
    /// Starts at full speed and slows to a stop: for views arriving on screen.
    public static let curveEaseOut = AnimationOptions(rawValue: 2 << 16)
    /// The same speed from start to end: for progress that tracks something steady, such as a timer.
    public static let curveLinear = AnimationOptions(rawValue: 3 << 16)

    /// The curve these options select.
    public var curve: AnimationCurve {
        switch (rawValue >> 16) & 3 {
        case 1: .easeIn
        case 2: .easeOut
        case 3: .linear
        default: .easeInOut
        }
    }
}
