import CX11
import Proscenium
@testable import ProsceniumX11
import ProsceniumTesting
import TestSupport
import Testing

/// A frame's drawn rectangles reach the window as one clipped copy: every pixel inside them comes from the
/// back buffer, and none outside them is touched.
@MainActor @Suite("Copying frames to the window")
struct BackBufferCopyTests {
    @Test("scattered cards moving: each frame copies several rectangles, and the window shows the back buffer")
    func scatteredCardsReachTheWindowWhole() async throws {
        let fixture = try await HostFixture()
        defer { fixture.stop() }
        let colors: [Color] = [.systemBlue, .systemRed, .systemGreen, .systemOrange, .black, .systemGray]
        let cards = colors.enumerated().map { index, color in
            let card = View(frame: Rect(x: 20 + Double(index % 3) * 200, y: 40 + Double(index / 3) * 220,
                                        width: 60, height: 40))
            card.backgroundColor = color
            fixture.root.addSubview(card)
            return card
        }
        fixture.clock.step()
        var severalRectangles = 0
        for step in 1...12 {
            for (index, card) in cards.enumerated() {
                card.frame.origin.x += Double(3 + index)
                card.frame.origin.y += step.isMultiple(of: 2) ? 7 : -4
            }
            fixture.clock.step()
            if fixture.host.renderer.copyRects.count > 1 { severalRectangles += 1 }
            let window = try fixture.capture(), back = try fixture.host.captureBackBuffer()
            let difference = ImageComparison.pixelsDiffering(window, back, tolerance: 0)
            #expect(difference.mismatchedPixels == 0, "frame \(step): \(difference.mismatchedPixels) pixels differ")
        }
        #expect(severalRectangles >= 10, "frames that copied more than one rectangle: \(severalRectangles)")
    }

    @Test("rectangles in no particular order, or a single one, copy exactly their pixels",
          arguments: [
              [Rect(x: 150, y: 60, width: 20, height: 20), Rect(x: 10, y: 10, width: 50, height: 30),
               Rect(x: 60, y: 20, width: 30, height: 50), Rect(x: 10, y: 40, width: 50, height: 5)],
              [Rect(x: 30, y: 25, width: 100, height: 40)],
          ])
    func rectanglesCopyExactlyTheirPixels(_ rects: [Rect]) async throws {
        let fixture = try await HostFixture(size: Size(width: 200, height: 100))
        defer { fixture.stop() }
        fixture.clock.step()
        let dpy = fixture.display.pointer
        let window = fixture.host.xWindow
        let pixmap = XCreatePixmap(dpy, window, 200, 100, UInt32(fixture.display.depth))
        defer { XFreePixmap(dpy, pixmap) }
        let gc = try #require(XCreateGC(dpy, pixmap, 0, nil))
        defer { XFreeGC(dpy, gc) }
        XSetForeground(dpy, gc, 0x0000ff)
        XFillRectangle(dpy, pixmap, gc, 0, 0, 200, 100)
        let copier = BackBufferCopier(display: fixture.display, drawable: window)
        defer { copier.free() }
        copier.copy(rects, from: pixmap, to: window, plainGC: gc)
        let image = try fixture.capture()
        func isBlue(_ x: Int, _ y: Int) -> Bool {
            let offset = (y * image.width + x) * 4
            return image.pixels[offset] == 0 && image.pixels[offset + 1] == 0 && image.pixels[offset + 2] == 255
        }
        for y in 0..<100 {
            for x in 0..<200 {
                let inside = rects.contains { $0.contains(Point(x: Double(x) + 0.5, y: Double(y) + 0.5)) }
                if isBlue(x, y) != inside {
                    Issue.record("pixel (\(x), \(y)) is \(inside ? "not copied" : "copied outside the rectangles")")
                    return
                }
            }
        }
    }
}
