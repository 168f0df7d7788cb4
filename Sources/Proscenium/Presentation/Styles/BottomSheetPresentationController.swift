/// The `.bottomSheet` style (PSPDFKit's half-modal, with UIKit's sheet detents): a full-width sheet along
/// the bottom edge that rests at one of its `detents`, can be dragged between them and down to dismiss,
/// and leaves what lies above it usable. A touch-forwarding view behind the sheet passes touches through
/// to `passthroughViews` (the presenting controller's view unless set); above
/// `largestUndimmedDetentIdentifier` a dimming view blocks them instead.
@MainActor open class BottomSheetPresentationController: PresentationController {
    /// The view behind the sheet that forwards touches to the content below.
    public let touchForwardingView = TouchForwardingView()
    /// Views that keep receiving touches while the sheet is up; nil means the presenting view. Live, as in
    /// UIKit: setting it while the sheet is up (in the `present` completion, say) takes effect at once.
    public var passthroughViews: [View]? { didSet { updatePassthroughViews() } }
    /// The dimming shown while the sheet rests above `largestUndimmedDetentIdentifier`.
    public let dimmingView = DimmingView()
    /// How opaque the dimming gets above the largest undimmed detent.
    public var dimmingAlpha = 0.4
    /// How round the sheet's top corners are, in points; its bottom corners stay square on the window's edge.
    public var cornerRadius = 12.0

    // MARK: - Detents

    /// The heights the sheet rests at. Empty (the default) means one detent: the presented controller's
    /// preferred height if it has one, else `medium`.
    public var detents: [SheetDetent] = [] { didSet { containerView?.setNeedsLayout() } }

    /// The detent the sheet rests at; nil means the smallest. Setting it moves the sheet at the next layout,
    /// or with a spring inside `animateChanges(_:)`.
    public var selectedDetentIdentifier: SheetDetent.Identifier? { didSet { containerView?.setNeedsLayout() } }

    /// The largest detent at which the content above the sheet stays undimmed and usable; above it the
    /// dimming appears and blocks touches. Nil, as in UIKit: dimmed at every detent (set `.medium` for a
    /// half-modal that leaves the content above usable).
    public var largestUndimmedDetentIdentifier: SheetDetent.Identifier? {
        // Inside `animateChanges(_:)` the dimming fades there with the sheet instead.
        didSet { if !isApplyingChanges { updateDimmingForSelectedDetent() } }
    }

    /// Shows a grabber at the top of the sheet.
    public var prefersGrabberVisible = false { didSet { updateGrabber() } }

    /// Set while `animateChanges(_:)` runs the app's changes.
    private var isApplyingChanges = false

    /// Hears about detent changes.
    public weak var sheetDelegate: SheetPresentationControllerDelegate?

    let grabber = SheetGrabberView()
    /// The drag in progress, if any; see BottomSheetPresentationController+Dragging.swift.
    var drag: SheetDrag?
    /// The interaction controller of a dismissal the finger is dragging.
    var dragDismissal: PercentDrivenInteractiveTransition?
    /// Weak, not unowned: the window may still deliver the touch in flight to the recognizer after an
    /// adaptation let this controller go.
    lazy var panRecognizer = PanGestureRecognizer { [weak self] recognizer in
        self?.handlePan(recognizer as! PanGestureRecognizer)
    }
    /// The detent selected when a drag started the dismissal, to report the change if it is cancelled.
    var detentBeforeDragDismissal: SheetDetent.Identifier?
    /// Where a drag handed over from a list inside the sheet puts the sheet's top edge, before the
    /// rubber band and the dismissal (see BottomSheetPresentationController+ScrollHandOff.swift).
    var handOffTop = 0.0

    /// Whether dragging up a list inside the sheet first grows the sheet to its largest detent and only
    /// then scrolls the list, as UIKit's sheets do; true by default. Dragging down at the list's top moves
    /// the sheet down (to a smaller detent, or away) either way.
    public var prefersScrollingExpandsWhenScrolledToEdge = true

    public override init(presentedViewController presented: ViewController, presenting: ViewController?) {
        super.init(presentedViewController: presented, presenting: presenting)
        touchForwardingView.identifier = "passthrough"
        // A click on the dimming above the sheet dismisses it, as a tap outside a UIKit sheet does (asking
        // the delegate, refused by `isModalInPresentation`); not while a finger drags the sheet.
        dimmingView.onTap = { [weak self] in
            guard let self, !isDismissing, drag == nil else { return }
            dismissAsUserRequested()
        }
    }

    /// The detents in effect, smallest first.
    public var effectiveDetents: [SheetDetent] {
        var list = detents
        if list.isEmpty {
            let preferred = presentedViewController.preferredContentSize.height
            list = [preferred > 0 ? .custom(identifier: "preferred") { _ in preferred } : .medium()]
        }
        let size = containerView?.bounds.size ?? .zero
        return list.sorted { $0.height(in: size) < $1.height(in: size) }
    }

    /// The detent the sheet rests at now.
    public var selectedDetent: SheetDetent? {
        let all = effectiveDetents
        return all.first { $0.identifier == selectedDetentIdentifier } ?? all.first
    }

    /// Applies detent changes made in `changes` (selected, undimmed, detents) with a spring, as UIKit's
    /// `animateChanges(_:)`.
    public func animateChanges(_ changes: () -> Void) {
        let undimmed = largestUndimmedDetentIdentifier
        isApplyingChanges = true
        changes()
        isApplyingChanges = false
        guard let view = presentedView, view.window != nil, !isPresenting, !isDismissing else {
            // Nothing to animate: the dimming follows at once, as outside `animateChanges`.
            if largestUndimmedDetentIdentifier != undimmed { updateDimmingForSelectedDetent() }
            return
        }
        let target = frameOfPresentedViewInContainerView
        placedFrame = target
        View.animate(withDuration: 0.5, delay: 0, usingSpringWithDamping: 1, initialSpringVelocity: 0,
                     options: [.allowUserInteraction]) {
            view.untransformedFrame = target
            self.updateDimming(sheetTop: target.minY)
        }
    }

