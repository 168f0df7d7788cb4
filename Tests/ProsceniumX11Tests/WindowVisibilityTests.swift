import CX11
import Foundation
import Proscenium
@testable import ProsceniumX11
import Testing
import TestSupport

/// Windows nobody can see without being unmapped: minimised by a window manager that keeps them mapped
/// (`WM_STATE` Iconic, `_NET_WM_STATE_HIDDEN`), covered whole by another window, or never mapped at all
/// (a tiling manager's hidden workspace). Like an unmapped one (see `WindowLifecycleTests`), such a window
/// presents nothing and keeps its animations' time at 4 frames a second; seen again, it draws one whole
/// frame of the state by then.
@MainActor @Suite("Window visibility", .serialized)
struct WindowVisibilityTests {
    @Test("minimised by a manager that keeps the window mapped (WM_STATE Iconic, then _NET_WM_STATE_HIDDEN): no frame presented, 4 frames a second; restored, one whole frame")
    func iconicWindowDrawsNothing() async throws {
        let clock = DispatchFrameClock()
        let fixture = try await HostFixture(size: Size(width: 640, height: 480), clock: clock)
        defer { fixture.stop() }
        let card = try await Self.animatedCard(in: fixture)
        let dpy = fixture.display.pointer, window = fixture.host.xWindow
        let wmState = fixture.display.atom("WM_STATE"), netState = fixture.display.atom("_NET_WM_STATE")

        fixture.display.setProperty(wmState, of: window, type: wmState, values: [CLong(IconicState), 0])
        try await Self.expectHidden(fixture, card: card, clock: clock, "WM_STATE Iconic")
        fixture.display.setProperty(wmState, of: window, type: wmState, values: [CLong(NormalState), 0])
        try await Self.expectWholeFrame(fixture, card: card, "WM_STATE Normal")

        let hidden = fixture.display.atomValues(["_NET_WM_STATE_FOCUSED", "_NET_WM_STATE_HIDDEN"])
        fixture.display.setProperty(netState, of: window, type: Atom(XA_ATOM), values: hidden)
        try await Self.expectHidden(fixture, card: card, clock: clock, "_NET_WM_STATE_HIDDEN")
        XDeleteProperty(dpy, window, netState)
        try await Self.expectWholeFrame(fixture, card: card, "_NET_WM_STATE without HIDDEN")
    }

    @Test("covered whole by another window: no frame presented, 4 frames a second; uncovered, one whole frame")
    func coveredWindowDrawsNothing() async throws {
        let clock = DispatchFrameClock()
        let fixture = try await HostFixture(size: Size(width: 640, height: 480), clock: clock)
        defer { fixture.stop() }
        let card = try await Self.animatedCard(in: fixture)
        let dpy = fixture.display.pointer
        try await fixture.waitUntil("the window is seen unobscured") { fixture.host.isUnobscured }

        // An override-redirect window over all of it, as another application's maximised window would be.
        var attributes = XSetWindowAttributes()
        attributes.override_redirect = 1
        attributes.background_pixel = 0
        let cover = XCreateWindow(dpy, fixture.display.rootWindow, 0, 0, 1280, 800, 0, 0, UInt32(InputOutput), nil,
                                  UInt(CWOverrideRedirect | CWBackPixel), &attributes)
        defer { XDestroyWindow(dpy, cover); XFlush(dpy) }
        XMapRaised(dpy, cover)
        try await Self.expectHidden(fixture, card: card, clock: clock, "covered")
        XUnmapWindow(dpy, cover)
        try await Self.expectWholeFrame(fixture, card: card, "uncovered")
    }

