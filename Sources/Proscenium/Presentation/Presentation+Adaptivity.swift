// MARK: - Adaptivity

extension Presentation {
    /// Asks the delegate which style the presentation should have when the container's size changed
    /// (or always, with `force`), and re-hosts the presented controller in it.
    func adaptIfNeeded(animated: Bool, force: Bool = false) {
        guard let stack = window?.presentationStack else { return }
        stack.request(.adapt(self, animated: animated, force: force))
    }

    /// Applies an adaptation request of the window's stack; see `adaptIfNeeded`.
    func applyAdaptation(animated: Bool, force: Bool) {
        let size = container.bounds.size
        guard !isTornDown, phase != .dismissing, force || size != adaptedSize else { return }
        adaptedSize = size
        guard let delegate = presentationController.delegate else { return }
        // "No adaptation" (nil, or UIKit's `.none`) means the style the controller was presented in, as in
        // UIKit: a delegate that says `.fullScreen` when compact and nil otherwise gets the original back
        // once the window widens.
        let answer = delegate.adaptivePresentationStyle(for: presentationController,
                                                        traitCollection: TraitCollection(containerSize: size),
                                                        containerSize: size)
        let style = answer.flatMap { $0 == .none ? nil : $0 } ?? originalStyle
        // The delegate is app code: it may have dismissed the presentation meanwhile.
        guard !isTornDown, phase != .dismissing, style != presentationController.presentationStyle else { return }
        adapt(to: style, animated: animated)
    }

    /// The presentation controller that hosts the presented controller in `style`: the delegate's, else
    /// the original one when going back to the original style, else a new built-in one (for `.custom`,
    /// the transitioning delegate's).
    private func presentationController(for style: ModalPresentationStyle, replacing old: PresentationController) -> PresentationController {
        if let vended = old.delegate?.presentationController(forAdaptiveStyle: style, presented: presented, presenting: presenting) {
            return vended
        }
        if style == originalStyle { return originalPresentationController }
        return Self.standardPresentationController(for: style, presented: presented, presenting: presenting, source: source)
    }

    /// A new presentation controller for `style` that no delegate vended: for `.custom` the transitioning
    /// delegate's, else the built-in one.
    private static func standardPresentationController(for style: ModalPresentationStyle, presented: ViewController,
                                                       presenting: ViewController?, source: ViewController?) -> PresentationController {
        if style == .custom, let custom = presented.transitioningDelegate?.presentationController(
            forPresented: presented, presenting: presenting, source: source ?? presenting ?? presented) {
            return custom
        }
        return builtInPresentationController(for: style, presented: presented, presenting: presenting)
    }

    /// The presentation controller a presentation starts in when `original`'s delegate picks another style
    /// for a container of `size`; nil to start in the original. The original is kept to go back to.
    static func adaptedAtStart(_ original: PresentationController, presenting: ViewController, source: ViewController,
                               size: Size) -> PresentationController? {
        guard let delegate = original.delegate else { return nil }
        let answer = delegate.adaptivePresentationStyle(for: original, traitCollection: TraitCollection(containerSize: size),
                                                        containerSize: size)
        guard let style = answer, style != .none, style != original.presentationStyle else { return nil }
        let presented = original.presentedViewController
        let adapted = delegate.presentationController(forAdaptiveStyle: style, presented: presented, presenting: presenting)
            ?? standardPresentationController(for: style, presented: presented, presenting: presenting, source: source)
        guard adapted !== original else { return nil }
        adapted.presentationStyle = style
        adapted.presentingViewController = adapted.presentingViewController ?? presenting
        adapted.delegate = delegate
        adapted.holdPresentedStrongly()
        return adapted
    }

    /// Moves the presented controller, the same instance, into a presentation controller for `style` in
    /// the same container: the old controller takes its chrome down (its dismissal hooks), the new one puts
    /// its own up (its presentation hooks, joining the running transition if there is one), and the
    /// presented view moves to the new frame — a spring morph when `animated` and nothing else moves it.
    /// Moving within the window keeps the view's animations, touches and keyboard focus.
    func adapt(to style: ModalPresentationStyle, animated: Bool) {
        let old = presentationController
        let new = presentationController(for: style, replacing: old)
        guard new !== old else { return }
        new.presentationStyle = style
        new.presentingViewController = new.presentingViewController ?? old.presentingViewController
        new.delegate = old.delegate
        new.holdPresentedStrongly()

        callingOut {
            callHook(old) { $0.dismissalTransitionWillBegin() }
            callHook(old) { $0.dismissalTransitionDidEnd(true) }
            old.presentation = nil
            old.containerView = nil

            presentationController = new
            new.presentation = self
            new.containerView = container
            container.presentationController = new
            transition?.presentationController = new
            callHook { $0.presentationTransitionWillBegin() }
            if transition == nil { callHook { $0.presentationTransitionDidEnd(true) } }

            let view = new.presentedView.flatMap { $0.superview === container ? $0 : nil }
            let target = new.frameOfPresentedViewInContainerView
            let morphs = view != nil && animated && phase == .presented && view?.frame != target
            // Before the morph starts: a morph that has nothing to move ends at once, and the presenter's
            // view must then leave at once too.
            updatePresenter(from: old, to: new, animated: animated, afterMorph: morphs)
            if let view {
                container.bringSubviewToFront(view)
                new.placedFrame = target
                if morphs {
                    morphsRunning += 1
                    View.animate(springDuration: 0.4, bounce: 0, options: [.allowUserInteraction],
                                 animations: { view.untransformedFrame = target },
                                 completion: { [weak self] _ in self?.morphDidEnd() })
                } else {
                    view.untransformedFrame = target
                }
            }
            report(.adapted)
            old.delegate?.presentationController(old, didAdaptTo: style, newController: new)
        }
    }

    /// The new style shows the presenting view where the old one removed it, or the other way round: the
    /// presenter gets its appearance callbacks, and its view goes back at once or leaves once the morph
    /// is over (it stays visible under the moving view until then).
    private func updatePresenter(from old: PresentationController, to new: PresentationController, animated: Bool,
                                 afterMorph: Bool) {
        let removes = new.shouldRemovePresentersView
        guard old.shouldRemovePresentersView != removes, presenterBelongsToWindow else { return }
        switch phase {
        case .presenting:
            // The presentation's end removes the view (or not) and ends what begins here.
            beginPresenterAppearance(!removes, animated: transition?.isAnimated ?? false)
        case .presented:
            if removes {
                beginPresenterAppearance(false, animated: animated)
                if !afterMorph { removePresenterAfterAdaptation() }
            } else {
                restorePresenterView()
                beginPresenterAppearance(true, animated: animated)
                endPresenterAppearance()
            }
        case .dismissing, .gone:
            break
        }
    }

    private func morphDidEnd() {
        morphsRunning -= 1
        if morphsRunning == 0 { removePresenterAfterAdaptation() }
    }

    /// Takes the presenting view out once an adaptation to a style that removes it has finished moving,
    /// unless something since brought it back (another adaptation, a dismissal).
    private func removePresenterAfterAdaptation() {
        guard !isTornDown, phase == .presented, presentationController.shouldRemovePresentersView,
              presenterAppearanceIsOpen else { return }
        removePresenterView()
        endPresenterAppearance()
    }
}
