@testable import Proscenium
import Testing

/// `presentationController` before `present`, as UIKit apps use it, and passthrough views set while the
/// presentation is up.
@MainActor @Suite("The presentation controller before presenting, and live passthrough views")
struct PreparedPresentationControllerTests {
    final class Keeper: AdaptivePresentationControllerDelegate {
        var attempts = 0
        func presentationControllerShouldDismiss(_ controller: PresentationController) -> Bool { false }
        func presentationControllerDidAttemptToDismiss(_ controller: PresentationController) { attempts += 1 }
    }

    @Test(arguments: [ModalPresentationStyle.formSheet, .bottomSheet, .popover, .alert, .fullScreen, .overFullScreen])
    func aDelegateSetBeforePresentingIsTheOneAsked(style: ModalPresentationStyle) {
        let fixture = PresentationFixture(size: Size(width: 800, height: 600))
        let presented = ViewController()
        presented.modalPresentationStyle = style
        let keeper = Keeper()
        presented.presentationController?.delegate = keeper
        let prepared = presented.presentationController
        #expect(prepared != nil)
        fixture.root.present(presented, animated: false)
        #expect(presented.presentationController === prepared)
        #expect(presented.presentationController?.delegate === keeper)
        fixture.window.send(.keyDown(.escape, modifiers: [], isRepeat: false, time: fixture.clock.now))
        #expect(keeper.attempts == 1, "the delegate refused Escape")
        #expect(presented.view.window === fixture.window)
    }

    @Test func changingTheStyleAfterReadingItMakesANewOneWithTheSameDelegate() {
        let fixture = PresentationFixture(size: Size(width: 800, height: 600))
        let presented = ViewController()
        let keeper = Keeper()
        presented.presentationController?.delegate = keeper
        presented.modalPresentationStyle = .formSheet
        fixture.root.present(presented, animated: false)
        #expect(presented.presentationController is FormSheetPresentationController)
        #expect(presented.presentationController?.delegate === keeper)
    }

    @Test func aConfiguredPopoverThatIsNeverPresentedIsFreed() {
        weak var controller: ViewController?
        weak var popover: PopoverPresentationController?
        do {
            let made = ViewController()
            made.modalPresentationStyle = .popover
            made.popoverPresentationController?.sourceView = View()
            made.popoverPresentationController?.permittedArrowDirections = .up
            controller = made
            popover = made.popoverPresentationController
            #expect(controller != nil)
            #expect(popover != nil)
        }
        #expect(controller == nil)
        #expect(popover == nil)
    }

    @Test func aPopoverReadAfterItsDismissalIsFreed() {
        let fixture = PresentationFixture(size: Size(width: 800, height: 600))
        weak var controller: ViewController?
        do {
            let made = ViewController()
            made.modalPresentationStyle = .popover
            made.popoverPresentationController?.sourceView = fixture.root.button
            controller = made
            fixture.root.present(made, animated: false)
            made.dismiss(animated: false)
            _ = made.popoverPresentationController
        }
        fixture.runUntilIdle()
        #expect(controller == nil)
    }

    @Test func popoverPassthroughViewsSetAfterPresentingWork() {
        let fixture = PresentationFixture(size: Size(width: 800, height: 600))
        let other = Button(title: "Other", frame: Rect(x: 600, y: 500, width: 100, height: 44))
        var otherTaps = 0
        other.addAction { _ in otherTaps += 1 }
        fixture.root.view.addSubview(other)
        let presented = ViewController()
        presented.modalPresentationStyle = .popover
        presented.preferredContentSize = Size(width: 200, height: 150)
        presented.popoverPresentationController?.sourceView = fixture.root.button
        fixture.root.present(presented, animated: true) {
            presented.popoverPresentationController?.passthroughViews = [other]
        }
        fixture.runUntilIdle()
        let time = fixture.clock.now
        fixture.window.send(.pointerDown(Point(x: 650, y: 520), button: 1, time: time))
        fixture.window.send(.pointerUp(Point(x: 650, y: 520), button: 1, time: time + 0.05))
        fixture.runUntilIdle()
        #expect(otherTaps == 1)
        #expect(presented.view.window === fixture.window, "a click on a passthrough view does not dismiss")
    }

    @Test func sheetPassthroughViewsSetAfterPresentingWork() {
        let fixture = PresentationFixture(size: Size(width: 400, height: 600))
        let other = Button(title: "Other", frame: Rect(x: 250, y: 20, width: 100, height: 44))
        var otherTaps = 0
        other.addAction { _ in otherTaps += 1 }
        fixture.window.addSubview(other)
        let presented = ViewController()
        presented.modalPresentationStyle = .bottomSheet
        (presented.presentationController as? BottomSheetPresentationController)?.largestUndimmedDetentIdentifier = .medium
        fixture.root.present(presented, animated: false)
        let sheet = presented.presentationController as! BottomSheetPresentationController
        sheet.passthroughViews = [other]
        let time = fixture.clock.now
        fixture.window.send(.pointerDown(Point(x: 300, y: 40), button: 1, time: time))
        fixture.window.send(.pointerUp(Point(x: 300, y: 40), button: 1, time: time + 0.05))
        #expect(otherTaps == 1)
        fixture.window.send(.pointerDown(Point(x: 40, y: 40), button: 1, time: time + 1))
        fixture.window.send(.pointerUp(Point(x: 40, y: 40), button: 1, time: time + 1.05))
        #expect(fixture.root.taps == 0, "the presenting view is no longer a passthrough view")
    }
}
