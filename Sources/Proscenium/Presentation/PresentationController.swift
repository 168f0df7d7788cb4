/// Manages one presentation from the moment a controller is presented until it is dismissed, as UIKit's
/// `UIPresentationController`: it decides where the presented view goes, owns the chrome around it
/// (dimming, touch forwarding, backdrops) and keeps both laid out while the window changes size.
///
/// Subclass it and override the hooks; the built-in styles in `Styles/` are examples. The system keeps
/// the presentation controller alive for exactly the duration of the presentation: after the dismissal
/// completes it, its chrome and its container are released.
@MainActor open class PresentationController {
    // MARK: - The controllers

    /// The controller being presented.
    public var presentedViewController: ViewController { retainedPresented ?? weaklyPresented! }
    /// The controller presenting it (the top of the presenter's parent chain). Set when the presentation
    /// starts if it was not known at creation.
    public internal(set) var presentingViewController: ViewController?

    /// Held strongly, as in UIKit, except while the controller is only prepared: a presented controller
    /// holds the presentation controller it will be presented with (`ViewController.presentationController`
    /// before `present`), and that must not keep it alive if it is never presented.
    private var retainedPresented: ViewController?
    private weak var weaklyPresented: ViewController?

    /// A presentation controller for `presented`, presented by `presenting` (which may be nil until the
    /// presentation starts).
    public init(presentedViewController presented: ViewController, presenting: ViewController?) {
        retainedPresented = presented
        weaklyPresented = presented
        presentingViewController = presenting
        LiveObjects.created(.presentationController)
    }

    /// Held by the presented controller before its presentation: let go of it, to break the cycle.
    func holdPresentedWeakly() { retainedPresented = nil }
    /// Taken by a presentation: hold the presented controller for as long as the presentation lasts.
    func holdPresentedStrongly() { retainedPresented = weaklyPresented }

    deinit { LiveObjects.freed(.presentationController) }

    // MARK: - Style and delegate

    /// The style this controller presents in: the presented controller's `modalPresentationStyle`, or the
    /// style the presentation adapted to.
    public internal(set) var presentationStyle: ModalPresentationStyle = .custom

    /// Decides adaptation to other styles and whether the user may dismiss; held weakly.
    public weak var delegate: AdaptivePresentationControllerDelegate?

    // MARK: - Views

    /// The view the presentation happens in: it fills the window, above the presenting content. Nil
    /// before the presentation starts and after it ended.
    public internal(set) var containerView: View?

    /// The view the animator moves: the presented controller's view by default. Override to wrap it in
    /// a decoration view of your own.
    open var presentedView: View? { presentedViewController.view }

    /// Where the presented view rests in the container. Must be pure: it is asked many times (every
    /// layout pass, every transition) and must give the same answer for the same container.
    open var frameOfPresentedViewInContainerView: Rect { containerView?.bounds ?? .zero }

    /// Whether the presenting controller's view leaves the window once the presentation is over (a full
    /// screen presentation hides it; an overlay keeps it visible underneath). False by default.
    open var shouldRemovePresentersView: Bool { false }

    // MARK: - Transition hooks

    /// The presentation transition is about to start: add chrome to the container and animate it in
    /// alongside the transition (`presentedViewController.transitionCoordinator`).
    open func presentationTransitionWillBegin() {}
    /// The presentation transition ended; `completed` is false when it was cancelled (remove the chrome) —
    /// unless `isDismissing` is already true: a dismissal interrupted it and takes the chrome away itself.
    open func presentationTransitionDidEnd(_ completed: Bool) {}
    /// The dismissal transition is about to start: animate the chrome out alongside it.
    open func dismissalTransitionWillBegin() {}
    /// The dismissal transition ended; `completed` is false when it was cancelled and the presentation
    /// stays (with `isPresenting` true when a new `present` turned it back: the presentation follows).
    open func dismissalTransitionDidEnd(_ completed: Bool) {}

    // MARK: - Layout

    /// The container is about to lay out: every layout pass, including every frame of a live window
    /// resize. Position chrome here. After it, unless a dismissal runs, the system puts the presented view
    /// at `frameOfPresentedViewInContainerView` when that frame changed (a running presentation keeps
    /// moving toward the new frame).
    open func containerViewWillLayoutSubviews() {}
    /// The container laid out its subviews.
    open func containerViewDidLayoutSubviews() {}

    /// The size a child content container (the presented controller) gets inside a parent of `parentSize`;
    /// by default all of it. `frameOfPresentedViewInContainerView` overrides often start from this.
    open func size(forChildContentContainer container: ViewController, withParentContainerSize parentSize: Size) -> Size {
        parentSize
    }

    /// The presented controller's `preferredContentSize` changed (an alert gained a button, a popover's
    /// content grew). By default the container lays out again, which moves the presented view to its new
    /// `frameOfPresentedViewInContainerView`.
    open func preferredContentSizeDidChange(forChildContentContainer container: ViewController) {
        containerView?.setNeedsLayout()
    }

    /// The container is about to change to `size` (the window is resized). The default forwards to the
    /// presented controller with the size its content gets.
    open func viewWillTransition(to size: Size, with coordinator: TransitionCoordinator) {
        let childSize = self.size(forChildContentContainer: presentedViewController, withParentContainerSize: size)
        presentedViewController.viewWillTransition(to: childSize, with: coordinator)
    }

