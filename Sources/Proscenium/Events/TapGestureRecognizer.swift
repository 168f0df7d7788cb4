/// Recognizes a tap: press and release without moving more than `allowableMovement`, as `UITapGestureRecognizer`.
@MainActor open class TapGestureRecognizer: GestureRecognizer {
    /// How far the touch may move, in points, before the tap fails.
    public var allowableMovement: Double = 10
    /// How many taps in a row make the gesture (a double click counts as two).
    public var numberOfTapsRequired = 1

    private var start: Point?

    open override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
        start = touches.first?.location(in: nil)
    }

    open override func touchesMoved(_ touches: Set<Touch>, with event: Event?) {
        guard let start, let now = touches.first?.location(in: nil) else { return }
        if now.distance(to: start) > allowableMovement { state = .failed }
    }

    open override func touchesEnded(_ touches: Set<Touch>, with event: Event?) {
        guard let touch = touches.first else { return }
        state = touch.tapCount >= numberOfTapsRequired ? .recognized : .failed
    }

    open override func reset() {
        start = nil
    }
}
