@testable import Proscenium
import Testing

/// Dismissals with presentations stacked above: no dismissal ever waits for one above that is not
/// leaving, and a user's request reaches the presentation it was made on.
@MainActor @Suite("Stacked dismissals under interleaving")
struct StackedDismissalTests {
    /// `lower` presented (settled) from the root, `upper` a bottom sheet presented from `lower`, settled.
    @MainActor private struct Stack {
        let fixture = PresentationFixture(size: Size(width: 400, height: 600))
        let lower = LoggingViewController("lower", log: ProbeLog())
        let upper = LoggingViewController("upper", log: ProbeLog())

        init(upperStyle: ModalPresentationStyle = .bottomSheet) {
            lower.modalPresentationStyle = .formSheet
            upper.modalPresentationStyle = upperStyle
        }

        func presentBoth(settleLower: Bool = true) {
            fixture.root.present(lower, animated: true)
            if settleLower { fixture.runUntilIdle() }
            lower.present(upper, animated: true)
            fixture.runUntilIdle()
        }

        /// Presses on the upper sheet 10 points below its top and drags it down `steps` frames, `stride`
        /// points a frame; answers where the finger is and the time of its last move.
        func dragUpperDown(steps: Int = 10, stride: Double) -> (point: Point, time: Double) {
            let top = upper.view.frame.minY
            var time = fixture.clock.now
            fixture.window.send(.pointerDown(Point(x: 200, y: top + 10), button: 1, time: time))
            for step in 1...steps {
                time += 1.0 / 60
                fixture.window.send(.pointerMoved(Point(x: 200, y: top + 10 + Double(step) * stride), time: time))
                fixture.clock.step()
            }
            return (Point(x: 200, y: top + 10 + Double(steps) * stride), time)
        }

        var everythingGone: Bool {
            fixture.window.presentations.isEmpty && lower.viewIfLoaded?.window == nil && upper.viewIfLoaded?.window == nil
                && fixture.root.presentedViewController == nil
        }
    }

    @Test func presentingFromAControllerBeingDismissedIsRefusedWithAWarning() {
        let stack = Stack()
        stack.fixture.root.present(stack.lower, animated: true)
        stack.fixture.runUntilIdle()
        var warnings: [String] = []
        let previous = Warnings.handler
        Warnings.handler = { warnings.append($0) }
        defer { Warnings.handler = previous }
        stack.fixture.root.dismiss(animated: true)  // the root dismisses what it presents, with all above
        stack.fixture.frames(3)
        stack.lower.present(stack.upper, animated: true)
        #expect(stack.upper.presentingViewController == nil)
        #expect(warnings.count == 1)
        let problems = stack.fixture.runCheckingEveryFrame()
        #expect(problems.isEmpty)
        #expect(stack.everythingGone, "the dismissal does not wait for what it would have presented")
    }

    @Test func aCancelledInteractiveDismissalAboveALeavingOneLeavesAfterAll() {
        let stack = Stack()
        stack.presentBoth()
        let sheet = stack.upper.presentationController as! BottomSheetPresentationController
        // The finger drags the sheet below its smallest detent: its dismissal is interactive now.
        let top = stack.upper.view.frame.minY
        var time = stack.dragUpperDown(stride: 12).time
        #expect(stack.upper.isBeingDismissed)
        #expect(sheet.isDismissing)
        // Meanwhile the code dismisses the lower one, which takes the upper one along.
        stack.fixture.root.dismiss(animated: true)  // the root dismisses what it presents, with all above
        var problems = stack.fixture.framesChecking(40)
        // The finger goes back up and lets go: the sheet's own dismissal is cancelled.
        for step in 1...10 {
            time += 1.0 / 60
            stack.fixture.window.send(.pointerMoved(Point(x: 200, y: top + 130 - Double(step) * 12), time: time))
            stack.fixture.clock.step()
        }
        stack.fixture.window.send(.pointerUp(Point(x: 200, y: top + 10), button: 1, time: time + 0.5))
        problems += stack.fixture.runCheckingEveryFrame()
        #expect(problems.isEmpty)
        #expect(stack.everythingGone, "the lower dismissal must not wait forever, invisible")
        #expect(stack.fixture.root.appearanceState == .appeared)
    }

    @Test func aDismissalAskedForWhilePresentingTakesThePresentationsAboveAlong() {
        let stack = Stack(upperStyle: .formSheet)
        stack.fixture.root.present(stack.lower, animated: true)
        stack.fixture.frames(5)
        stack.lower.present(stack.upper, animated: true)
        stack.fixture.frames(3)
        #expect(stack.lower.isBeingPresented)
        stack.fixture.root.dismiss(animated: true)  // the root dismisses what it presents, with all above
        let problems = stack.fixture.runCheckingEveryFrame()
        #expect(problems.isEmpty)
        #expect(stack.everythingGone)
    }

