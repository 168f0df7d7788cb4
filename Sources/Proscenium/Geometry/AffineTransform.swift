import Glibc

/// A 2D affine transform, laid out as Core Graphics' `CGAffineTransform`:
/// x' = a·x + c·y + tx, y' = b·x + d·y + ty.
public struct AffineTransform: Hashable, Sendable, CustomStringConvertible {
    /// The matrix entries: `a`, `b`, `c`, `d` scale, rotate and shear; `tx`, `ty` translate, in points.
    public var a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double

    /// A transform from its six matrix entries, as `CGAffineTransform(a:b:c:d:tx:ty:)`.
    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        (self.a, self.b, self.c, self.d, self.tx, self.ty) = (a, b, c, d, tx, ty)
    }

    /// The transform that leaves every point where it is, as `CGAffineTransform.identity`.
    public static let identity = AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    /// A transform that moves points by `tx` and `ty` points.
    public init(translationX tx: Double, y ty: Double) {
        self.init(a: 1, b: 0, c: 0, d: 1, tx: tx, ty: ty)
    }

    /// A transform that scales by `sx` horizontally and `sy` vertically, about the origin.
    public init(scaleX sx: Double, y sy: Double) {
        self.init(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0)
    }

    /// A rotation by `angle` radians; positive angles turn clockwise on screen (y points down).
    public init(rotationAngle angle: Double) {
        let cosine = cos(angle), sine = sin(angle)
        self.init(a: cosine, b: sine, c: -sine, d: cosine, tx: 0, ty: 0)
    }

    /// True when the transform changes nothing.
    public var isIdentity: Bool { self == .identity }

    /// True when the transform only moves things (no scale, rotation or shear).
    public var isTranslation: Bool { a == 1 && b == 0 && c == 0 && d == 1 }

    /// The six entries in order, as `[a, b, c, d, tx, ty]`, for logs.
    public var description: String { "[\(a), \(b), \(c), \(d), \(tx), \(ty)]" }

    // MARK: - Composition

    /// `self` applied first, then `other` (Core Graphics' `concatenating`).
    public func concatenating(_ t: AffineTransform) -> AffineTransform {
        AffineTransform(
            a: a * t.a + b * t.c, b: a * t.b + b * t.d,
            c: c * t.a + d * t.c, d: c * t.b + d * t.d,
            tx: tx * t.a + ty * t.c + t.tx, ty: tx * t.b + ty * t.d + t.ty)
    }

    /// This transform with a translation applied before it, as `CGAffineTransform.translatedBy(x:y:)`.
    public func translatedBy(x: Double, y: Double) -> AffineTransform {
        AffineTransform(translationX: x, y: y).concatenating(self)
    }

    /// This transform with a scale applied before it, as `CGAffineTransform.scaledBy(x:y:)`.
    public func scaledBy(x: Double, y: Double) -> AffineTransform {
        AffineTransform(scaleX: x, y: y).concatenating(self)
    }

    /// This transform with a rotation by `angle` radians applied before it, as `CGAffineTransform.rotated(by:)`.
    public func rotated(by angle: Double) -> AffineTransform {
        AffineTransform(rotationAngle: angle).concatenating(self)
    }

    /// The determinant `a·d − b·c`: how the transform scales areas; 0 means it cannot be inverted.
    public var determinant: Double { a * d - b * c }

    /// The inverse transform, or nil when the transform is singular (for example a scale of 0).
    public var inverted: AffineTransform? {
        let det = determinant
        guard abs(det) > 1e-12 else { return nil }
        return AffineTransform(
            a: d / det, b: -b / det, c: -c / det, d: a / det,
            tx: (c * ty - d * tx) / det, ty: (b * tx - a * ty) / det)
    }

    // MARK: - Applying

    /// Where the transform moves `p`, as `CGPoint.applying(_:)`.
    public func apply(to p: Point) -> Point {
        Point(x: a * p.x + c * p.y + tx, y: b * p.x + d * p.y + ty)
    }

    /// The axis-aligned bounding box of the transformed rectangle.
    public func apply(to r: Rect) -> Rect {
        if isTranslation { return r.standardized.offsetBy(dx: tx, dy: ty) }
        let corners = [Point(x: r.minX, y: r.minY), Point(x: r.maxX, y: r.minY),
                       Point(x: r.minX, y: r.maxY), Point(x: r.maxX, y: r.maxY)].map(apply(to:))
        let xs = corners.map(\.x), ys = corners.map(\.y)
        let x0 = xs.min()!, y0 = ys.min()!
        return Rect(x: x0, y: y0, width: xs.max()! - x0, height: ys.max()! - y0)
    }
}
