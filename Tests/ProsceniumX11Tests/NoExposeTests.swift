import CX11
import Proscenium
import ProsceniumX11
import Testing

/// Copying frames to the window makes the X server send nothing back: with graphics exposures on, each
/// XCopyArea would bring a NoExpose event that wakes the demo's read source every frame for nothing.
@MainActor @Suite("Frames send no exposure events back")
struct NoExposeTests {
    @Test func copyingAFrameToTheWindowQueuesNoNoExposeEvent() async throws {
        let fixture = try await HostFixture()
        defer { fixture.stop() }
        let card = View(frame: Rect(x: 10, y: 10, width: 100, height: 50))
        card.backgroundColor = .systemBlue
        fixture.root.addSubview(card)
        for step in 1...5 {
            card.frame.origin.x = Double(10 + step * 20)
            fixture.clock.step()
        }
        fixture.display.sync()
        var event = XEvent()
        var noExposes = 0
        while XCheckTypedEvent(fixture.display.pointer, NoExpose, &event) != 0 { noExposes += 1 }
        #expect(fixture.host.presentedFrames >= 5)
        #expect(noExposes == 0)
    }
}
