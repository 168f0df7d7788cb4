/// Recognizes a tap: press and release without moving more than `allowableMovement`, as `UITapGestureRecognizer`.
@MainActor open class TapGestureRecognizer: GestureRecognizer {
    /// How far the touch may move, in points, before the tap fails.
    public var allowableMovement: Double = 10
    /// How many taps in a row make the gesture (a double click counts as two); more taps in a row start
    /// the count again.
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
        // The release can be far from the press with no move reported in between (the platform may send
        // none), so the distance is checked here too.
        let movedTooFar = start.map { touch.location(in: nil).distance(to: $0) > allowableMovement } ?? false
        // Counted in runs of its own, as UIKit's: a double-tap recognizer fires on the second click of a
        // triple click only, and on the second and fourth of four.
        let completesARun = touch.tapCount % max(1, numberOfTapsRequired) == 0
        state = !movedTooFar && completesARun ? .recognized : .failed
    }

    open override func reset() {
        start = nil
    }
}
