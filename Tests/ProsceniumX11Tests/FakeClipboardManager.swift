import CX11
import Foundation
import Glibc

/// A clipboard manager as a desktop runs one (gnome-settings-daemon's, xfce4-clipman's): it owns
/// `CLIPBOARD_MANAGER`; asked to `SAVE_TARGETS`, it reads the clipboard's text from its owner through
/// `MULTIPLE`, answers, then owns `CLIPBOARD` itself and serves that text to whoever pastes. Another
/// process in real life: here a thread and a connection of its own, so it answers while the app waits.
final class FakeClipboardManager: @unchecked Sendable {
    private let lock = NSLock()
    private var savedText: String?
    private var stopping = false
    private var running = true
    private let displayName: String

    /// The text it saved, once it has.
    var saved: String? { lock.withLock { savedText } }

    /// Starts the manager on `displayName`; it owns `CLIPBOARD_MANAGER` when this returns.
    init(displayName: String) throws {
        self.displayName = displayName
        let ready = DispatchSemaphore(value: 0)
        let thread = Thread { [self] in run(ready: ready) }
        thread.name = "fake-clipboard-manager"
        thread.start()
        ready.wait()
    }

    /// Stops the manager and waits until its thread has closed its connection.
    func stop() {
        lock.withLock { stopping = true }
        while lock.withLock({ running }) { usleep(1000) }
    }

    private func run(ready: DispatchSemaphore) {
        guard let dpy = XOpenDisplay(displayName) else {
            lock.withLock { running = false }
            ready.signal()
            return
        }
        defer {
            XCloseDisplay(dpy)
            lock.withLock { running = false }
        }
        func atom(_ name: String) -> Atom { XInternAtom(dpy, name, 0) }
        let window = XCreateSimpleWindow(dpy, XDefaultRootWindow(dpy), 0, 0, 1, 1, 0, 0, 0)
        XSelectInput(dpy, window, PropertyChangeMask)
        XSetSelectionOwner(dpy, atom("CLIPBOARD_MANAGER"), window, Time(CurrentTime))
        XSync(dpy, 0)
        ready.signal()
        var saving: XSelectionRequestEvent?
        let pairs = atom("FAKE_MANAGER_PAIRS"), utf8Property = atom("FAKE_MANAGER_UTF8")
        while !lock.withLock({ stopping }) {
            guard XPending(dpy) > 0 else {
                var connection = pollfd(fd: XConnectionNumber(dpy), events: Int16(POLLIN), revents: 0)
                _ = poll(&connection, 1, 10)
                continue
            }
            var event = XEvent()
            XNextEvent(dpy, &event)
            switch event.type {
            case SelectionRequest:
                let request = event.xselectionrequest
                if request.selection == atom("CLIPBOARD_MANAGER"), request.target == atom("SAVE_TARGETS") {
                    saving = request
                    // The text and a target the owner cannot give, through MULTIPLE as gsd asks.
                    var list: [CLong] = [atom("UTF8_STRING"), utf8Property, atom("image/png"), atom("FAKE_MANAGER_PNG")]
                        .map { CLong(bitPattern: $0) }
                    let count = Int32(list.count)
                    list.withUnsafeMutableBytes { bytes in
                        _ = XChangeProperty(dpy, window, pairs, atom("ATOM_PAIR"), 32, PropModeReplace,
                                            bytes.baseAddress!.assumingMemoryBound(to: UInt8.self), count)
                    }
                    XConvertSelection(dpy, atom("CLIPBOARD"), atom("MULTIPLE"), pairs, window, request.time)
                } else {
                    answer(request, on: dpy, atom: atom)
                }
            case SelectionNotify where event.xselection.target == atom("MULTIPLE"):
                let converted = property(pairs, of: window, on: dpy)
                let list = converted.withUnsafeBytes { Array($0.bindMemory(to: CLong.self)) }
                // The first pair kept its property (the text is there), the second lost it (no PNG).
                if list.count == 4, list[1] == CLong(bitPattern: utf8Property), list[3] == CLong(None) {
                    let text = String(decoding: property(utf8Property, of: window, on: dpy), as: UTF8.self)
                    lock.withLock { savedText = text }
                    XSetSelectionOwner(dpy, atom("CLIPBOARD"), window, Time(CurrentTime))
                }
                if let request = saving {
                    notify(request, property: saved == nil ? Atom(None) : request.property, on: dpy)
                    saving = nil
                }
            default:
                break
            }
            XFlush(dpy)
        }
    }

    /// Serves the saved text as `UTF8_STRING` once it owns `CLIPBOARD`; refuses anything else.
    private func answer(_ request: XSelectionRequestEvent, on dpy: OpaquePointer, atom: (String) -> Atom) {
        guard request.selection == atom("CLIPBOARD"), request.target == atom("UTF8_STRING"), let text = saved else {
            return notify(request, property: Atom(None), on: dpy)
        }
        let bytes = Array(text.utf8)
        XChangeProperty(dpy, request.requestor, request.property, atom("UTF8_STRING"), 8, PropModeReplace, bytes, Int32(bytes.count))
        notify(request, property: request.property, on: dpy)
    }

    private func notify(_ request: XSelectionRequestEvent, property: Atom, on dpy: OpaquePointer) {
        var reply = XEvent()
        reply.xselection.type = SelectionNotify
        reply.xselection.requestor = request.requestor
        reply.xselection.selection = request.selection
        reply.xselection.target = request.target
        reply.xselection.property = property
        reply.xselection.time = request.time
        XSendEvent(dpy, request.requestor, 0, 0, &reply)
    }

    /// The bytes of `property` on `window` (32-bit items as C longs), empty when it does not exist.
    private func property(_ property: Atom, of window: CX11.Window, on dpy: OpaquePointer) -> [UInt8] {
        var type: Atom = 0
        var format: Int32 = 0
        var count: UInt = 0
        var remaining: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        guard XGetWindowProperty(dpy, window, property, 0, 1 << 16, 0, Atom(AnyPropertyType), &type, &format,
                                 &count, &remaining, &data) == Success, let data else { return [] }
        defer { XFree(data) }
        let size = format == 32 ? MemoryLayout<CLong>.size : Int(format) / 8
        return Array(UnsafeBufferPointer(start: data, count: Int(count) * size))
    }
}
