// MARK: - The presenting controller: its appearance callbacks and its view

extension Presentation {
    /// Begins an appearance transition of the presenting controller (its view uncovered or covered by this
    /// presentation), if it still belongs to the window. Only transitions begun here are ended here: the
    /// presenter may be in a transition of its own (its own dismissal), which this one must not end.
    func beginPresenterAppearance(_ appearing: Bool, animated: Bool) {
        guard presenterBelongsToWindow, let presenting else { return }
        presenting.beginAppearanceTransition(appearing, animated: animated, by: self)
    }

    /// Ends the presenter's appearance transition begun by `beginPresenterAppearance`, if one is open.
    func endPresenterAppearance() {
        guard presenterAppearanceIsOpen else { return }
        presenting?.endAppearanceTransition(by: self)
    }

    /// Whether the presenter is in an appearance transition this presentation began and still owns.
    var presenterAppearanceIsOpen: Bool { presenting?.appearanceTransitionOwner === self }

    /// Whether the presenting controller still belongs to the window: its root controller, or presented
    /// in it. One replaced as root while this presentation was up gets neither its view back nor
    /// appearance callbacks.
    var presenterBelongsToWindow: Bool {
        guard let presenting, let window else { return false }
        return presenting === window.rootViewController || presenting.presentation?.window === window
    }



    func removePresenterView() {
        guard let view = presenting?.viewIfLoaded, let superview = view.superview,
              let index = superview.subviews.firstIndex(where: { $0 === view }) else { return }
        removedPresenterPlace = (superview, index)
        view.removeFromSuperview()
    }

    func restorePresenterView() {
        guard let place = removedPresenterPlace, let view = presenting?.viewIfLoaded else { return }
        removedPresenterPlace = nil
        guard presenterBelongsToWindow else { return }
        place.superview.insertSubview(view, at: min(place.index, place.superview.subviews.count))
    }

    /// A presentation above this one, of its presented controller, that takes the presenter's view out
    /// of the window (full screen) and is not leaving: this presented view stays out while it lasts.
    var coveringPresentation: Presentation? {
        window?.presentations.first { other in
            other !== self && other.presenting === presented && other.phase != .dismissing
                && other.presentationController.shouldRemovePresentersView
        }
    }
}
