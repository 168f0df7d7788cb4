import CX11
import Foundation
import Proscenium
@testable import ProsceniumX11
import TestSupport
import Testing

/// Finished folded pixels (the dimmed margins around a presented card) filled straight into the window:
/// the window must show what it showed when everything went through the back buffer, on every frame, and
/// the back buffer those fills skip must be made whole wherever it is read whole.
@MainActor @Suite("Filling the dimmed margins straight into the window")
struct WindowFillTests {
    static let size = Size(width: 480, height: 360)

    /// The gallery's presented card in small: a flat home colour, a black dimming fading in, and a rounded
    /// white card with a shadow and a label rising over it.
    @MainActor final class Scene: SteppedScene {
        let dimming = View(), card = View()

        init(in root: View) {
            root.backgroundColor = Color(hex: 0xF2F2F7)
            let button = View(frame: Rect(x: 40, y: 40, width: 120, height: 36))
            button.backgroundColor = Color(hex: 0x007AFF)
            button.cornerRadius = 8
            root.addSubview(button)
            dimming.frame = Rect(origin: .zero, size: WindowFillTests.size)
            dimming.backgroundColor = .black
            dimming.alpha = 0
            root.addSubview(dimming)
            card.backgroundColor = .white
            card.cornerRadius = 14
            card.shadowOpacity = 0.3
            card.shadowRadius = 12
            card.shadowOffset = Point(x: 0, y: 4)
            card.addSubview(Label(text: "Presented", frame: Rect(x: 20, y: 20, width: 200, height: 24)))
            root.addSubview(card)
            step(0)
        }

        /// The frame-th frame: the card rises and the dimming darkens, except on every fourth frame, where
        /// only the card moves (the slow tail of a spring, when the dimming's 8-bit colour holds still).
        func step(_ frame: Int) {
            if frame % 4 != 3 { dimming.alpha = min(0.5, 0.03 * Double(frame)) }
            let y = max(60, 360 - 17 * Double(frame))
            card.frame = Rect(x: 30, y: y, width: 420, height: 280)
        }
    }

    typealias Pair = WindowFillPair<Scene>

    @Test("a card rising over a fading dimming: the window shows the same pixels on every frame, with less copied")
    func theWindowShowsTheSameFrames() async throws {
        let pair = try await Pair(size: WindowFillTests.size)
        defer { pair.stop() }
        var filledFrames = 0
        for frame in 1..<24 {
            await Task.yield()
            pair.step(frame)
            let renderer = pair.filled.host.renderer
            let filledPixels = renderer.statistics.windowFilledPixels
            #expect(pair.reference.host.renderer.statistics.windowFilledPixels == 0)
            if filledPixels > 0 {
                filledFrames += 1
                let copied = renderer.copyRects.reduce(0) { $0 + $1.width * $1.height }
                #expect(copied + Double(filledPixels) == renderer.drawnRegion.area,
                        "frame \(frame): what was drawn is either copied or filled into the window, not both")
            }
            try pair.expectSameWindows("frame \(frame)")
        }
        #expect(filledFrames >= 12, "the margins of most frames go straight to the window (\(filledFrames) did)")
    }

    @Test("the back buffer a window fill skipped is made whole before an exposure or a capture reads it")
    func theBackBufferIsMadeWholeBeforeItIsRead() async throws {
        let pair = try await Pair(size: WindowFillTests.size)
        defer { pair.stop() }
        for frame in 1..<8 { pair.step(frame) }
        let host = pair.filled.host!
        #expect(host.renderer.backBufferIsStale, "the margins went to the window only")

        // An exposure: the window's pixels are lost (painted over here, as a window on top would leave
        // them) and the host copies them back from the back buffer.
        let dpy = pair.filled.display.pointer
        let gc = XCreateGC(dpy, host.xWindow, 0, nil)
        defer { XFreeGC(dpy, gc) }
        XSetForeground(dpy, gc, 0xFF00FF)
        XFillRectangle(dpy, host.xWindow, gc, 0, 0, UInt32(Self.size.width), UInt32(Self.size.height))
        XClearArea(dpy, host.xWindow, 0, 0, 0, 0, 1)
        XFlush(dpy)
        try await pair.filled.waitUntil("the exposure is repaired") {
            pair.filled.frame()
            let shot = try? pair.filled.capture()
            return shot.map { $0.color(atX: 5, y: 5) != Color(hex: 0xFF00FF) } ?? false
        }
        try pair.expectSameWindows("after the exposure")
        #expect(!host.renderer.backBufferIsStale)

        // A capture of the back buffer: whole, the frame the window shows.
        pair.step(8)
        #expect(host.renderer.backBufferIsStale)
        try pair.expectBackBufferMatchesReference("the back buffer")
    }

    @Test("what the back buffer lacks stays a few rectangles over many frames, and none once idle")
    func staleRectanglesStayBounded() async throws {
        let pair = try await Pair(size: WindowFillTests.size)
        defer { pair.stop() }
        let renderer = pair.filled.host.renderer
        for frame in 1..<120 {
            if frame % 10 == 0 { await Task.yield() }
            // Up and down again, so the card keeps leaving margins behind it.
            pair.step(frame % 40 < 20 ? frame % 20 : 20 - frame % 20)
            #expect(renderer.staleRectangleCount <= XRenderRenderer.maximumStaleRectangles, "frame \(frame)")
        }
        try pair.expectSameWindows("after 120 frames")
        renderer.releaseIdleResources()
        #expect(!renderer.backBufferIsStale, "an idle window's back buffer holds all of it")
        let back = try pair.filled.host.captureBackBuffer()
        #expect(ImageComparison.pixelsDiffering(back, try pair.filled.capture(), tolerance: 0).mismatchedPixels == 0)
    }
}
