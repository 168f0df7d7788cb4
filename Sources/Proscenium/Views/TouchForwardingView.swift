/// A view that lets touches on its empty parts fall through to other views, as PSPDFKit's
/// `PSPDFTouchForwardingView`: a non-modal presentation's container uses it so the content below stays usable.
///
/// A touch that hits one of its subviews goes there as usual. A touch that would land on this view itself is
/// offered to each of `passthroughViews` in turn (converted into its coordinates), and goes to the first that
/// takes it; when none does, this view takes it, which blocks the touch.
@MainActor open class TouchForwardingView: View {
    /// Views that receive touches landing on this view's empty area, tried in order.
    public var passthroughViews: [View] = []

    open override func hitTest(_ point: Point, with event: Event?) -> View? {
        let hit = super.hitTest(point, with: event)
        guard hit === self else { return hit }
        for passthrough in passthroughViews where canForward(to: passthrough) {
            let converted = passthrough.convert(point, from: self)
            if let forwarded = passthrough.hitTest(converted, with: event) { return forwarded }
        }
        return self
    }

    /// Whether a touch may be offered to `passthrough`: it must be shown and interactive all the way up,
    /// in this view's window, and not an ancestor of this view (which would hit-test this view again).
    private func canForward(to passthrough: View) -> Bool {
        guard passthrough.window === window, !isDescendant(of: passthrough) else { return false }
        var current: View? = passthrough
        while let view = current {
            if view.isHidden || !view.isUserInteractionEnabled || view.alpha < 0.01 { return false }
            current = view.superview
        }
        return true
    }
}
