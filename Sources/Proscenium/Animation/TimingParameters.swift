/// The named curves of UIKit's `UIView.AnimationCurve`.
public enum AnimationCurve: Sendable, Hashable {
    /// Slow start and end, slow start, slow end, constant speed.
    case easeInOut, easeIn, easeOut, linear

    /// The cubic Bézier the curve stands for.
    public var timing: CubicBezierTiming {
        switch self {
        case .easeInOut: .easeInOut
        case .easeIn: .easeIn
        case .easeOut: .easeOut
        case .linear: .linear
        }
    }
}

/// Timing for an animation: a cubic curve or a spring, as UIKit's `UITimingCurveProvider`.
public protocol TimingCurveProvider: Sendable {
    /// The curve, when this timing is a cubic curve.
    var cubicTimingParameters: CubicTimingParameters? { get }
    /// The spring, when this timing is a spring.
    var springTimingParameters: SpringTimingParameters? { get }
}

// MARK: - Cubic

/// Timing along a cubic Bézier curve, as UIKit's `UICubicTimingParameters`.
public struct CubicTimingParameters: TimingCurveProvider, Hashable {
    /// The curve that maps time to progress.
    public let timingCurve: CubicBezierTiming

    /// UIKit's default timing, ease-in-out: slow at both ends.
    public init() { timingCurve = .easeInOut }
    /// One of the named curves.
    public init(animationCurve: AnimationCurve) { timingCurve = animationCurve.timing }
    /// A custom curve through two control points.
    public init(controlPoint1: Point, controlPoint2: Point) {
        timingCurve = CubicBezierTiming(controlPoint1: controlPoint1, controlPoint2: controlPoint2)
    }
    /// Any cubic-Bézier timing.
    public init(_ curve: CubicBezierTiming) { timingCurve = curve }

    /// This timing, as it is a curve: what an animator reads to run it along the curve.
    public var cubicTimingParameters: CubicTimingParameters? { self }
    /// Nil: this is a curve.
    public var springTimingParameters: SpringTimingParameters? { nil }
}

// MARK: - Spring

/// Timing by a spring, as UIKit's `UISpringTimingParameters`: either a damping ratio that takes the
/// animation's duration as its settling time, or a fixed spring that settles in its own time.
public struct SpringTimingParameters: TimingCurveProvider, Hashable {
    enum Kind: Hashable {
        /// UIKit's ratio form: ω₀ follows from the animation's duration.
        case dampingRatio(Double)
        /// A spring with its own constants; the animation lasts its settling duration.
        case physical(Spring)
    }

    let kind: Kind
    /// Velocity at the start, per axis, in units of the animation's total distance per second, as
    /// `UISpringTimingParameters.initialVelocity`: `dx` drives horizontal lanes (and one-dimensional
    /// properties such as alpha), `dy` vertical ones.
    public private(set) var initialVelocityVector: Vector

    /// The horizontal (and one-dimensional) initial velocity, in distances per second.
    public var initialVelocity: Double { initialVelocityVector.dx }

    /// A velocity with its components that are not finite (a drag's speed over a zero distance) as 0:
    /// one would make every value of the spring NaN.
    static func finite(_ velocity: Vector) -> Vector {
        Vector(dx: velocity.dx.isFinite ? velocity.dx : 0, dy: velocity.dy.isFinite ? velocity.dy : 0)
    }

    /// A spring with damping ratio ζ (clamped to (0, 1]) that settles in the animation's duration.
    public init(dampingRatio: Double, initialVelocity: Double = 0) {
        self.init(dampingRatio: dampingRatio, initialVelocity: Vector(dx: initialVelocity, dy: initialVelocity))
    }

    /// A ratio spring with a different initial velocity along each axis, as a drag released at an angle.
    public init(dampingRatio: Double, initialVelocity: Vector) {
        kind = .dampingRatio(dampingRatio)
        initialVelocityVector = Self.finite(initialVelocity)
    }

