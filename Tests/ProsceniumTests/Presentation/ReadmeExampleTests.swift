import Testing
import Proscenium

// The README's presentation example, compiled and run, so the README cannot drift from the API.

private final class InsetCardPresentation: DimmingPresentationController {
    override var dimmingAlpha: Double { 0.5 }
    override var frameOfPresentedViewInContainerView: Rect {
        (containerView?.bounds ?? .zero).insetBy(dx: 30, dy: 30)
    }
}

private final class InsetCardTransitions: TransitioningDelegate {
    func presentationController(forPresented presented: ViewController, presenting: ViewController?,
                                source: ViewController) -> PresentationController? {
        InsetCardPresentation(presentedViewController: presented, presenting: presenting)
    }
    func animationController(forPresented presented: ViewController, presenting: ViewController,
                             source: ViewController) -> AnimatedTransitioning? {
        SlideTransitionAnimator(isPresenting: true, edge: .top, duration: 0.8,
                                timingParameters: SpringTimingParameters(dampingRatio: 0.6, initialVelocity: 10))
    }
}

private final class SheetOrPopover: AdaptivePresentationControllerDelegate {
    func adaptivePresentationStyle(for controller: PresentationController, traitCollection: TraitCollection,
                                   containerSize size: Size) -> ModalPresentationStyle? {
        size.width < 640 ? .bottomSheet : .popover
    }
}

@MainActor @Suite("README example")
struct ReadmeExampleTests {
    @Test func insetCardSpringsInOverHalfDimming() {
        let fixture = PresentationFixture()
        let home = fixture.root
        let card = ViewController()
        let transitions = InsetCardTransitions()
        card.modalPresentationStyle = .custom
        card.transitioningDelegate = transitions
        home.present(card, animated: true)
        #expect(card.view.presentation.frame.maxY <= 0, "starts above the window")
        fixture.runUntilIdle()
        #expect(card.view.frame == Rect(x: 30, y: 30, width: 340, height: 240))
        #expect((card.presentationController as? InsetCardPresentation)?.dimmingView.alpha == 0.5)
        withExtendedLifetime(transitions) {}
    }

    @Test func beyondUIKitSnippets() {
        let fixture = PresentationFixture()
        let picker = ViewController()
        picker.modalPresentationStyle = .bottomSheet
        fixture.root.present(picker, animated: false)
        let sheetOrPopover = SheetOrPopover()
        picker.presentationController?.delegate = sheetOrPopover
        let sheet = picker.presentationController as! BottomSheetPresentationController
        sheet.detents = [.medium(), .large()]
        sheet.largestUndimmedDetentIdentifier = .medium
        sheet.prefersGrabberVisible = true
        fixture.window.resize(to: Size(width: 800, height: 600))
        fixture.runUntilIdle()
        #expect(picker.presentationController is PopoverPresentationController)
        withExtendedLifetime(sheetOrPopover) {}
    }
}
