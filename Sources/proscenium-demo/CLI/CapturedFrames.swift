import Glibc
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
                guard let from = source.baseAddress, let to = target.baseAddress else { return }
                for y in 0..<height {
                    for x in 0..<width {
                        // One pixel's four bytes with one call: a loop over channels is slow in debug builds.
                        memcpy(to + (y * width + x) * 4, from + (y * factor * image.width + x * factor) * 4, 4)
                    }
                }
            }
        }
        return Image(width: width, height: height, pixels: pixels)
    }
}
