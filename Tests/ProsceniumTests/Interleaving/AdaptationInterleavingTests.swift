@testable import Proscenium
import Testing

/// Adaptation interleaved with touches and with styles that remove the presenting view, and what "no
/// adaptation" means.
@MainActor @Suite("Adaptation under interleaving")
struct AdaptationInterleavingTests {
    /// Below 640 wide a bottom sheet, else a popover (the gallery's sheet scene), or what `style` says.
    final class WidthDelegate: AdaptivePresentationControllerDelegate {
        var style: (Size) -> ModalPresentationStyle? = { $0.width < 640 ? .bottomSheet : .popover }
        func adaptivePresentationStyle(for controller: PresentationController, traitCollection traits: TraitCollection,
                                       containerSize size: Size) -> ModalPresentationStyle? { style(size) }
    }

    @Test func aDragOnTheSheetSurvivesAnAdaptationThatDropsTheSheet() {
        let fixture = PresentationFixture(size: Size(width: 600, height: 800))
        let presented = LoggingViewController("sheet", log: fixture.log)
        presented.modalPresentationStyle = .bottomSheet
        let delegate = WidthDelegate()
        fixture.root.present(presented, animated: true)
        presented.presentationController?.delegate = delegate
        weak let sheet = presented.presentationController as? BottomSheetPresentationController
        fixture.runUntilIdle()
        // Two detents, resting at the larger: a drag of 40 pt moves the sheet between them (no dismissal).
        sheet?.detents = [.medium(), .large()]
        sheet?.selectedDetentIdentifier = .large
        sheet?.prefersGrabberVisible = true
        fixture.runUntilIdle()
        let top = presented.view.frame.minY
        var time = fixture.clock.now
        fixture.window.send(.pointerDown(Point(x: 300, y: top + 10), button: 1, time: time))
        for step in 1...4 {
            time += 1.0 / 60
            fixture.window.send(.pointerMoved(Point(x: 300, y: top + 10 + Double(step) * 10), time: time))
            fixture.clock.step()
        }
        // The window widens past 640 with the finger still down: the sheet's controller is let go.
        fixture.window.resize(to: Size(width: 1000, height: 800))
        #expect(!presented.isBeingDismissed)
        var problems = fixture.framesChecking(2)
        #expect(presented.presentationController is PopoverPresentationController)
        #expect(sheet?.containerView == nil, "the sheet's presentation controller is off duty while the touch goes on")
        for step in 1...4 {
            time += 1.0 / 60
            fixture.window.send(.pointerMoved(Point(x: 300, y: top + 50 + Double(step) * 10), time: time))
            fixture.clock.step()
        }
        fixture.window.send(.pointerUp(Point(x: 300, y: top + 90), button: 1, time: time + 0.1))
        problems += fixture.runCheckingEveryFrame()
        #expect(problems.isEmpty)
        #expect(fixture.window.touchRecognizers.isEmpty)
        #expect(presented.view.window === fixture.window, "still presented, as a popover")
    }

    @Test func aRecognizerRemovedWhileItFollowsTheTouchIsCancelledAndHearsNoMore() {
        let fixture = PresentationFixture()
        var states: [GestureRecognizer.State] = []
        let pan = PanGestureRecognizer { states.append($0.state) }
        fixture.root.view.addGestureRecognizer(pan)
        var time = fixture.clock.now
        fixture.window.send(.pointerDown(Point(x: 200, y: 150), button: 1, time: time))
        for step in 1...3 {
            time += 1.0 / 60
            fixture.window.send(.pointerMoved(Point(x: 200, y: 150 + Double(step) * 10), time: time))
        }
        #expect(states.last == .changed)
        fixture.root.view.removeGestureRecognizer(pan)
        #expect(states.last == .cancelled)
        let count = states.count
        fixture.window.send(.pointerMoved(Point(x: 200, y: 200), time: time + 0.1))
        fixture.window.send(.pointerUp(Point(x: 200, y: 200), button: 1, time: time + 0.2))
        #expect(states.count == count)
        #expect(fixture.window.consistencyProblems().isEmpty)
    }

