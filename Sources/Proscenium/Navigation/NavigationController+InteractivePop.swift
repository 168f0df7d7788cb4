// MARK: - Going back by hand

extension NavigationController {
    /// How fast a release must move toward the end (points per second) to finish an interactive pop
    /// whatever how far it got, or back toward the start to cancel it.
    public static let interactivePopFlickVelocity = 300.0

    /// Installs the edge drag that pops interactively (`interactivePopGestureRecognizer`).
    func installInteractivePop() {
        let recognizer = ScreenEdgePanGestureRecognizer { [weak self] gesture in
            guard let self, let pan = gesture as? PanGestureRecognizer else { return }
            self.interactivePopChanged(pan)
        }
        // The edge drag begins only when the user may go back and no push or pop is moving, as UIKit's:
        // otherwise it fails at once and the touch stays with the views under it (a slider at the edge of
        // the root screen is not cancelled). An app's delegate on it can only add conditions.
        recognizer.ownerAllowsBegin = { [weak self] in self.map { $0.canGoBack && $0.runningTransition == nil } ?? false }
        view.addGestureRecognizer(recognizer)
        interactivePopRecognizer = recognizer
    }

    /// Whether the user may go back, by the Back button, Alt+Left, the mouse's Back button or the edge
    /// drag: there is a screen to go back to and the top item shows Back (see
    /// `NavigationItem.showsBackButton`).
    var canGoBack: Bool {
        stack.count > 1 && stack[stack.count - 1].navigationItem.showsBackButton
    }

    /// The edge drag that pops interactively: the top screen follows the pointer from the leading edge,
    /// and the release's position and speed decide whether it goes or comes back. Disable it to turn
    /// the interaction off.
    public var interactivePopGestureRecognizer: GestureRecognizer? {
        _ = view
        return interactivePopRecognizer
    }

    private func interactivePopChanged(_ pan: PanGestureRecognizer) {
        let width = max(contentView.bounds.width, 1)
        switch pan.state {
        case .began:
            guard canGoBack, runningTransition == nil else { return }
            let interaction = PercentDrivenInteractiveTransition()
            interactivePop = interaction
            popViewController(animated: true)
            // The pop did not start (refused, or the delegate's interaction controller took it).
            if interaction.context == nil { interactivePop = nil }
        case .changed:
            interactivePop?.update(max(0, pan.translation(in: contentView).x) / width)
        case .ended, .cancelled:
            guard let interaction = interactivePop else { return }
            interactivePop = nil
            let velocity = pan.velocity(in: contentView).x
            let progress = max(0, pan.translation(in: contentView).x) / width
            let finishes = pan.state == .ended && (velocity > Self.interactivePopFlickVelocity
                || (progress > 0.5 && velocity > -Self.interactivePopFlickVelocity))
            if finishes {
                interaction.finish(velocity: velocity / width)
            } else {
                interaction.cancel(velocity: velocity / width)
            }
        default:
            break
        }
    }

    /// Whether `presses` is the Back command — Alt+Left, or the mouse's Back button, which the X11
    /// backend turns into it as browsers do — and popped the top screen for it. Keys reach the navigation
    /// controller itself when it (or a screen in it) is where they go; a container that holds one and gets
    /// the keys first passes them here.
    public func handleBackCommand(_ presses: Set<Press>) -> Bool {
        guard let press = presses.first, press.key == .left, press.modifiers == [.alternate], stack.count > 1 else { return false }
        // Taken either way, so that it does not go on to a container below; it pops (or turns a push
        // around) only when Back shows.
        if canGoBack { popViewController(animated: true) }
        return true
    }
}
