import Testing
import Proscenium

/// Keyboard focus moves into a presentation and comes back after it; reduced motion turns every
/// transition into a short cross-fade with the same callbacks.
@MainActor @Suite("Presentation focus and reduced motion", .serialized)
struct PresentationFocusAndMotionTests {
    @Test func focusLeavesThePresenterAndComesBackAfterTheDismissal() {
        let fixture = PresentationFixture()
        let field = KeyProbeView(frame: Rect(x: 0, y: 100, width: 100, height: 30))
        fixture.root.view.addSubview(field)
        #expect(field.becomeFirstResponder())
        let presented = ViewController()
        presented.modalPresentationStyle = .formSheet
        fixture.root.present(presented, animated: true)
        fixture.runUntilIdle()
        #expect(!field.isFirstResponder, "keys belong to the presentation now")
        presented.dismiss(animated: true)
        fixture.runUntilIdle()
        #expect(field.isFirstResponder, "focus returns where it was")
    }

    @Test func reducedMotionCrossFadesInPlaceWithTheSameCallbacks() {
        AnimationSettings.reduceMotion = true
        defer { AnimationSettings.reduceMotion = false }
        let fixture = PresentationFixture()
        let delegate = LoggingDelegate(log: fixture.log)
        delegate.presentationAnimator = ViewAnimateAnimator(isPresenting: true, log: fixture.log)
        let presented = fixture.makePresented(delegate: delegate)
        var done = false
        fixture.root.present(presented, animated: true) { done = true }
        fixture.clock.step()
        let final = Rect(x: 30, y: 30, width: 340, height: 240)
        #expect(presented.view.presentation.frame == final, "no movement")
        #expect(presented.view.presentation.alpha > 0 && presented.view.presentation.alpha < 1, "a fade")
        fixture.clock.run(for: CrossFadeTransitionAnimator.duration)
        #expect(done)
        #expect(presented.view.presentation.alpha == 1)
        #expect(fixture.log.entries == [
            "presented.viewWillAppear(true)", "pc.presentationTransitionWillBegin",
            "pc.presentationTransitionDidEnd(true)", "presented.viewDidAppear(true)",
        ], "the same callbacks; the delegate's animator is not used")
    }
}
