// MARK: - Keyboard focus

extension Window {
    /// Moves keyboard focus to the next control that can take it inside the top controller's view (the
    /// previous one `backwards`), in the order the view tree lists them, wrapping around. Focus never
    /// leaves the top presentation. Does nothing when no control there can be focused.
    public func moveFocus(backwards: Bool = false) {
        guard let scope = topViewController?.viewIfLoaded ?? rootViewController?.viewIfLoaded else { return }
        let candidates = focusableViews(in: scope)
        guard !candidates.isEmpty else { return }
        let current = (firstResponder as? View).flatMap { focused in candidates.firstIndex { $0 === focused } }
        let next: Int
        if let current {
            next = (current + (backwards ? candidates.count - 1 : 1)) % candidates.count
        } else {
            next = backwards ? candidates.count - 1 : 0
        }
        candidates[next].becomeFirstResponder()
    }

    /// Views in `root`'s subtree that can be focused, depth first, back to front as subviews are listed.
    /// Hidden or non-interactive subtrees are skipped whole.
    func focusableViews(in root: View) -> [View] {
        var result: [View] = []
        func visit(_ view: View) {
            guard !view.isHidden, view.isUserInteractionEnabled, view.alpha >= 0.01 else { return }
            if view.canBecomeFocused { result.append(view) }
            view.subviews.forEach(visit)
        }
        visit(root)
        return result
    }
}
