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

    /// `self` taken apart; `AffineTransform(parts:)` puts it back together.
    var parts: Parts {
        var (ca, cb, cc, cd) = (a, b, c, d)
        var scaleX = (ca * ca + cb * cb).squareRoot()
        if scaleX > 0 {
            ca /= scaleX
            cb /= scaleX
        } else {
            // A first column of nothing (scaled to zero across): no turn to read from it.
            (ca, cb) = (1, 0)
        }
        var shear = ca * cc + cb * cd
        cc -= ca * shear
        cd -= cb * shear
        let scaleY = (cc * cc + cd * cd).squareRoot()
        if scaleY > 0 {
            shear /= scaleY
            cc /= scaleY
            cd /= scaleY
        } else {
            (cc, cd) = (-cb, ca)
            shear = 0
        }
        // A mirror image: turn the first column round and make its scale negative instead.
        if ca * cd - cb * cc < 0 {
            ca = -ca
            cb = -cb
            scaleX = -scaleX
            shear = -shear
        }
        return Parts(tx: tx, ty: ty, scaleX: scaleX, scaleY: scaleY, angle: atan2(cb, ca), shear: shear)
    }

    /// The transform made of `parts`: scale, then shear, then turn, then move.
    init(parts: Parts) {
        let cosine = cos(parts.angle), sine = sin(parts.angle)
        self.init(a: parts.scaleX * cosine, b: parts.scaleX * sine,
                  c: parts.scaleY * (parts.shear * cosine - sine), d: parts.scaleY * (parts.shear * sine + cosine),
                  tx: parts.tx, ty: parts.ty)
    }
}
