import Proscenium
import Testing

/// Where a popover goes when no permitted side has room for it, or its source is out of view: inside the
/// window's margins always, shrunk along the side that is short of the least, its arrow only while the
/// bubble still starts an arrow's length from the source.
@MainActor @Suite("Popover placement at the window's edges")
struct PopoverPlacementTests {
    /// `size` asked of a popover in an 800x600 window pointing at the root's button placed at `source`.
    private func present(_ size: Size, from source: Rect, permitted: PopoverArrowDirection = .any)
        -> (PresentationFixture, ViewController, PopoverPresentationController) {
        let fixture = PresentationFixture(size: Size(width: 800, height: 600))
        fixture.root.button.frame = source
        let presented = ViewController()
        presented.modalPresentationStyle = .popover
        presented.preferredContentSize = size
        let popover = presented.popoverPresentationController!
        popover.sourceView = fixture.root.button
        popover.permittedArrowDirections = permitted
        fixture.root.present(presented, animated: false)
        fixture.runUntilIdle()
        return (fixture, presented, popover)
    }

    private let inner = Rect(x: 10, y: 10, width: 780, height: 580)

    @Test("no side with room: the side short of the least (above: 258 of 300 points) and the bubble shortened to the room there")
    func shrunkOnTheLeastShortSide() {
        let (_, presented, popover) = present(Size(width: 600, height: 300), from: Rect(x: 340, y: 280, width: 120, height: 44))
        let frame = presented.view.frame
        #expect(inner.contains(frame), "inside the margins: \(frame)")
        // Sideways, 318 of the 600 points wanted; below, 254 of 300.
        #expect(popover.arrowDirection == .down && frame.maxY == 280 - PopoverPresentationController.arrowLength)
        #expect(frame.minY == 10 && frame.width == 600)
        #expect(!popover.arrowView.isHidden)
    }

    @Test("only .up permitted near the bottom: kept inside the window, the arrow hidden as it cannot reach the source")
    func keptInsideWhenTheOnlySideIsShort() {
        let (_, presented, popover) = present(Size(width: 320, height: 400), from: Rect(x: 20, y: 500, width: 120, height: 44), permitted: .up)
        #expect(inner.contains(presented.view.frame), "inside the margins: \(presented.view.frame)")
        #expect(popover.arrowView.isHidden)
    }

    @Test("a source scrolled above the window: the bubble stays inside it, without an arrow")
    func sourceOutOfView() {
        let (_, presented, popover) = present(Size(width: 320, height: 200), from: Rect(x: 20, y: -100, width: 120, height: 44))
        #expect(inner.contains(presented.view.frame), "inside the margins: \(presented.view.frame)")
        #expect(presented.view.frame.minY == 10 && popover.arrowView.isHidden)
    }
}