    @Test("never mapped (the manager holds its map request): the first frame is drawn, then 4 frames a second and none presented; mapped, one whole frame shows the animation where it is")
    func neverMappedWindowDrawsItsFirstFrameOnly() async throws {
        let server = try await PrivateXvfb.start(width: 1280, height: 800)
        defer { server.stop() }
        do {
            // A window manager that keeps every map request for later, as i3 does for a hidden workspace.
            let manager = try Display(name: server.displayName)
            XSelectInput(manager.pointer, manager.rootWindow, SubstructureRedirectMask)
            manager.sync()
            let display = try Display(name: server.displayName)
            let clock = DispatchFrameClock()
            let controller = ViewController()
            controller.view.backgroundColor = .white
            let host = WindowHost(display: display, configuration: WindowConfiguration(size: Size(width: 400, height: 300)),
                                  clock: clock)
            host.window.rootViewController = controller
            let card = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
            card.backgroundColor = Color(hex: 0x2040E0)
            controller.view.addSubview(card)
            View.animate(withDuration: 1.0, animations: { card.frame.origin = Point(x: 300, y: 200) })
            func settle(_ seconds: Double) async throws {
                let end = Date().addingTimeInterval(seconds)
                while Date() < end {
                    display.sync()
                    host.processPendingEvents()
                    try await Task.sleep(for: .milliseconds(10))
                }
            }
            try await settle(0.6)
            #expect(!host.isMapped)
            #expect(host.presentedFrames == 1, "\(host.presentedFrames) frames presented before the window was mapped")
            #expect(host.window.frameCount <= 1 + 4, "\(host.window.frameCount) frames ran in 0.6 s unseen")

            var regions: [Proscenium.Region] = []
            host.framePresented = { regions.append($0) }
            XMapWindow(manager.pointer, host.xWindow)
            manager.sync()
            try await settle(0.1)
            #expect(host.isMapped)
            let first = try #require(regions.first, "no frame after mapping")
            #expect(first == Proscenium.Region(Rect(x: 0, y: 0, width: 400, height: 300)), "the first frame after mapping is whole: \(regions)")
            try await settle(0.6)
            let shot = try host.captureImage()
            #expect(shot.color(atX: 350, y: 250).isClose(to: Color(hex: 0x2040E0)), "the card is at the animation's end")
            #expect(shot.color(atX: 50, y: 50).isClose(to: .white))
        }
    }

    @Test("restored by a manager that maps the window before it clears WM_STATE Iconic: nothing stale is copied, and the first frame once it is Normal is whole")
    func mappedWhileStillIconic() async throws {
        let clock = DispatchFrameClock()
        let fixture = try await HostFixture(size: Size(width: 640, height: 480), clock: clock)
        defer { fixture.stop() }
        _ = try await Self.animatedCard(in: fixture)
        let dpy = fixture.display.pointer, window = fixture.host.xWindow
        let wmState = fixture.display.atom("WM_STATE")
        // Minimised as ICCCM has it: unmapped and Iconic.
        fixture.display.setProperty(wmState, of: window, type: wmState, values: [CLong(IconicState), 0])
        XUnmapWindow(dpy, window)
        try await fixture.waitUntil("hidden") { !fixture.host.isMapped && fixture.host.isIconic }
        try await Task.sleep(for: .milliseconds(300))
        // Restored: mapped first, still Iconic for a moment.
        XMapWindow(dpy, window)
        try await fixture.waitUntil("the MapNotify is handled") { fixture.host.isMapped }
        #expect(!fixture.host.rendersFrames && fixture.host.needsWholeFrame, "still minimised: nothing shown, the next shown frame whole")
        try await Self.expectWholeFrame(fixture, card: Self.card(in: fixture), "WM_STATE Normal after the map") {
            fixture.display.setProperty(wmState, of: window, type: wmState, values: [CLong(NormalState), 0])
        }
    }

