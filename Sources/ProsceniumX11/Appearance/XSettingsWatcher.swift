import CX11
import Glibc
import Proscenium

/// Follows the desktop's XSETTINGS manager on one connection: finds the owner of `_XSETTINGS_S<screen>`,
/// reads its `_XSETTINGS_SETTINGS` and reads them again whenever the manager rewrites them, replaces
/// itself, exits or starts (its `MANAGER` message on the root window), and merges in the light or dark
/// preference of the XDG settings portal. Windows observe it to follow the desktop's appearance live.
@MainActor final class XSettingsWatcher {
    private unowned let display: Display
    private let selectionAtom: Atom
    private let settingsAtom: Atom
    private let managerAtom: Atom
    /// The manager's window, 0 when no manager runs.
    private(set) var owner: CX11.Window = 0
    /// The settings as last read; empty without a manager or after a malformed blob.
    private(set) var settings = XSettings()
    private var observers: [Int: @MainActor (XSettings) -> Void] = [:]
    private var lastObserverID = 0
    /// The XDG settings portal on the session bus, whose light or dark preference the settings carry.
    private let portal: SettingsPortal?

    /// With `portal` nil, the session bus's settings portal, but only for the desktop's own display
    /// (`DISPLAY`): a private server (a test's, a headless run) is no part of the user's session.
    init(display: Display, portal: SettingsPortal?? = nil) {
        self.display = display
        let desktop = getenv("DISPLAY").map { String(cString: $0) }
        self.portal = portal ?? (desktop == display.name ? SettingsPortal() : nil)
        let dpy = display.pointer
        selectionAtom = XInternAtom(dpy, "_XSETTINGS_S\(display.screen)", 0)
        settingsAtom = XInternAtom(dpy, "_XSETTINGS_SETTINGS", 0)
        managerAtom = XInternAtom(dpy, "MANAGER", 0)
        // A manager starting announces itself with a client message to the root window, sent with
        // StructureNotifyMask.
        display.events.selectRootEvents(StructureNotifyMask)
        // It lives as long as the connection (and its dispatcher), so it never stops watching.
        _ = display.events.watchRoot { [weak self] event in self?.handleRootEvent(&event) }
        findOwner()
        display.events.dispatchQueuedEventsSoon()
        self.portal?.changed = { [weak self] in
            guard let self else { return }
            var merged = settings
            merged.portalPreference = self.portal?.preference
            publish(merged)
        }
    }

    /// Calls `handler` with the new settings each time they change, until `stopObserving(_:)`.
    func observe(_ handler: @escaping @MainActor (XSettings) -> Void) -> Int {
        lastObserverID += 1
        observers[lastObserverID] = handler
        return lastObserverID
    }

    /// Ends an `observe(_:)`.
    func stopObserving(_ id: Int) {
        observers[id] = nil
    }

    /// Looks up the selection's owner with the server grabbed, so that it cannot vanish between the
    /// lookup and selecting its events, then reads its settings.
    private func findOwner() {
        let dpy = display.pointer
        if owner != 0 { forgetOwner() }
        XGrabServer(dpy)
        let found = XGetSelectionOwner(dpy, selectionAtom)
        if found != 0 {
            VanishingWindowErrors.expect(VanishingWindowErrors.windowCodes, on: found, of: dpy)
            XSelectInput(dpy, found, StructureNotifyMask | PropertyChangeMask)
            display.events.route(found) { [weak self] event in self?.handleOwnerEvent(&event) }
        }
        XUngrabServer(dpy)
        XFlush(dpy)
        owner = found
        readSettings()
    }

    private func forgetOwner() {
        display.events.stopRouting(owner)
        VanishingWindowErrors.forget(owner, of: display.pointer)
        owner = 0
    }

    /// Reads and decodes the owner's property; a malformed one counts as no settings, with a warning.
    private func readSettings() {
        var decoded = XSettings()
        if owner != 0, let bytes = propertyBytes() {
            do {
                decoded = try XSettings(bytes: bytes)
            } catch {
                Warnings.handler("ignoring the desktop's XSETTINGS: \(error.description)")
            }
        }
        decoded.portalPreference = portal?.preference
        publish(decoded)
    }

    /// Makes `new` the settings and tells the observers, if anything changed.
    private func publish(_ new: XSettings) {
        guard new != settings else { return }
        settings = new
        for observer in observers.values { observer(new) }
    }

    /// The `_XSETTINGS_SETTINGS` property's bytes, nil when the owner has none (or is gone).
    private func propertyBytes() -> [UInt8]? {
        let dpy = display.pointer
        var type: Atom = 0
        var format: Int32 = 0
        var count: UInt = 0, after: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        // Settings blobs are a few kilobytes; 1 MiB (in 32-bit units) is far beyond any real one.
        let status = XGetWindowProperty(dpy, owner, settingsAtom, 0, 1 << 18, 0, settingsAtom,
                                        &type, &format, &count, &after, &data)
        defer { if let data { XFree(data) } }
        display.events.dispatchQueuedEventsSoon()
        guard status == Success, let data, type == settingsAtom, format == 8 else { return nil }
        return Array(UnsafeBufferPointer(start: data, count: Int(count)))
    }

    private func handleRootEvent(_ event: inout XEvent) {
        // Any client may send this; Xlib sign-extends format-32 data, so the atom is read bit for bit.
        guard event.type == ClientMessage, event.xclient.message_type == managerAtom, event.xclient.format == 32,
              Atom(UInt(bitPattern: event.xclient.data.l.1)) == selectionAtom else { return }
        findOwner()
    }

    private func handleOwnerEvent(_ event: inout XEvent) {
        switch event.type {
        case PropertyNotify where event.xproperty.atom == settingsAtom:
            readSettings()
        case DestroyNotify where event.xdestroywindow.window == owner:
            // The manager exited: the defaults, unless another already took its place.
            forgetOwner()
            findOwner()
        default:
            break
        }
    }
}
