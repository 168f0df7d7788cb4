import Testing
import Proscenium

/// Modal presentations block touches to what lies below; touch-forwarding chrome lets them through to its
/// passthrough views; a presentation that is leaving takes no more touches.
@MainActor @Suite("Touch routing through presentations")
struct PresentationTouchRoutingTests {
    private func tap(_ fixture: PresentationFixture, at point: Point, button: Int = 1) {
        fixture.window.send(.pointerDown(point, button: button, time: fixture.clock.now))
        fixture.window.send(.pointerUp(point, button: button, time: fixture.clock.now + 0.05))
        fixture.clock.step()
    }

    @Test func modalPresentationBlocksTheButtonBeneath() {
        let fixture = PresentationFixture(size: Size(width: 800, height: 600))
        let presented = ViewController()
        presented.modalPresentationStyle = .formSheet
        presented.preferredContentSize = Size(width: 200, height: 150)
        fixture.root.present(presented, animated: false)
        let onButton = Point(x: 40, y: 40)
        #expect(fixture.window.hitTest(onButton, with: nil)?.identifier == "dimming")
        tap(fixture, at: onButton)
        #expect(fixture.root.taps == 0)
    }

    @Test func bottomSheetDimmedAtEveryDetentByDefaultBlocksTouches() {
        // UIKit's default: with no largest undimmed detent, the sheet dims what is above it at every detent.
        let fixture = PresentationFixture()
        let presented = ViewController()
        presented.modalPresentationStyle = .bottomSheet
        fixture.root.present(presented, animated: false)
        #expect(fixture.window.hitTest(Point(x: 40, y: 40), with: nil)?.identifier == "dimming")
        tap(fixture, at: Point(x: 40, y: 40))
        #expect(fixture.root.taps == 0)
    }

    @Test func bottomSheetLetsTouchesThroughToThePresenter() {
        let fixture = PresentationFixture()
        let presented = ViewController()
        presented.modalPresentationStyle = .bottomSheet
        // The UIKit idiom: configured through `presentationController` before presenting.
        (presented.presentationController as? BottomSheetPresentationController)?.largestUndimmedDetentIdentifier = .medium
        fixture.root.present(presented, animated: false)
        #expect(fixture.window.hitTest(Point(x: 40, y: 40), with: nil) === fixture.root.button)
        tap(fixture, at: Point(x: 40, y: 40))
        #expect(fixture.root.taps == 1)
        #expect(fixture.window.hitTest(Point(x: 200, y: 250), with: nil) === presented.view, "the sheet itself is hit")
        #expect(fixture.root.presentedViewController === presented, "still presented")
    }

    @Test func popoverPassthroughViewsWorkAndOtherClicksDismiss() {
        let fixture = PresentationFixture(size: Size(width: 800, height: 600))
        let other = Button(title: "Other", frame: Rect(x: 600, y: 20, width: 100, height: 44))
        var otherTaps = 0
        other.addAction { _ in otherTaps += 1 }
        fixture.root.view.addSubview(other)
        let presented = ViewController()
        presented.modalPresentationStyle = .popover
        presented.preferredContentSize = Size(width: 200, height: 200)
        let popover = try! #require(presented.popoverPresentationController)
        popover.sourceView = fixture.root.button
        popover.passthroughViews = [fixture.root.button]
        fixture.root.present(presented, animated: false)
        #expect(popover.arrowDirection == .up)
        #expect(presented.view.frame.minY == 64 + PopoverPresentationController.arrowLength)

        tap(fixture, at: Point(x: 40, y: 40))
        #expect(fixture.root.taps == 1, "a passthrough view works")
        #expect(fixture.root.presentedViewController === presented)

        tap(fixture, at: Point(x: 650, y: 40))
        #expect(otherTaps == 0, "outside clicks do not reach other views")
        #expect(presented.isBeingDismissed)
        fixture.runUntilIdle()
        #expect(fixture.root.presentedViewController == nil)
    }

    @Test func dimmingTapDismissesOnlyWhenAskedAndRightClicksDoNothing() {
        let fixture = PresentationFixture()
        let presented = ViewController()
        presented.modalPresentationStyle = .alert
        fixture.root.present(presented, animated: false)
        let controller = try! #require(presented.presentationController as? AlertPresentationController)
        tap(fixture, at: Point(x: 10, y: 10))
        #expect(fixture.root.presentedViewController === presented, "modal: a tap on the dimming does nothing")
        controller.dismissesOnDimmingTap = true
        tap(fixture, at: Point(x: 10, y: 10), button: 3)
        #expect(!presented.isBeingDismissed, "a right-click is not a tap")
        tap(fixture, at: Point(x: 10, y: 10))
        #expect(presented.isBeingDismissed)
    }

    @Test func aDismissingPresentationTakesNoMoreTouches() {
        let fixture = PresentationFixture()
        let presented = ViewController()
        presented.modalPresentationStyle = .formSheet
        fixture.root.present(presented, animated: false)
        presented.dismiss(animated: true)
        #expect(fixture.window.hitTest(Point(x: 40, y: 40), with: nil) === fixture.root.button)
    }
}
