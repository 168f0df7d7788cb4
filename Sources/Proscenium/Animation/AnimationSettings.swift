import FoundationEssentials

/// Process-wide animation preferences.
@MainActor public enum AnimationSettings {
    /// Reduced motion, as the accessibility setting of GNOME and iOS. When on, `View.animate` (not
    /// `PropertyAnimator`, which usually follows a finger) works like this:
    /// - center, bounds and transform changes jump, at the animation's start (after any delay);
    /// - a view that jumped fades in from alpha 0 to its model alpha over `crossFadeDuration`, ease-in-out,
    ///   unless the same block changes its alpha, its alpha is 0, or its alpha already animates;
    /// - springs on the other properties become `crossFadeDuration` ease-in-out curves;
    /// - curve animations of the other properties (fades, colours) keep their timing.
    /// Starts from the environment variable `PROSCENIUM_REDUCE_MOTION=1`.
    public static var reduceMotion: Bool = reduceMotion(fromEnvironment: ProcessInfo.processInfo.environment)

    /// How long the fades that stand in for motion last under reduced motion.
    public static let crossFadeDuration = 0.15

    /// Whether `environment` asks for reduced motion (`PROSCENIUM_REDUCE_MOTION=1`).
    static func reduceMotion(fromEnvironment environment: [String: String]) -> Bool {
        environment["PROSCENIUM_REDUCE_MOTION"] == "1"
    }
}
