import Proscenium

/// What the top-level X window is called and how big it may be.
public struct WindowConfiguration: Sendable {
    /// Shown in the title bar (`WM_NAME` and UTF-8 `_NET_WM_NAME`).
    public var title: String
    /// `WM_CLASS` instance and class names, used by window managers to match rules.
    public var instanceName: String
    /// The `WM_CLASS` class name: the application's general name, where `instanceName` names this instance.
    public var className: String
    /// The window's initial size, in points; 1280×800 by default. The X window is this times the scale.
    public var size: Size
    /// The smallest size the window manager lets the user resize to, in points.
    public var minimumSize: Size
    /// Device pixels per point; nil reads it from `PROSCENIUM_SCALE`, else the desktop's `Xft.dpi`
    /// (see `DisplayScale`), and follows the desktop's changes while the window is open.
    public var scale: Double?
    /// Light or dark; nil reads it from `PROSCENIUM_APPEARANCE`, else the desktop's XSETTINGS theme (see
    /// `DesktopAppearance`), and follows the desktop's changes while the window is open.
    public var appearance: UserInterfaceStyle?

    /// A configuration; every field has a default, so name only what differs.
    public init(title: String = "Proscenium", instanceName: String = "proscenium", className: String = "Proscenium",
                size: Size = Size(width: 1280, height: 800), minimumSize: Size = Size(width: 320, height: 240),
                scale: Double? = nil, appearance: UserInterfaceStyle? = nil) {
        self.scale = scale
        self.appearance = appearance
        self.title = title
        self.instanceName = instanceName
        self.className = className
        self.size = size
        self.minimumSize = minimumSize
    }
}
