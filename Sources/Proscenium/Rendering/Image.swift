/// A decoded bitmap: 8-bit RGBA pixels with straight alpha, rows top to bottom with no padding.
///
/// The core never decodes files itself; the backend's PNG codec produces these. An image is a class so
/// renderers can cache what they uploaded for it (keyed by `ObjectIdentifier`).
public final class Image: Sendable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// `width * height * 4` bytes, R G B A per pixel.
    public let pixels: [UInt8]

    /// An image from raw RGBA bytes; traps unless there are exactly `width * height * 4`.
    public init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(width >= 0 && height >= 0 && pixels.count == width * height * 4,
                     "Image needs width*height*4 bytes, got \(pixels.count) for \(width)x\(height)")
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// An image filled with one colour.
    public convenience init(width: Int, height: Int, fill color: Color) {
        let px: [UInt8] = [color.red, color.green, color.blue, color.alpha].map { UInt8((min(max($0, 0), 1) * 255).rounded()) }
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        for i in stride(from: 0, to: pixels.count, by: 4) {
            pixels[i] = px[0]; pixels[i + 1] = px[1]; pixels[i + 2] = px[2]; pixels[i + 3] = px[3]
        }
        self.init(width: width, height: height, pixels: pixels)
    }

    /// The pixel dimensions as a `Size`, one point per pixel.
    public var size: Size { Size(width: Double(width), height: Double(height)) }

    /// The pixel at (x, y) as a colour with straight alpha.
    public func color(atX x: Int, y: Int) -> Color {
        precondition(x >= 0 && y >= 0 && x < width && y < height, "pixel (\(x), \(y)) outside \(width)x\(height)")
        let i = (y * width + x) * 4
        return Color(red: Double(pixels[i]) / 255, green: Double(pixels[i + 1]) / 255,
                     blue: Double(pixels[i + 2]) / 255, alpha: Double(pixels[i + 3]) / 255)
    }
}