    /// A spring by its physical constants; the animation's requested duration is ignored.
    public init(mass: Double, stiffness: Double, damping: Double, initialVelocity: Double = 0) {
        kind = .physical(Spring(mass: mass, stiffness: stiffness, damping: damping))
        initialVelocityVector = Self.finite(Vector(dx: initialVelocity, dy: initialVelocity))
    }

    /// A spring by perceptual duration and bounce, as SwiftUI and libadwaita describe it; the animation
    /// lasts until the spring settles.
    public init(duration: Double, bounce: Double = 0, initialVelocity: Double = 0) {
        kind = .physical(Spring(duration: duration, bounce: bounce))
        initialVelocityVector = Self.finite(Vector(dx: initialVelocity, dy: initialVelocity))
    }

    /// Any spring; the animation lasts until it settles.
    public init(spring: Spring, initialVelocity: Double = 0) {
        self.init(spring: spring, initialVelocity: Vector(dx: initialVelocity, dy: initialVelocity))
    }

    /// Any spring with a per-axis initial velocity; the animation lasts until it settles.
    public init(spring: Spring, initialVelocity: Vector) {
        kind = .physical(spring)
        initialVelocityVector = Self.finite(initialVelocity)
    }

    /// A critically damped spring that settles in the animation's duration (UIKit's default).
    public init() { self.init(dampingRatio: 1) }

    /// Nil: this is a spring.
    public var cubicTimingParameters: CubicTimingParameters? { nil }
    /// This timing, as it is a spring: what an animator reads to run it as a spring.
    public var springTimingParameters: SpringTimingParameters? { self }

    /// The same spring starting at rest: what takes over when a running spring turns around, carrying
    /// the velocity it has instead of the initial kick again.
    var startingAtRest: SpringTimingParameters {
        var copy = self
        copy.initialVelocityVector = .zero
        return copy
    }

    /// The spring an animation of `duration` seconds runs.
    public func spring(forDuration duration: Double) -> Spring {
        switch kind {
        case let .dampingRatio(ratio): Spring(dampingRatio: ratio, duration: duration)
        case let .physical(spring): spring
        }
    }

    /// The longest a physical spring animates; an undamped spring never settles.
    public static let maximumSettlingDuration = 30.0

    /// How long the animation runs: `duration` for the ratio form, the settling duration otherwise
    /// (at most `maximumSettlingDuration`).
    public func animationDuration(forRequested duration: Double) -> Double {
        switch kind {
        case .dampingRatio: duration
        case let .physical(spring):
            min(spring.settlingDuration(initialVelocity: max(abs(initialVelocityVector.dx), abs(initialVelocityVector.dy))),
                Self.maximumSettlingDuration)
        }
    }
}

// MARK: - Resolved timing

/// Timing ready to evaluate: what a running animation stores.
enum ResolvedTiming {
    case curve(CubicBezierTiming)
    /// A spring; the velocity is relative (distances per second) per axis.
    case spring(Spring, initialVelocity: Vector)

    /// Resolves `provider` for an animation asked to last `requested` seconds; returns the real duration.
    static func resolve(_ provider: TimingCurveProvider, requested: Double) -> (ResolvedTiming, duration: Double) {
        if let spring = provider.springTimingParameters {
            return (.spring(spring.spring(forDuration: requested), initialVelocity: spring.initialVelocityVector),
                    spring.animationDuration(forRequested: requested))
        }
        return (.curve(provider.cubicTimingParameters?.timingCurve ?? .easeInOut), requested)
    }

    /// Progress (0 at start, 1 at the end) after `time` seconds of an animation lasting `duration`.
    func progress(at time: Double, duration: Double) -> Double {
        switch self {
        case let .curve(curve): duration > 0 ? curve.value(at: time / duration) : 1
        case let .spring(spring, velocity): spring.value(at: time, initialVelocity: velocity.dx)
        }
    }

    /// The rate of `progress(at:duration:)` per second of the animation's own time.
    func progressRate(at time: Double, duration: Double) -> Double {
        switch self {
        case let .curve(curve): duration > 0 ? curve.slope(at: time / duration) / duration : 0
        case let .spring(spring, velocity): spring.velocity(at: time, initialVelocity: velocity.dx)
        }
    }
}
