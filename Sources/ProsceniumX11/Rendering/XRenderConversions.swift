import CX11
import Proscenium

/// The largest coordinate the X protocol carries: INT16 positions, and 16.16 fixed point.
let xCoordinateLimit = 32767.0

/// `value` clamped to `-limit...limit`; NaN becomes 0. Use before converting geometry to integers.
@inline(__always) func sanitized(_ value: Double, limit: Double = xCoordinateLimit) -> Double {
    value.isNaN ? 0 : min(max(value, -limit), limit)
}

/// Converts a coordinate to XRender's 16.16 fixed point, rounding to the nearest representable value;
/// values beyond ±32767 are clamped and non-finite ones become 0.
@inline(__always) func xFixed(_ value: Double) -> XFixed {
    XFixed((sanitized(value.isFinite ? value : 0) * 65536).rounded())
}

extension Int {
    /// `value` rounded toward zero, clamped to ±2^52 (NaN becomes 0): never traps.
    @inline(__always) init(saturating value: Double) {
        self.init(sanitized(value, limit: 4_503_599_627_370_496))
    }
}

extension Int32 {
    /// `value` rounded toward zero into the X protocol's 16-bit coordinate range (NaN becomes 0).
    @inline(__always) init(xCoordinate value: Double) {
        self.init(sanitized(value))
    }
}

extension UInt32 {
    /// A non-negative size rounded toward zero into the X protocol's 16-bit range (NaN becomes 0).
    @inline(__always) init(xSize value: Double) {
        self.init(Swift.min(Swift.max(value.isNaN ? 0 : value, 0), 65535))
    }
}

extension XRenderColor {
    /// The colour premultiplied by its alpha in 16-bit channels, as XRender expects.
    init(premultiplying color: Color) {
        let alpha = min(max(color.alpha, 0), 1)
        func channel(_ v: Double) -> UInt16 { UInt16((min(max(v, 0), 1) * alpha * 65535).rounded()) }
        self.init(red: channel(color.red), green: channel(color.green), blue: channel(color.blue),
                  alpha: UInt16((alpha * 65535).rounded()))
    }

    /// Fully transparent black, for clearing offscreen layers.
    static let transparent = XRenderColor(red: 0, green: 0, blue: 0, alpha: 0)
    /// Opaque white, the colour damaged areas start from.
    static let opaqueWhite = XRenderColor(red: 0xFFFF, green: 0xFFFF, blue: 0xFFFF, alpha: 0xFFFF)
}

extension XTransform {
    /// The matrix of an affine map from destination to source coordinates, in 16.16 fixed point.
    init(_ t: AffineTransform) {
        self.init(matrix: ((xFixed(t.a), xFixed(t.c), xFixed(t.tx)),
                           (xFixed(t.b), xFixed(t.d), xFixed(t.ty)),
                           (0, 0, xFixed(1))))
    }

    static let identity = XTransform(AffineTransform.identity)
}

extension Rect {
    /// The rectangle with every edge rounded to the nearest whole pixel.
    var roundedToPixels: Rect {
        let x0 = minX.rounded(), y0 = minY.rounded(), x1 = maxX.rounded(), y1 = maxY.rounded()
        return Rect(x: x0, y: y0, width: max(0, x1 - x0), height: max(0, y1 - y0))
    }

    /// How far from a whole pixel an edge may lie and still count as on it. Views snapped to whole device
    /// pixels come back from scaling a hair off them (at scale 1.25, 0.8 × 1.25 is not exactly 1 in binary,
    /// and a width is a difference of two such numbers); a thousandth of a pixel is far below what
    /// anti-aliasing resolves (1/256 of coverage) and far above that error.
    static let pixelAlignmentTolerance = 0.001

    /// True when every edge lies on a whole pixel, to within `pixelAlignmentTolerance`: draw the rectangle
    /// as `roundedToPixels` then, whose size is whole too (this one's may be a hair less).
    var isPixelAligned: Bool {
        let tolerance = Self.pixelAlignmentTolerance
        return abs(minX - minX.rounded()) <= tolerance && abs(minY - minY.rounded()) <= tolerance
            && abs(maxX - maxX.rounded()) <= tolerance && abs(maxY - maxY.rounded()) <= tolerance
    }

    /// True when every edge and the size are finite numbers.
    var isFinite: Bool {
        origin.x.isFinite && origin.y.isFinite && size.width.isFinite && size.height.isFinite
            && maxX.isFinite && maxY.isFinite
    }

    /// The rectangle as an Xlib rectangle; the caller ensures it is pixel-aligned. Clamped to 16 bits.
    var xRectangle: XRectangle {
        XRectangle(x: Int16(Int32(xCoordinate: minX)), y: Int16(Int32(xCoordinate: minY)),
                   width: UInt16(UInt32(xSize: width)), height: UInt16(UInt32(xSize: height)))
    }
}

// These run for every surface and group of every frame. Written outside the main-actor renderer, their
// closures are nonisolated: a closure made in a main-actor method checks its executor on every call
// (`swift_task_isCurrentExecutor`, some 350 instructions), which cost more than the sums themselves.
extension Array where Element == Rect {
    /// The sum of the rectangles' areas (the pixels of disjoint rectangles).
    var totalArea: Double {
        var total = 0.0
        for rect in self { total += rect.width * rect.height }
        return total
    }

    /// The smallest rectangle holding them all; `.zero` when there are none.
    var boundingBox: Rect { reduce(Rect.zero) { $0.union($1) } }

    /// Each rectangle as an Xlib rectangle (see `Rect.xRectangle`).
    var xRectangles: [XRectangle] { map(\.xRectangle) }

    /// Whether any of them overlaps `rect`.
    func anyIntersects(_ rect: Rect) -> Bool { contains { $0.intersects(rect) } }

    /// Every rectangle moved by (`dx`, `dy`).
    func offsetBy(dx: Double, dy: Double) -> [Rect] { map { $0.offsetBy(dx: dx, dy: dy) } }
}
