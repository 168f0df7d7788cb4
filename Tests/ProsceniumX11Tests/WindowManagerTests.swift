import CX11
import Foundation
import Proscenium
import ProsceniumX11
import Testing
import TestSupport

/// The demo under a real window manager, openbox, in the test's own Xvfb: reparented into a decorated
/// frame, resized interactively by openbox (with the `_NET_WM_SYNC_REQUEST` handshake), clicked
/// through the frame, closed with the close button and pinged. Without openbox these tests fail, saying
/// how to install it.
@MainActor @Suite("Under a window manager", .serialized)
struct WindowManagerTests {
    @Test("the window is reparented into a decorated frame and still shows its own pixels")
    func reparentedAndDecorated() async throws {
        let session = try await ManagedDemo.start(arguments: ["--size", "800x600"])
        defer { session.stop() }
        let frame = session.frameWindow()
        #expect(frame != session.window, "the window was not reparented")
        #expect(session.parent(of: session.window) != session.display.rootWindow)

        let extents = try #require(await session.frameExtents(), "openbox sets _NET_FRAME_EXTENTS")
        #expect(extents.top > 0, "a title bar above the window: \(extents)")
        let outer = session.rootGeometry(of: frame)
        let inner = session.rootGeometry(of: session.window)
        #expect(inner.size == Size(width: 800, height: 600), "the frame does not squeeze the window")
        #expect(outer.width == inner.width + Double(extents.left + extents.right))
        #expect(outer.height == inner.height + Double(extents.top + extents.bottom))
        #expect(inner.minX == outer.minX + Double(extents.left) && inner.minY == outer.minY + Double(extents.top))
        #expect(session.wmState() == 1, "WM_STATE is NormalState")

        // The frame's title bar is drawn by openbox, the client area by the demo.
        let shot = try ScreenCapture.capture(display: session.display.pointer, drawable: session.window,
                                             width: 800, height: 600)
        #expect(shot.color(atX: 790, y: 590).isClose(to: Color(hex: 0xF2F2F7)), "the home screen's background")
        let root = try ScreenCapture.capture(display: session.display.pointer, drawable: session.display.rootWindow,
                                             width: Int(outer.maxX), height: Int(outer.maxY))
        let titleBar = root.color(atX: Int(inner.midX), y: Int(outer.minY) + extents.top / 2)
        #expect(!titleBar.isClose(to: Color(hex: 0xF2F2F7), tolerance: 8), "the title bar is openbox's, not ours")
    }

    @Test("XTest clicks land on the right views after reparenting: window-relative points, not the frame's")
    func clicksAfterReparenting() async throws {
        let session = try await ManagedDemo.start(arguments: ["--size", "800x600"])
        defer { session.stop() }
        let origin = session.rootGeometry(of: session.window).origin
        let input = try XTestInput(displayName: session.server.displayName)
        for id in ["counter", "present-bouncy"] {
            let view = try #require(session.frame(of: id))
            input.click(at: Point(x: origin.x + view.midX, y: origin.y + view.midY))
            try await session.waitUntil("the click taps \(id)") {
                session.demo.events("tap").contains { $0["view"] as? String == id }
            }
        }
        try await session.waitUntil("bouncy comes in") {
            session.demo.events("transition").contains { $0["phase"] as? String == "presentationWillBegin" }
        }
        #expect(session.demo.events("tap").compactMap { $0["view"] as? String } == ["counter", "present-bouncy"])
    }

    @Test("an interactive resize by openbox relays out every step and answers each sync request after drawing it")
    func liveResizeWithSyncRequests() async throws {
        let session = try await ManagedDemo.start(arguments: ["--size", "640x480"])
        defer { session.stop() }
        let dpy = session.display.pointer
        let counter = try #require(WindowPropertyReader.cardinals(dpy, session.window, "_NET_WM_SYNC_REQUEST_COUNTER").first,
                                   "the demo offers a sync counter")
        func counterValue() -> Int64 {
            var value = XSyncValue()
            XSyncQueryCounter(dpy, XSyncCounter(counter), &value)
            return Int64(value.hi) << 32 | Int64(value.lo)
        }
        _ = try #require(await session.frameExtents())
        let outer = session.rootGeometry(of: session.frameWindow())
        let input = try XTestInput(displayName: session.server.displayName)
        let start = Point(x: outer.maxX - 2, y: outer.maxY - 2)
        input.move(to: start)

