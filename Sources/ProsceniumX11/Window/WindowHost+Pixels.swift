import Proscenium

// MARK: - Points and pixels

/// The host works in device pixels, the core in points: a window's size, its damage and its size hints
/// cross between the two here.
extension WindowHost {
    /// A size in points as whole device pixels.
    /// X coordinates are 16-bit: no side passes `maximumPixels`, and a size that is not a number is none.
    nonisolated static func pixels(_ size: Size, scale: Double) -> Size {
        func side(_ points: Double) -> Double {
            let pixels = (points * scale).rounded()
            return pixels.isNaN ? 0 : min(max(pixels, 0), maximumPixels)
        }
        return Size(width: side(size.width), height: side(size.height))
    }

    /// The longest side an X window or pixmap can have.
    public nonisolated static let maximumPixels = 32_767.0

    /// A region in points as the device pixels it touches.
    nonisolated static func pixels(_ region: Proscenium.Region, scale: Double) -> Proscenium.Region {
        guard scale != 1 else { return region }
        var result = Proscenium.Region()
        for rect in region.rects { result.add(rect.scaled(by: scale)) }
        return result
    }

    /// The configuration with its sizes in device pixels, for the window manager's hints.
    nonisolated static func inPixels(_ configuration: WindowConfiguration, scale: Double) -> WindowConfiguration {
        var pixels = configuration
        pixels.size = Self.pixels(configuration.size, scale: scale)
        pixels.minimumSize = Self.pixels(configuration.minimumSize, scale: scale)
        return pixels
    }
}
