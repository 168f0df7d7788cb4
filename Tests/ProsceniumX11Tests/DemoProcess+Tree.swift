import CX11
import Foundation
import Proscenium
import ProsceniumTesting
import ProsceniumX11
import TestSupport

extension DemoProcess {
    /// The `frame` of the view with `id` in the last `tree` event, in window points.
    func frame(of id: String) -> Rect? {
        guard let tree = events("tree").last, let views = tree["views"] as? [[String: Any]],
              let view = views.first(where: { $0["id"] as? String == id }),
              let f = view["frame"] as? [Double], f.count == 4 else { return nil }
        return Rect(x: f[0], y: f[1], width: f[2], height: f[3])
    }
}

/// Polls `condition` every 20 ms without blocking the main actor, failing after `timeout` seconds: for a
/// demo running in a process of its own, whose events arrive on their own.
@MainActor func waitUntil(_ what: String, timeout: Double = 10, _ condition: () -> Bool) async throws {
    let deadline = Date().addingTimeInterval(timeout)
    while !condition() {
        if Date() > deadline { throw FixtureError.timeout(what) }
        try await Task.sleep(for: .milliseconds(20))
    }
}

/// Returns once the demo has handled every event sent to `window` before the call: it answers an
/// EWMH `_NET_WM_PING` in turn with its other events, by sending it on to the root window. Keys typed
/// before are decoded then, with the layout they were typed on: Xlib looks the new keymap up only
/// when the next key needs it, and a `setxkbmap` that came first would decide it.
@MainActor func demoHasHandledEarlierEvents(_ window: CX11.Window, on server: PrivateXvfb) async throws {
    let display = try Display(name: server.displayName)
    let dpy = display.pointer
    XSelectInput(dpy, display.rootWindow, SubstructureNotifyMask)
    let timestamp = CLong(Date().timeIntervalSince1970 * 1000) & 0x7FFF_FFFF
    var ping = XEvent()
    ping.xclient.type = ClientMessage
    ping.xclient.window = window
    ping.xclient.message_type = display.atom("WM_PROTOCOLS")
    ping.xclient.format = 32
    ping.xclient.data.l.0 = CLong(bitPattern: display.atom("_NET_WM_PING"))
    ping.xclient.data.l.1 = timestamp
    ping.xclient.data.l.2 = CLong(window)
    XSendEvent(dpy, window, 0, 0, &ping)
    display.sync()
    try await waitUntil("the demo answers a ping sent after the keys") {
        var event = XEvent()
        while XCheckTypedEvent(dpy, ClientMessage, &event) != 0 {
            if event.xclient.data.l.1 == timestamp { return true }
        }
        return false
    }
}
