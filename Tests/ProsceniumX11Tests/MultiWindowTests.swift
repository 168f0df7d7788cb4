import CX11
import Foundation
import Proscenium
@testable import ProsceniumX11
import Testing
import TestSupport

/// Two window hosts on one `Display`, under openbox: Xlib has one event queue per connection, and whichever
/// host drains it must not take the other's input, resizes, `WM_DELETE_WINDOW` or `_NET_WM_PING`. Every
/// test here reads the connection through the first host only (or one event loop), so events for the
/// second reach it only if they are routed.
@MainActor @Suite("Several windows on one display", .serialized)
struct MultiWindowTests {
    @Test("XTest clicks reach the views of the window under the pointer, whichever host reads the connection")
    func clicksReachTheirWindow() async throws {
        let session = try await TwoWindows.start()
        defer { session.stop() }
        let input = try XTestInput(displayName: session.server.displayName)
        for index in [1, 0, 1] {
            let before = session.views.map(\.log.count)
            let frame = session.rootGeometry(of: session.hosts[index].xWindow)
            input.click(at: Point(x: frame.minX + 31, y: frame.minY + 17))
            try await session.waitUntil("the click on window \(index) arrives") { session.views[index].log.count >= before[index] + 2 }
            let other = 1 - index
            #expect(session.views[other].log.count == before[other], "window \(other) got window \(index)'s click")
            #expect(session.views[index].log.suffix(2).map(\.0) == [.began, .ended])
            #expect(session.views[index].log.suffix(2).map(\.1) == [Point(x: 31, y: 17), Point(x: 31, y: 17)])
        }
    }

    @Test("each window answers _NET_WM_PING on the root window, naming itself")
    func eachWindowAnswersPing() async throws {
        let session = try await TwoWindows.start()
        defer { session.stop() }
        let pongs = try await session.ping(session.hosts.map(\.xWindow)) { session.pump() }
        #expect(pongs == [4711, 4712], "pongs by window, in window order: \(pongs)")
    }

    @Test("WM_DELETE_WINDOW to one window calls that host's onClose only")
    func eachWindowClosesOnItsOwn() async throws {
        let session = try await TwoWindows.start()
        defer { session.stop() }
        session.sendDeleteWindow(to: session.hosts[1].xWindow)
        try await session.waitUntil("the second window is asked to close") { session.closed[1] == 1 }
        #expect(session.closed == [0, 1])
        session.sendDeleteWindow(to: session.hosts[0].xWindow)
        try await session.waitUntil("the first window is asked to close") { session.closed[0] == 1 }
        #expect(session.closed == [1, 1])
    }

    @Test("XResizeWindow on one window resizes that core window only")
    func eachWindowResizesOnItsOwn() async throws {
        let session = try await TwoWindows.start()
        defer { session.stop() }
        let dpy = session.display.pointer
        XResizeWindow(dpy, session.hosts[1].xWindow, 500, 350)
        XFlush(dpy)
        try await session.waitUntil("the second window is 500x350") {
            session.hosts[1].window.bounds.size == Size(width: 500, height: 350)
        }
        #expect(session.hosts[0].size == Size(width: 400, height: 300))
        #expect(session.hosts[0].window.bounds.size == Size(width: 400, height: 300))

        XResizeWindow(dpy, session.hosts[0].xWindow, 420, 310)
        XFlush(dpy)
        try await session.waitUntil("the first window is 420x310") {
            session.hosts[0].window.bounds.size == Size(width: 420, height: 310)
        }
        #expect(session.hosts[1].window.bounds.size == Size(width: 500, height: 350))
        // Each draws its next frame at its own size.
        for (host, clock) in zip(session.hosts, session.clocks) {
            clock.step()
            #expect(host.presentedSize == host.size)
        }
    }

