/// Recognizes a drag that starts at the leading edge of its view and goes inward, as UIKit's
/// `UIScreenEdgePanGestureRecognizer` for the left edge: what a navigation controller's interactive pop
/// starts with. A touch further in than `edgeWidth`, or a drag that sets off more up or down than right,
/// is not its gesture, and goes on to whatever is under it.
@MainActor open class ScreenEdgePanGestureRecognizer: PanGestureRecognizer {
    /// How far from the view's leading edge the touch must start, in points.
    public var edgeWidth = 20.0

    private var start: Point?

    open override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
        super.touchesBegan(touches, with: event)
        guard let touch = touches.first else { return }
        let location = touch.location(in: view)
        start = location
        if location.x > edgeWidth { state = .failed }
    }

    open override func touchesMoved(_ touches: Set<Touch>, with event: Event?) {
        if state == .possible, let start, let touch = touches.first {
            let location = touch.location(in: view)
            let dx = location.x - start.x, dy = abs(location.y - start.y)
            // Decided when the pan would begin (the touch `minimumDistance` away, as the crow flies), before
            // it can: inward and more across than along the edge.
            if location.distance(to: start) >= minimumDistance, dx <= dy {
                state = .failed
                return
            }
        }
        super.touchesMoved(touches, with: event)
    }

    open override func reset() {
        super.reset()
        start = nil
    }
}
