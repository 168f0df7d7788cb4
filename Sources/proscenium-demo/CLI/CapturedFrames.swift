import Proscenium

/// What `--capture-frames` writes besides the `--screenshot` frame: where each frame goes, and how
/// `--capture-downsample` shrinks it.
enum CapturedFrames {
    /// `shot.png` for frame 7: `shot-f0007.png`.
    static func path(_ path: String, frame: Int) -> String {
        let digits = String(frame)
        return String(path.dropLast(4)) + "-f" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits + ".png"
    }

    /// `image` at 1/`factor` of its size: the top-left pixel of every `factor`x`factor` block, so colours
    /// stay exact (no blending), which is what a test looking for a flash compares.
    static func downsampled(_ image: Image, by factor: Int) -> Image {
        guard factor > 1 else { return image }
        let width = (image.width + factor - 1) / factor, height = (image.height + factor - 1) / factor
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        image.pixels.withUnsafeBufferPointer { source in
            pixels.withUnsafeMutableBufferPointer { target in
                for y in 0..<height {
                    for x in 0..<width {
                        let from = (y * factor * image.width + x * factor) * 4, to = (y * width + x) * 4
                        for channel in 0..<4 { target[to + channel] = source[from + channel] }
                    }
                }
            }
        }
        return Image(width: width, height: height, pixels: pixels)
    }
}
