/// Up to eight Doubles: the value space every animatable value is mapped into, so interpolation and
/// spring velocity work per component, the same way for every type. Unused lanes stay zero.
public typealias AnimationVector = SIMD8<Double>

/// A value that animations can move: it converts to and from an `AnimationVector`.
public protocol VectorAnimatable: Equatable, Sendable {
    /// The value's components, in a fixed order.
    var animationVector: AnimationVector { get }
    /// Rebuilds a value from components made by `animationVector` (and interpolated).
    init(animationVector: AnimationVector)
}

// MARK: - Conformances

extension Double: VectorAnimatable {
    /// One lane: the number itself.
    public var animationVector: AnimationVector { AnimationVector(self, 0, 0, 0, 0, 0, 0, 0) }
    /// Reads lane 0.
    public init(animationVector v: AnimationVector) { self = v[0] }
}

extension Point: VectorAnimatable {
    /// Lanes x, y.
    public var animationVector: AnimationVector { AnimationVector(x, y, 0, 0, 0, 0, 0, 0) }
    /// Reads lanes x, y.
    public init(animationVector v: AnimationVector) { self.init(x: v[0], y: v[1]) }
}

extension Size: VectorAnimatable {
    /// Lanes width, height.
    public var animationVector: AnimationVector { AnimationVector(width, height, 0, 0, 0, 0, 0, 0) }
    /// Reads lanes width, height.
    public init(animationVector v: AnimationVector) { self.init(width: v[0], height: v[1]) }
}

extension Rect: VectorAnimatable {
    /// Lanes x, y, width, height.
    public var animationVector: AnimationVector {
        AnimationVector(origin.x, origin.y, size.width, size.height, 0, 0, 0, 0)
    }
    /// Reads lanes x, y, width, height.
    public init(animationVector v: AnimationVector) { self.init(x: v[0], y: v[1], width: v[2], height: v[3]) }
}

extension AffineTransform: VectorAnimatable {
    /// Lanes tx, ty, scale x, scale y, angle (radians), shear: the transform taken apart, as Core
    /// Animation animates it, so a turning view keeps its size on the way (see `AffineTransform.Parts`).
    public var animationVector: AnimationVector {
        let parts = parts
        return AnimationVector(parts.tx, parts.ty, parts.scaleX, parts.scaleY, parts.angle, parts.shear, 0, 0)
    }
    /// Puts the parts in lanes tx, ty, scale x, scale y, angle, shear back together.
    public init(animationVector v: AnimationVector) {
        self.init(parts: Parts(tx: v[0], ty: v[1], scaleX: v[2], scaleY: v[3], angle: v[4], shear: v[5]))
    }
}

extension Color: VectorAnimatable {
    /// Lanes red, green, blue, alpha (straight alpha, sRGB).
    public var animationVector: AnimationVector { AnimationVector(red, green, blue, alpha, 0, 0, 0, 0) }
    /// Reads lanes red, green, blue, alpha.
    public init(animationVector v: AnimationVector) { self.init(red: v[0], green: v[1], blue: v[2], alpha: v[3]) }
}
