import CX11
import Dispatch

/// Reads a connection's events and hands each to the host of the window it is for.
///
/// Xlib has one event queue per connection, not per window: whoever drains it (a host's frame, the event
/// loop's read source, a test waiting for something) takes every window's events. So draining happens in
/// one place, here, and each event goes to the receiver registered for its window; two windows on one
/// `Display` then never see (or drop) each other's input, resizes, `WM_DELETE_WINDOW` or `_NET_WM_PING`.
///
/// Every event is offered to `XFilterEvent` exactly once, as it is read and before it is routed: the input
/// method swallows the keys of a Compose sequence there (and its own client messages, with an input method
/// server). Events on the root window (a changed `RESOURCE_MANAGER`) go to every receiver; a keyboard
/// mapping change is handled once, for the whole connection.
@MainActor final class EventDispatcher {
    /// What a window's owner does with one of its events.
    typealias Receiver = @MainActor (inout XEvent) -> Void

    private unowned let display: Display
    private var receivers: [CX11.Window: Receiver] = [:]
    /// Watches the connection's file descriptor while at least one event loop runs.
    private var readSource: DispatchSourceRead?
    private var readSourceUsers = 0
    /// Set while a drain of already-queued events waits on the main queue.
    private var isDrainScheduled = false
    /// Who watches the property changes of which window (see `watchProperties(of:_:)`), and, for a window
    /// of another client's, the event mask this connection had on it before.
    private var propertyWatchers: [CX11.Window: (receivers: [Int: Receiver], restoredMask: Int?)] = [:]
    private var lastWatchID = 0
    /// Who else hears the root window's events (the XSETTINGS watcher: a new manager's MANAGER message).
    private var rootWatchers: [Int: Receiver] = [:]

    init(display: Display) {
        self.display = display
    }

    /// Sends the events for `window` to `receiver` from now on (replacing an earlier one). The receiver
    /// should hold its owner weakly: the dispatcher lives as long as the connection.
    func route(_ window: CX11.Window, to receiver: @escaping Receiver) {
        receivers[window] = receiver
    }

    /// Stops routing `window`'s events; those still queued for it are dropped when read.
    func stopRouting(_ window: CX11.Window) {
        receivers[window] = nil
    }

    /// The windows events are routed for, for tests.
    var routedWindows: Set<CX11.Window> { Set(receivers.keys) }

    /// One registration of `watchProperties(of:_:)`, to end it with.
    struct PropertyWatch: Hashable {
        let window: CX11.Window
        let id: Int
    }

    /// Sends `window`'s PropertyNotify events to `receiver` too (besides the window's own receiver, if it
    /// is one of ours), until `stopWatching(_:)`: a selection owner sending in pieces learns so that the
    /// requestor, another client, has read a piece. On another client's window this connection selects
    /// PropertyChangeMask while anyone watches, and expects the errors that its disappearance brings.
    func watchProperties(of window: CX11.Window, _ receiver: @escaping Receiver) -> PropertyWatch {
        lastWatchID += 1
        let watch = PropertyWatch(window: window, id: lastWatchID)
        if propertyWatchers[window] == nil {
            var restoredMask: Int?
            if receivers[window] == nil {
                let dpy = display.pointer
                VanishingWindowErrors.expect(VanishingWindowErrors.windowCodes, on: window, of: dpy)
                var attributes = XWindowAttributes()
                let mask = XGetWindowAttributes(dpy, window, &attributes) != 0 ? attributes.your_event_mask : 0
                XSelectInput(dpy, window, mask | PropertyChangeMask)
                restoredMask = mask
                // The attributes were a round trip, which may have read events meant for the drain.
                dispatchQueuedEventsSoon()
            }
            propertyWatchers[window] = ([:], restoredMask)
        }
        propertyWatchers[window]?.receivers[watch.id] = receiver
        return watch
    }

    /// Sends every event on the root window to `receiver` too, until `stopWatchingRoot(_:)` with the
    /// returned id; the caller selects the event mask it needs on the root window.
    func watchRoot(_ receiver: @escaping Receiver) -> Int {
        lastWatchID += 1
        rootWatchers[lastWatchID] = receiver
        return lastWatchID
    }

    /// Adds `mask` to the events this connection selects on the root window, keeping what it selected
    /// before (others on the connection rely on theirs).
    func selectRootEvents(_ mask: Int) {
        var attributes = XWindowAttributes()
        XGetWindowAttributes(display.pointer, display.rootWindow, &attributes)
        XSelectInput(display.pointer, display.rootWindow, attributes.your_event_mask | mask)
    }

    /// Ends a `watchRoot(_:)`.
    func stopWatchingRoot(_ id: Int) {
        rootWatchers[id] = nil
    }

