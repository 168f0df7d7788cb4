import CX11
import Proscenium
@testable import ProsceniumX11

/// Stands in for a desktop's XSETTINGS manager (xsettingsd, gnome-settings-daemon) on a connection of its
/// own: owns `_XSETTINGS_S0`, announces itself with a MANAGER message, publishes settings blobs and can
/// exit, as the freedesktop.org specification has managers do.
@MainActor final class SettingsManagerDouble {
    private let display: OpaquePointer
    private let window: CX11.Window
    private let settingsAtom: Atom
    private var serial: UInt32 = 0

    init?(displayName: String, settings: XSettings) {
        guard let display = XOpenDisplay(displayName) else { return nil }
        self.display = display
        let root = XDefaultRootWindow(display)
        window = XCreateSimpleWindow(display, root, -1, -1, 1, 1, 0, 0, 0)
        settingsAtom = XInternAtom(display, "_XSETTINGS_SETTINGS", 0)
        publish(settings)
        let selection = XInternAtom(display, "_XSETTINGS_S0", 0)
        XSetSelectionOwner(display, selection, window, UInt(CurrentTime))
        var event = XEvent()
        event.xclient.type = ClientMessage
        event.xclient.window = root
        event.xclient.message_type = XInternAtom(display, "MANAGER", 0)
        event.xclient.format = 32
        event.xclient.data.l.0 = Int(CurrentTime)
        event.xclient.data.l.1 = Int(selection)
        event.xclient.data.l.2 = Int(window)
        XSendEvent(display, root, 0, StructureNotifyMask, &event)
        XSync(display, 0)
    }

    /// Publishes `settings` with a new serial, as a manager does when the user changes one.
    func publish(_ settings: XSettings) {
        serial += 1
        var settings = settings
        settings.serial = serial
        publish(bytes: settings.encoded())
    }

    /// Publishes raw bytes, well-formed or not.
    func publish(bytes: [UInt8]) {
        XChangeProperty(display, window, settingsAtom, settingsAtom, 8, PropModeReplace, bytes, Int32(bytes.count))
        XSync(display, 0)
    }

    /// Sends a MANAGER message naming `selection` (any value, as a hostile client may), to every client
    /// listening on the root window.
    func announce(selection: Int) {
        let root = XDefaultRootWindow(display)
        var event = XEvent()
        event.xclient.type = ClientMessage
        event.xclient.window = root
        event.xclient.message_type = XInternAtom(display, "MANAGER", 0)
        event.xclient.format = 32
        event.xclient.data.l.1 = selection
        XSendEvent(display, root, 0, StructureNotifyMask, &event)
        XSync(display, 0)
    }

    /// Exits: the manager's window is destroyed and the selection has no owner.
    func quit() {
        XDestroyWindow(display, window)
        XSync(display, 0)
    }

    isolated deinit {
        XCloseDisplay(display)
    }
}
