import CX11
import Foundation
import Proscenium
import ProsceniumX11
import Testing
import TestSupport

/// The demo running under openbox on a private Xvfb, and a connection of the test's own to look at it.
@MainActor final class ManagedDemo {
    let server: PrivateXvfb
    let manager: OpenboxWindowManager
    let demo: DemoProcess
    /// The test's own connection; nil after `stop()`.
    private(set) var display: Display!
    /// The demo's own (client) window.
    let window: CX11.Window

    private init(server: PrivateXvfb, manager: OpenboxWindowManager, demo: DemoProcess, display: Display,
                 window: CX11.Window) {
        self.server = server
        self.manager = manager
        self.demo = demo
        self.display = display
        self.window = window
    }

    /// Starts Xvfb, openbox and the demo with `--log-events` and `arguments`; returns once the demo has
    /// drawn its first frame and openbox has reparented its window.
    static func start(arguments: [String]) async throws -> ManagedDemo {
        let (server, manager) = try await OpenboxWindowManager.startWithServer()
        do {
            let demo = try DemoProcess(arguments: ["--log-events"] + arguments, environment: ["DISPLAY": server.displayName])
            let ready = try await demo.event("ready")
            let window = try #require((ready["window"] as? String).flatMap { UInt($0.dropFirst(2), radix: 16) })
            let session = ManagedDemo(server: server, manager: manager, demo: demo,
                                      display: try Display(name: server.displayName), window: CX11.Window(window))
            do {
                try await session.waitUntil("openbox reparents the window") {
                    session.parent(of: session.window) != session.display.rootWindow
                }
            } catch {
                var attributes = XWindowAttributes()
                XGetWindowAttributes(session.display.pointer, session.window, &attributes)
                throw FixtureError.timeout("openbox reparents the window (openbox running: \(kill(manager.pid, 0) == 0), "
                    + "map state \(attributes.map_state), openbox said: '\(manager.log)', the demo said: '\(demo.errorOutput)')")
            }
            // Then it places the frame where its configuration says and maps it: only from then on is
            // the frame's geometry the one to aim input at.
            let placement = Point(x: Double(OpenboxWindowManager.placement.x), y: Double(OpenboxWindowManager.placement.y))
            try await session.waitUntil("openbox shows the frame at \(placement)") {
                let frame = session.frameWindow()
                var attributes = XWindowAttributes()
                XGetWindowAttributes(session.display.pointer, frame, &attributes)
                return attributes.map_state == IsViewable && session.rootGeometry(of: frame).origin == placement
                    && WindowPropertyReader.cardinals(session.display.pointer, session.window, "_NET_FRAME_EXTENTS").count == 4
            }
            return session
        } catch {
            await manager.stop()
            await server.stop()
            throw error
        }
    }

    /// Ends the demo, openbox and the test's connection, then the server (a server going first would end
    /// this test process through the I/O error handler of the test's own connection), without waiting for
    /// the processes to exit: for a `defer`, which cannot wait.
    func stop() {
        demo.stop()
        manager.stop()
        display?.sync()
        display = nil
        server.stop()
    }

    /// As `stop()`, returning once the demo, openbox and the server have exited, waiting asleep.
    func stop() async {
        await demo.stop()
        await manager.stop()
        display?.sync()
        display = nil
        await server.stop()
    }

    func waitUntil(_ what: String, timeout: Double = 10, _ condition: () -> Bool) async throws {
        let deadline = Date().addingTimeInterval(timeout)
        while !condition() {
            if Date() > deadline { throw FixtureError.timeout(what) }
            try await Task.sleep(for: .milliseconds(5))
        }
    }

    /// The `frame` of the view with `id` in the last `tree` event, in window coordinates.
    func frame(of id: String) -> Rect? {
        guard let tree = demo.events("tree").last, let views = tree["views"] as? [[String: Any]],
              let view = views.first(where: { $0["id"] as? String == id }),
              let f = view["frame"] as? [Double], f.count == 4 else { return nil }
        return Rect(x: f[0], y: f[1], width: f[2], height: f[3])
    }

    func parent(of window: CX11.Window) -> CX11.Window {
        var root: CX11.Window = 0, parent: CX11.Window = 0
        var children: UnsafeMutablePointer<CX11.Window>?
        var count: UInt32 = 0
        XQueryTree(display.pointer, window, &root, &parent, &children, &count)
        if let children { XFree(children) }
        return parent
    }

