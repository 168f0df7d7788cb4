import CX11
import Foundation
import Proscenium
@testable import ProsceniumX11
import Testing
import TestSupport

/// The window host on a real (private) X server: mapping, pixels, input, resize, sync requests.
@MainActor @Suite("Window host")
struct WindowHostTests {
    @Test("the window maps at the requested size and shows the expected colours")
    func mapsAtRequestedSize() async throws {
        let fixture = try await HostFixture(size: Size(width: 640, height: 480))
        defer { fixture.stop() }
        fixture.root.backgroundColor = Color(hex: 0x2040C0)
        let card = View(frame: Rect(x: 100, y: 50, width: 200, height: 100))
        card.backgroundColor = Color(hex: 0xE02020)
        fixture.root.addSubview(card)
        fixture.frame()

        #expect(fixture.serverWindowSize() == Size(width: 640, height: 480))
        let image = try fixture.capture()
        #expect(image.width == 640 && image.height == 480)
        #expect(image.color(atX: 150, y: 100).isClose(to: Color(hex: 0xE02020)))
        #expect(image.color(atX: 10, y: 10).isClose(to: Color(hex: 0x2040C0)))
        #expect(image.color(atX: 299, y: 149).isClose(to: Color(hex: 0xE02020)))
        #expect(image.color(atX: 300, y: 150).isClose(to: Color(hex: 0x2040C0)))
    }

    @Test("the window names itself and asks for the protocols a window manager needs")
    func windowProperties() async throws {
        let fixture = try await HostFixture(size: Size(width: 640, height: 480))
        defer { fixture.stop() }
        let dpy = fixture.display.pointer
        let window = fixture.host.xWindow

        var name: UnsafeMutablePointer<CChar>?
        XFetchName(dpy, window, &name)
        #expect(name.map { String(cString: $0) } == "test")
        XFree(name)
        #expect(WindowPropertyReader.string(dpy, window, "_NET_WM_NAME", type: "UTF8_STRING") == "test")

        var hint = XClassHint()
        XGetClassHint(dpy, window, &hint)
        // Named after the program, as the desktop matches it to its .desktop file and groups its windows.
        #expect(hint.res_name.map { String(cString: $0) } == WindowConfiguration.defaultInstanceName)
        #expect(hint.res_class.map { String(cString: $0) } == WindowConfiguration.resolvedClassName(programName: Console.programName))
        #expect(WindowConfiguration.defaultInstanceName != "proscenium", "the toolkit's name, not the app's")
        XFree(hint.res_name)
        XFree(hint.res_class)

        #expect(WindowPropertyReader.cardinals(dpy, window, "_NET_WM_PID") == [Int(getpid())])
        let counter = try #require(WindowPropertyReader.cardinals(dpy, window, "_NET_WM_SYNC_REQUEST_COUNTER").first)
        #expect(counter != 0)

        var protocols: UnsafeMutablePointer<Atom>?
        var count: Int32 = 0
        XGetWMProtocols(dpy, window, &protocols, &count)
        let atoms = (0..<Int(count)).map { protocols![$0] }
        XFree(protocols)
        #expect(atoms.contains(fixture.display.atom("WM_DELETE_WINDOW")))
        #expect(atoms.contains(fixture.display.atom("_NET_WM_SYNC_REQUEST")))

        let hints = XAllocSizeHints()!
        defer { XFree(hints) }
        var supplied = 0
        XGetWMNormalHints(dpy, window, hints, &supplied)
        #expect(hints.pointee.flags & PMinSize != 0)
        #expect(hints.pointee.min_width == 320 && hints.pointee.min_height == 240)

        let wmHints = try #require(XGetWMHints(dpy, window))
        #expect(wmHints.pointee.flags & InputHint != 0 && wmHints.pointee.input != 0, "asks the WM for keyboard focus")
        XFree(wmHints)

        var attributes = XWindowAttributes()
        XGetWindowAttributes(dpy, window, &attributes)
        #expect(attributes.map_state == IsViewable)
    }

