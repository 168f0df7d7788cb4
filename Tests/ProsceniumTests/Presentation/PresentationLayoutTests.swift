import Testing
import Proscenium

/// The container follows the window on every frame of a resize, the presentation controller hears about
/// each layout, and a resize in the middle of a spring retargets the card instead of stopping it.
@MainActor @Suite("Presentation layout")
struct PresentationLayoutTests {
    @Test func everyResizeFrameLaysOutTheContainerAndItsChrome() {
        let fixture = PresentationFixture()
        let delegate = LoggingDelegate(log: fixture.log)
        let presented = fixture.makePresented(delegate: delegate)
        fixture.root.present(presented, animated: false)
        fixture.frames(1)
        let controller = try! #require(delegate.lastPresentationController)
        let before = controller.willLayoutCount
        for step in 1...10 {
            let size = Size(width: 400 + Double(step) * 7, height: 300 + Double(step) * 3)
            fixture.window.resize(to: size)
            fixture.clock.step()
            #expect(controller.willLayoutCount == before + step, "one layout per resize frame")
            #expect(controller.didLayoutCount == before + step)
            #expect(controller.containerView?.bounds.size == size)
            #expect(controller.dimmingView.frame == Rect(origin: .zero, size: size))
            #expect(presented.view.frame == Rect(origin: .zero, size: size).insetBy(dx: 30, dy: 30))
            #expect(fixture.root.view.frame.size == size)
        }
    }

    /// A bouncy spring presentation (0.8 s, damping 0.6, velocity 10) run twice in lockstep, once with the
    /// window growing by 5x4 points a frame from 0.2 s on: the resized card moves like the undisturbed one
    /// plus the drift of its target (each frame differs by at most a few points), never stops, lands on the
    /// new frame and the transition completes.
    @Test func resizeInTheMiddleOfASpringKeepsTheCardMovingToItsNewFrame() {
        @MainActor func start() -> (PresentationFixture, LoggingDelegate, LoggingViewController, CompletionLog<Bool>) {
            let fixture = PresentationFixture()
            let delegate = LoggingDelegate(log: fixture.log)
            let animator = ViewAnimateAnimator(isPresenting: true, log: fixture.log)
            animator.duration = 0.8
            animator.timing = SpringTimingParameters(dampingRatio: 0.6, initialVelocity: 10)
            delegate.presentationAnimator = animator
            let presented = fixture.makePresented(delegate: delegate)
            let done = CompletionLog<Bool>()
            fixture.root.present(presented, animated: true) { done.record(true) }
            fixture.clock.run(for: 0.2)
            return (fixture, delegate, presented, done)
        }
        let (resized, _, card, done) = start()
        let (still, _, reference, _) = start()
        #expect(card.view.presentation.center == reference.view.presentation.center)

        var size = resized.window.bounds.size
        var last = (card.view.presentation.center, reference.view.presentation.center)
        for _ in 0..<20 {
            size = Size(width: size.width + 5, height: size.height + 4)
            resized.window.resize(to: size)
            resized.clock.step()
            still.clock.step()
            let now = (card.view.presentation.center, reference.view.presentation.center)
            let moved = Point(x: now.0.x - last.0.x, y: now.0.y - last.0.y)
            let movedReference = Point(x: now.1.x - last.1.x, y: now.1.y - last.1.y)
            #expect(moved.distance(to: movedReference) < 6, "a smooth step: \(moved) against \(movedReference)")
            #expect(card.view.hasRunningAnimations, "the spring goes on")
            last = now
        }
        resized.runUntilIdle()
        #expect(done.calls == [true])
        #expect(resized.log.entries.contains("pc.presentationTransitionDidEnd(true)"))
        let expected = Rect(origin: .zero, size: size).insetBy(dx: 30, dy: 30)
        #expect(card.view.frame == expected)
        #expect(card.view.presentation.frame == expected)
    }

    @Test func presentedViewFollowsTheContainerAlsoDuringThePresentation() {
        let fixture = PresentationFixture()
        let delegate = LoggingDelegate(log: fixture.log)
        delegate.presentationAnimator = ViewAnimateAnimator(isPresenting: true, log: fixture.log)
        let presented = fixture.makePresented(delegate: delegate)
        fixture.root.present(presented, animated: true)
        fixture.clock.run(for: 0.1)
        fixture.window.resize(to: Size(width: 600, height: 500))
        fixture.clock.step()
        #expect(presented.view.frame == Rect(x: 30, y: 30, width: 540, height: 440), "the model is the new frame")
        fixture.runUntilIdle()
        #expect(presented.view.presentation.frame == Rect(x: 30, y: 30, width: 540, height: 440))
    }

    @Test func frameOfPresentedViewIsPure() {
        let fixture = PresentationFixture()
        for style in [ModalPresentationStyle.formSheet, .bottomSheet, .popover, .alert, .fullScreen, .overFullScreen] {
            let presented = ViewController()
            presented.modalPresentationStyle = style
            presented.popoverPresentationController?.sourceView = fixture.root.button
            fixture.root.present(presented, animated: false)
            let controller = try! #require(presented.presentationController)
            let first = controller.frameOfPresentedViewInContainerView
            for _ in 0..<5 { #expect(controller.frameOfPresentedViewInContainerView == first, "\(style)") }
            #expect(presented.view.frame == first, "\(style)")
            presented.dismiss(animated: false)
        }
    }

    @Test func sizeTransitionsReachTheRootAndThePresentedController() {
        final class SizeRecorder: ViewController {
            var sizes: [Size] = []
            var completions = 0
            override func viewWillTransition(to size: Size, with coordinator: TransitionCoordinator) {
                sizes.append(size)
                coordinator.animate(alongsideTransition: nil) { _ in self.completions += 1 }
            }
        }
        let fixture = PresentationFixture()
        let presented = SizeRecorder()
        presented.modalPresentationStyle = .overFullScreen
        fixture.root.present(presented, animated: false)
        fixture.window.resize(to: Size(width: 500, height: 320))
        #expect(presented.sizes == [Size(width: 500, height: 320)])
        #expect(presented.completions == 0)
        fixture.clock.step()
        #expect(presented.completions == 1, "completions run once the new size is laid out")
    }

    @Test func traitsFollowTheContainerSize() {
        let fixture = PresentationFixture(size: Size(width: 500, height: 600))
        let presented = ViewController()
        presented.modalPresentationStyle = .overFullScreen
        fixture.root.present(presented, animated: false)
        #expect(presented.traitCollection.horizontalSizeClass == .compact)
        #expect(presented.traitCollection.verticalSizeClass == .regular)
        fixture.window.resize(to: Size(width: 900, height: 400))
        fixture.clock.step()
        #expect(presented.traitCollection.horizontalSizeClass == .regular)
        #expect(presented.traitCollection.verticalSizeClass == .compact)
        #expect(fixture.root.traitCollection == presented.traitCollection)
    }
}
