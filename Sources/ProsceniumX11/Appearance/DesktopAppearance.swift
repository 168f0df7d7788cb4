import Proscenium

/// Where a window's light or dark appearance comes from: an explicit choice (the demo's `--appearance`),
/// then `PROSCENIUM_APPEARANCE=light|dark`, then the desktop's (the settings portal's `color-scheme`, else
/// the XSETTINGS theme: see `XSettings.userInterfaceStyle`), then light. A bad value is skipped with one
/// warning.
public enum DesktopAppearance {
    /// Which source gave the appearance.
    public enum Source: String, Sendable {
        /// The configuration's (the demo's `--appearance`).
        case override
        /// The `PROSCENIUM_APPEARANCE` environment variable.
        case environment
        /// The desktop's settings portal and XSETTINGS, followed live.
        case desktop
    }

    /// The appearance from the sources in order, and where it came from.
    @MainActor public static func resolve(override: UserInterfaceStyle?, environment: String?,
                                          desktop: () -> XSettings) -> (style: UserInterfaceStyle, source: Source) {
        if let override, override != .unspecified { return (override, .override) }
        if let environment {
            if let style = UserInterfaceStyle(name: String(environment.filter { $0 != " " && $0 != "\t" })) { return (style, .environment) }
            Warnings.handler("ignoring PROSCENIUM_APPEARANCE=\(environment): it must be light or dark")
        }
        return (desktop().userInterfaceStyle, .desktop)
    }
}
