import Foundation
import Proscenium
import ProsceniumX11
import Testing

/// The layer pool's free layers are bounded by bytes while frames run, and released down to one window's
/// worth once the window has been idle for a second (frames, which trim the pool, stop when nothing moves).
@MainActor @Suite("Idle layer release")
struct IdleLayerReleaseTests {
    @Test func freeLayersShrinkToOneWindowsWorthASecondAfterTheLastFrame() async throws {
        let size = Size(width: 1280, height: 800)
        let fixture = try await HostFixture(size: size, screen: size)
        defer { fixture.stop() }
        let windowBytes = Int(size.width * size.height) * 4
        // Four translucent full-window views: each frame renders four opacity layers and frees them.
        for index in 0..<4 {
            let veil = View(frame: Rect(x: Double(index), y: 0, width: size.width - 4, height: size.height))
            veil.backgroundColor = .systemBlue
            veil.alpha = 0.2
            // Two fills: a group that needs a layer (a faded single fill is drawn without one).
            let inner = View(frame: Rect(x: 100, y: 100, width: 200, height: 100))
            inner.backgroundColor = .white
            veil.addSubview(inner)
            fixture.root.addSubview(veil)
        }
        for frame in 0..<5 {
            fixture.root.subviews[frame % 4].alpha = 0.2 + 0.01 * Double(frame)
            fixture.root.setNeedsDisplay()
            fixture.host.window.setNeedsFrame()
            fixture.frame()
            #expect(fixture.host.renderer.freeLayerBytes <= 2 * windowBytes, "bounded by bytes while frames run")
        }
        #expect(fixture.host.renderer.freeLayerBytes > windowBytes, "the fade left more than a window's worth")
        try await Task.sleep(for: .seconds(WindowHost.idleDelay + 0.5))
        #expect(fixture.host.renderer.freeLayerBytes <= windowBytes, "a second after the last frame")
    }
}
