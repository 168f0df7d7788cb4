import Glibc

/// A 2D affine transform, laid out as Core Graphics' `CGAffineTransform`:
/// x' = a·x + c·y + tx, y' = b·x + d·y + ty.
public struct AffineTransform: Hashable, Sendable, CustomStringConvertible {
    public var a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double

    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        (self.a, self.b, self.c, self.d, self.tx, self.ty) = (a, b, c, d, tx, ty)
    }

    public static let identity = AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    public init(translationX tx: Double, y ty: Double) {
        self.init(a: 1, b: 0, c: 0, d: 1, tx: tx, ty: ty)
    }

    public init(scaleX sx: Double, y sy: Double) {
        self.init(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0)
    }

    /// A rotation by `angle` radians; positive angles turn clockwise on screen (y points down).
    public init(rotationAngle angle: Double) {
        let cosine = cos(angle), sine = sin(angle)
        self.init(a: cosine, b: sine, c: -sine, d: cosine, tx: 0, ty: 0)
    }

    public var isIdentity: Bool { self == .identity }

    /// True when the transform only moves things (no scale, rotation or shear).
    public var isTranslation: Bool { a == 1 && b == 0 && c == 0 && d == 1 }

    public var description: String { "[\(a), \(b), \(c), \(d), \(tx), \(ty)]" }

    // MARK: - Composition

    /// `self` applied first, then `other` (Core Graphics' `concatenating`).
    public func concatenating(_ t: AffineTransform) -> AffineTransform {
        AffineTransform(
            a: a * t.a + b * t.c, b: a * t.b + b * t.d,
            c: c * t.a + d * t.c, d: c * t.b + d * t.d,
            tx: tx * t.a + ty * t.c + t.tx, ty: tx * t.b + ty * t.d + t.ty)
    }

    public func translatedBy(x: Double, y: Double) -> AffineTransform {
        AffineTransform(translationX: x, y: y).concatenating(self)
    }

    public func scaledBy(x: Double, y: Double) -> AffineTransform {
        AffineTransform(scaleX: x, y: y).concatenating(self)
    }

    public func rotated(by angle: Double) -> AffineTransform {
        AffineTransform(rotationAngle: angle).concatenating(self)
    }

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