    func children(of window: CX11.Window) -> [CX11.Window] {
        var root: CX11.Window = 0, parent: CX11.Window = 0
        var children: UnsafeMutablePointer<CX11.Window>?
        var count: UInt32 = 0
        XQueryTree(display.pointer, window, &root, &parent, &children, &count)
        guard let children else { return [] }
        defer { XFree(children) }
        return Array(UnsafeBufferPointer(start: children, count: Int(count)))
    }

    /// The demo window's top-level ancestor: openbox's frame once it has reparented the window.
    func frameWindow() -> CX11.Window {
        var current = window
        while true {
            let up = parent(of: current)
            if up == display.rootWindow || up == 0 { return current }
            current = up
        }
    }

    /// Where `window` is on the screen and how big it is.
    func rootGeometry(of window: CX11.Window) -> Rect {
        var attributes = XWindowAttributes()
        XGetWindowAttributes(display.pointer, window, &attributes)
        var x: Int32 = 0, y: Int32 = 0
        var child: CX11.Window = 0
        XTranslateCoordinates(display.pointer, window, display.rootWindow, 0, 0, &x, &y, &child)
        return Rect(x: Double(x), y: Double(y), width: Double(attributes.width), height: Double(attributes.height))
    }

    /// `_NET_FRAME_EXTENTS` once openbox has set it: the frame's border widths around the window.
    func frameExtents() async -> (left: Int, right: Int, top: Int, bottom: Int)? {
        var values: [Int] = []
        try? await waitUntil("_NET_FRAME_EXTENTS is set", timeout: 5) {
            values = WindowPropertyReader.cardinals(display.pointer, window, "_NET_FRAME_EXTENTS")
            return values.count == 4
        }
        guard values.count == 4 else { return nil }
        return (values[0], values[1], values[2], values[3])
    }

    /// Asks openbox for an interactive resize from the bottom-right corner with the pointer at `point`
    /// (EWMH `_NET_WM_MOVERESIZE`, no button held, so it ends with Return), and returns once openbox has
    /// begun it.
    func beginInteractiveResize(at point: Point) async throws {
        let dpy = display.pointer
        var message = XEvent()
        message.xclient.type = ClientMessage
        message.xclient.window = window
        message.xclient.message_type = display.atom("_NET_WM_MOVERESIZE")
        message.xclient.format = 32
        message.xclient.data.l.0 = CLong(point.x)
        message.xclient.data.l.1 = CLong(point.y)
        message.xclient.data.l.2 = 4  // _NET_WM_MOVERESIZE_SIZE_BOTTOMRIGHT
        message.xclient.data.l.3 = 0  // no button
        message.xclient.data.l.4 = 1  // a normal application asks
        XSendEvent(dpy, display.rootWindow, 0, SubstructureRedirectMask | SubstructureNotifyMask, &message)
        // Probing openbox's pointer grab instead would race with it.
        let handled = await manager.roundTrip(on: dpy)
        try #require(handled, "openbox did not answer after _NET_WM_MOVERESIZE")
    }

    /// The state openbox gave the window in `WM_STATE` (1 is NormalState), if any.
    func wmState() -> Int? {
        let type = display.atom("WM_STATE")
        guard let (_, count, data) = WindowPropertyReader.raw(display.pointer, window, "WM_STATE", type: type) else { return nil }
        defer { XFree(data) }
        guard count >= 1 else { return nil }
        return data.withMemoryRebound(to: CLong.self, capacity: count) { Int($0[0]) }
    }

    /// The close button, in screen coordinates: the rightmost square viewable window inside the title bar
    /// (the test's openbox puts it there, titleLayout NLIMC), found without assuming the theme's metrics.
    func closeButton() -> Rect? {
        let frame = frameWindow()
        let outer = rootGeometry(of: frame)
        let top = Double(WindowPropertyReader.cardinals(display.pointer, window, "_NET_FRAME_EXTENTS").dropFirst(2).first ?? 0)
        var best: Rect?
        var queue = children(of: frame)
        while let next = queue.popLast() {
            queue += children(of: next)
            var attributes = XWindowAttributes()
            XGetWindowAttributes(display.pointer, next, &attributes)
            guard attributes.map_state == IsViewable, attributes.class == InputOutput else { continue }
            let box = rootGeometry(of: next)
            guard box.minY >= outer.minY, box.maxY <= outer.minY + top, box.width >= 6, box.height >= 6,
                  abs(box.width - box.height) <= 2 else { continue }
            if best == nil || box.minX > best!.minX { best = box }
        }
        return best
    }
}
