import Proscenium

/// A probe's adaptive and sheet delegate: adapts to the probe's compact and regular styles (nil keeps
/// the style), refuses user dismissals when told to, and fires the probe's delegate hooks.
@MainActor final class ProbeDelegate: AdaptivePresentationControllerDelegate, SheetPresentationControllerDelegate {
    weak var probe: ProbeController?
    let compact: ModalPresentationStyle?
    let regular: ModalPresentationStyle?
    let refuses: Bool

    init(compact: ModalPresentationStyle?, regular: ModalPresentationStyle?, refuses: Bool) {
        self.compact = compact
        self.regular = regular
        self.refuses = refuses
    }

    func adaptivePresentationStyle(for controller: PresentationController, traitCollection traits: TraitCollection,
                                   containerSize size: Size) -> ModalPresentationStyle? {
        probe?.fire(.adaptiveStyle)
        return size.width < 640 ? compact : regular
    }

    func presentationController(forAdaptiveStyle style: ModalPresentationStyle, presented: ViewController,
                                presenting: ViewController?) -> PresentationController? {
        probe?.world?.makePresentationController(ProbeWorld.chrome(for: style), presented: presented, presenting: presenting)
    }

    func presentationControllerShouldDismiss(_ controller: PresentationController) -> Bool {
        probe?.fire(.shouldDismiss)
        return !refuses
    }

    func presentationControllerDidAttemptToDismiss(_ controller: PresentationController) { probe?.fire(.didAttemptToDismiss) }
    func presentationControllerWillDismiss(_ controller: PresentationController) { probe?.fire(.willDismiss) }
    func presentationControllerDidDismiss(_ controller: PresentationController) { probe?.fire(.didDismiss) }
    func sheetPresentationControllerDidChangeSelectedDetentIdentifier(_ controller: BottomSheetPresentationController) {
        probe?.fire(.detentChanged)
    }
}

/// Vends one of the soak's presentation controllers for a `.custom` probe. The plain and form-sheet ones
/// move with a `View.animate` animator (not interruptible: turned around by running it again from where
/// the views are), the others with their style's property animators.
@MainActor final class ProbeTransitions: TransitioningDelegate {
    weak var world: ProbeWorld?
    let chrome: ProbeChrome

    init(world: ProbeWorld, chrome: ProbeChrome) {
        self.world = world
        self.chrome = chrome
    }

    func presentationController(forPresented presented: ViewController, presenting: ViewController?,
                                source: ViewController) -> PresentationController? {
        world?.makePresentationController(chrome, presented: presented, presenting: presenting)
    }

    private var usesViewAnimate: Bool { chrome == .plain || chrome == .formSheet }

    func animationController(forPresented presented: ViewController, presenting: ViewController,
                             source: ViewController) -> AnimatedTransitioning? {
        usesViewAnimate ? ProbeViewAnimator(isPresenting: true) : nil
    }

    func animationController(forDismissed dismissed: ViewController) -> AnimatedTransitioning? {
        usesViewAnimate ? ProbeViewAnimator(isPresenting: false) : nil
    }
}

/// Slides the presented view up from below the container on a `View.animate` spring, and back down, as
/// apps wrote animators before interruptible ones: the transition has no animator to reverse.
@MainActor final class ProbeViewAnimator: AnimatedTransitioning {
    let isPresenting: Bool

    init(isPresenting: Bool) {
        self.isPresenting = isPresenting
    }

    func transitionDuration(using context: TransitionContext) -> Double { 0.35 }

    func animateTransition(using context: TransitionContext) {
        let key: TransitionKey = isPresenting ? .to : .from
        guard let presented = context.viewController(forKey: key), let view = context.view(forKey: key) else {
            context.completeTransition(true)
            return
        }
        let container = context.containerView
        let isPresenting = isPresenting
        if isPresenting, view.superview !== container {
            let final = context.finalFrame(for: presented)
            view.frame = final.offsetBy(dx: 0, dy: container.bounds.maxY - final.minY)
            container.addSubview(view)
        }
        View.animate(withDuration: 0.35, delay: 0, usingSpringWithDamping: 0.85, initialSpringVelocity: 0, animations: {
            if isPresenting {
                view.frame = context.finalFrame(for: presented)
            } else {
                view.frame = view.frame.offsetBy(dx: 0, dy: container.bounds.maxY - view.frame.minY)
            }
        }, completion: { _ in context.completeTransition(!context.transitionWasCancelled) })
    }
}
