import Glibc

/// The motion laws of scrolling, as UIKit's scroll view follows them: deceleration by a constant factor per
/// millisecond, the rubber band past an edge, and the critically damped spring that brings content back.
/// Pure functions of time, so a frame at any moment (or a test) reads the same position.
public enum ScrollPhysics {
    /// How stiff the rubber band is: UIKit's 0.55. Dragging `d` points past an edge of a `dimension`-long
    /// viewport moves the content `(1 - 1 / (d * 0.55 / dimension + 1)) * dimension`.
    public static let rubberBandCoefficient = 0.55

    /// Below this speed, in points per second, a deceleration has come to rest.
    public static let restingSpeed = 1.0

    /// The spring that brings overscrolled content back to its edge and carries paging and a delegate's
    /// changed target: critically damped (no bounce), settling in about half a second.
    public static let edgeSpring: Spring = {
        let omega = 2 * Double.pi / 0.4
        return Spring(mass: 1, stiffness: omega * omega, damping: 2 * omega)
    }()

    /// How far content moves for `overscroll` points of drag past an edge of a `dimension`-long viewport;
    /// it approaches but never reaches `dimension`.
    public static func rubberBand(_ overscroll: Double, dimension: Double) -> Double {
        guard dimension > 0, overscroll > 0 else { return overscroll > 0 ? 0 : overscroll }
        return (1 - 1 / (overscroll * rubberBandCoefficient / dimension + 1)) * dimension
    }

    /// The drag that `rubberBand` turns into `offset`: the inverse, for a drag that begins where a bounce
    /// left the content.
    public static func dragForRubberBand(_ offset: Double, dimension: Double) -> Double {
        guard dimension > 0, offset > 0 else { return offset }
        let banded = min(offset, dimension * 0.999)
        return banded * dimension / (rubberBandCoefficient * (dimension - banded))
    }

    /// `raw` with the part beyond `lower...upper` rubber-banded against a `dimension`-long viewport.
    public static func rubberBanded(_ raw: Double, lower: Double, upper: Double, dimension: Double) -> Double {
        if raw < lower { return lower - rubberBand(lower - raw, dimension: dimension) }
        if raw > upper { return upper + rubberBand(raw - upper, dimension: dimension) }
        return raw
    }

    /// The inverse of `rubberBanded`.
    public static func unbanded(_ offset: Double, lower: Double, upper: Double, dimension: Double) -> Double {
        if offset < lower { return lower - dragForRubberBand(lower - offset, dimension: dimension) }
        if offset > upper { return upper + dragForRubberBand(offset - upper, dimension: dimension) }
        return offset
    }

    /// Position and velocity `time` seconds into a deceleration from `velocity` points per second, slowing
    /// by `rate` per millisecond (UIKit's 0.998 normal, 0.99 fast): v(t) = v₀·rate^(1000t).
    public static func decelerate(from position: Double, velocity: Double, rate: Double,
                                  time: Double) -> (position: Double, velocity: Double) {
        let k = 1000 * log(rate)
        let factor = exp(k * time)
        return (position + velocity * (factor - 1) / k, velocity * factor)
    }

    /// Where a deceleration from `velocity` comes to rest, relative to its start.
    public static func decelerationDistance(velocity: Double, rate: Double) -> Double {
        -velocity / (1000 * log(rate))
    }

    /// How long a deceleration from `velocity` takes to slow below `restingSpeed`.
    public static func decelerationDuration(velocity: Double, rate: Double) -> Double {
        guard abs(velocity) > restingSpeed else { return 0 }
        return log(restingSpeed / abs(velocity)) / (1000 * log(rate))
    }

    /// Position and velocity `time` seconds after `edgeSpring` set off from `position` with `velocity`
    /// towards `target`.
    public static func springBack(from position: Double, to target: Double, velocity: Double,
                                  time: Double) -> (position: Double, velocity: Double) {
        let r = edgeSpring.response(at: time)
        let u0 = position - target
        return (target + r.a * u0 + r.b * velocity, r.da * u0 + r.db * velocity)
    }
}
