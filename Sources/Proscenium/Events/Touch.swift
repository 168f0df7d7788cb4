/// One finger on the screen; on a desktop the mouse pointer with a button held is a touch, as in UIKit.
@MainActor public final class Touch: Hashable {
    /// Where a touch is in its life.
    public enum Phase: Sendable {
        /// The pointer went down.
        case began
        /// The pointer moved while down.
        case moved
        /// The pointer came up.
        case ended
        /// The touch was taken away before it ended (its view left the window, say).
        case cancelled
    }

    /// Where the touch is in its life: began, moved, ended or cancelled.
    public internal(set) var phase: Phase
    /// Seconds on the frame clock's time base when the touch last changed.
    public internal(set) var timestamp: Double
    /// The view hit when the touch began; it keeps the touch until it ends.
    public internal(set) weak var view: View?
    /// The window the touch happened in.
    public internal(set) weak var window: Window?
    /// 1 for a single click, 2 for a double click.
    public internal(set) var tapCount: Int
    /// Which pointer button made the touch: 1 left, 2 middle, 3 right.
    public let button: Int
    /// The modifier keys held when the button went down, which its events report (`Event.modifierFlags`).
    let modifierFlags: KeyModifiers

    var locationInWindow: Point
    var previousLocationInWindow: Point
    /// Set once a recognizer that cancels touches in the view recognized its gesture on this touch: the
    /// view hears no more of it, even if that recognizer is detached meanwhile (by its own action).
    var isClaimedFromView = false

    init(locationInWindow: Point, timestamp: Double, view: View?, window: Window?, button: Int, tapCount: Int = 1,
         modifierFlags: KeyModifiers = []) {
        self.phase = .began
        self.timestamp = timestamp
        self.view = view
        self.window = window
        self.button = button
        self.tapCount = tapCount
        self.modifierFlags = modifierFlags
        self.locationInWindow = locationInWindow
        self.previousLocationInWindow = locationInWindow
    }

    /// The touch's location in `view`'s coordinates (nil: the window's).
    public func location(in view: View?) -> Point {
        view?.convert(locationInWindow, from: nil) ?? locationInWindow
    }

    /// The location before the latest move, in `view`'s coordinates (nil: the window's).
    public func previousLocation(in view: View?) -> Point {
        view?.convert(previousLocationInWindow, from: nil) ?? previousLocationInWindow
    }

    public nonisolated static func == (lhs: Touch, rhs: Touch) -> Bool { lhs === rhs }
    public nonisolated func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
