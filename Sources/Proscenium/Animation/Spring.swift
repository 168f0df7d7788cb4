import Glibc

/// A damped harmonic oscillator, m·x″ + c·x′ + k·x = 0, solved in closed form: the pure maths behind
/// spring animations and presentation transitions. Values are *progress* from 0 (start) to 1 (rest).
public struct Spring: Hashable, Sendable {
    // MARK: - Parameters

    /// The mass m: with the same stiffness and damping, a heavier one moves more slowly and overshoots more.
    public let mass: Double
    /// The spring constant k.
    public let stiffness: Double
    /// The damping coefficient c.
    public let damping: Double

    /// ω₀ = √(k/m), in radians per second.
    public let naturalFrequency: Double
    /// ζ = c / (2√(km)); below 1 the spring overshoots, at 1 it is critically damped.
    public let dampingRatio: Double

    /// The fraction of the distance the oscillation envelope decays to at the settling time (UIKit's ε).
    public static let settlingEpsilon = 0.001
    /// The smallest damping ratio `init(dampingRatio:duration:)` accepts; lower ratios are raised to it,
    /// because the envelope formula has no positive solution once ζ nears ε.
    public static let minimumDampingRatio = 0.01

    // MARK: - Making springs

    /// A spring from its physical constants. Values a spring cannot have are corrected rather than trapped,
    /// since they often come from a designer's input: a mass or stiffness that is not positive becomes
    /// 1e-6, a negative damping 0, and anything not finite the default (mass 1, stiffness 100, damping 10).
    public init(mass: Double = 1, stiffness: Double, damping: Double) {
        let mass = mass.isFinite ? max(mass, 1e-6) : 1
        let stiffness = stiffness.isFinite ? max(stiffness, 1e-6) : 100
        let damping = damping.isFinite ? max(damping, 0) : 10
        self.mass = mass
        self.stiffness = stiffness
        self.damping = damping
        naturalFrequency = (stiffness / mass).squareRoot()
        dampingRatio = damping / (2 * (stiffness * mass).squareRoot())
    }

    /// The spring UIKit builds for `animate(withDuration:usingSpringWithDamping:…)`: mass 1, ζ clamped to
    /// (0, 1], and ω₀ chosen so the oscillation envelope falls to ε = 0.001 of the distance at `duration`.
    public init(dampingRatio: Double, duration: Double) {
        let zeta = min(max(dampingRatio, Self.minimumDampingRatio), 1)
        let d = max(duration, 1e-6)
        let omega: Double
        if zeta < 1 {
            omega = -log(Self.settlingEpsilon * (1 - zeta * zeta).squareRoot() / zeta) / (zeta * d)
        } else {
            omega = Self.criticalSettlingProduct / d
        }
        self.init(mass: 1, stiffness: omega * omega, damping: 2 * zeta * omega)
    }

    /// A spring as designers describe it in SwiftUI and libadwaita: a perceptual `duration` (the period of
    /// the undamped oscillation) and a `bounce` (0 none, towards 1 more; negative is overdamped).
    /// k = (2π/d)², c = 4π(1 − bounce)/d, mass 1.
    public init(duration: Double, bounce: Double) {
        let d = max(duration, 1e-6)
        self.init(mass: 1, stiffness: pow(2 * Double.pi / d, 2), damping: max(0, 4 * Double.pi * (1 - bounce) / d))
    }

    /// x = ω₀·d for a critically damped spring whose envelope e^(−x)(1 + x) falls to ε; solved once.
    static let criticalSettlingProduct: Double = solveCriticalSettling(epsilon: settlingEpsilon)

    /// Solves e^(−x)(1 + x) = ε for x > 0 with Newton's method, falling back to bisection.
    static func solveCriticalSettling(epsilon: Double) -> Double {
        func f(_ x: Double) -> Double { exp(-x) * (1 + x) - epsilon }
        var low = 0.0, high = 1.0
        while f(high) > 0 { high *= 2 }
        var x = -log(epsilon)
        for _ in 0..<100 {
            let fx = f(x)
            if abs(fx) < 1e-15 { return x }
            if fx > 0 { low = x } else { high = x }
            let derivative = -x * exp(-x)
            var next = x - fx / derivative
            if !(next > low && next < high) { next = (low + high) / 2 }
            if abs(next - x) < 1e-14 { return next }
            x = next
        }
        return x
    }