    @Test("one event loop serves both windows, with one read source however many loops run")
    func oneEventLoopServesBoth() async throws {
        let session = try await TwoWindows.start()
        defer { session.stop() }
        let first = EventLoop(host: session.hosts[0])
        let second = EventLoop(display: session.display)
        first.start()
        second.start()
        #expect(session.display.events.isWatching)
        // No pumping by the test: the loops' read source delivers.
        let pongs = try await session.ping(session.hosts.map(\.xWindow)) {}
        #expect(pongs == [4711, 4712])
        session.sendDeleteWindow(to: session.hosts[0].xWindow)
        session.sendDeleteWindow(to: session.hosts[1].xWindow)
        let deadline = Date().addingTimeInterval(5)
        while session.closed != [1, 1], Date() < deadline { try await Task.sleep(for: .milliseconds(5)) }
        #expect(session.closed == [1, 1])
        first.stop()
        #expect(session.display.events.isWatching, "the other loop still needs the source")
        second.stop()
        #expect(!session.display.events.isWatching)
    }

    @Test("a host's events stop being routed when it goes; the other's still are")
    func routesFollowHosts() async throws {
        let session = try await TwoWindows.start()
        defer { session.stop() }
        let gone = session.hosts[0].xWindow, kept = session.hosts[1].xWindow
        #expect(session.display.events.routedWindows.isSuperset(of: [gone, kept]))
        session.dropFirstHost()
        #expect(!session.display.events.routedWindows.contains(gone))
        session.sendDeleteWindow(to: kept)
        try await session.waitUntil("the remaining window is asked to close") { session.closed[1] == 1 }
    }
}

/// Two hosts on one connection of the app's, under openbox on a private Xvfb, side by side; and an
/// observer connection of the test's own for what a window manager would send and see.
@MainActor final class TwoWindows {
    let server: PrivateXvfb
    let manager: OpenboxWindowManager
    /// The app's connection, both hosts' display.
    private(set) var display: Display!
    /// The test's own connection.
    private(set) var observer: Display!
    private(set) var hosts: [WindowHost]
    let clocks: [ManualFrameClock]
    let views: [TouchRecordingView]
    /// onClose calls by host.
    var closed = [0, 0]

    private init(server: PrivateXvfb, manager: OpenboxWindowManager, display: Display, observer: Display) {
        self.server = server
        self.manager = manager
        self.display = display
        self.observer = observer
        let clocks = [ManualFrameClock(), ManualFrameClock()]
        self.clocks = clocks
        views = [TouchRecordingView(), TouchRecordingView()]
        let sizes = [Size(width: 400, height: 300), Size(width: 360, height: 280)]
        hosts = (0..<2).map { index in
            WindowHost(display: display, configuration: WindowConfiguration(title: "window \(index)", size: sizes[index],
                                                                            minimumSize: Size(width: 100, height: 100)),
                       clock: clocks[index])
        }
        for index in 0..<2 {
            let controller = ViewController()
            controller.view = views[index]
            views[index].backgroundColor = index == 0 ? Color(hex: 0xE04020) : Color(hex: 0x2040E0)
            hosts[index].window.rootViewController = controller
            hosts[index].onClose = { [unowned self] in closed[index] += 1 }
        }
    }

    static func start() async throws -> TwoWindows {
        let (server, manager) = try await OpenboxWindowManager.startWithServer()
        let session: TwoWindows
        do {
            session = TwoWindows(server: server, manager: manager, display: try Display(name: server.displayName),
                                 observer: try Display(name: server.displayName))
        } catch {
            await manager.stop()
            await server.stop()
            throw error
        }
        do {
            try await session.waitUntil("openbox maps both windows in frames") {
                session.hosts.allSatisfy { $0.isMapped && session.parent(of: $0.xWindow) != session.observer.rootWindow }
            }
            // openbox puts both at one place: move the second aside (a configure request openbox honours).
            XMoveWindow(session.display.pointer, session.hosts[1].xWindow, 700, 300)
            XFlush(session.display.pointer)
            try await session.waitUntil("the second window moves aside") {
                session.rootGeometry(of: session.hosts[1].xWindow).minX >= 600
                    && session.rootGeometry(of: session.hosts[0].xWindow).maxX < 600
            }
            for clock in session.clocks { clock.step() }
            #expect(session.hosts.allSatisfy { $0.presentedFrames > 0 })
            return session
        } catch {
            session.stop()
            throw error
        }
    }

    /// Ends the hosts, the connections, openbox and the server, in the order that keeps Xlib off a dead server.
    func stop() {
        hosts = []
        display?.sync()
        display = nil
        observer?.sync()
        observer = nil
        manager.stop()
        server.stop()
    }

