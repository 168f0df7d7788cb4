import Foundation
import Proscenium
import Testing

/// The spring maths against closed forms written out independently here, and UIKit's worked example.
@Suite struct SpringTests {
    // MARK: - Independent reference formulas

    /// Progress of a unit step with ζ < 1, written directly from the textbook solution.
    static func underdamped(_ t: Double, omega: Double, zeta: Double, v: Double) -> Double {
        let decay = zeta * omega, omegaD = omega * (1 - zeta * zeta).squareRoot()
        return 1 - exp(-decay * t) * (cos(omegaD * t) + (decay - v) / omegaD * sin(omegaD * t))
    }

    /// Progress of a unit step with ζ = 1.
    static func critical(_ t: Double, omega: Double, v: Double) -> Double {
        1 - exp(-omega * t) * (1 + (omega - v) * t)
    }

    /// Progress of a unit step with ζ > 1.
    static func overdamped(_ t: Double, omega: Double, zeta: Double, v: Double) -> Double {
        let s = (zeta * zeta - 1).squareRoot()
        let r1 = -omega * (zeta - s), r2 = -omega * (zeta + s)
        // u = c1·e^(r1 t) + c2·e^(r2 t) with u(0) = −1, u′(0) = v
        let c2 = (v + r1) / (r2 - r1), c1 = -1 - c2
        return 1 + c1 * exp(r1 * t) + c2 * exp(r2 * t)
    }

    static let times: [Double] = [0, 0.01, 0.05, 0.1, 0.15, 0.21, 0.3, 0.45, 0.6, 0.79]

    // MARK: - UIKit's spring

    @Test func workedExampleMatchesTheSpec() {
        let spring = Spring(dampingRatio: 0.6, duration: 0.8)
        #expect(close(spring.naturalFrequency, 13.79, 0.005))
        #expect(close(spring.stiffness, 190.2, 0.05))
        #expect(close(spring.damping, 16.55, 0.005))
        #expect(close(spring.mass, 1))
        #expect(close(spring.value(at: 0.1, initialVelocity: 10), 0.864, 1e-3))
        #expect(close(spring.value(at: 0.5, initialVelocity: 10), 0.987, 1e-3))
        var peak = (value: -Double.infinity, time: 0.0)
        for i in 0...8000 {
            let t = Double(i) / 10000
            let value = spring.value(at: t, initialVelocity: 10)
            if value > peak.value { peak = (value, t) }
        }
        #expect(close(peak.value, 1.14, 1e-3))
        #expect(close(peak.time, 0.21, 5e-3))
    }

    @Test func naturalFrequencyFollowsTheEnvelopeFormula() {
        for (zeta, duration) in [(0.3, 0.5), (0.6, 0.8), (0.9, 1.2), (0.05, 2.0)] {
            let spring = Spring(dampingRatio: zeta, duration: duration)
            let expected = -log(0.001 * (1 - zeta * zeta).squareRoot() / zeta) / (zeta * duration)
            #expect(close(spring.naturalFrequency, expected, 1e-9))
            #expect(close(spring.stiffness, expected * expected, 1e-6))
            #expect(close(spring.damping, 2 * zeta * expected, 1e-9))
            #expect(close(spring.dampingRatio, zeta, 1e-12))
        }
    }

    @Test func underdampedValuesMatchTheClosedForm() {
        for (zeta, v) in [(0.6, 10.0), (0.6, 0.0), (0.1, 0.0), (0.1, -3.0), (0.95, 2.0)] {
            let spring = Spring(dampingRatio: zeta, duration: 0.8)
            for t in Self.times {
                let expected = Self.underdamped(t, omega: spring.naturalFrequency, zeta: zeta, v: v)
                #expect(close(spring.value(at: t, initialVelocity: v), expected, 1e-6), "ζ \(zeta) v \(v) t \(t)")
            }
        }
    }

    @Test func lowDampingOvershootsALot() {
        let spring = Spring(dampingRatio: 0.1, duration: 1)
        let peak = stride(from: 0.0, through: 1, by: 0.001).map { spring.value(at: $0) }.max()!
        #expect(peak > 1.7)
        // The envelope is down to ε/ζ = 0.01 of the distance at the duration.
        #expect(abs(spring.value(at: 1) - 1) < 0.01)
    }

