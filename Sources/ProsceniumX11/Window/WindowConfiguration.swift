import Glibc
import Proscenium

/// What the top-level X window is called, how it looks in the desktop's task switcher and how big it may be.
public struct WindowConfiguration: Sendable {
    /// Shown in the title bar (`WM_NAME` and UTF-8 `_NET_WM_NAME`).
    public var title: String
    /// `WM_CLASS` instance name, which window managers match rules on and desktops match to the app's
    /// `.desktop` file: by default `RESOURCE_NAME` if set, else the program's name (ICCCM, as Xlib apps).
    public var instanceName: String
    /// The `WM_CLASS` class name: the application's general name, where `instanceName` names this
    /// instance; by default the program's name capitalized, as GTK's.
    public var className: String
    /// The window's icon in the task switcher and the dock (`_NET_WM_ICON`), with its variants for denser
    /// screens as further sizes; nil for none (the desktop's generic icon).
    public var icon: Image?
    /// The window's initial size, in points; 1280×800 by default. The X window is this times the scale.
    public var size: Size
    /// The smallest size the window manager lets the user resize to, in points.
    public var minimumSize: Size
    /// Device pixels per point; nil reads it from `PROSCENIUM_SCALE`, else the desktop's `Xft.dpi`
    /// (see `DisplayScale`), and follows the desktop's changes while the window is open.
    public var scale: Double?
    /// Light or dark; nil reads it from `PROSCENIUM_APPEARANCE`, else the desktop's (its settings portal,
    /// else its XSETTINGS theme: see `DesktopAppearance`), and follows the desktop's changes while the
    /// window is open.
    public var appearance: UserInterfaceStyle?

    /// A configuration; every field has a default, so name only what differs. The title is the program's
    /// name unless given.
    public init(title: String = Console.programName, instanceName: String = WindowConfiguration.defaultInstanceName,
                className: String = WindowConfiguration.defaultClassName, icon: Image? = nil,
                size: Size = Size(width: 1280, height: 800), minimumSize: Size = Size(width: 320, height: 240),
                scale: Double? = nil, appearance: UserInterfaceStyle? = nil) {
        self.scale = scale
        self.appearance = appearance
        self.title = title
        self.instanceName = instanceName
        self.className = className
        self.icon = icon
        self.size = size
        self.minimumSize = minimumSize
    }

    /// The instance name windows get unless told: `RESOURCE_NAME` if set, else the program's name.
    public static var defaultInstanceName: String {
        resolvedInstanceName(resourceName: getenv("RESOURCE_NAME").map { String(cString: $0) }, programName: Console.programName)
    }

    /// The class name windows get unless told: the program's name with its first letter in capitals.
    public static var defaultClassName: String { resolvedClassName(programName: Console.programName) }

    static func resolvedInstanceName(resourceName: String?, programName: String) -> String {
        if let resourceName, !resourceName.isEmpty { return resourceName }
        return programName.isEmpty ? "proscenium" : programName
    }

    static func resolvedClassName(programName: String) -> String {
        guard let first = programName.first else { return "Proscenium" }
        return first.uppercased() + programName.dropFirst()
    }
}