    /// Lets the first host go, as an app closing one of its windows does.
    func dropFirstHost() {
        hosts.removeFirst()
        display.sync()
    }

    /// Reads the app's connection the way a host's frame does: through the first host only.
    func pump() {
        display.sync()
        hosts.first?.processPendingEvents()
    }

    /// Pumps until `condition` holds, failing after `timeout` seconds; sleeps between looks.
    func waitUntil(_ what: String, timeout: Double = 10, _ condition: () -> Bool) async throws {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            pump()
            if condition() { return }
            if Date() > deadline { throw FixtureError.timeout(what) }
            try await Task.sleep(for: .milliseconds(3))
        }
    }

    /// Sends `_NET_WM_PING` to each of `windows` as a window manager does, with timestamps 4711, 4712, …,
    /// and returns the timestamps of the pongs that come back on the root window, by window in the order
    /// given (0 for none), once every window has answered or after 5 s. `pump` runs between looks.
    func ping(_ windows: [CX11.Window], pump: () -> Void) async throws -> [Int] {
        let dpy = observer.pointer
        let root = observer.rootWindow
        var attributes = XWindowAttributes()
        XGetWindowAttributes(dpy, root, &attributes)
        XSelectInput(dpy, root, attributes.your_event_mask | SubstructureNotifyMask)
        let protocols = observer.atom("WM_PROTOCOLS"), ping = observer.atom("_NET_WM_PING")
        for (index, window) in windows.enumerated() {
            var message = XEvent()
            message.xclient.type = ClientMessage
            message.xclient.window = window
            message.xclient.message_type = protocols
            message.xclient.format = 32
            message.xclient.data.l.0 = CLong(bitPattern: UInt(ping))
            message.xclient.data.l.1 = CLong(4711 + index)
            message.xclient.data.l.2 = CLong(bitPattern: UInt(window))
            XSendEvent(dpy, window, 0, NoEventMask, &message)
        }
        XFlush(dpy)
        var pongs = Array(repeating: 0, count: windows.count)
        let deadline = Date().addingTimeInterval(5)
        while pongs.contains(0), Date() < deadline {
            pump()
            while XPending(dpy) > 0 {
                var event = XEvent()
                XNextEvent(dpy, &event)
                guard event.type == ClientMessage, event.xclient.window == root, event.xclient.message_type == protocols,
                      Atom(UInt(bitPattern: event.xclient.data.l.0)) == ping,
                      let index = windows.firstIndex(of: CX11.Window(UInt(bitPattern: event.xclient.data.l.2))) else { continue }
                pongs[index] = event.xclient.data.l.1
            }
            try await Task.sleep(for: .milliseconds(3))
        }
        return pongs
    }

    /// Sends `WM_DELETE_WINDOW` to `window`, as a window manager's close button does.
    func sendDeleteWindow(to window: CX11.Window) {
        let dpy = observer.pointer
        var message = XEvent()
        message.xclient.type = ClientMessage
        message.xclient.window = window
        message.xclient.message_type = observer.atom("WM_PROTOCOLS")
        message.xclient.format = 32
        message.xclient.data.l.0 = CLong(bitPattern: UInt(observer.atom("WM_DELETE_WINDOW")))
        message.xclient.data.l.1 = CLong(CurrentTime)
        XSendEvent(dpy, window, 0, NoEventMask, &message)
        XFlush(dpy)
    }

    func parent(of window: CX11.Window) -> CX11.Window {
        var root: CX11.Window = 0, parent: CX11.Window = 0
        var children: UnsafeMutablePointer<CX11.Window>?
        var count: UInt32 = 0
        XQueryTree(observer.pointer, window, &root, &parent, &children, &count)
        if let children { XFree(children) }
        return parent
    }

    /// Where `window` is on the screen and how big it is.
    func rootGeometry(of window: CX11.Window) -> Rect {
        var attributes = XWindowAttributes()
        XGetWindowAttributes(observer.pointer, window, &attributes)
        var x: Int32 = 0, y: Int32 = 0
        var child: CX11.Window = 0
        XTranslateCoordinates(observer.pointer, window, observer.rootWindow, 0, 0, &x, &y, &child)
        return Rect(x: Double(x), y: Double(y), width: Double(attributes.width), height: Double(attributes.height))
    }
}
