/// How each animatable property reads from and writes into `LayerProperties` as an `AnimationVector`.
extension AnimatableProperty {
    // MARK: - Classification

    /// Properties that move or resize the view; reduced motion makes these jump instead of sliding.
    public var isGeometric: Bool {
        switch self {
        case .bounds, .center, .transform: true
        case .alpha, .backgroundColor, .cornerRadius, .shadowOpacity: false
        }
    }

    /// Whether a spring may carry the property past its ends. Opacities may not: a card that bounces in
    /// on a spring must not flash the dimming that fades alongside it darker than it settles (nor a fading
    /// view more opaque), so their values stay between where the motion starts and where it ends.
    public var overshoots: Bool {
        switch self {
        case .alpha, .shadowOpacity: false
        case .bounds, .center, .transform, .backgroundColor, .cornerRadius: true
        }
    }

    /// `to` as the end of a motion from `from`: a transform's angle the nearer way round (within half a
    /// turn), as Core Animation turns a view; other values as they are.
    func nearest(_ to: AnimationVector, from: AnimationVector) -> AnimationVector {
        guard self == .transform else { return to }
        var to = to
        let turn = 2 * Double.pi
        to[4] += turn * ((from[4] - to[4]) / turn).rounded()
        return to
    }

    /// `value`, kept between `a` and `b` for a property that does not overshoot.
    func limited(_ value: AnimationVector, between a: AnimationVector, and b: AnimationVector) -> AnimationVector {
        guard !overshoots else { return value }
        return value.clamped(lowerBound: pointwiseMin(a, b), upperBound: pointwiseMax(a, b))
    }

    // MARK: - Reading and writing

    /// The property's value in `properties` as a vector, a dynamic colour resolved in `style`. A nil
    /// background colour reads as `fallback` (the other end's colour) with alpha 0, so colour fades in or
    /// out through the same hue.
    func vector(in properties: LayerProperties, colorFallback fallback: Color? = nil,
                style: UserInterfaceStyle = .light) -> AnimationVector {
        switch self {
        case .bounds: properties.bounds.animationVector
        case .center: properties.center.animationVector
        case .transform: properties.transform.animationVector
        case .alpha: properties.alpha.animationVector
        case .backgroundColor: (properties.backgroundColor ?? (fallback ?? .clear).withAlphaComponent(0)).resolved(for: style).animationVector
        case .cornerRadius: properties.cornerRadius.animationVector
        case .shadowOpacity: properties.shadowOpacity.animationVector
        }
    }

    /// Writes an in-flight value into `properties`, clamping what overshoot could push out of range
    /// (opacities and colour components to 0...1, radius and size to non-negative).
    /// A per-axis relative velocity spread over this property's lanes: horizontal lanes (x, width, tx,
    /// the horizontal scale, the angle and the shear) take `dx`, vertical ones (y, height, ty, the vertical
    /// scale) `dy`, one-dimensional properties `dx`.
    func lanes(of velocity: Vector) -> AnimationVector {
        let x = velocity.dx, y = velocity.dy
        switch self {
        case .center: return AnimationVector(x, y, 0, 0, 0, 0, 0, 0)
        case .bounds: return AnimationVector(x, y, x, y, 0, 0, 0, 0)
        case .transform: return AnimationVector(x, y, x, y, x, x, 0, 0)
        case .alpha, .backgroundColor, .cornerRadius, .shadowOpacity: return AnimationVector(repeating: x)
        }
    }

    func write(_ v: AnimationVector, into properties: inout LayerProperties) {
        switch self {
        case .bounds:
            properties.bounds = Rect(x: v[0], y: v[1], width: max(0, v[2]), height: max(0, v[3]))
        case .center: properties.center = Point(animationVector: v)
        case .transform: properties.transform = AffineTransform(animationVector: v)
        case .alpha: properties.alpha = min(max(v[0], 0), 1)
        case .backgroundColor:
            let c = v.clamped(lowerBound: AnimationVector(repeating: 0), upperBound: AnimationVector(repeating: 1))
            properties.backgroundColor = Color(animationVector: c)
        case .cornerRadius: properties.cornerRadius = max(0, v[0])
        case .shadowOpacity: properties.shadowOpacity = min(max(v[0], 0), 1)
        }
    }

    /// Copies this property's value from `source` into `target`.
    func copy(from source: LayerProperties, into target: inout LayerProperties) {
        switch self {
        case .bounds: target.bounds = source.bounds
        case .center: target.center = source.center
        case .transform: target.transform = source.transform
        case .alpha: target.alpha = source.alpha
        case .backgroundColor: target.backgroundColor = source.backgroundColor
        case .cornerRadius: target.cornerRadius = source.cornerRadius
        case .shadowOpacity: target.shadowOpacity = source.shadowOpacity
        }
    }

    /// Whether `a` and `b` hold the same value for this property.
    func isEqual(_ a: LayerProperties, _ b: LayerProperties) -> Bool {
        switch self {
        case .bounds: a.bounds == b.bounds
        case .center: a.center == b.center
        case .transform: a.transform == b.transform
        case .alpha: a.alpha == b.alpha
        case .backgroundColor: a.backgroundColor == b.backgroundColor
        case .cornerRadius: a.cornerRadius == b.cornerRadius
        case .shadowOpacity: a.shadowOpacity == b.shadowOpacity
        }
    }
}

extension View {
    /// Sets one model property to its value in `source` through the public setter, so layout and damage
    /// follow as for any other change.
    func setModelValue(of property: AnimatableProperty, from source: LayerProperties) {
        switch property {
        case .bounds: bounds = source.bounds
        case .center: center = source.center
        case .transform: transform = source.transform
        case .alpha: alpha = source.alpha
        case .backgroundColor: backgroundColor = source.backgroundColor
        case .cornerRadius: cornerRadius = source.cornerRadius
        case .shadowOpacity: shadowOpacity = source.shadowOpacity
        }
    }
}
