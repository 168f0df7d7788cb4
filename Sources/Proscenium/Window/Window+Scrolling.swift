extension Window {
    // MARK: - Scrolling input

    /// A wheel or touchpad scroll goes to the innermost scroll view under the pointer, which takes what
    /// it can; the rest travels outward through the scroll views around it.
    func scroll(at location: Point, by delta: Vector, isPrecise: Bool, time: Double) {
        lastPointerLocation = location
        guard delta.dx.isFinite, delta.dy.isFinite, delta != .zero else { return }
        var rest = delta
        var view = hitTest(location, with: nil)
        while let current = view, rest != .zero {
            if let scrollView = current as? ScrollView { rest = scrollView.scroll(by: rest, isPrecise: isPrecise) }
            view = current.superview
        }
    }

    /// A scroll key nobody handled scrolls what lies under the pointer, inside the top controller (keys
    /// stay inside the top modal); true if something scrolled.
    func scrollUnderPointer(for press: Press) -> Bool {
        guard let location = lastPointerLocation else { return false }
        var view = hitTest(location, with: nil)
        let root = topViewController?.viewIfLoaded
        if let root, let hit = view, !hit.isDescendant(of: root) { return false }
        while let current = view {
            if let scrollView = current as? ScrollView, scrollView.scroll(for: press) { return true }
            if current === root { break }
            view = current.superview
        }
        return false
    }
}
