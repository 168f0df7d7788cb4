/// A timing curve given by a cubic Bézier from (0, 0) to (1, 1) with two control points, as CSS and
/// Core Animation define them: maps the fraction of time elapsed to the fraction of the change done.
public struct CubicBezierTiming: Hashable, Sendable {
    // MARK: - Control points

    /// The first control point (x1, y1) and the second (x2, y2); the ends are (0, 0) and (1, 1).
    public let x1: Double, y1: Double, x2: Double, y2: Double

    /// A curve through the control points (x1, y1) and (x2, y2); x values are clamped to 0...1 so the
    /// curve stays a function of time.
    public init(x1: Double, y1: Double, x2: Double, y2: Double) {
        self.x1 = min(max(x1, 0), 1)
        self.y1 = y1
        self.x2 = min(max(x2, 0), 1)
        self.y2 = y2
    }

    /// A curve through the two control points.
    public init(controlPoint1: Point, controlPoint2: Point) {
        self.init(x1: controlPoint1.x, y1: controlPoint1.y, x2: controlPoint2.x, y2: controlPoint2.y)
    }

    /// Slow start and end: (0.42, 0, 0.58, 1).
    public static let easeInOut = CubicBezierTiming(x1: 0.42, y1: 0, x2: 0.58, y2: 1)
    /// Slow start: (0.42, 0, 1, 1).
    public static let easeIn = CubicBezierTiming(x1: 0.42, y1: 0, x2: 1, y2: 1)
    /// Slow end: (0, 0, 0.58, 1).
    public static let easeOut = CubicBezierTiming(x1: 0, y1: 0, x2: 0.58, y2: 1)
    /// The same speed from start to end, (0, 0, 1, 1): progress equals elapsed time.
    public static let linear = CubicBezierTiming(x1: 0, y1: 0, x2: 1, y2: 1)

    /// How closely `parameter(forX:)` solves x(s) = x.
    public static let tolerance = 1e-7

    // MARK: - Evaluating

    /// Progress at time fraction `x` (clamped to 0...1).
    public func value(at x: Double) -> Double {
        let fraction = min(max(x, 0), 1)
        if fraction == 0 || fraction == 1 || isLinear { return fraction }
        return Self.coordinate(parameter(forX: fraction), y1, y2)
    }

    /// True when y equals x along the whole curve (both control points on the diagonal).
    public var isLinear: Bool { x1 == y1 && x2 == y2 }

    /// The slope dy/dx at time fraction `x`: the speed of progress relative to linear.
    public func slope(at x: Double) -> Double {
        if isLinear { return 1 }
        let s = parameter(forX: min(max(x, 0), 1))
        let dx = Self.derivative(s, x1, x2)
        let dy = Self.derivative(s, y1, y2)
        if abs(dx) < 1e-12 { return dy == 0 ? 0 : (dy > 0 ? .greatestFiniteMagnitude : -.greatestFiniteMagnitude) }
        return dy / dx
    }

    /// The Bézier parameter s with x(s) = x: Newton's method, then bisection if Newton strays or stalls.
    public func parameter(forX x: Double) -> Double {
        var s = x
        for _ in 0..<8 {
            let error = Self.coordinate(s, x1, x2) - x
            if abs(error) < Self.tolerance { return s }
            let dx = Self.derivative(s, x1, x2)
            if abs(dx) < 1e-6 { break }
            s -= error / dx
            if s < 0 || s > 1 { break }
        }
        var low = 0.0, high = 1.0
        s = x
        for _ in 0..<64 {
            let value = Self.coordinate(s, x1, x2)
            if abs(value - x) < Self.tolerance { return s }
            if value < x { low = s } else { high = s }
            s = (low + high) / 2
        }
        return s
    }

    // MARK: - Polynomial

    /// One coordinate of the curve at parameter s, for control values p1 and p2 (ends at 0 and 1).
    static func coordinate(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
        let a = 1 + 3 * p1 - 3 * p2, b = 3 * p2 - 6 * p1, c = 3 * p1
        return ((a * s + b) * s + c) * s
    }

    /// The derivative of `coordinate` with respect to s.
    static func derivative(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
        let a = 1 + 3 * p1 - 3 * p2, b = 3 * p2 - 6 * p1, c = 3 * p1
        return (3 * a * s + 2 * b) * s + c
    }
}

/// The name the spec and other toolkits use for a cubic-Bézier timing curve.
public typealias TimingCurve = CubicBezierTiming