    @Test("hidden after it was shown, a window answers a window manager's sync request as the resize arrives, with no frame drawn")
    func hiddenWindowAnswersSyncRequestsAtOnce() async throws {
        let fixture = try await HostFixture(size: Size(width: 640, height: 480))
        defer { fixture.stop() }
        try #require(fixture.host.syncCounterValue() != nil, "Xvfb should offer the SYNC extension")
        let dpy = fixture.display.pointer, window = fixture.host.xWindow
        XUnmapWindow(dpy, window)
        try await fixture.waitUntil("hidden") { !fixture.host.rendersFrames }
        let presented = fixture.host.presentedFrames
        WindowManagerMessages.sendSyncRequest(777, to: window, on: dpy)
        XResizeWindow(dpy, window, 700, 500)
        // Events only: no frame is stepped on the manual clock.
        try await fixture.waitUntil("answered as the resize arrives") { fixture.host.syncCounterValue() == 777 }
        #expect(fixture.host.presentedFrames == presented)
    }

    @Test("a virtual-time driver draws every frame, the window seen or not: a capture of an unmapped window is current")
    func virtualTimeDriverDrawsWhileHidden() async throws {
        let fixture = try await HostFixture(size: Size(width: 320, height: 240))
        defer { fixture.stop() }
        #expect(!fixture.host.drawsWhileHidden)
        let driver = VirtualTimeDriver(host: fixture.host, clock: fixture.clock)
        #expect(fixture.host.drawsWhileHidden)
        XUnmapWindow(fixture.display.pointer, fixture.host.xWindow)
        try await fixture.waitUntil("the UnmapNotify is handled") { !fixture.host.isMapped }
        #expect(fixture.host.rendersFrames)
        fixture.root.backgroundColor = Color(hex: 0x20A040)
        fixture.frame()
        let shot = try driver.captureFrame()
        #expect(shot.color(atX: 160, y: 120).isClose(to: Color(hex: 0x20A040)), "the frame drawn while unmapped")
    }

    // MARK: - Helpers

    /// A card animating across the window for 3 s, with frames drawn already.
    private static func animatedCard(in fixture: HostFixture) async throws -> View {
        let card = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        card.backgroundColor = Color(hex: 0x2040E0)
        fixture.root.addSubview(card)
        try await fixture.waitUntil("the first frame") { fixture.host.presentedFrames > 0 }
        View.animate(withDuration: 3.0, animations: { card.frame.origin = Point(x: 480, y: 340) })
        let animating = fixture.host.presentedFrames
        try await fixture.waitUntil("the animation draws frames") { fixture.host.presentedFrames >= animating + 2 }
        return card
    }

    /// Waits until the window counts as hidden, then checks that 0.5 s present nothing and run at most a
    /// hidden window's frames while the card still animates.
    private static func expectHidden(_ fixture: HostFixture, card: View, clock: DispatchFrameClock, _ what: String) async throws {
        try await fixture.waitUntil("the window counts as hidden: \(what)") { !fixture.host.rendersFrames }
        let presented = fixture.host.presentedFrames, frames = fixture.host.window.frameCount, ticks = clock.ticks
        try await Task.sleep(for: .milliseconds(500))
        fixture.host.processPendingEvents()
        #expect(fixture.host.presentedFrames == presented, "\(what): frames were presented")
        let hiddenFrames = fixture.host.window.frameCount - frames
        #expect((1...3).contains(hiddenFrames), "\(what): \(hiddenFrames) frames ran in 0.5 s")
        #expect(clock.ticks <= ticks + 2 * 3, "\(what): the frame clock kept ticking: \(clock.ticks - ticks) ticks")
    }

    /// The animated card.
    private static func card(in fixture: HostFixture) -> View {
        fixture.root.subviews[0]
    }

    /// Runs `show`, waits for the window to count as shown again and checks that its first frame is whole.
    private static func expectWholeFrame(_ fixture: HostFixture, card: View, _ what: String,
                                         show: () -> Void = {}) async throws {
        var regions: [Proscenium.Region] = []
        fixture.host.framePresented = { regions.append($0) }
        defer { fixture.host.framePresented = nil }
        show()
        try await fixture.waitUntil("a frame once shown: \(what)") { fixture.host.rendersFrames && !regions.isEmpty }
        #expect(regions.first == Proscenium.Region(Rect(x: 0, y: 0, width: 640, height: 480)), "\(what): the first frame is not whole: \(regions)")
    }
}
