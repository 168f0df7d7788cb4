@testable import Proscenium
import Testing

/// The invariants `Window.consistencyProblems()` gained for interleavings, each planted by hand and seen
/// reported, so the soak, the fuzz and `--self-check` would catch them.
@MainActor @Suite("Interleaving invariants are detected")
struct ConsistencyInvariantTests {
    private func presentedFixture(style: ModalPresentationStyle = .formSheet) -> (PresentationFixture, LoggingViewController) {
        let fixture = PresentationFixture()
        let presented = LoggingViewController("presented", log: fixture.log)
        presented.modalPresentationStyle = style
        fixture.root.present(presented, animated: false)
        fixture.frames(1)
        #expect(fixture.window.consistencyProblems().isEmpty)
        return (fixture, presented)
    }

    @Test func anAppearedControllerOffScreenIsReported() {
        let (fixture, presented) = presentedFixture()
        presented.view.removeFromSuperview()
        #expect(fixture.window.consistencyProblems().contains("LoggingViewController 'presented' has appeared but its view is not in the window"))
    }

    @Test func aDisappearedControllerOnScreenIsReported() {
        let fixture = PresentationFixture()
        fixture.root.appearanceState = .disappeared
        #expect(fixture.window.consistencyProblems() == ["LoggingViewController 'root' has disappeared but its view is in the window"])
    }

    @Test func aControllerHalfWayThroughAnAppearanceWithNothingMovingIsReported() {
        let fixture = PresentationFixture()
        fixture.root.appearanceState = .appearing
        #expect(fixture.window.consistencyProblems() == ["LoggingViewController 'root' is appearing with no transition running"])
        fixture.root.appearanceState = .disappearing
        #expect(fixture.window.consistencyProblems() == ["LoggingViewController 'root' is disappearing with no transition running"])
    }

    @Test func aFieldHeldEditingWithNoMenuUpIsReported() {
        let fixture = PresentationFixture()
        let field = TextField(text: "x", frame: Rect(x: 0, y: 0, width: 100, height: 30))
        field.identifier = "field"
        fixture.root.view.addSubview(field)
        fixture.window.fieldEditingUnderMenu = field
        #expect(fixture.window.consistencyProblems() == ["TextField 'field' is held editing under a context menu with none up"])
        fixture.window.fieldEditingUnderMenu = nil
        #expect(fixture.window.consistencyProblems().isEmpty)
    }

    @Test func aTouchForAViewThatLeftIsReported() {
        let fixture = PresentationFixture()
        let gone = View()
        gone.identifier = "gone"
        fixture.window.activeTouch = Touch(locationInWindow: .zero, timestamp: 0, view: gone, window: fixture.window,
                                           button: 1, tapCount: 1)
        #expect(fixture.window.consistencyProblems() == ["the touch in progress is for View 'gone', which left the window"])
    }

    @Test func aRecognizerFollowingTheTouchWhoseViewLeftIsReported() {
        let fixture = PresentationFixture()
        let pan = PanGestureRecognizer()
        View().addGestureRecognizer(pan)
        fixture.window.touchRecognizers = [pan]
        #expect(fixture.window.consistencyProblems() == ["PanGestureRecognizer follows the touch in progress but its view left the window"])
    }

    @Test func aDismissalWaitingForAPresentationThatIsNotLeavingIsReported() {
        let (fixture, _) = presentedFixture()
        let presentation = fixture.window.presentations[0]
        presentation.leader = presentation
        #expect(fixture.window.consistencyProblems() == ["LoggingViewController's dismissal waits for a presentation above that is not leaving"])
        presentation.leader = nil
        presentation.phase = .dismissing
        #expect(fixture.window.consistencyProblems() == ["LoggingViewController is dismissing but no transition moves it: its dismissal never ends"])
    }

    @Test func aHookRunWithoutAContainerIsReportedOnce() {
        let (fixture, _) = presentedFixture()
        let presentation = fixture.window.presentations[0]
        let controller = presentation.presentationController
        controller.containerView = nil
        presentation.callHook { _ in }
        controller.containerView = presentation.container
        #expect(fixture.window.consistencyProblems() == ["FormSheetPresentationController ran a hook with a nil containerView"])
        #expect(fixture.window.consistencyProblems().isEmpty, "reported once")
    }

    @Test func eventsOutOfOrderAreReported() {
        let (fixture, _) = presentedFixture()
        let presentation = fixture.window.presentations[0]
        presentation.report(.presentationDidEnd, completed: true)
        #expect(fixture.window.consistencyProblems() == ["LoggingViewController: presentationDidEnd reported in the wrong order (after presented)"])
        presentation.report(.dismissalWillBegin)
        presentation.report(.dismissalDidEnd, completed: true)
        presentation.report(.adapted)
        #expect(fixture.window.consistencyProblems() == ["LoggingViewController: adapted reported after the presentation ended"])
    }

    @Test func everyOrderTheToolkitProducesIsAccepted() {
        var order = PresentationEventOrder()
        let interleaved: [(PresentationEvent.Kind, Bool?)] = [
            (.presentationWillBegin, nil), (.adapted, nil), (.presentationDidEnd, false), (.dismissalWillBegin, nil),
            (.dismissalDidEnd, false), (.presentationWillBegin, nil), (.presentationDidEnd, true),
            (.dismissalWillBegin, nil), (.dismissalDidEnd, false), (.dismissalWillBegin, nil), (.dismissalDidEnd, true),
        ]
        for (kind, completed) in interleaved {
            #expect(order.record(kind, completed: completed, isTornDown: false) == nil, "\(kind)")
        }
        var cancelled = PresentationEventOrder()
        #expect(cancelled.record(.presentationWillBegin, completed: nil, isTornDown: false) == nil)
        #expect(cancelled.record(.presentationDidEnd, completed: false, isTornDown: true) == nil)
        #expect(cancelled.record(.dismissalWillBegin, completed: nil, isTornDown: true) != nil, "nothing after a cancelled presentation")
    }
}