        // Each step is a drag of its own: what a client-side resize grip or a drag on the frame's corner asks
        // for, openbox's interactive resize from the bottom-right corner, following the pointer, then Return.
        // One motion per drag because openbox 3.6 keeps the 2 s timer of its last sync request running after
        // the answer arrives: if the next motion comes later than that (a loaded CI machine), the timer has
        // marked a request as pending that is not, and openbox holds the resize for up to 8 s and then sends
        // it without a sync request. Each drag starts from a clean state: openbox sets the counter to 0 and
        // asks for 1.
        var answered: [Size] = []
        var pointer = start
        for step in 1...6 {
            try await session.beginInteractiveResize(at: pointer)
            #expect(counterValue() == 0, "step \(step): openbox starts a resize by setting the counter to 0")
            pointer = Point(x: pointer.x + 23, y: pointer.y + 17)
            input.move(to: pointer)
            try await session.waitUntil("openbox's sync request for resize step \(step) is answered", timeout: 5) {
                counterValue() == 1
            }
            let size = session.rootGeometry(of: session.window).size
            #expect(size == Size(width: 640 + pointer.x - start.x, height: 480 + pointer.y - start.y),
                    "step \(step): the window follows the pointer")
            answered.append(size)
            // openbox grows the window, then its frame: the part of the window that only the frame's growth
            // uncovers is drawn when its Expose arrives, soon after the counter is set.
            try await session.waitUntil("step \(step): the \(size) window's corner is drawn", timeout: 5) {
                guard let shot = try? ScreenCapture.capture(display: dpy, drawable: session.window,
                                                            width: Int(size.width), height: Int(size.height)) else { return false }
                return shot.color(atX: shot.width - 3, y: shot.height - 3).isClose(to: Color(hex: 0xF2F2F7))
            }
            input.key(UInt(XK_Return))
            // XTest's input is synced, so openbox has Return before the round trip's message: the drag ended.
            let ended = await session.manager.roundTrip(on: dpy)
            try #require(ended, "openbox did not answer after Return ended resize step \(step)")
        }

        #expect(answered.map(\.width) == answered.map(\.width).sorted() && answered.first!.width > 640,
                "the window grew with every step: \(answered)")
        // The demo answered each request once, with a frame of the size openbox announced on screen.
        try await session.waitUntil("the demo logs answering all \(answered.count) requests") {
            session.demo.events("sync").count >= answered.count
        }
        let syncs = session.demo.events("sync")
        #expect(syncs.count == answered.count, "one answer per request: \(syncs)")
        for (sync, size) in zip(syncs, answered) {
            #expect(sync["value"] as? Int == 1)
            #expect(sync["width"] as? Int == Int(size.width) && sync["height"] as? Int == Int(size.height),
                    "a request was answered with a \(sync["width"] ?? "?")x\(sync["height"] ?? "?") frame on screen, not \(size)")
        }
        // Every size the window passed through was laid out: its tree has home filling the window.
        let lines = session.demo.lines.compactMap { line in
            try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
        }
        for size in answered {
            let index = try #require(lines.firstIndex {
                $0["type"] as? String == "resize" && $0["width"] as? Int == Int(size.width)
                    && $0["height"] as? Int == Int(size.height)
            }, "no resize to \(size) in the log")
            let tree = try #require(lines[(index + 1)...].first { $0["type"] as? String == "tree" })
            let home = (tree["views"] as? [[String: Any]])?.first { $0["id"] as? String == "home" }
            #expect(home?["frame"] as? [Double] == [0, 0, size.width, size.height], "layout after the resize to \(size)")
        }
    }

    @Test("the close button's WM_DELETE_WINDOW ends the demo with status 0")
    func closeButtonExitsZero() async throws {
        let session = try await ManagedDemo.start(arguments: ["--size", "800x600"])
        defer { session.stop() }
        _ = try #require(await session.frameExtents())
        let close = try #require(session.closeButton(), "no close button in the title bar")
        let input = try XTestInput(displayName: session.server.displayName)
        input.click(at: Point(x: close.midX, y: close.midY))
        let exit = try #require(await session.demo.exit(timeout: 5), "the demo did not exit after its close button was clicked")
        #expect(exit.status == 0, "stderr: \(session.demo.errorOutput)")
        #expect(session.demo.events("exit").first?["status"] as? Int == 0)
    }

    @Test("_NET_WM_PING is answered on the root window, as the window manager expects")
    func pingIsAnswered() async throws {
        let session = try await ManagedDemo.start(arguments: ["--size", "800x600"])
        defer { session.stop() }
        let dpy = session.display.pointer
        let root = session.display.rootWindow
        XSelectInput(dpy, root, SubstructureNotifyMask)
        let protocols = session.display.atom("WM_PROTOCOLS"), ping = session.display.atom("_NET_WM_PING")
        var message = XEvent()
        message.xclient.type = ClientMessage
        message.xclient.window = session.window
        message.xclient.message_type = protocols
        message.xclient.format = 32
        message.xclient.data.l.0 = CLong(bitPattern: UInt(ping))
        message.xclient.data.l.1 = 4711
        message.xclient.data.l.2 = CLong(bitPattern: UInt(session.window))
        XSendEvent(dpy, session.window, 0, NoEventMask, &message)
        XFlush(dpy)

        var pong: XClientMessageEvent?
        try await session.waitUntil("the pong arrives on the root window") {
            while XPending(dpy) > 0 {
                var event = XEvent()
                XNextEvent(dpy, &event)
                if event.type == ClientMessage, event.xclient.message_type == protocols,
                   Atom(UInt(bitPattern: event.xclient.data.l.0)) == ping {
                    pong = event.xclient
                }
            }
            return pong != nil
        }
        let reply = try #require(pong)
        #expect(reply.window == root)
        #expect(reply.data.l.1 == 4711, "the pong carries the ping's timestamp")
        #expect(CX11.Window(UInt(bitPattern: reply.data.l.2)) == session.window, "and names the pinged window")
    }
}
