/// The `.bottomSheet` style (PSPDFKit's half-modal): a full-width sheet along the bottom edge, half the
/// container tall unless the presented controller prefers a height, with rounded corners and no dimming.
/// What lies above it stays usable: a touch-forwarding view behind the sheet passes touches through to
/// `passthroughViews` (the presenting controller's view unless set).
@MainActor open class BottomSheetPresentationController: PresentationController {
    /// The view behind the sheet that forwards touches to the content below.
    public let touchForwardingView = TouchForwardingView()
    /// Views that keep receiving touches while the sheet is up; nil means the presenting view.
    public var passthroughViews: [View]?

    public override init(presentedViewController presented: ViewController, presenting: ViewController?) {
        super.init(presentedViewController: presented, presenting: presenting)
        touchForwardingView.identifier = "passthrough"
    }

    open override var frameOfPresentedViewInContainerView: Rect {
        guard let bounds = containerView?.bounds else { return .zero }
        let preferred = presentedViewController.preferredContentSize.height
        let height = min(preferred > 0 ? preferred : (bounds.height / 2).rounded(), bounds.height)
        return Rect(x: 0, y: bounds.height - height, width: bounds.width, height: height)
    }

    open override func presentationTransitionWillBegin() {
        guard let containerView else { return }
        touchForwardingView.frame = containerView.bounds
        touchForwardingView.passthroughViews = passthroughViews ?? [presentingViewController?.viewIfLoaded].compactMap { $0 }
        containerView.insertSubview(touchForwardingView, at: 0)
        roundPresentedViewCorners(12)
    }

    open override func presentationTransitionDidEnd(_ completed: Bool) {
        if !completed, !isDismissing { touchForwardingView.removeFromSuperview() }
    }

    open override func dismissalTransitionDidEnd(_ completed: Bool) {
        if completed {
            touchForwardingView.removeFromSuperview()
            restorePresentedViewCorners()
        }
    }

    open override func containerViewWillLayoutSubviews() {
        if let containerView { touchForwardingView.frame = containerView.bounds }
    }
}
