/// Runs the animations of one window: advances them to each frame's time and writes presentation values.
@MainActor public final class AnimationEngine {
    public init() {}

    /// True while at least one animation runs; the window keeps asking for frames until it is false.
    public var hasRunningAnimations: Bool { false }

    /// Advances every animation to `time` and updates the presentation values of the views involved.
    public func advance(to time: Double) {}
}
