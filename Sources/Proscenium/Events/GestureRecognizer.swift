/// Turns a sequence of touches into a gesture and calls its actions, as UIKit's `UIGestureRecognizer`.
///
/// Recognizers on the touched view and its ancestors see a touch before the view does. When one recognizes
/// its gesture and `cancelsTouchesInView` is true, the view gets `touchesCancelled` instead of the rest.
@MainActor open class GestureRecognizer {
    /// The recognizer's state machine, as `UIGestureRecognizer.State`.
    public enum State: Sendable {
        /// Watching the touches, not recognized yet (UIKit's `.possible`).
        case possible
        /// A continuous gesture has just been recognized; its action runs with this state first.
        case began
        /// A continuous gesture moved on; its action runs again.
        case changed
        /// The gesture finished (a discrete one was recognized).
        case ended
        /// The gesture was cut short (its view left, the system took the touch); undo what it did.
        case cancelled
        /// The touches were not this gesture; its action does not run.
        case failed
        /// A discrete gesture such as a tap is recognized in one step.
        public static let recognized = State.ended
    }

    /// The view the recognizer is attached to, set by `View.addGestureRecognizer(_:)`.
    public internal(set) weak var view: View?
    /// A disabled recognizer ignores touches; true by default. Disabling one in the middle of its gesture
    /// cancels the gesture (its actions see `.cancelled`), as in UIKit; one still deciding fails.
    public var isEnabled = true {
        didSet { if oldValue, !isEnabled { cancel() } }
    }
    /// When true (the default), recognizing cancels the touches in the view.
    public var cancelsTouchesInView = true
    /// Asked before the gesture is recognized, as UIKit's `UIGestureRecognizerDelegate`.
    public weak var delegate: GestureRecognizerDelegate?
    /// The owner's own condition for recognizing, asked before the delegate: an app that sets the
    /// delegate (as UIKit apps do on a navigation controller's edge pan) adds to it, never removes it.
    var ownerAllowsBegin: (@MainActor () -> Bool)?

    private var actions: [@MainActor (GestureRecognizer) -> Void] = []
    private var trackedTouches: [Touch] = []

    /// A recognizer that calls `action` when its gesture is recognized, as `UIGestureRecognizer(target:action:)`.
    public init(action: (@MainActor (GestureRecognizer) -> Void)? = nil) {
        if let action { actions.append(action) }
    }

    /// Adds a closure called when the gesture begins, changes, ends, or is cancelled after it began.
    public func addAction(_ action: @escaping @MainActor (GestureRecognizer) -> Void) {
        actions.append(action)
    }

    /// Setting `.began`, `.changed` or `.ended` calls the actions. Leaving `.possible` for `.began` or
    /// `.ended` asks the delegate first: a recognizer it stops fails instead, and leaves the touches to
    /// the views.
    public var state: State = .possible {
        didSet {
            if oldValue == .possible, state == .began || state == .ended,
               ownerAllowsBegin?() == false || delegate?.gestureRecognizerShouldBegin(self) == false {
                state = .failed
                return
            }
            // The touches are claimed now, before the actions run: what an action does (detaching this
            // recognizer, say) cannot undo the claim.
            if oldValue == .possible, hasRecognized, let touch = trackedTouches.first { touch.window?.recognizerDidClaim(touch, self) }
            switch state {
            case .began, .changed, .ended: for action in actions { action(self) }
            case .cancelled: if oldValue == .began || oldValue == .changed { for action in actions { action(self) } }
            case .possible, .failed: break
            }
        }
    }

    /// Cuts the gesture short: `.cancelled` if it began, `.failed` while it is still deciding on touches
    /// it follows; nothing otherwise. The touches' sequence then ends for it.
    func cancel() {
        if state == .began || state == .changed {
            state = .cancelled
        } else if state == .possible, !trackedTouches.isEmpty {
            state = .failed
        }
    }

    /// Whether the recognizer has claimed the touches.
    var hasRecognized: Bool { state == .began || state == .changed || state == .ended }

    /// Whether the recognizer is finished with this touch sequence and waits for `reset()`.
    var isFinished: Bool { state == .ended || state == .cancelled || state == .failed }

    /// The location of the gesture (its first touch) in `view`'s coordinates.
    public func location(in view: View?) -> Point {
        trackedTouches.first?.location(in: view) ?? lastLocationInWindow.map { view?.convert($0, from: nil) ?? $0 } ?? .zero
    }

    private var lastLocationInWindow: Point?

    // MARK: - Subclass hooks

    /// Subclasses override to start following new touches and update `state`.
    open func touchesBegan(_ touches: Set<Touch>, with event: Event?) {}
    /// Subclasses override to follow moved touches and update `state`.
    open func touchesMoved(_ touches: Set<Touch>, with event: Event?) {}
    /// Subclasses override to handle lifted touches and set the final `state`.
    open func touchesEnded(_ touches: Set<Touch>, with event: Event?) {}
    /// The touches were taken away; by default the gesture is cancelled if it began, else it fails.
    open func touchesCancelled(_ touches: Set<Touch>, with event: Event?) {
        state = hasRecognized ? .cancelled : .failed
    }

    /// Whether recognizing this gesture makes `preventedGestureRecognizer`, still undecided on the same
    /// touch, fail; true by default, as in UIKit.
    open func canPrevent(_ preventedGestureRecognizer: GestureRecognizer) -> Bool { true }
    /// Whether `preventingGestureRecognizer` recognizing first makes this one fail; true by default.
    open func canBePrevented(by preventingGestureRecognizer: GestureRecognizer) -> Bool { true }

    /// Returns to `.possible` after a gesture ends or fails; subclasses clear their own state too.
    open func reset() {}

    // MARK: - Delivery (called by the window)

    func deliver(_ phase: Touch.Phase, _ touches: Set<Touch>, event: Event?) {
        guard isEnabled, !isFinished else { return }
        for touch in touches where !trackedTouches.contains(touch) { trackedTouches.append(touch) }
        if let first = touches.first { lastLocationInWindow = first.locationInWindow }
        switch phase {
        case .began: touchesBegan(touches, with: event)
        case .moved: touchesMoved(touches, with: event)
        case .ended: touchesEnded(touches, with: event)
        case .cancelled: touchesCancelled(touches, with: event)
        }
    }

    func resetAfterSequence() {
        trackedTouches.removeAll()
        if state != .possible {
            reset()
            state = .possible
        }
    }
}

/// What a gesture recognizer asks before it recognizes, as UIKit's `UIGestureRecognizerDelegate`.
@MainActor public protocol GestureRecognizerDelegate: AnyObject {
    /// Whether the recognizer may leave `.possible` and recognize its gesture; false makes it fail, so
    /// the touches go on to the views under it. True by default.
    func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool
}

extension GestureRecognizerDelegate {
    /// Lets every gesture begin.
    public func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool { true }
}
