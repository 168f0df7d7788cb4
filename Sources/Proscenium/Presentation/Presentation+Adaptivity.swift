// MARK: - Adaptivity

extension Presentation {
    /// Asks the delegate which style the presentation should have when the container's size changed
    /// (or always, with `force`), and re-hosts the presented controller in it.
    func adaptIfNeeded(animated: Bool, force: Bool = false) {
        let size = container.bounds.size
        guard phase != .dismissing, force || size != adaptedSize else { return }
        adaptedSize = size
        guard let delegate = presentationController.delegate,
              let style = delegate.adaptivePresentationStyle(for: presentationController,
                                                             traitCollection: TraitCollection(containerSize: size),
                                                             containerSize: size),
              style != presentationController.presentationStyle else { return }
        adapt(to: style, animated: animated)
    }

    /// Moves the presented controller, the same instance, into a presentation controller for `style` in
    /// the same container: the old controller takes its chrome down (its dismissal hooks), the new one puts
    /// its own up (its presentation hooks, joining the running transition if there is one), and the
    /// presented view moves to the new frame — a spring morph when `animated` and nothing else moves it.
    /// Moving within the window keeps the view's animations, touches and keyboard focus.
    func adapt(to style: ModalPresentationStyle, animated: Bool) {
        let old = presentationController
        let new = old.delegate?.presentationController(forAdaptiveStyle: style, presented: presented, presenting: presenting)
            ?? Self.builtInPresentationController(for: style, presented: presented, presenting: presenting)
        new.presentationStyle = style
        new.presentingViewController = new.presentingViewController ?? old.presentingViewController
        new.delegate = old.delegate

        old.dismissalTransitionWillBegin()
        old.dismissalTransitionDidEnd(true)
        old.presentation = nil
        old.containerView = nil

        presentationController = new
        new.presentation = self
        new.containerView = container
        container.presentationController = new
        transition?.presentationController = new
        new.presentationTransitionWillBegin()
        if transition == nil { new.presentationTransitionDidEnd(true) }

        if new.shouldRemovePresentersView, phase == .presented, removedPresenterPlace == nil {
            removePresenterView()
        } else if !new.shouldRemovePresentersView {
            restorePresenterView()
        }
        if let view = new.presentedView, view.superview === container {
            container.bringSubviewToFront(view)
            let target = new.frameOfPresentedViewInContainerView
            new.placedFrame = target
            if animated && phase == .presented {
                View.animate(springDuration: 0.4, bounce: 0, options: [.allowUserInteraction]) { view.frame = target }
            } else {
                view.frame = target
            }
        }
        report(.adapted)
        old.delegate?.presentationController(old, didAdaptTo: style, newController: new)
    }
}
