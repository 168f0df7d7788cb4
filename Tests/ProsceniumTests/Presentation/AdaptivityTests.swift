import Testing
import Proscenium

/// An adaptivity delegate moves the same presented controller between styles (a bottom sheet below
/// 640 points, a popover from 640 up) on any container-size change or when the app asks, keeping its
/// state, its animations and the touch in progress.
@MainActor @Suite("Adaptive presentations")
struct AdaptivityTests {
    /// Chooses a style by container width, or the one it is told to.
    final class WidthDelegate: AdaptivePresentationControllerDelegate {
        var forced: ModalPresentationStyle?
        var adaptations: [ModalPresentationStyle] = []
        func adaptivePresentationStyle(for controller: PresentationController, traitCollection traits: TraitCollection,
                                       containerSize size: Size) -> ModalPresentationStyle? {
            forced ?? (size.width < 640 ? .bottomSheet : .popover)
        }
        func presentationController(_ controller: PresentationController, didAdaptTo style: ModalPresentationStyle,
                                    newController: PresentationController) {
            adaptations.append(style)
        }
    }

    /// Counts taps on its button; the state adaptation must keep.
    final class CounterController: ViewController {
        let button = Button(title: "Count", frame: Rect(x: 10, y: 10, width: 100, height: 44))
        var count = 0
        override func viewDidLoad() {
            view.backgroundColor = .white
            button.addAction { [unowned self] _ in count += 1 }
            view.addSubview(button)
        }
    }

    private func present(width: Double, animated: Bool) -> (PresentationFixture, CounterController, WidthDelegate) {
        let fixture = PresentationFixture(size: Size(width: width, height: 600))
        let counter = CounterController()
        counter.count = 7
        counter.modalPresentationStyle = width < 640 ? .bottomSheet : .popover
        counter.preferredContentSize = Size(width: 320, height: 400)
        counter.popoverPresentationController?.sourceView = fixture.root.button
        let delegate = WidthDelegate()
        fixture.root.present(counter, animated: animated)
        counter.presentationController?.delegate = delegate
        return (fixture, counter, delegate)
    }

    @Test func resizingAcrossTheBoundaryReHostsTheSameController() {
        let (fixture, counter, delegate) = present(width: 800, animated: false)
        #expect(counter.presentationController is PopoverPresentationController)
        fixture.window.resize(to: Size(width: 500, height: 600))
        fixture.clock.step()
        #expect(counter.presentationController is BottomSheetPresentationController)
        #expect(fixture.root.presentedViewController === counter)
        #expect(counter.count == 7)
        #expect(delegate.adaptations == [.bottomSheet])
        fixture.runUntilIdle()
        #expect(counter.view.frame == Rect(x: 0, y: 200, width: 500, height: 400))
        let container = try! #require(counter.presentationController?.containerView)
        #expect(container.view(withIdentifier: "popover-arrow") == nil, "the popover's chrome is gone")
        #expect(container.subviews.last === counter.view)

        fixture.window.resize(to: Size(width: 900, height: 600))
        fixture.clock.step()
        fixture.runUntilIdle()
        #expect(counter.presentationController is PopoverPresentationController)
        #expect(delegate.adaptations == [.bottomSheet, .popover])
        #expect(counter.view.frame.size == Size(width: 320, height: 400))
        #expect(container.subviews.filter { $0.identifier == "passthrough" }.count == 1, "one set of chrome")
    }

    @Test func adaptingInTheMiddleOfThePresentationCompletesIt() {
        let (fixture, counter, delegate) = present(width: 500, animated: true)
        var completed = false
        fixture.clock.run(for: 0.1)
        #expect(counter.isBeingPresented)
        fixture.window.resize(to: Size(width: 800, height: 600))
        fixture.clock.step()
        #expect(counter.presentationController is PopoverPresentationController, "\(delegate.adaptations) \(String(describing: counter.presentationController?.containerView?.bounds))")
        counter.transitionCoordinator?.animate(alongsideTransition: nil) { context in completed = !context.isCancelled }
        fixture.runUntilIdle()
        #expect(completed)
        #expect(!counter.isBeingPresented)
        let frame = try! #require(counter.presentationController?.frameOfPresentedViewInContainerView)
        #expect(counter.view.frame == frame)
        #expect(counter.view.presentation.frame == frame)
    }