    @Test func criticallyDampedSolvesTheEnvelopeEquation() {
        let spring = Spring(dampingRatio: 1, duration: 0.5)
        let x = spring.naturalFrequency * 0.5
        #expect(close(exp(-x) * (1 + x), 0.001, 1e-12))
        #expect(close(x, 9.2334, 1e-4))
        for v in [0.0, 4.0] {
            for t in Self.times {
                let expected = Self.critical(t, omega: spring.naturalFrequency, v: v)
                #expect(close(spring.value(at: t, initialVelocity: v), expected, 1e-6))
            }
        }
        // No overshoot without initial velocity.
        #expect(stride(from: 0.0, through: 2, by: 0.01).allSatisfy { spring.value(at: $0) <= 1 })
    }

    @Test func dampingRatioAboveOneIsClamped() {
        #expect(Spring(dampingRatio: 1.7, duration: 0.8) == Spring(dampingRatio: 1, duration: 0.8))
        #expect(Spring(dampingRatio: 1.7, duration: 0.8).dampingRatio == 1)
        #expect(Spring(dampingRatio: 0, duration: 0.8).dampingRatio == Spring.minimumDampingRatio)
    }

    @Test func initialVelocityIsInDistancesPerSecond() {
        let spring = Spring(dampingRatio: 0.7, duration: 0.6)
        #expect(close(spring.velocity(at: 0, initialVelocity: 0.5), 0.5, 1e-12))
        #expect(close(spring.velocity(at: 0), 0, 1e-12))
        let h = 1e-6
        let slope = (spring.value(at: h, initialVelocity: 0.5) - spring.value(at: 0, initialVelocity: 0.5)) / h
        #expect(close(slope, 0.5, 1e-3))
    }

    // MARK: - Other spring forms

    @Test func perceptualSpringUsesDurationAndBounce() {
        let spring = Spring(duration: 0.5, bounce: 0.2)
        #expect(close(spring.stiffness, pow(2 * Double.pi / 0.5, 2), 1e-9))
        #expect(close(spring.damping, 4 * Double.pi * 0.8 / 0.5, 1e-9))
        #expect(close(spring.mass, 1))
        #expect(close(spring.dampingRatio, 0.8, 1e-12))
        #expect(close(Spring(duration: 0.5, bounce: 0).dampingRatio, 1, 1e-12))
    }

    @Test func overdampedSpringMatchesTheClosedForm() {
        let spring = Spring(mass: 1, stiffness: 100, damping: 30)
        #expect(close(spring.dampingRatio, 1.5, 1e-12))
        for v in [0.0, 2.0] {
            for t in Self.times {
                let expected = Self.overdamped(t, omega: 10, zeta: 1.5, v: v)
                #expect(close(spring.value(at: t, initialVelocity: v), expected, 1e-6))
            }
        }
    }

    @Test func physicalSpringSettlesWithinTolerance() {
        for spring in [Spring(mass: 1, stiffness: 200, damping: 10), Spring(mass: 2, stiffness: 300, damping: 49),
                       Spring(mass: 1, stiffness: 100, damping: 20), Spring(duration: 0.4, bounce: -0.5)] {
            for v in [0.0, 3.0] {
                let settle = spring.settlingDuration(initialVelocity: v)
                #expect(settle > 0 && settle < 10)
                let after = stride(from: settle, through: settle + 3, by: 0.001)
                #expect(after.allSatisfy { abs(spring.value(at: $0, initialVelocity: v) - 1) <= 0.001 + 1e-9 })
            }
        }
    }

    @Test func springTimingParametersResolveDurations() {
        let ratio = SpringTimingParameters(dampingRatio: 0.6, initialVelocity: 1)
        #expect(ratio.animationDuration(forRequested: 0.8) == 0.8)
        #expect(ratio.spring(forDuration: 0.8) == Spring(dampingRatio: 0.6, duration: 0.8))
        let physical = SpringTimingParameters(mass: 1, stiffness: 200, damping: 20)
        #expect(physical.animationDuration(forRequested: 5) == Spring(stiffness: 200, damping: 20).settlingDuration())
        let perceptual = SpringTimingParameters(duration: 0.5, bounce: 0.3)
        #expect(perceptual.spring(forDuration: 9) == Spring(duration: 0.5, bounce: 0.3))
    }
}
