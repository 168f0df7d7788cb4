import Proscenium
import Testing

/// Cubic-Bézier timing against an independent high-precision bisection.
@Suite struct TimingCurveTests {
    /// y at x by plain bisection on the parameter, 200 halvings: slow but exact to double precision.
    static func reference(_ curve: (Double, Double, Double, Double), _ x: Double) -> Double {
        func bezier(_ p1: Double, _ p2: Double, _ s: Double) -> Double {
            3 * (1 - s) * (1 - s) * s * p1 + 3 * (1 - s) * s * s * p2 + s * s * s
        }
        var low = 0.0, high = 1.0
        for _ in 0..<200 {
            let mid = (low + high) / 2
            if bezier(curve.0, curve.2, mid) < x { low = mid } else { high = mid }
        }
        return bezier(curve.1, curve.3, (low + high) / 2)
    }

    static let samples = (0...100).map { Double($0) / 100 } + [0.001, 0.0333, 0.4999, 0.5001, 0.999]

    @Test func easeInOutIsHalfWayAtHalfTimeAndSymmetric() {
        let curve = CubicBezierTiming.easeInOut
        #expect(close(curve.value(at: 0.5), 0.5, 1e-7))
        for x in Self.samples {
            #expect(close(curve.value(at: x) + curve.value(at: 1 - x), 1, 2e-7), "x \(x)")
        }
    }

    @Test func endpointsAreExact() {
        for curve in [CubicBezierTiming.easeInOut, .easeIn, .easeOut, .linear] {
            #expect(curve.value(at: 0) == 0)
            #expect(curve.value(at: 1) == 1)
            #expect(curve.value(at: -1) == 0)
            #expect(curve.value(at: 2) == 1)
        }
    }

    @Test func namedCurvesHaveTheirControlPoints() {
        #expect(CubicBezierTiming.easeInOut == CubicBezierTiming(x1: 0.42, y1: 0, x2: 0.58, y2: 1))
        #expect(CubicBezierTiming.easeIn == CubicBezierTiming(x1: 0.42, y1: 0, x2: 1, y2: 1))
        #expect(CubicBezierTiming.easeOut == CubicBezierTiming(x1: 0, y1: 0, x2: 0.58, y2: 1))
        for x in Self.samples { #expect(close(CubicBezierTiming.linear.value(at: x), x, 1e-7)) }
    }

    @Test func knownPoints() {
        #expect(close(CubicBezierTiming.easeIn.value(at: 0.5), 0.3153568, 1e-6))
        #expect(close(CubicBezierTiming.easeOut.value(at: 0.5), 0.6846432, 1e-6))
        #expect(close(CubicBezierTiming.easeInOut.value(at: 0.25), 0.1291619, 1e-6))
    }

    @Test func matchesHighPrecisionBisection() {
        let curves: [(Double, Double, Double, Double)] = [
            (0.42, 0, 0.58, 1), (0.42, 0, 1, 1), (0, 0, 0.58, 1), (0.25, 0.1, 0.25, 1),
            (0.68, -0.55, 0.27, 1.55), (0.9, 0, 0.1, 1), (0.2, 0.4, 0.7, 0.1),
        ]
        for c in curves {
            let curve = CubicBezierTiming(x1: c.0, y1: c.1, x2: c.2, y2: c.3)
            for x in Self.samples {
                #expect(close(curve.value(at: x), Self.reference(c, x), 1e-6), "curve \(c) x \(x)")
            }
        }
    }

    @Test func linearCurvesAreExact() {
        let curve = CubicBezierTiming(x1: 0.3, y1: 0.3, x2: 0.6, y2: 0.6)
        #expect(curve.isLinear)
        for x in Self.samples { #expect(curve.value(at: x) == x) }
    }

    @Test func slopeIsTheDerivative() {
        let curve = CubicBezierTiming.easeInOut
        for x in [0.1, 0.3, 0.5, 0.8] {
            let h = 1e-5
            let numeric = (curve.value(at: x + h) - curve.value(at: x - h)) / (2 * h)
            #expect(close(curve.slope(at: x), numeric, 1e-3))
        }
    }

    @Test func optionsSelectCurves() {
        #expect(AnimationOptions().curve == .easeInOut)
        #expect(AnimationOptions.curveEaseIn.curve == .easeIn)
        #expect(AnimationOptions.curveEaseOut.curve == .easeOut)
        #expect(AnimationOptions.curveLinear.curve == .linear)
        #expect(([.curveLinear, .allowUserInteraction] as AnimationOptions).curve == .linear)
    }
}