    @Test func adaptingToAndFromAStyleThatRemovesThePresenterSendsItsAppearanceCallbacks() {
        let fixture = PresentationFixture(size: Size(width: 800, height: 600))
        let presented = LoggingViewController("presented", log: fixture.log)
        presented.modalPresentationStyle = .formSheet
        let delegate = WidthDelegate()
        delegate.style = { $0.width < 640 ? .fullScreen : .formSheet }
        presented.presentationController?.delegate = delegate
        fixture.root.present(presented, animated: true)
        fixture.runUntilIdle()
        fixture.log.entries = []

        fixture.window.resize(to: Size(width: 500, height: 600))
        var problems = fixture.framesChecking(3)
        #expect(fixture.root.view.window === fixture.window, "the presenter stays visible while the morph runs")
        problems += fixture.runCheckingEveryFrame()
        #expect(fixture.root.view.window == nil, "then leaves, under a full-screen presentation")
        #expect(fixture.root.appearanceState == .disappeared)
        #expect(fixture.log.entries.filter { $0.hasPrefix("root.") } == ["root.viewWillDisappear(true)", "root.viewDidDisappear(true)"])

        fixture.log.entries = []
        fixture.window.resize(to: Size(width: 800, height: 600))
        problems += fixture.runCheckingEveryFrame()
        #expect(fixture.root.view.window === fixture.window)
        #expect(fixture.root.appearanceState == .appeared, "not left .disappeared while on screen")
        #expect(fixture.log.entries.filter { $0.hasPrefix("root.") } == ["root.viewWillAppear(true)", "root.viewDidAppear(true)"])
        #expect(problems.isEmpty)

        presented.dismiss(animated: true)
        problems += fixture.runCheckingEveryFrame()
        #expect(problems.isEmpty)
        #expect(fixture.root.appearanceState == .appeared)
    }

    @Test func noAdaptationMeansTheOriginalStyleAsInUIKit() {
        let fixture = PresentationFixture(size: Size(width: 800, height: 600))
        let presented = LoggingViewController("presented", log: fixture.log)
        presented.modalPresentationStyle = .popover
        presented.popoverPresentationController?.sourceView = fixture.root.button
        let original = presented.presentationController
        let delegate = WidthDelegate()
        delegate.style = { $0.width < 640 ? .fullScreen : nil }  // as ported from iOS
        presented.presentationController?.delegate = delegate
        fixture.root.present(presented, animated: true)
        fixture.runUntilIdle()
        fixture.window.resize(to: Size(width: 500, height: 600))
        var problems = fixture.runCheckingEveryFrame()
        #expect(presented.presentationController?.presentationStyle == .fullScreen)
        fixture.window.resize(to: Size(width: 800, height: 600))
        problems += fixture.runCheckingEveryFrame()
        #expect(presented.presentationController?.presentationStyle == .popover, "back to the original style")
        #expect(presented.presentationController === original, "the same, configured popover controller")
        #expect(presented.popoverPresentationController?.arrowDirection != nil, "still pointing at its source view")
        #expect(problems.isEmpty)
    }

    @Test func presentedAgainWhileLeavingDuringAnAdaptationMorphItLandsAtTheAdaptedFrame() {
        let fixture = PresentationFixture(size: Size(width: 800, height: 600))
        let presented = LoggingViewController("presented", log: fixture.log)
        presented.modalPresentationStyle = .bottomSheet
        let delegate = WidthDelegate()
        delegate.style = { $0.width < 640 ? .bottomSheet : .formSheet }
        fixture.root.present(presented, animated: true)
        presented.presentationController?.delegate = delegate
        fixture.runUntilIdle()
        #expect(presented.presentationController is FormSheetPresentationController)
        // Narrower: the morph to a sheet runs; the user dismisses, then presents again on the way out.
        fixture.window.resize(to: Size(width: 560, height: 600))
        fixture.frames(4)
        presented.dismiss(animated: true)
        fixture.frames(6)
        fixture.root.present(presented, animated: true)
        let problems = fixture.runCheckingEveryFrame()
        #expect(problems.isEmpty)
        let target = try! #require(presented.presentationController?.frameOfPresentedViewInContainerView)
        #expect(presented.view.frame == target, "rests where the sheet belongs, \(target)")
        #expect(presented.view.presentation.frame == target)
    }
}
