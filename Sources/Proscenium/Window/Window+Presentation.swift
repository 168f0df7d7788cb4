// MARK: - Presentations

extension Window {
    /// The presented controllers shown in this window, bottom to top.
    public var presentedViewControllers: [ViewController] { presentations.map(\.presented) }

    /// The top presented controller that is not being dismissed, else the root view controller: the
    /// controller whose subtree receives keys and keyboard focus.
    public var topViewController: ViewController? {
        presentations.last { $0.phase != .dismissing }?.presented ?? rootViewController
    }

    /// Adds `presentation`'s container on top of the presentation layer, creating the layer on first use.
    func addPresentation(_ presentation: Presentation) {
        let layer: PresentationLayerView
        if let presentationLayer {
            layer = presentationLayer
        } else {
            layer = PresentationLayerView(frame: bounds)
            presentationLayer = layer
            addSubview(layer)
        }
        presentationStack.push(presentation)
        presentation.container.frame = bounds
        layer.addSubview(presentation.container)
    }

    /// Forgets `presentation` once it ended; the presentation layer goes with the last one, so a window
    /// with nothing presented has the same views as one that never presented anything.
    func removePresentation(_ presentation: Presentation) {
        presentationStack.remove(presentation)
        if presentations.isEmpty, let layer = presentationLayer, layer.subviews.isEmpty {
            layer.removeFromSuperview()
            presentationLayer = nil
        }
    }

    /// The presentation directly above `presentation` in its chain; see `PresentationStack`.
    func presentation(above presentation: Presentation) -> Presentation? {
        presentationStack.presentation(above: presentation)
    }

    /// The presentation directly below `presentation` in its chain: the one that presents its presenter.
    func presentation(below presentation: Presentation) -> Presentation? {
        presentationStack.presentation(below: presentation)
    }

    // MARK: - Escape

    /// An Escape nobody handled dismisses the top presentation the way a user asks, so
    /// `isModalInPresentation` and the adaptive delegate can refuse.
    func handleUnhandledEscape() {
        guard let top = presentations.last(where: { $0.phase != .dismissing }) else { return }
        top.presentationController.dismissAsUserRequested()
    }

    // MARK: - Size transitions

    /// Tells the root controller and every presentation that the window is about to become `size`; their
    /// alongside blocks run at once, their completions after the frame at the new size is laid out.
    func announceSizeTransition(to size: Size) {
        let coordinator = TransitionCoordinator(sizeChange: ())
        rootViewController?.viewWillTransition(to: size, with: coordinator)
        for presentation in presentations {
            presentation.presentationController.viewWillTransition(to: size, with: coordinator)
        }
        pendingSizeCoordinators.append(coordinator)
    }

    /// Runs the completions of the size transitions laid out in this frame.
    func finishSizeTransitions() {
        guard !pendingSizeCoordinators.isEmpty else { return }
        let coordinators = pendingSizeCoordinators
        pendingSizeCoordinators = []
        for coordinator in coordinators { coordinator.sizeChangeDidEnd() }
    }
}
