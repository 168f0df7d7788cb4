/// Light or dark appearance, as UIKit's `UIUserInterfaceStyle`: which value dynamic colours resolve to.
public enum UserInterfaceStyle: Sendable, Hashable, CustomStringConvertible {
    /// Not said: inherit (an override), or light (a view outside any window).
    case unspecified
    /// Dark text on light backgrounds.
    case light
    /// Light text on dark backgrounds.
    case dark

    /// `light`, `dark` or `unspecified`, as the environment variable and the CLI spell them.
    public var description: String {
        switch self {
        case .unspecified: "unspecified"
        case .light: "light"
        case .dark: "dark"
        }
    }

    /// The style named `light` or `dark` (any case); nil for anything else.
    public init?(name: String) {
        switch name.lowercased() {
        case "light": self = .light
        case "dark": self = .dark
        default: return nil
        }
    }
}
