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
        for passthrough in passthroughViews {
            let converted = passthrough.convert(point, from: self)
            if let forwarded = passthrough.hitTest(converted, with: event) { return forwarded }
        }
        return self
    }
}