    // MARK: - Motion

    /// Coefficients of the general solution at `time`: displacement u(t) = a·u₀ + b·v₀ and velocity
    /// u′(t) = da·u₀ + db·v₀, for initial displacement u₀ and velocity v₀ (any units).
    public func response(at time: Double) -> (a: Double, b: Double, da: Double, db: Double) {
        let t = max(0, time)
        let omega = naturalFrequency, zeta = dampingRatio
        if abs(zeta - 1) < 1e-9 {
            let e = exp(-omega * t)
            return (e * (1 + omega * t), e * t, -e * omega * omega * t, e * (1 - omega * t))
        }
        if zeta < 1 {
            let alpha = zeta * omega
            let omegaD = omega * (1 - zeta * zeta).squareRoot()
            let e = exp(-alpha * t), c = cos(omegaD * t), s = sin(omegaD * t)
            return (e * (c + alpha / omegaD * s), e * s / omegaD,
                    -e * omega * omega / omegaD * s, e * (c - alpha / omegaD * s))
        }
        let root = (zeta * zeta - 1).squareRoot()
        let r1 = -omega * (zeta - root), r2 = -omega * (zeta + root)
        let e1 = exp(r1 * t), e2 = exp(r2 * t), span = r2 - r1
        return ((r2 * e1 - r1 * e2) / span, (e2 - e1) / span,
                r1 * r2 * (e1 - e2) / span, (r2 * e2 - r1 * e1) / span)
    }

    /// Progress from 0 to 1 at `time`, starting at rest or with `initialVelocity` in units of the total
    /// distance per second (UIKit's `initialSpringVelocity`).
    public func value(at time: Double, initialVelocity: Double = 0) -> Double {
        let r = response(at: time)
        return 1 - r.a + r.b * initialVelocity
    }

    /// The rate of change of `value(at:initialVelocity:)`, in distances per second.
    public func velocity(at time: Double, initialVelocity: Double = 0) -> Double {
        let r = response(at: time)
        return -r.da + r.db * initialVelocity
    }

    // MARK: - Settling

    /// The time after which the motion stays within `epsilon` of rest (as a fraction of the distance),
    /// for a start at progress 0 with `initialVelocity`; found from the decay envelope.
    public func settlingDuration(initialVelocity: Double = 0, epsilon: Double = Spring.settlingEpsilon) -> Double {
        let omega = naturalFrequency, zeta = dampingRatio
        let u0 = -1.0, v0 = initialVelocity
        let envelope: (Double) -> Double
        if abs(zeta - 1) < 1e-9 {
            envelope = { t in exp(-omega * t) * (abs(u0) + abs(v0 + omega * u0) * t) }
        } else if zeta < 1 {
            let alpha = zeta * omega, omegaD = omega * (1 - zeta * zeta).squareRoot()
            guard alpha > 0 else { return .infinity }
            let amplitude = (u0 * u0 + pow((v0 + alpha * u0) / omegaD, 2)).squareRoot()
            return max(0, log(amplitude / epsilon) / alpha)
        } else {
            let root = (zeta * zeta - 1).squareRoot()
            let r1 = -omega * (zeta - root), r2 = -omega * (zeta + root)
            let c2 = (v0 - r1 * u0) / (r2 - r1), c1 = u0 - c2
            envelope = { t in abs(c1) * exp(r1 * t) + abs(c2) * exp(r2 * t) }
        }
        // The envelope may rise first, then falls for good: search from its largest sampled value on.
        var start = 0.0, step = 1 / max(omega, 1e-6)
        var peak = envelope(0)
        for i in 1...64 {
            let t = Double(i) * step / 8
            let value = envelope(t)
            if value > peak { peak = value; start = t }
        }
        guard peak > epsilon else { return 0 }
        var high = start + step
        while envelope(high) > epsilon { high = start + (high - start) * 2 }
        var low = start
        for _ in 0..<100 where high - low > 1e-9 {
            let mid = (low + high) / 2
            if envelope(mid) > epsilon { low = mid } else { high = mid }
        }
        return high
    }
}
