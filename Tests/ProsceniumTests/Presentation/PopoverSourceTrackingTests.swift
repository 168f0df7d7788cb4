import Proscenium
import Testing

/// A popover stays next to its source view when the source moves without the popover's container
/// laying out: moved by app code, by the end of an animation, or by the popover it sits in.
@MainActor @Suite struct PopoverSourceTrackingTests {
    /// A popover of 200x100 over `fixture`'s root, pointing at `source`.
    private func presentPopover(from presenter: ViewController, at source: View, in fixture: PresentationFixture) -> ViewController {
        let presented = ViewController()
        presented.modalPresentationStyle = .popover
        presented.preferredContentSize = Size(width: 200, height: 100)
        presented.popoverPresentationController?.sourceView = source
        presenter.present(presented, animated: false)
        fixture.runUntilIdle()
        return presented
    }

    @Test func followsItsSourceMovedByAppCode() throws {
        let fixture = PresentationFixture(size: Size(width: 800, height: 600))
        let presented = presentPopover(from: fixture.root, at: fixture.root.button, in: fixture)
        let popover = try #require(presented.popoverPresentationController)
        #expect(presented.view.frame.minY == 64 + PopoverPresentationController.arrowLength)

        fixture.root.button.frame = Rect(x: 300, y: 200, width: 120, height: 44)
        fixture.frames(1)
        #expect(presented.view.frame == popover.frameOfPresentedViewInContainerView)
        #expect(presented.view.frame.minY == 244 + PopoverPresentationController.arrowLength,
                "the bubble moved below the button's new place")
        #expect(presented.view.frame.midX == 360, "centred on the button again")
    }

    @Test func followsItsSourceAtTheEndOfAnAnimation() {
        let fixture = PresentationFixture(size: Size(width: 800, height: 600))
        let presented = presentPopover(from: fixture.root, at: fixture.root.button, in: fixture)
        View.animate(withDuration: 0.3) { fixture.root.button.frame = Rect(x: 20, y: 300, width: 120, height: 44) }
        fixture.runUntilIdle()
        #expect(presented.view.frame.minY == 344 + PopoverPresentationController.arrowLength)
    }

    @Test func aPopoverOverAPopoverFollowsItInTheSameFrame() throws {
        let fixture = PresentationFixture(size: Size(width: 800, height: 600))
        let lower = presentPopover(from: fixture.root, at: fixture.root.button, in: fixture)
        let inner = View(frame: Rect(x: 10, y: 10, width: 40, height: 20))
        lower.view.addSubview(inner)
        let upper = presentPopover(from: lower, at: inner, in: fixture)
        let upperPopover = try #require(upper.popoverPresentationController)

        fixture.root.button.frame = Rect(x: 300, y: 40, width: 120, height: 44)
        fixture.frames(1)
        let innerInWindow = fixture.window.convert(inner.bounds, from: inner)
        #expect(upper.view.frame == upperPopover.frameOfPresentedViewInContainerView)
        #expect(upper.view.frame.midX == innerInWindow.midX, "the upper bubble points at the moved inner view")
    }
}