    /// UIKit's rule: the lower one leaves in the upper one's transition, so it never waits; presenting it
    /// again while it leaves with its group is refused, as UIKit refuses presenting what is being
    /// dismissed with its presenter.
    @Test func presentingAgainAControllerLeavingWithTheOneAboveChangesNothing() {
        let stack = Stack(upperStyle: .formSheet)
        stack.presentBoth()
        let slow = LoggingDelegate(log: ProbeLog())
        let slowAnimator = ViewAnimateAnimator(isPresenting: false, log: ProbeLog())
        slowAnimator.duration = 1.5
        slow.dismissalAnimator = slowAnimator
        stack.upper.transitioningDelegate = slow
        stack.fixture.root.dismiss(animated: true)  // the root dismisses what it presents, with all above
        var problems = stack.fixture.framesChecking(50)
        let lowerPresentation = try! #require(stack.lower.presentation)
        #expect(lowerPresentation.leader === stack.upper.presentation)
        #expect(stack.lower.viewIfLoaded?.window == nil, "only the top of the group animates; the lower one left at once")
        stack.fixture.root.present(stack.lower, animated: true)
        #expect(stack.lower.isBeingDismissed)
        problems += stack.fixture.runCheckingEveryFrame()
        #expect(problems.isEmpty)
        #expect(stack.everythingGone)
        #expect(stack.fixture.root.appearanceState == .appeared)
    }

    @Test func escapeOnAPresentationWhoseUpperOneIsStillLeavingDismissesIt() {
        final class Listener: AdaptivePresentationControllerDelegate {
            var calls: [String] = []
            func presentationControllerWillDismiss(_ controller: PresentationController) { calls.append("will") }
            func presentationControllerDidDismiss(_ controller: PresentationController) { calls.append("did") }
        }
        let stack = Stack(upperStyle: .formSheet)
        stack.presentBoth()
        let listener = Listener()
        stack.lower.presentationController?.delegate = listener
        stack.upper.dismiss(animated: true)
        stack.fixture.frames(3)
        #expect(stack.upper.isBeingDismissed)
        stack.fixture.window.send(.keyDown(.escape, modifiers: [], isRepeat: false, time: stack.fixture.clock.now))
        stack.fixture.window.send(.keyUp(.escape, modifiers: [], time: stack.fixture.clock.now))
        let problems = stack.fixture.runCheckingEveryFrame()
        #expect(problems.isEmpty)
        #expect(listener.calls == ["will", "did"])
        #expect(stack.everythingGone)
    }

    @Test func aFullScreenPresentationOnOneStillComingInKeepsAppearancesTrueThroughEveryFrame() {
        let stack = Stack(upperStyle: .fullScreen)
        stack.fixture.root.present(stack.lower, animated: true)
        stack.fixture.frames(2)
        // The lower one is still coming in when the upper one covers it, full screen.
        stack.lower.present(stack.upper, animated: true)
        var problems = stack.fixture.runCheckingEveryFrame()
        #expect(stack.lower.view.window == nil, "covered: out of the window")
        #expect(stack.lower.appearanceState == .disappeared)
        // Then the root dismisses both: the lower one comes back into view as it leaves.
        stack.fixture.root.dismiss(animated: true)
        problems += stack.fixture.runCheckingEveryFrame()
        #expect(problems.isEmpty)
        #expect(stack.everythingGone)
        #expect(stack.lower.appearanceState == .disappeared)
        #expect(stack.fixture.root.appearanceState == .appeared)
    }

    /// Soak seed 12: a sheet whose delegate refuses the user's dismissal but dismisses it from code while
    /// asked; the dismissal from code took the drag's interaction, which the refusal then let go, so
    /// nobody drove it and it never ended. The finger drives whatever dismissal took its interaction.
    @Test func aDelegateThatRefusesTheDragButDismissesFromCodeStillEnds() {
        final class Refusing: AdaptivePresentationControllerDelegate {
            weak var controller: ViewController?
            func presentationControllerShouldDismiss(_ presentationController: PresentationController) -> Bool {
                controller?.dismiss(animated: true)
                return false
            }
        }
        let stack = Stack()
        let refusing = Refusing()
        refusing.controller = stack.upper
        stack.upper.presentationController?.delegate = refusing
        stack.presentBoth()
        let finger = stack.dragUpperDown(stride: 20)
        stack.fixture.window.send(.pointerUp(finger.point, button: 1, time: finger.time + 0.02))
        let problems = stack.fixture.runCheckingEveryFrame()
        #expect(problems.isEmpty)
        #expect(stack.upper.presentingViewController == nil, "the dismissal from code ended")
        #expect(stack.lower.appearanceState == .appeared)
    }
}