    /// The size classes of the presentation, derived from the container's size, and the presenting
    /// controller's appearance; the presented controller reads them as its own `traitCollection`.
    open var traitCollection: TraitCollection {
        let style = presentingViewController?.resolvedUserInterfaceStyle ?? .unspecified
        guard let size = containerView?.bounds.size ?? presentingViewController?.viewIfLoaded?.window?.bounds.size else {
            return TraitCollection(userInterfaceStyle: style)
        }
        let scale = (containerView?.window ?? presentingViewController?.viewIfLoaded?.window)?.displayScale ?? 1
        return TraitCollection(containerSize: size, displayScale: scale, userInterfaceStyle: style)
    }

    /// An interaction controller for a dismissal the style drives by hand (a sheet dragged down), asked
    /// when the transitioning delegate vends none; nil by default.
    open func interactionControllerForDismissal() -> InteractiveTransitioning? { nil }

    // MARK: - Default animators

    /// The animator that presents when the transitioning delegate vends none: the style's own. The base
    /// slides the view up from the bottom edge.
    open func defaultPresentationAnimator() -> AnimatedTransitioning {
        SlideTransitionAnimator(isPresenting: true, edge: .bottom)
    }

    /// The animator that dismisses when the transitioning delegate vends none.
    open func defaultDismissalAnimator() -> AnimatedTransitioning {
        SlideTransitionAnimator(isPresenting: false, edge: .bottom)
    }

    // MARK: - Adapting and dismissing

    /// Asks the delegate now which style the presentation should have, and moves the presented controller
    /// to it (re-hosting the same instance), morphing its frame when `animated`.
    public func updateAdaptivePresentation(animated: Bool = true) {
        presentation?.adaptIfNeeded(animated: animated, force: true)
    }

    /// Dismisses the presentation the way a user asks for it (Escape, a click outside, a drag): unless the
    /// presented controller is `isModalInPresentation` or the delegate refuses, in which case the delegate
    /// hears of the attempt. Returns whether the dismissal started.
    @discardableResult
    public func dismissAsUserRequested(animated: Bool = true) -> Bool {
        guard let presentation, presentation.phase != .dismissing else { return false }
        if presentedViewController.isModalInPresentation || delegate?.presentationControllerShouldDismiss(self) == false {
            delegate?.presentationControllerDidAttemptToDismiss(self)
            return false
        }
        delegate?.presentationControllerWillDismiss(self)
        // This presentation itself, not "whatever the presented controller presents": one above that is
        // still leaving would otherwise swallow the request.
        presentation.dismiss(animated: animated) { [weak self, delegate] in
            if let self { delegate?.presentationControllerDidDismiss(self) }
        }
        return true
    }

    /// Makes `changes` on the presentation's timeline: alongside the running transition when there is
    /// one, at once otherwise (a presentation without animation, an adaptation). Chrome uses it to fade.
    public func animateAlongsideTransition(_ changes: @escaping @MainActor () -> Void) {
        if let coordinator = presentedViewController.transitionCoordinator,
           coordinator.animate(alongsideTransition: { _ in changes() }) {
            return
        }
        changes()
    }

    // MARK: - Decorating the presented view

    /// Rounds the presented view's corners (clipping its content) and, with `shadowOpacity` > 0, gives it
    /// a soft shadow, for the time of the presentation; built-in styles call it as their chrome goes up.
    public func roundPresentedViewCorners(_ radius: Double, corners: CornerMask = .all, shadowOpacity: Double = 0) {
        guard let view = presentedView else { return }
        if savedDecoration == nil {
            savedDecoration = (view.cornerRadius, view.maskedCorners, view.clipsToBounds, view.shadowOpacity,
                               view.shadowRadius, view.shadowOffset)
        }
        view.cornerRadius = radius
        view.maskedCorners = corners
        view.clipsToBounds = true
        if shadowOpacity > 0 {
            view.shadowOpacity = shadowOpacity
            view.shadowRadius = 14
            view.shadowOffset = Point(x: 0, y: 4)
        }
    }

    /// Gives the presented view back the corners and shadow it had before `roundPresentedViewCorners`.
    public func restorePresentedViewCorners() {
        guard let saved = savedDecoration, let view = presentedView else { return }
        savedDecoration = nil
        view.cornerRadius = saved.radius
        view.maskedCorners = saved.corners
        view.clipsToBounds = saved.clips
        view.shadowOpacity = saved.shadowOpacity
        view.shadowRadius = saved.shadowRadius
        view.shadowOffset = saved.shadowOffset
    }

    private var savedDecoration: (radius: Double, corners: CornerMask, clips: Bool, shadowOpacity: Double,
                                  shadowRadius: Double, shadowOffset: Point)?

    // MARK: - State

    /// The presentation this controller manages, while it lasts.
    weak var presentation: Presentation?
    /// The frame the presented view was last put at by the system, to tell when the target moved.
    var placedFrame: Rect?

    /// Whether the presentation transition runs now.
    public var isPresenting: Bool { presentation?.phase == .presenting }
    /// Whether the dismissal transition runs now.
    public var isDismissing: Bool { presentation?.phase == .dismissing }

    /// The rectangle, in the container's coordinates, that `frameOfPresentedViewInContainerView` is placed
    /// against, when it depends on a view outside the presentation (a popover's source); nil otherwise.
    /// When it moves, the container lays out again.
    var anchorInContainer: Rect? { nil }

    /// Puts the presented view at its frame after the container laid out, unless a dismissal runs or a
    /// running presentation still heads for the frame it started with.
    func layOutPresentedViewIfNeeded() {
        guard let presentation, presentation.phase != .dismissing, let view = presentedView,
              view.superview === containerView else { return }
        let target = frameOfPresentedViewInContainerView
        if presentation.phase == .presenting, target == placedFrame { return }
        placedFrame = target
        if view.untransformedFrame != target { view.untransformedFrame = target }
    }
}
