import Glibc

/// A transform taken apart into a move, a turn, a shear and a scale, the way Core Animation animates
/// `transform`: in-between values are made from in-between parts, so a view turning a quarter keeps its
/// size all the way instead of shrinking through the averaged matrix (and a half turn does not collapse).
extension AffineTransform {
    /// The parts `self` is rebuilt from: scaled by `scaleX`/`scaleY`, sheared by `shear` (x moved by
    /// `shear`·y), turned by `angle` radians, then moved by `tx`, `ty`. A reflection is a negative `scaleX`.
    struct Parts: Equatable {
        var tx: Double, ty: Double, scaleX: Double, scaleY: Double, angle: Double, shear: Double
    }

    /// `self` taken apart; `AffineTransform(parts:)` puts it back together. A mirror image is a negative
    /// scale along the axis CSS's decomposition picks (a vertical flip is `scaleY` -1, no half turn), and
    /// a matrix flattened to nothing across takes its turn from its other column.
    var parts: Parts {
        let width = (a * a + b * b).squareRoot()
        let scaleX = a * d - b * c < 0 && a < d ? -width : width
        // The turn: the first column's direction, else (flattened across) the second one's.
        var (ca, cb) = (1.0, 0.0)
        if scaleX != 0 {
            (ca, cb) = (a / scaleX, b / scaleX)
        } else if case let height = (c * c + d * d).squareRoot(), height > 0 {
            (ca, cb) = (d / height, -c / height)
        }
        let skew = ca * c + cb * d
        let (cc, cd) = (c - ca * skew, d - cb * skew)
        // The second column, the shear taken out, lies along the turned y axis or against it.
        let height = (cc * cc + cd * cd).squareRoot()
        let scaleY = -cb * cc + ca * cd < 0 ? -height : height
        return Parts(tx: tx, ty: ty, scaleX: scaleX, scaleY: scaleY, angle: atan2(cb, ca),
                     shear: scaleY != 0 ? skew / scaleY : 0)
    }

    /// The transform made of `parts`: scale, then shear, then turn, then move.
    init(parts: Parts) {
        let cosine = cos(parts.angle), sine = sin(parts.angle)
        self.init(a: parts.scaleX * cosine, b: parts.scaleX * sine,
                  c: parts.scaleY * (parts.shear * cosine - sine), d: parts.scaleY * (parts.shear * sine + cosine),
                  tx: parts.tx, ty: parts.ty)
    }
}