    @Test func crossingBackAndForthEveryFrameLeavesOneConsistentPresentation() {
        let (fixture, counter, delegate) = present(width: 600, animated: true)
        for frame in 0..<30 {
            fixture.window.resize(to: Size(width: frame % 2 == 0 ? 700 : 600, height: 600))
            fixture.clock.step()
        }
        fixture.runUntilIdle()
        #expect(delegate.adaptations.count == 30)
        #expect(counter.presentationController is BottomSheetPresentationController)
        #expect(counter.count == 7)
        let container = try! #require(counter.presentationController?.containerView)
        #expect(container.subviews.map(\.identifier) == ["passthrough", "dimming", nil],
                "the sheet's forwarding view and dimming, and the sheet; nothing of the popover left over")
        #expect(counter.view.frame == Rect(x: 0, y: 200, width: 600, height: 400))
        #expect(fixture.window.animationEngine.animationCount == 0)
    }

    @Test func theAppCanSwitchStylesWhenItChooses() {
        let (fixture, counter, delegate) = present(width: 800, animated: false)
        delegate.forced = .formSheet
        counter.presentationController?.updateAdaptivePresentation(animated: true)
        #expect(counter.presentationController is FormSheetPresentationController)
        fixture.runUntilIdle()
        #expect(counter.view.frame == Rect(x: 240, y: 100, width: 320, height: 400))
    }

    @Test func aTouchInProgressSurvivesTheReHosting() {
        let (fixture, counter, delegate) = present(width: 800, animated: false)
        fixture.clock.step()
        let onButton = counter.button.convert(Point(x: 50, y: 22), to: fixture.window)
        fixture.window.send(.pointerDown(onButton, button: 1, time: 1))
        fixture.window.resize(to: Size(width: 500, height: 600))
        fixture.clock.step()
        let moved = counter.button.convert(Point(x: 50, y: 22), to: fixture.window)
        fixture.window.send(.pointerUp(moved, button: 1, time: 1.1))
        #expect(delegate.adaptations == [.bottomSheet])
        #expect(counter.count == 8, "the tap that began in the popover ended in the sheet")
    }

    @Test func animationsInsideThePresentedViewGoOn() {
        let (fixture, counter, delegate) = present(width: 800, animated: false)
        let finished = CompletionLog<Bool>()
        View.animate(withDuration: 1, animations: { counter.button.alpha = 0.3 }, completion: finished.record)
        fixture.clock.run(for: 0.2)
        fixture.window.resize(to: Size(width: 500, height: 600))
        fixture.runUntilIdle()
        #expect(delegate.adaptations == [.bottomSheet])
        #expect(finished.calls == [true])
    }

    @Test func theUserCannotDismissWhatIsModalInPresentationOrWhatTheDelegateKeeps() {
        final class Keeper: AdaptivePresentationControllerDelegate {
            var attempts = 0
            func presentationControllerShouldDismiss(_ controller: PresentationController) -> Bool { false }
            func presentationControllerDidAttemptToDismiss(_ controller: PresentationController) { attempts += 1 }
        }
        let (fixture, counter, _) = present(width: 800, animated: false)
        let keeper = Keeper()
        counter.presentationController?.delegate = keeper
        #expect(counter.presentationController?.dismissAsUserRequested() == false)
        #expect(keeper.attempts == 1)
        counter.presentationController?.delegate = nil
        counter.isModalInPresentation = true
        #expect(counter.presentationController?.dismissAsUserRequested() == false)
        counter.isModalInPresentation = false
        #expect(counter.presentationController?.dismissAsUserRequested() == true)
        fixture.runUntilIdle()
        #expect(fixture.root.presentedViewController == nil)
    }
}
