import Testing
@testable import Proscenium

/// A surface that copies scrolled content keeps the last frame's pixels: what is drawn over a viewport
/// that is copied moves with the copy, so it is drawn again where it is.
@MainActor @Suite("Scroll copy damage")
struct ScrollCopyDamageTests {
    final class CopyingSurface: WindowSurface {
        var copiesScrolledContent: Bool { true }
        func present(_ list: DisplayList, damage: Region, size: Size) {}
        func setCursor(_ cursor: Cursor) {}
    }

    @Test("a rasterized button over a scrolling list is drawn again when the list's pixels are copied under it")
    func aRasterizedViewOverACopiedViewportIsRedrawn() {
        let clock = ManualFrameClock()
        let window = Window(size: Size(width: 400, height: 300), clock: clock)
        let surface = CopyingSurface()
        window.surface = surface
        let scroller = ScrollView(frame: Rect(x: 0, y: 0, width: 400, height: 300))
        scroller.backgroundColor = .white
        scroller.contentSize = Size(width: 400, height: 3000)
        for row in 0..<30 {
            let view = View(frame: Rect(x: 0, y: Double(row) * 100, width: 400, height: 50))
            view.backgroundColor = .systemGray
            scroller.addSubview(view)
        }
        window.addSubview(scroller)
        let fab = Button(title: "+", frame: Rect(x: 300, y: 200, width: 60, height: 60))
        fab.backgroundColor = .systemBlue
        fab.shouldRasterize = true
        // A badge over its corner, outside its bounds.
        let badge = View(frame: Rect(x: 50, y: -10, width: 20, height: 20))
        badge.backgroundColor = .systemRed
        fab.addSubview(badge)
        window.addSubview(fab)
        window.setNeedsFrame()
        clock.step()
        window.setNeedsFrame()
        clock.step()
        scroller.setContentOffset(Point(x: 0, y: 10), animated: false)
        clock.step()
        let damage = window.lastDamage
        #expect(damage.area < 400 * 300, "a copy, not a redraw of everything: \(damage.area)")
        #expect(damage.intersection(fab.frame).area == fab.frame.width * fab.frame.height, "the button is drawn again: \(damage.rects)")
        #expect(damage.intersection(fab.frame.offsetBy(dx: 0, dy: -10)).area >= fab.frame.width * 10,
                "and where the copy carried its old pixels")
        let badgeFrame = badge.convert(badge.bounds, to: window)
        #expect(damage.intersection(badgeFrame).area == 400, "the badge over its edge too: \(damage.rects)")
    }
}
