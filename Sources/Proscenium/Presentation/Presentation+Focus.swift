// MARK: - Keyboard focus

extension Presentation {
    /// Keys belong to the top presentation now: a first responder left outside it gives up focus (it is
    /// given back after the dismissal), so Tab starts inside the presented view.
    func moveFocusInside() {
        guard let window, let responder = window.firstResponder, !isInside(responder) else { return }
        window.firstResponder = nil
    }

    /// Gives keyboard focus back to whoever had it before the presentation, if it is still in the window
    /// and nothing since took focus elsewhere. A text field gets it back with its selection as it was.
    func restoreFocus() {
        guard let window, let responder = focusBeforePresentation else { return }
        if let current = window.firstResponder, current !== responder, !isInside(current) { return }
        if responder.responderWindow === window { responder.regainFirstResponder() }
    }

    /// Whether `responder` is the presented controller or inside its view.
    func isInside(_ responder: Responder) -> Bool {
        if responder === presented { return true }
        if let view = responder as? View, let root = presented.viewIfLoaded { return view.isDescendant(of: root) }
        if let controller = responder as? ViewController, let view = controller.viewIfLoaded, let root = presented.viewIfLoaded {
            return view.isDescendant(of: root)
        }
        return false
    }
}