    @Test("a configured icon is _NET_WM_ICON: each size its width, height and ARGB pixels; names default to the program's")
    func iconAndDefaultNames() async throws {
        let fixture = try await HostFixture()
        defer { fixture.stop() }
        let small = Image(width: 2, height: 1, pixels: [255, 0, 0, 255, 0, 0, 255, 128])
        let large = Image(width: 1, height: 1, pixels: [0, 255, 0, 255])
        var host: WindowHost? = WindowHost(display: fixture.display, configuration: WindowConfiguration(icon: small.withVariants([2: large])),
                                           clock: ManualFrameClock())
        let window = try #require(host?.xWindow)
        // 32-bit values, which Xlib hands back sign-extended in C longs.
        #expect(WindowPropertyReader.cardinals(fixture.display.pointer, window, "_NET_WM_ICON").map { UInt32(truncatingIfNeeded: $0) }
                == [2, 1, 0xFFFF_0000, 0x8000_00FF, 1, 1, 0xFF00_FF00])
        host = nil
        #expect(WindowConfiguration.resolvedInstanceName(resourceName: "mail", programName: "postbox") == "mail", "RESOURCE_NAME wins")
        #expect(WindowConfiguration.resolvedInstanceName(resourceName: nil, programName: "postbox") == "postbox")
        #expect(WindowConfiguration.resolvedClassName(programName: "postbox") == "Postbox")
        #expect(WindowConfiguration().title == Console.programName)
    }

    @Test("a click and a key write their server time to _NET_WM_USER_TIME, as EWMH asks of the window the user works in")
    func pressesSetTheUserTime() async throws {
        let fixture = try await HostFixture()
        defer { fixture.stop() }
        let dpy = fixture.display.pointer, window = fixture.host.xWindow
        func userTime() -> Int? { WindowPropertyReader.cardinals(dpy, window, "_NET_WM_USER_TIME").first }
        #expect(userTime() == nil, "no press yet")
        let input = try XTestInput(displayName: fixture.server.displayName)
        input.click(at: fixture.tester.screenPoint(Point(x: 20, y: 20)))
        try await fixture.waitUntil("the click's time is written") { userTime() != nil }
        let clicked = try #require(userTime())
        try await Task.sleep(for: .milliseconds(20))
        try fixture.tester.press(keysym: UInt(XK_a))
        try await fixture.waitUntil("the key's later time is written") { (userTime() ?? 0) > clicked }
    }

    @Test("a window shown while another client's window has the keyboard is not key until the focus comes to it")
    func notKeyUntilFocused() async throws {
        let fixture = try await HostFixture()
        defer { fixture.stop() }
        #expect(fixture.host.window.isKeyWindow, "with no window manager and keys following the pointer, a window is key")
        let other = try #require(XOpenDisplay(fixture.server.displayName))
        defer { XCloseDisplay(other) }
        let focused = XCreateSimpleWindow(other, XDefaultRootWindow(other), 700, 500, 100, 100, 0, 0, 0)
        XMapWindow(other, focused)
        XSync(other, 0)
        XSetInputFocus(other, focused, RevertToParent, Time(CurrentTime))
        XSync(other, 0)
        var host: WindowHost? = WindowHost(display: fixture.display, configuration: WindowConfiguration(size: Size(width: 200, height: 100)),
                                           clock: ManualFrameClock())
        try await fixture.waitUntil("the second window maps") { host?.isMapped == true }
        #expect(host?.window.isKeyWindow == true, "a window manager gets a moment to focus what it mapped")
        try await fixture.waitUntil("another window has the keyboard: not key") { host?.window.isKeyWindow == false }
        XSetInputFocus(fixture.display.pointer, try #require(host?.xWindow), RevertToParent, Time(CurrentTime))
        fixture.display.sync()
        try await fixture.waitUntil("focused, it is key") { host?.window.isKeyWindow == true }
        host = nil
    }

    @Test("a ConfigureNotify sent before a scale change's resize (a move) does not lay the window out at its old pixels over the new scale")
    func aStaleConfigureNotifyKeepsTheSize() async throws {
        let fixture = try await HostFixture(size: Size(width: 640, height: 480))
        defer { fixture.stop() }
        let host = try #require(fixture.host)
        let dpy = fixture.display.pointer
        let other = try #require(XOpenDisplay(fixture.server.displayName))
        defer { XCloseDisplay(other) }
        // Another client moves the window: its ConfigureNotify, with the old size, reaches our connection...
        XMoveWindow(other, host.xWindow, 10, 10)
        XSync(other, 0)
        let deadline = Date().addingTimeInterval(5)
        while XEventsQueued(dpy, QueuedAfterReading) == 0, Date() < deadline { usleep(1000) }
        // ...and the desktop's scale doubles before the host has read it.
        host.setScale(2)
        var event = XEvent()
        while XPending(dpy) > 0 {
            XNextEvent(dpy, &event)
            host.handle(&event)
            if event.type == ConfigureNotify { break }
        }
        #expect(event.type == ConfigureNotify && event.xconfigure.width == 640, "the move's ConfigureNotify, with the old pixels")
        #expect(host.window.bounds.size == Size(width: 640, height: 480), "not 320x240 points: \(host.window.bounds.size)")
        fixture.display.sync()
        fixture.frame()
        #expect(host.presentedSize == Size(width: 1280, height: 960), "the next frame at the new scale: \(host.presentedSize)")
        #expect(host.window.bounds.size == Size(width: 640, height: 480))
    }

    @Test("an XTest click at window point (x, y) arrives as a touch at (x, y)")
    func clickArrivesAtPoint() async throws {
        let fixture = try await HostFixture()
        defer { fixture.stop() }
        let target = TouchRecordingView(frame: fixture.root.bounds)
        fixture.root.addSubview(target)
        fixture.frame()
        let input = try XTestInput(displayName: fixture.server.displayName)
        let origin = fixture.windowOrigin()
        input.click(at: Point(x: origin.x + 123, y: origin.y + 77))
        try await fixture.waitUntil("the click arrives") { target.log.count >= 2 }

        #expect(target.log.map(\.0) == [.began, .ended])
        #expect(target.log[0].1 == Point(x: 123, y: 77))
        #expect(target.log[1].1 == Point(x: 123, y: 77))
    }

    @Test("a drag arrives as began, moved and ended at the right points")
    func dragArrivesInOrder() async throws {
        let fixture = try await HostFixture()
        defer { fixture.stop() }
        let target = TouchRecordingView(frame: Rect(x: 100, y: 100, width: 300, height: 200))
        fixture.root.addSubview(target)
        fixture.frame()
        let input = try XTestInput(displayName: fixture.server.displayName)
        let origin = fixture.windowOrigin()
        input.drag(from: Point(x: origin.x + 150, y: origin.y + 150), to: Point(x: origin.x + 250, y: origin.y + 180), steps: 5)
        try await fixture.waitUntil("the drag ends") { target.log.last?.0 == .ended }

        #expect(target.log.first?.0 == .began)
        #expect(target.log.first?.1 == Point(x: 50, y: 50))
        #expect(target.log.dropFirst().dropLast().allSatisfy { $0.0 == .moved })
        #expect(target.log.count >= 3)
        #expect(target.log.last?.1 == Point(x: 150, y: 80))
    }

    @Test("after XResizeWindow the next frame is laid out and drawn at the new size")
    func resizeRedrawsAtNewSize() async throws {
        let fixture = try await HostFixture(size: Size(width: 640, height: 480))
        defer { fixture.stop() }
        fixture.root.backgroundColor = Color(hex: 0x10A050)
        XResizeWindow(fixture.display.pointer, fixture.host.xWindow, 900, 700)
        try await fixture.waitUntil("the resize is reported") { fixture.host.size == Size(width: 900, height: 700) }
        fixture.clock.step()

        #expect(fixture.host.window.bounds.size == Size(width: 900, height: 700))
        #expect(fixture.root.bounds.size == Size(width: 900, height: 700))
        let image = try fixture.capture()
        #expect(image.width == 900 && image.height == 700)
        #expect(image.color(atX: 899, y: 699).isClose(to: Color(hex: 0x10A050)))
        #expect(image.color(atX: 700, y: 600).isClose(to: Color(hex: 0x10A050)))
    }

    @Test("20 resizes in a burst cost at most one layout per frame")
    func resizeBurstCoalesces() async throws {
        let fixture = try await HostFixture(size: Size(width: 640, height: 480))
        defer { fixture.stop() }
        let layoutsBefore = fixture.host.window.windowLayoutCount
        let framesBefore = fixture.host.window.frameCount
        for step in 1...20 {
            XResizeWindow(fixture.display.pointer, fixture.host.xWindow, UInt32(640 + step * 10), UInt32(480 + step * 5))
        }
        try await fixture.waitUntil("the last resize is reported") { fixture.host.size == Size(width: 840, height: 580) }
        fixture.clock.step()
        fixture.clock.step()

        let frames = fixture.host.window.frameCount - framesBefore
        let layouts = fixture.host.window.windowLayoutCount - layoutsBefore
        #expect(frames >= 1)
        #expect(layouts <= frames)
        #expect(layouts == 1)
        #expect(try fixture.capture().width == 840)
    }

    @Test("a sync request is answered only after the resized frame is on screen")
    func syncRequestAnsweredAfterFrame() async throws {
        let fixture = try await HostFixture(size: Size(width: 640, height: 480))
        defer { fixture.stop() }
        try #require(fixture.host.syncCounterValue() != nil, "Xvfb should offer the SYNC extension")
        var framesOnScreen: [Size] = []
        fixture.host.framePresented = { _ in framesOnScreen.append(fixture.host.window.bounds.size) }

        // What a window manager does before a live-resize step: a sync request, then the resize.
        WindowManagerMessages.sendSyncRequest(4242, to: fixture.host.xWindow, on: fixture.display.pointer)
        fixture.frame()
        // A frame drawn before the configure arrives is at the old size: it must not answer.
        fixture.host.window.setNeedsDisplay()
        fixture.clock.step()
        #expect(fixture.host.syncCounterValue() != 4242, "answered before the resize arrived")

        XResizeWindow(fixture.display.pointer, fixture.host.xWindow, 800, 500)
        try await fixture.waitUntil("the resize is reported") { fixture.host.size == Size(width: 800, height: 500) }
        #expect(fixture.host.syncCounterValue() != 4242, "answered before the frame at the new size was drawn")
        framesOnScreen.removeAll()
        fixture.clock.step()
        #expect(framesOnScreen == [Size(width: 800, height: 500)])
        #expect(fixture.host.syncCounterValue() == 4242)
    }

    @Test("WM_DELETE_WINDOW calls the host's close handler")
    func deleteWindowCallsClose() async throws {
        let fixture = try await HostFixture()
        defer { fixture.stop() }
        var closed = false
        fixture.host.onClose = { closed = true }
        WindowManagerMessages.sendDelete(to: fixture.host.xWindow, on: fixture.display.pointer)
        try await fixture.waitUntil("the close request arrives") { closed }
        #expect(closed)
    }

    @Test("a screenshot to an unwritable path fails clearly and leaves no file")
    func screenshotToUnwritablePath() async throws {
        let fixture = try await HostFixture()
        defer { fixture.stop() }
        let blocker = FileManager.default.temporaryDirectory.appendingPathComponent("proscenium-blocker-\(getpid())")
        _ = FileManager.default.createFile(atPath: blocker.path, contents: Data("not a directory".utf8))
        defer { try? FileManager.default.removeItem(at: blocker) }
        let path = blocker.appendingPathComponent("shot.png").path

        #expect {
            try fixture.host.writeScreenshot(to: path)
        } throws: { error in
            "\(error)".contains(path)
        }
        #expect(!FileManager.default.fileExists(atPath: path))
        #expect(try FileManager.default.contentsOfDirectory(atPath: FileManager.default.temporaryDirectory.path)
            .filter { $0.contains("shot.png") }.isEmpty)
    }
}

