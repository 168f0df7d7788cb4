import Testing
import Proscenium

/// Transitions in different containers run at the same time instead of queueing behind each other, as
/// UIKit makes them (PSPDFKit's complaint in the seeds).
@MainActor @Suite("Simultaneous transitions")
struct SimultaneousTransitionTests {
    @Test func aPresentedControllerPresentsWhileItIsStillComingIn() {
        let fixture = PresentationFixture()
        let first = ViewController()
        first.modalPresentationStyle = .formSheet
        let second = ViewController()
        second.modalPresentationStyle = .alert
        second.preferredContentSize = Size(width: 270, height: 120)
        fixture.root.present(first, animated: true)
        first.present(second, animated: true)
        #expect(first.isBeingPresented && second.isBeingPresented)
        var bothMoving = 0
        for _ in 0..<10 {
            let before = (first.view.presentation.frame, second.view.presentation.alpha)
            fixture.clock.step()
            if first.view.presentation.frame != before.0 && second.view.presentation.alpha != before.1 { bothMoving += 1 }
        }
        #expect(bothMoving == 10, "both transitions advance on every frame")
        fixture.runUntilIdle()
        #expect(!first.isBeingPresented && !second.isBeingPresented)
        #expect(fixture.window.presentedViewControllers.count == 2)
    }

    @Test func aDismissalInOneWindowAndAPresentationInAnotherShareFrames() {
        let left = PresentationFixture()
        let right = PresentationFixture()
        let leaving = ViewController()
        leaving.modalPresentationStyle = .formSheet
        left.root.present(leaving, animated: false)
        let arriving = ViewController()
        arriving.modalPresentationStyle = .formSheet
        leaving.dismiss(animated: true)
        right.root.present(arriving, animated: true)
        for _ in 0..<10 {
            let before = (leaving.view.presentation.frame, arriving.view.presentation.frame)
            left.clock.step()
            right.clock.step()
            #expect(leaving.view.presentation.frame != before.0)
            #expect(arriving.view.presentation.frame != before.1)
        }
    }
}
