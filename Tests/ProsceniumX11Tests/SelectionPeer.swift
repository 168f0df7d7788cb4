import CX11
import Foundation

/// Another X client on a connection of its own, for the selection tests: as an owner it answers when the
/// test says (a slow client), as a requestor it sends a request the test builds. Driven by polling from
/// the test's waits; nothing here blocks. Close it before the server stops (`defer { peer.close() }`
/// after the fixture's own `defer`): Xlib ends the process when a connection's server is gone.
@MainActor final class SelectionPeer {
    private var connection: OpaquePointer?
    let window: CX11.Window
    var pointer: OpaquePointer { connection! }

    init(displayName: String) throws {
        guard let pointer = XOpenDisplay(displayName) else { throw FixtureError.timeout("a connection to \(displayName)") }
        connection = pointer
        window = XCreateSimpleWindow(pointer, XDefaultRootWindow(pointer), 0, 0, 1, 1, 0, 0, 0)
        XFlush(pointer)
    }

    /// Closes the connection (its window goes with it). Safe to call twice.
    func close() {
        guard let connection else { return }
        XCloseDisplay(connection)
        self.connection = nil
    }

    func atom(_ name: String) -> Atom { XInternAtom(pointer, name, 0) }

    /// Takes ownership of `selection` (such as "CLIPBOARD"); true when the server gave it.
    func own(_ selection: String) -> Bool {
        XSetSelectionOwner(pointer, atom(selection), window, Time(CurrentTime))
        return XGetSelectionOwner(pointer, atom(selection)) == window
    }

    /// The next selection request that reached this client, if one has.
    func nextRequest() -> XSelectionRequestEvent? {
        var event = XEvent()
        guard XCheckTypedWindowEvent(pointer, window, SelectionRequest, &event) != 0 else { return nil }
        return event.xselectionrequest
    }

    /// Answers `request` with `text` as UTF-8 in the property it named, as an owner does.
    func answer(_ request: XSelectionRequestEvent, with text: String) {
        let bytes = Array(text.utf8)
        XChangeProperty(pointer, request.requestor, request.property, atom("UTF8_STRING"), 8, PropModeReplace,
                        bytes, Int32(bytes.count))
        var notify = XEvent()
        notify.xselection.type = SelectionNotify
        notify.xselection.requestor = request.requestor
        notify.xselection.selection = request.selection
        notify.xselection.target = request.target
        notify.xselection.property = request.property
        notify.xselection.time = request.time
        XSendEvent(pointer, request.requestor, 0, 0, &notify)
        XFlush(pointer)
    }

    /// Whether `window` (another client's) has `property`, asked on this connection: after whatever this
    /// client sent before.
    func hasProperty(_ property: Atom, on window: CX11.Window) -> Bool {
        var type: Atom = 0
        var format: Int32 = 0
        var count: UInt = 0, remaining: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        XGetWindowProperty(pointer, window, property, 0, 0, 0, Atom(AnyPropertyType), &type, &format, &count, &remaining, &data)
        if let data { XFree(data) }
        return type != Atom(None)
    }

    /// Sends `owner` a request for `selection` as UTF-8 into `property` of this client's window, as a
    /// requestor would, straight to the window rather than through the server's idea of who owns it.
    func request(_ selection: String, from owner: CX11.Window, into property: String) {
        var request = XEvent()
        request.xselectionrequest.type = SelectionRequest
        request.xselectionrequest.owner = owner
        request.xselectionrequest.requestor = window
        request.xselectionrequest.selection = atom(selection)
        request.xselectionrequest.target = atom("UTF8_STRING")
        request.xselectionrequest.property = atom(property)
        request.xselectionrequest.time = Time(CurrentTime)
        XSendEvent(pointer, owner, 0, 0, &request)
        XFlush(pointer)
    }

    /// The answer to `request(_:from:into:)` once it came: the text, or nil for a refusal.
    func reply() -> String?? {
        var event = XEvent()
        guard XCheckTypedWindowEvent(pointer, window, SelectionNotify, &event) != 0 else { return nil }
        let property = event.xselection.property
        guard property != Atom(None) else { return .some(nil) }
        var type: Atom = 0
        var format: Int32 = 0
        var count: UInt = 0, remaining: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        guard XGetWindowProperty(pointer, window, property, 0, 1 << 16, 1, Atom(AnyPropertyType), &type, &format,
                                 &count, &remaining, &data) == Success, let data else { return .some(nil) }
        defer { XFree(data) }
        return .some(String(decoding: UnsafeBufferPointer(start: data, count: Int(count)), as: UTF8.self))
    }
}