    /// Selects the detent named `identifier`, with a spring when `animated`, and tells the delegate.
    public func setSelectedDetent(_ identifier: SheetDetent.Identifier, animated: Bool) {
        guard identifier != selectedDetentIdentifier else { return }
        if animated { animateChanges { selectedDetentIdentifier = identifier } } else { selectedDetentIdentifier = identifier }
        sheetDelegate?.sheetPresentationControllerDidChangeSelectedDetentIdentifier(self)
    }

    // MARK: - Frame

    /// Full width, the selected detent's height, along the bottom edge.
    open override var frameOfPresentedViewInContainerView: Rect {
        guard let bounds = containerView?.bounds else { return .zero }
        let height = selectedDetent?.height(in: bounds.size) ?? (bounds.height / 2).rounded()
        return Rect(x: 0, y: bounds.height - height, width: bounds.width, height: height)
    }

    // MARK: - Chrome

    open override func presentationTransitionWillBegin() {
        guard let containerView else { return }
        touchForwardingView.frame = containerView.bounds
        updatePassthroughViews()
        containerView.insertSubview(touchForwardingView, at: 0)
        dimmingView.frame = containerView.bounds
        // Fade in from nothing, as every dimming does; still there when a dismissal was turned back into
        // a presentation, it fades on from where it is.
        if dimmingView.superview !== containerView { dimmingView.alpha = 0 }
        containerView.insertSubview(dimmingView, aboveSubview: touchForwardingView)
        roundPresentedViewCorners(cornerRadius, corners: .top, shadowOpacity: 0.12)
        updateGrabber()
        presentedView?.addGestureRecognizer(panRecognizer)
        let top = frameOfPresentedViewInContainerView.minY
        animateAlongsideTransition { [weak self] in self?.updateDimming(sheetTop: top) }
    }

    open override func presentationTransitionDidEnd(_ completed: Bool) {
        if !completed, !isDismissing { removeChrome() }
    }

    open override func dismissalTransitionWillBegin() {
        animateAlongsideTransition { [dimmingView] in dimmingView.alpha = 0 }
    }

    open override func dismissalTransitionDidEnd(_ completed: Bool) {
        let detentBeforeDrag = detentBeforeDragDismissal
        detentBeforeDragDismissal = nil
        if completed {
            removeChrome()
        } else if !isPresenting {
            updateDimmingForSelectedDetent()
            // A drag that went below the smallest detent moved the selection there; cancelled, the sheet
            // rests at that detent, so say so.
            if let detentBeforeDrag, detentBeforeDrag != selectedDetent?.identifier {
                sheetDelegate?.sheetPresentationControllerDidChangeSelectedDetentIdentifier(self)
            }
        }
    }

    open override func containerViewWillLayoutSubviews() {
        guard let containerView else { return }
        touchForwardingView.frame = containerView.bounds
        dimmingView.frame = containerView.bounds
        if drag == nil, !isPresenting, !isDismissing { updateDimmingForSelectedDetent() }
    }

    open override func containerViewDidLayoutSubviews() {
        if grabber.superview != nil, let view = presentedView {
            grabber.center = Point(x: view.bounds.midX, y: SheetGrabberView.topInset + SheetGrabberView.size.height / 2)
            view.bringSubviewToFront(grabber)
        }
    }

    open override func interactionControllerForDismissal() -> InteractiveTransitioning? { dragDismissal }

    private func removeChrome() {
        touchForwardingView.removeFromSuperview()
        dimmingView.removeFromSuperview()
        grabber.removeFromSuperview()
        presentedView?.removeGestureRecognizer(panRecognizer)
        restorePresentedViewCorners()
    }

    private func updatePassthroughViews() {
        touchForwardingView.passthroughViews = passthroughViews ?? [presentingViewController?.viewIfLoaded].compactMap { $0 }
    }

    private func updateGrabber() {
        guard let view = presentedView, containerView != nil else { return }
        if prefersGrabberVisible {
            view.addSubview(grabber)
            containerViewDidLayoutSubviews()
        } else {
            grabber.removeFromSuperview()
        }
    }

    // MARK: - Dimming

    /// Sets the dimming for the sheet's top edge at `sheetTop`: none at or below the largest undimmed
    /// detent, `dimmingAlpha` from the next larger detent up, in between in proportion.
    func updateDimming(sheetTop: Double) {
        dimmingView.alpha = dimmingAlpha(forSheetTop: sheetTop)
    }

    /// Sets the dimming for the sheet resting at its selected detent.
    func updateDimmingForSelectedDetent() {
        updateDimming(sheetTop: frameOfPresentedViewInContainerView.minY)
    }

    private func dimmingAlpha(forSheetTop top: Double) -> Double {
        guard let bounds = containerView?.bounds else { return 0 }
        guard let undimmed = largestUndimmedDetentIdentifier else { return dimmingAlpha }
        let heights = effectiveDetents.map { $0.height(in: bounds.size) }
        guard let index = effectiveDetents.firstIndex(where: { $0.identifier == undimmed }) else { return dimmingAlpha }
        let low = heights[index]
        let high = index + 1 < heights.count ? heights[index + 1] : bounds.height
        let height = bounds.height - top
        guard high > low else { return height > low ? dimmingAlpha : 0 }
        return dimmingAlpha * min(max((height - low) / (high - low), 0), 1)
    }
}