/// Client messages a window manager sends, for tests that play its part.
enum WindowManagerMessages {
    static func sendDelete(to window: CX11.Window, on display: OpaquePointer) {
        var message = XEvent()
        message.xclient.type = ClientMessage
        message.xclient.window = window
        message.xclient.message_type = XInternAtom(display, "WM_PROTOCOLS", 0)
        message.xclient.format = 32
        message.xclient.data.l.0 = CLong(bitPattern: UInt(XInternAtom(display, "WM_DELETE_WINDOW", 0)))
        message.xclient.data.l.1 = CLong(CurrentTime)
        XSendEvent(display, window, 0, NoEventMask, &message)
        XFlush(display)
    }

    /// A window manager's `_NET_WM_SYNC_REQUEST` for counter value `value`, sent before a resize.
    static func sendSyncRequest(_ value: Int32, to window: CX11.Window, on display: OpaquePointer) {
        var message = XEvent()
        message.xclient.type = ClientMessage
        message.xclient.window = window
        message.xclient.message_type = XInternAtom(display, "WM_PROTOCOLS", 0)
        message.xclient.format = 32
        message.xclient.data.l.0 = CLong(bitPattern: UInt(XInternAtom(display, "_NET_WM_SYNC_REQUEST", 0)))
        message.xclient.data.l.2 = CLong(value)
        message.xclient.data.l.3 = 0
        XSendEvent(display, window, 0, NoEventMask, &message)
    }
}

extension Color {
    /// Whether each channel is within `tolerance` (out of 255) of `other`'s.
    func isClose(to other: Color, tolerance: Double = 2) -> Bool {
        abs(red - other.red) * 255 <= tolerance && abs(green - other.green) * 255 <= tolerance
            && abs(blue - other.blue) * 255 <= tolerance
    }
}
