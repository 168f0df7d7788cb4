import Glibc

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
    // Read with getenv: `ProcessInfo.environment` copies the whole environment into a dictionary, some 0.4M
    // instructions in the frame of the first animation, which is when this is first read.
    public static var reduceMotion: Bool = reduceMotion(fromEnvironment: getenv(environmentVariable).map {
        [environmentVariable: String(cString: $0)]
    } ?? [:])

    /// The environment variable that turns reduced motion on at start.
    static let environmentVariable = "PROSCENIUM_REDUCE_MOTION"

    /// How long the fades that stand in for motion last under reduced motion.
    public static let crossFadeDuration = 0.15

    /// Whether `environment` asks for reduced motion (`PROSCENIUM_REDUCE_MOTION=1`).
    static func reduceMotion(fromEnvironment environment: [String: String]) -> Bool {
        environment[environmentVariable] == "1"
    }
}
