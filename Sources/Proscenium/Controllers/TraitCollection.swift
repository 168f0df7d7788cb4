/// Whether a dimension has room for a full layout (regular) or needs a compact one, as UIKit's
/// `UIUserInterfaceSizeClass`.
public enum UserInterfaceSizeClass: Sendable, Hashable {
    /// Not known: the controller is not on screen.
    case unspecified
    /// Little room, as a phone's width: styles adapt (a popover becomes a sheet).
    case compact
    /// Room for the full layout, as a desktop window's width: styles show as asked (a popover stays one).
    case regular
}

/// The environment a view or controller lays out and draws for — size classes derived from its container's
/// size, the display scale and the light or dark appearance — as UIKit's `UITraitCollection`. Presentation
/// styles read it to adapt (a popover becomes a sheet in compact width); dynamic colours to resolve.
public struct TraitCollection: Sendable, Hashable {
    /// Below this width the horizontal size class is compact.
    public static let compactWidthThreshold = 640.0
    /// Below this height the vertical size class is compact.
    public static let compactHeightThreshold = 480.0

    /// Compact below `compactWidthThreshold` wide, else regular.
    public var horizontalSizeClass: UserInterfaceSizeClass
    /// Compact below `compactHeightThreshold` tall, else regular.
    public var verticalSizeClass: UserInterfaceSizeClass
    /// Device pixels per point on the window's screen: 1, 1.5, 2 (UIKit's `displayScale`).
    public var displayScale: Double = 1
    /// Light or dark appearance: the desktop's, unless a view or controller overrides it.
    public var userInterfaceStyle: UserInterfaceStyle = .unspecified

    /// The width of one device pixel, in points: a border or separator of this width is a hairline.
    public var hairlineWidth: Double { 1 / max(displayScale, 1e-6) }

    /// Both size classes unspecified: the controller is not on screen.
    public init() {
        horizontalSizeClass = .unspecified
        verticalSizeClass = .unspecified
    }

    /// The traits of a container of `size` (in points) on a screen of `displayScale`, in `userInterfaceStyle`.
    public init(containerSize size: Size, displayScale: Double = 1, userInterfaceStyle: UserInterfaceStyle = .unspecified) {
        self.displayScale = displayScale
        self.userInterfaceStyle = userInterfaceStyle
        horizontalSizeClass = size.width < Self.compactWidthThreshold ? .compact : .regular
        verticalSizeClass = size.height < Self.compactHeightThreshold ? .compact : .regular
    }

    /// Explicit size classes (and appearance).
    public init(horizontalSizeClass: UserInterfaceSizeClass, verticalSizeClass: UserInterfaceSizeClass,
                userInterfaceStyle: UserInterfaceStyle = .unspecified) {
        self.horizontalSizeClass = horizontalSizeClass
        self.verticalSizeClass = verticalSizeClass
        self.userInterfaceStyle = userInterfaceStyle
    }

    /// Only an appearance, as UIKit's `UITraitCollection(userInterfaceStyle:)`: for resolving a dynamic
    /// colour outside any view.
    public init(userInterfaceStyle: UserInterfaceStyle) {
        self.init()
        self.userInterfaceStyle = userInterfaceStyle
    }
}
