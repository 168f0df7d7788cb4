import CX11
import Proscenium

/// Converts a coordinate to XRender's 16.16 fixed point, rounding to the nearest representable value.
@inline(__always) func xFixed(_ value: Double) -> XFixed {
    XFixed(clamping: Int64((value * 65536).rounded()))
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

    /// True when every edge already lies on a whole pixel.
    var isPixelAligned: Bool {
        minX == minX.rounded() && minY == minY.rounded() && maxX == maxX.rounded() && maxY == maxY.rounded()
    }

    /// The rectangle as an Xlib rectangle; the caller ensures it is pixel-aligned and within 16-bit range.
    var xRectangle: XRectangle {
        XRectangle(x: Int16(clamping: Int(minX)), y: Int16(clamping: Int(minY)),
                   width: UInt16(clamping: Int(width)), height: UInt16(clamping: Int(height)))
    }
}