    /// Ends a `watchProperties(of:_:)`; the last one on another client's window restores the event mask.
    func stopWatching(_ watch: PropertyWatch) {
        guard var watchers = propertyWatchers[watch.window] else { return }
        watchers.receivers[watch.id] = nil
        guard watchers.receivers.isEmpty else {
            propertyWatchers[watch.window] = watchers
            return
        }
        propertyWatchers[watch.window] = nil
        if let mask = watchers.restoredMask {
            XSelectInput(display.pointer, watch.window, mask)
            XFlush(display.pointer)
            VanishingWindowErrors.forget(watch.window, of: display.pointer)
        }
    }

    /// Handles every event Xlib has queued or can read without blocking.
    func dispatchPendingEvents() {
        let dpy = display.pointer
        while XPending(dpy) > 0 {
            var event = XEvent()
            XNextEvent(dpy, &event)
            // The input method sees every event first, once (see the type's comment).
            if XFilterEvent(&event, 0) != 0 { continue }
            dispatch(&event)
        }
    }

    /// Round trips made outside the drain (an input method opening, a selection owner asked, `XSync`,
    /// `XGetImage`) read events into Xlib's queue without leaving the connection's descriptor readable, so
    /// the read source would not fire for them: whoever makes one calls this after it, and those events are
    /// handled on the next turn of the main queue.
    func dispatchQueuedEventsSoon() {
        guard !isDrainScheduled, XEventsQueued(display.pointer, QueuedAlready) > 0 else { return }
        isDrainScheduled = true
        DispatchQueue.main.async { [weak self] in
            MainActor.assumeIsolated {
                self?.isDrainScheduled = false
                self?.dispatchPendingEvents()
            }
        }
    }

    /// Hands one event read from the connection to whoever it is for (see the type's comment).
    func dispatch(_ event: inout XEvent) {
        // Not about any one window: the server's keycode-to-keysym table changed (a new layout).
        if event.type == MappingNotify {
            XRefreshKeyboardMapping(&event.xmapping)
            return
        }
        if event.type == GenericEvent {
            dispatchXInput2(&event)
            return
        }
        let window = event.xany.window
        if event.type == PropertyNotify, let watchers = propertyWatchers[window] {
            for receiver in watchers.receivers.values {
                var copy = event
                receiver(&copy)
            }
        }
        if window == display.rootWindow {
            // A copy per receiver: one may change what it was handed.
            for receiver in Array(receivers.values) + Array(rootWatchers.values) {
                var copy = event
                receiver(&copy)
            }
            return
        }
        receivers[window]?(&event)
    }

    /// An XInput 2 event goes to the host of the window it happened in, its data read for the receiver
    /// (in `event.xcookie`) and freed after.
    private func dispatchXInput2(_ event: inout XEvent) {
        let dpy = display.pointer
        guard let opcode = display.xInput2Opcode, event.xcookie.extension == opcode,
              XGetEventData(dpy, &event.xcookie) != 0 else { return }
        defer { XFreeEventData(dpy, &event.xcookie) }
        guard let data = event.xcookie.data else { return }
        let window: CX11.Window
        switch event.xcookie.evtype {
        case XI_ButtonPress, XI_ButtonRelease, XI_Motion:
            window = data.assumingMemoryBound(to: XIDeviceEvent.self).pointee.event
        case XI_Enter, XI_Leave:
            window = data.assumingMemoryBound(to: XIEnterEvent.self).pointee.event
        case XI_DeviceChanged:
            // About a device, not a window: every window forgets what it knew of the device's axes.
            for receiver in receivers.values {
                var copy = event
                receiver(&copy)
            }
            return
        default:
            return
        }
        receivers[window]?(&event)
    }

    // MARK: - Read source

    /// Starts (or keeps) watching the connection's file descriptor on the main queue; every call needs a
    /// matching `stopWatching()`. One source per connection however many event loops or hosts it has.
    func startWatching() {
        readSourceUsers += 1
        guard readSource == nil else { return }
        let source = DispatchSource.makeReadSource(fileDescriptor: display.connectionNumber, queue: .main)
        source.setEventHandler { [weak self] in
            MainActor.assumeIsolated { self?.dispatchPendingEvents() }
        }
        source.activate()
        readSource = source
    }

    /// Whether the read source is watching the connection (for tests).
    var isWatching: Bool { readSource != nil }

    /// Undoes one `startWatching()`; the last one cancels the read source.
    func stopWatching() {
        guard readSourceUsers > 0 else { return }
        readSourceUsers -= 1
        if readSourceUsers == 0 {
            readSource?.cancel()
            readSource = nil
        }
    }

    isolated deinit {
        readSource?.cancel()
    }
}
