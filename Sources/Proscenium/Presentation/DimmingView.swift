/// The translucent layer a presentation puts between the presenting content and the presented view: it
/// dims what lies below and, being hit-testable, keeps touches from reaching it. A tap on it can dismiss.
@MainActor open class DimmingView: View {
    /// Called when the dimming is tapped; nil ignores taps (they are still blocked).
    public var onTap: (@MainActor () -> Void)?

    /// A dimming view of `color` (its alpha is the view's; the view's own alpha is faded in and out).
    public init(color: Color = .black) {
        super.init(frame: .zero)
        identifier = "dimming"
        backgroundColor = color
        addGestureRecognizer(TapGestureRecognizer { [weak self] _ in self?.onTap?() })
    }
}

/// A presentation controller with a dimming view behind the presented view, faded in and out alongside
/// the transition; the base of the centred sheet and the alert, and of custom overlays like the seeds'.
@MainActor open class DimmingPresentationController: PresentationController {
    /// The dimming view, in the container while the presentation lasts.
    public let dimmingView = DimmingView()
    /// How opaque the dimming gets once presented.
    open var dimmingAlpha: Double { 0.4 }
    /// Whether a tap on the dimming dismisses the presentation (modal presentations block it by default).
    public var dismissesOnDimmingTap = false
    /// The corner radius the presented view gets for the time of the presentation; nil leaves it alone.
    open var presentedViewCornerRadius: Double? { nil }

    public override init(presentedViewController presented: ViewController, presenting: ViewController?) {
        super.init(presentedViewController: presented, presenting: presenting)
        dimmingView.onTap = { [weak self] in
            guard let self, dismissesOnDimmingTap, !isDismissing else { return }
            dismissAsUserRequested()
        }
    }

    open override func presentationTransitionWillBegin() {
        guard let containerView else { return }
        dimmingView.frame = containerView.bounds
        // Still there when a dismissal was turned back into a presentation: fade on from where it is.
        if dimmingView.superview !== containerView { dimmingView.alpha = 0 }
        containerView.insertSubview(dimmingView, at: 0)
        if let radius = presentedViewCornerRadius { roundPresentedViewCorners(radius) }
        let target = dimmingAlpha
        animateAlongsideTransition { [dimmingView] in dimmingView.alpha = target }
    }

    open override func presentationTransitionDidEnd(_ completed: Bool) {
        // Turned into a dismissal (`isDismissing`), the dimming stays and fades out with it.
        if !completed, !isDismissing { dimmingView.removeFromSuperview() }
    }

    open override func dismissalTransitionWillBegin() {
        animateAlongsideTransition { [dimmingView] in dimmingView.alpha = 0 }
    }

    open override func dismissalTransitionDidEnd(_ completed: Bool) {
        if completed {
            dimmingView.removeFromSuperview()
            restorePresentedViewCorners()
        } else if !isPresenting {
            // The presentation stays: the dimming is back, whatever the alongside fade reached. (Turned
            // back into a presentation, the presentation fades it in itself.)
            dimmingView.alpha = dimmingAlpha
        }
    }

    open override func containerViewWillLayoutSubviews() {
        if let containerView { dimmingView.frame = containerView.bounds }
    }
}
