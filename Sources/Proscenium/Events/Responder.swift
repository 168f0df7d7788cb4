/// An object that can handle touches and key presses, and pass what it does not handle to `next`, as
/// UIKit's `UIResponder`. Views, view controllers and windows are responders.
@MainActor open class Responder {
    /// Creates a responder; subclasses decide what comes `next`.
    public init() {}

    /// The next responder in the chain; events a responder does not handle travel there.
    open var next: Responder? { nil }

    // MARK: - Touches

    /// A touch began on this responder; the default passes it to `next`, as in UIKit.
    open func touchesBegan(_ touches: Set<Touch>, with event: Event?) { next?.touchesBegan(touches, with: event) }
    /// A touch moved; the default passes it to `next`.
    open func touchesMoved(_ touches: Set<Touch>, with event: Event?) { next?.touchesMoved(touches, with: event) }
    /// A touch lifted; the default passes it to `next`.
    open func touchesEnded(_ touches: Set<Touch>, with event: Event?) { next?.touchesEnded(touches, with: event) }
    /// A touch was cancelled, for example by a gesture recognizer; the default passes it to `next`.
    open func touchesCancelled(_ touches: Set<Touch>, with event: Event?) { next?.touchesCancelled(touches, with: event) }

    // MARK: - Keys

    /// A key went down while this responder was first in line; the default passes it to `next`.
    open func pressesBegan(_ presses: Set<Press>, with event: Event?) { next?.pressesBegan(presses, with: event) }
    /// A key came up; the default passes it to `next`.
    open func pressesEnded(_ presses: Set<Press>, with event: Event?) { next?.pressesEnded(presses, with: event) }

    /// The keyboard shortcuts this responder offers while it is on the responder chain of a key press, as
    /// UIKit's `keyCommands`; nil (none) by default. Asked at each press, so it can depend on state. The
    /// window runs the first match from the first responder up, and that press goes no further.
    open var keyCommands: [KeyCommand]? { nil }

    /// Whether this responder, first in line, acts on `press` itself — typing into a text field, a focused
    /// control's own keys — so that a key command only takes it with `wantsPriorityOverSystemBehavior`.
    func usesKeyItself(_ press: Press) -> Bool { false }

    // MARK: - First responder

    /// Whether this responder accepts key events as the first responder.
    open var canBecomeFirstResponder: Bool { false }

    /// The window this responder delivers into, used to register it as first responder.
    var responderWindow: Window? {
        var responder: Responder? = self
        while let current = responder {
            if let view = current as? View, let window = view.window { return window }
            if let controller = current as? ViewController, let window = controller.viewIfLoaded?.window { return window }
            responder = current.next
        }
        return nil
    }

    /// Whether this responder lets go of first-responder status when asked; true by default.
    open var canResignFirstResponder: Bool { true }

    /// Makes this responder receive key events first, asking the current first responder to resign;
    /// false if this one cannot, is not in a window, or the current one refuses to resign.
    @discardableResult
    open func becomeFirstResponder() -> Bool {
        guard canBecomeFirstResponder, let window = responderWindow else { return false }
        if window.firstResponder === self { return true }
        if let current = window.firstResponder, current.responderWindow === window, !current.resignFirstResponder() {
            return false
        }
        // A field editing under a context menu is asked too: the keys are leaving it for good.
        if let held = window.fieldEditingUnderMenu, held !== self, !held.resignFirstResponder() { return false }
        // What resigning ran (a delegate, an action) may have given focus to another: that one keeps it.
        if let other = window.firstResponder, other !== self, other.responderWindow === window { return false }
        window.firstResponder = self
        return true
    }

    /// Takes the keyboard back once a presentation that took it has gone, as `becomeFirstResponder()`
    /// does; a text field keeps its selection as it was (see `TextField`).
    @discardableResult
    func regainFirstResponder() -> Bool {
        becomeFirstResponder()
    }

    /// Stops receiving key events first, as `UIResponder.resignFirstResponder()`; false when
    /// `canResignFirstResponder` says no.
    @discardableResult
    open func resignFirstResponder() -> Bool {
        guard canResignFirstResponder else { return false }
        if let window = responderWindow, window.firstResponder === self { window.firstResponder = nil }
        return true
    }

    /// Whether this responder is its window's first responder.
    public var isFirstResponder: Bool { responderWindow?.firstResponder === self }
}
