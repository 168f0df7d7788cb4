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
    /// Sharper versions for screens with more pixels per point, by that scale (`name@2x.png` is 2's), each
    /// drawn in the same place as this one: a screen of scale s draws the first at s or above.
    public let variants: [Double: Image]

    /// An image from raw RGBA bytes; traps unless there are exactly `width * height * 4`.
    public init(width: Int, height: Int, pixels: [UInt8], variants: [Double: Image] = [:]) {
        precondition(width >= 0 && height >= 0 && pixels.count == width * height * 4,
                     "Image needs width*height*4 bytes, got \(pixels.count) for \(width)x\(height)")
        self.width = width
        self.height = height
        self.pixels = pixels
        self.variants = variants.filter { $0.key > 1 && $0.key.isFinite }
    }

    /// This image with `variants` for denser screens (such as `[2: image2x]`).
    public func withVariants(_ variants: [Double: Image]) -> Image {
        Image(width: width, height: height, pixels: pixels, variants: variants)
    }

    /// What a screen of `scale` pixels per point draws: the variant of the smallest scale at or above it,
    /// else the densest one there is (this image when it has none, or at scale 1).
    public func representation(forScale scale: Double) -> Image {
        guard scale > 1, !variants.isEmpty else { return self }
        let sorted = variants.sorted { $0.key < $1.key }
        return (sorted.first { $0.key >= scale } ?? sorted.last)?.value ?? self
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
