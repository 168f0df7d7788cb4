/// An sRGB colour with straight (not premultiplied) alpha, components in 0...1.
public struct Color: Hashable, Sendable, CustomStringConvertible {
    /// Red component, 0...1.
    public var red: Double
    /// Green component, 0...1.
    public var green: Double
    /// Blue component, 0...1.
    public var blue: Double
    /// Opacity, 0 (transparent) to 1 (opaque); not multiplied into the colour components.
    public var alpha: Double

    /// A colour from sRGB components in 0...1, opaque unless `alpha` says otherwise.
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        (self.red, self.green, self.blue, self.alpha) = (red, green, blue, alpha)
    }

    /// A grey, as UIKit's `UIColor(white:alpha:)`.
    public init(white: Double, alpha: Double = 1) {
        self.init(red: white, green: white, blue: white, alpha: alpha)
    }

    /// A colour from a 0xRRGGBB literal.
    public init(hex: UInt32, alpha: Double = 1) {
        self.init(red: Double((hex >> 16) & 0xFF) / 255, green: Double((hex >> 8) & 0xFF) / 255,
                  blue: Double(hex & 0xFF) / 255, alpha: alpha)
    }

    /// The same colour with a different opacity, as UIKit's `withAlphaComponent(_:)`.
    public func withAlphaComponent(_ alpha: Double) -> Color {
        Color(red: red, green: green, blue: blue, alpha: alpha)
    }

    /// A `#rrggbb` hex string, with `@alpha` appended when not opaque, for logs.
    public var description: String {
        func byte(_ v: Double) -> String {
            let s = String(Int((min(max(v, 0), 1) * 255).rounded()), radix: 16)
            return s.count == 1 ? "0" + s : s
        }
        return "#\(byte(red))\(byte(green))\(byte(blue))" + (alpha < 1 ? "@\(alpha)" : "")
    }

    /// Fully transparent black, as `UIColor.clear`.
    public static let clear = Color(white: 0, alpha: 0)
    /// Opaque black, as `UIColor.black`.
    public static let black = Color(white: 0)
    /// Opaque white, as `UIColor.white`.
    public static let white = Color(white: 1)
    /// Opaque pure red (1, 0, 0).
    public static let red = Color(red: 1, green: 0, blue: 0)
    /// Opaque pure green (0, 1, 0).
    public static let green = Color(red: 0, green: 1, blue: 0)
    /// Opaque pure blue (0, 0, 1).
    public static let blue = Color(red: 0, green: 0, blue: 1)
    /// Light-mode `UIColor.systemBlue`, #007AFF; the default button tint.
    public static let systemBlue = Color(hex: 0x007AFF)
    /// Light-mode `UIColor.systemGray`, #8E8E93.
    public static let systemGray = Color(hex: 0x8E8E93)
}
