import Glibc
import Proscenium

/// The desktop's light or dark preference as the XDG settings portal publishes it (`color-scheme` in
/// `org.freedesktop.appearance`): what GNOME's Dark Style switch and KDE's colour schemes set, which the
/// XSETTINGS theme does not always show. Asked once at start, then followed as the portal announces
/// changes; until it answers (or with no portal on the session bus), XSETTINGS decides alone.
@MainActor final class SettingsPortal {
    /// The portal's preference: `.dark`, `.light`, or nil while it has none (or has not answered).
    private(set) var preference: UserInterfaceStyle?
    /// Called when the preference changes.
    var changed: (@MainActor () -> Void)?
    private let connection: DBusConnection

    nonisolated static let service = "org.freedesktop.portal.Desktop"
    nonisolated static let path = "/org/freedesktop/portal/desktop"
    nonisolated static let interface = "org.freedesktop.portal.Settings"
    nonisolated static let namespace = "org.freedesktop.appearance"
    nonisolated static let key = "color-scheme"

    /// A portal on the session bus at `address` (the `DBUS_SESSION_BUS_ADDRESS` one by default); nil with
    /// no session bus, or no libdbus.
    init?(address: String? = getenv("DBUS_SESSION_BUS_ADDRESS").map { String(cString: $0) }) {
        guard let address, !address.isEmpty, let connection = DBusConnection(address: address) else { return nil }
        self.connection = connection
        connection.addMatch("type='signal',interface='\(Self.interface)',member='SettingChanged',arg0='\(Self.namespace)',arg1='\(Self.key)'")
        connection.signalHandler = { [weak self] signal in
            guard signal.interface == Self.interface, signal.member == "SettingChanged",
                  signal.arguments.string(0) == Self.namespace, signal.arguments.string(1) == Self.key else { return }
            self?.update(signal.arguments.uint32(2))
        }
        // Nothing waits on the answer, so a portal that is slow to start (the bus starting it on demand)
        // gets as long as D-Bus itself gives.
        connection.call(destination: Self.service, path: Self.path, interface: Self.interface, member: "Read", timeout: 25, {
            $0.string(Self.namespace)
            $0.string(Self.key)
        }, reply: { [weak self] reply in
            // The answer is a variant holding a variant holding the number; the arguments reader unwraps both.
            guard let reply else { return }
            self?.update(DBusArguments(reply).uint32(0))
        })
    }

    /// The preference for the portal's `color-scheme` number: 1 prefers dark, 2 light, 0 (or anything
    /// else) states none.
    static func preference(forColorScheme scheme: UInt32?) -> UserInterfaceStyle? {
        switch scheme {
        case 1: .dark
        case 2: .light
        default: nil
        }
    }

    private func update(_ scheme: UInt32?) {
        let preference = Self.preference(forColorScheme: scheme)
        guard preference != self.preference else { return }
        self.preference = preference
        changed?()
    }
}
