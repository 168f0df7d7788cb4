/// The pan recognizer of a scroll view: it begins only for a drag along an axis its scroll view can move
/// (so a horizontal carousel inside a vertical list leaves vertical drags to the list), and it claims a
/// touch at once when it lands on moving content, which stops the content without tapping what is under it.
@MainActor public final class ScrollPanGestureRecognizer: PanGestureRecognizer {
    weak var scrollView: ScrollView?
    /// Whether a touch is down on the scroll view, recognized or not.
    public private(set) var isTrackingTouch = false
    private var start: Point?

    public override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
        super.touchesBegan(touches, with: event)
        isTrackingTouch = true
        start = touches.first?.location(in: nil)
        guard let scrollView, scrollView.motion != nil else { return }
        // A touch on gliding content catches it: the drag is on from here, and the view under the touch
        // sees it cancelled rather than tapped.
        scrollView.stopMotion()
        setTranslation(.zero, in: nil)
        state = .began
    }

    public override func touchesMoved(_ touches: Set<Touch>, with event: Event?) {
        if state == .possible, let start, let scrollView, let location = touches.first?.location(in: nil),
           location.distance(to: start) >= minimumDistance {
            let dx = abs(location.x - start.x), dy = abs(location.y - start.y)
            let horizontal = dx > dy
            if horizontal ? !scrollView.dragsHorizontally : !scrollView.dragsVertically {
                state = .failed
                return
            }
        }
        super.touchesMoved(touches, with: event)
    }

    public override func touchesEnded(_ touches: Set<Touch>, with event: Event?) {
        isTrackingTouch = false
        super.touchesEnded(touches, with: event)
    }

    public override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) {
        isTrackingTouch = false
        super.touchesCancelled(touches, with: event)
    }

    public override func reset() {
        super.reset()
        isTrackingTouch = false
        start = nil
    }
}
