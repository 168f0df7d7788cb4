/// An sRGB colour with straight (not premultiplied) alpha, components in 0...1; a dynamic colour
/// (`init(light:dark:)`, the semantic colours) has a second set for the dark appearance.
public struct Color: Hashable, Sendable, CustomStringConvertible {
    /// Red component, 0...1 (NaN, from a computation gone wrong, reads as 0: nothing downstream traps).
    public var red: Double { didSet { red = Self.component(red) } }
    /// Green component, 0...1.
    public var green: Double { didSet { green = Self.component(green) } }
    /// Blue component, 0...1.
    public var blue: Double { didSet { blue = Self.component(blue) } }
    /// Opacity, 0 (transparent) to 1 (opaque); not multiplied into the colour components.
    public var alpha: Double { didSet { alpha = Self.component(alpha) } }
    /// The components in the dark appearance, for a dynamic colour; nil when it is the same in both.
    var darkComponents: DarkComponents?

    /// The red, green, blue and alpha a dynamic colour has in the dark appearance.
    struct DarkComponents: Hashable, Sendable {
        var red, green, blue, alpha: Double
    }

    /// A colour from sRGB components in 0...1, opaque unless `alpha` says otherwise.
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        (self.red, self.green, self.blue, self.alpha) = (Self.component(red), Self.component(green), Self.component(blue),
                                                         Self.component(alpha))
    }

    /// A component as stored: NaN becomes 0.
    private static func component(_ value: Double) -> Double { value.isNaN ? 0 : value }

    /// A grey, as UIKit's `UIColor(white:alpha:)`.
    public init(white: Double, alpha: Double = 1) {
        self.init(red: white, green: white, blue: white, alpha: alpha)
    }

    /// A colour from a 0xRRGGBB literal.
    public init(hex: UInt32, alpha: Double = 1) {
        self.init(red: Double((hex >> 16) & 0xFF) / 255, green: Double((hex >> 8) & 0xFF) / 255,
                  blue: Double(hex & 0xFF) / 255, alpha: alpha)
    }

    /// A dynamic colour: `light` in the light appearance, `dark` in the dark one, as UIKit's
    /// `UIColor(dynamicProvider:)` answering per `userInterfaceStyle`. Views resolve it as they draw.
    public init(light: Color, dark: Color) {
        let light = light.resolved(for: .light), dark = dark.resolved(for: .dark)
        self.init(red: light.red, green: light.green, blue: light.blue, alpha: light.alpha)
        if dark != light { darkComponents = DarkComponents(red: dark.red, green: dark.green, blue: dark.blue, alpha: dark.alpha) }
    }

    /// Whether the colour differs between the light and the dark appearance.
    public var isDynamic: Bool { darkComponents != nil }

    /// The plain colour this one is in `traits`' appearance (light when unspecified), as UIKit's
    /// `resolvedColor(with:)`.
    public func resolvedColor(with traits: TraitCollection) -> Color {
        resolved(for: traits.userInterfaceStyle)
    }

    /// The plain colour this one is in `style` (light when unspecified).
    func resolved(for style: UserInterfaceStyle) -> Color {
        guard let dark = darkComponents else { return self }
        if style == .dark { return Color(red: dark.red, green: dark.green, blue: dark.blue, alpha: dark.alpha) }
        return Color(red: red, green: green, blue: blue, alpha: alpha)
    }

    /// The colour with `transform` applied in each appearance: a dynamic colour stays dynamic.
    func mapped(_ transform: (Color) -> Color) -> Color {
        guard isDynamic else { return transform(self) }
        return Color(light: transform(resolved(for: .light)), dark: transform(resolved(for: .dark)))
    }

    /// The same colour with a different opacity (in both appearances), as UIKit's `withAlphaComponent(_:)`.
    public func withAlphaComponent(_ alpha: Double) -> Color {
        mapped { Color(red: $0.red, green: $0.green, blue: $0.blue, alpha: alpha) }
    }

    /// A `#rrggbb` hex string, with `@alpha` appended when not opaque, for logs.
    public var description: String {
        func byte(_ v: Double) -> String {
            let s = String(Int((min(max(v, 0), 1) * 255).rounded()), radix: 16)
            return s.count == 1 ? "0" + s : s
        }
        let light = "#\(byte(red))\(byte(green))\(byte(blue))" + (alpha < 1 ? "@\(alpha)" : "")
        guard isDynamic else { return light }
        return light + "/" + resolved(for: .dark).description
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
}
