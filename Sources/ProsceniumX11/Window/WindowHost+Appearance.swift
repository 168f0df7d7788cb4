import Glibc
import Proscenium

/// The window's light or dark appearance: chosen once (configuration, `PROSCENIUM_APPEARANCE`) or the
/// desktop's, followed live as its settings portal or XSETTINGS manager switches style.
extension WindowHost {
    /// Sets the core window's `systemUserInterfaceStyle` from the sources in `DesktopAppearance`'s order;
    /// following the desktop, it keeps it up to date.
    func applyAppearance(_ override: UserInterfaceStyle?) {
        let environment = getenv("PROSCENIUM_APPEARANCE").map { String(cString: $0) }
        let resolved = DesktopAppearance.resolve(override: override, environment: environment) {
            display.desktopSettings.settings
        }
        window.systemUserInterfaceStyle = resolved.style
        guard resolved.source == .desktop, appearanceObservation == nil else { return }
        appearanceObservation = display.desktopSettings.observe { [weak self] settings in
            self?.window.systemUserInterfaceStyle = settings.userInterfaceStyle
        }
    }
}
