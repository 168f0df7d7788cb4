import CX11
import Proscenium
import ProsceniumX11
import Testing
import TestSupport

/// The window host on the real Dispatch run loop and 60 Hz clock, with input arriving through the server.
@MainActor @Suite("Live run loop", .serialized)
struct LiveRunLoopTests {
    @Test("a click after an idle spell starts its animation from that moment, not from the last frame")
    func animationFromInputAfterIdle() async throws {
        let clock = DispatchFrameClock()
        let fixture = try await HostFixture(size: Size(width: 640, height: 480), clock: clock)
        defer { fixture.stop() }
        let loop = EventLoop(host: fixture.host)
        loop.start()
        defer { loop.stop() }
        let card = View(frame: Rect(x: 0, y: 200, width: 40, height: 40))
        card.backgroundColor = .systemBlue
        fixture.root.addSubview(card)
        fixture.root.addGestureRecognizer(TapGestureRecognizer { _ in
            View.animate(withDuration: 0.6, delay: 0, options: .curveLinear, animations: {
                card.center = Point(x: 620, y: card.center.y)
            })
        })
        try await Task.sleep(for: .milliseconds(1000))
        #expect(!clock.isRunning, "the clock sleeps while idle")

        var drawnPositions: [Double] = []
        fixture.host.framePresented = { _ in drawnPositions.append(card.presentation.center.x) }
        let input = try XTestInput(displayName: fixture.server.displayName)
        let origin = fixture.windowOrigin()
        input.click(at: Point(x: origin.x + 320, y: origin.y + 100))
        for _ in 0..<200 where card.presentation.center.x != 620 || clock.isRunning {
            try await Task.sleep(for: .milliseconds(10))
        }

        // Had the animation started at the last frame's time, a second ago, the first frame would be its end.
        let first = try #require(drawnPositions.first)
        #expect(first < 320, "the first frame after the click is already at \(first)")
        #expect(drawnPositions.filter { $0 > 20 && $0 < 600 }.count >= 3, "frames in between: \(drawnPositions)")
        #expect(drawnPositions.last == 620)
        #expect(!clock.isRunning)
    }

    @Test("a burst of resizes while frames run costs at most one layout per frame")
    func resizeBurstWithLiveFrames() async throws {
        let clock = DispatchFrameClock()
        let fixture = try await HostFixture(size: Size(width: 640, height: 480), clock: clock)
        defer { fixture.stop() }
        let loop = EventLoop(host: fixture.host)
        loop.start()
        defer { loop.stop() }
        try await Task.sleep(for: .milliseconds(100))
        let layoutsBefore = fixture.host.window.windowLayoutCount
        let framesBefore = clock.frameCount
        for step in 1...20 {
            XResizeWindow(fixture.display.pointer, fixture.host.xWindow, UInt32(640 + step * 10), UInt32(480 + step * 5))
            XFlush(fixture.display.pointer)
            try await Task.sleep(for: .milliseconds(2))
        }
        try await Task.sleep(for: .milliseconds(300))

        let layouts = fixture.host.window.windowLayoutCount - layoutsBefore
        let frames = clock.frameCount - framesBefore
        #expect(fixture.host.window.bounds.size == Size(width: 840, height: 580))
        #expect(layouts >= 1)
        #expect(layouts <= frames, "\(layouts) layouts in \(frames) frames")
        #expect(layouts < 20, "the burst was not coalesced at all")
        #expect(try fixture.capture().width == 840)
    }
}
