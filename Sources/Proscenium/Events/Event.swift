/// Input from the platform, in window coordinates, as the backend translates it. The window turns these
/// into touches and presses and delivers them.
public enum InputEvent: Sendable, Equatable {
    /// A pointer button (1 is the primary) went down at a window point, at `time` seconds, with
    /// `modifiers` held (Shift+click extends a text field's selection).
    case pointerDown(Point, button: Int, modifiers: KeyModifiers = [], time: Double)
    /// The pointer moved to a window point, a button down or not.
    case pointerMoved(Point, time: Double)
    /// A pointer button came up at a window point.
    case pointerUp(Point, button: Int, time: Double)
    /// The pointer left the window; hover state (the cursor) resets.
    case pointerExited
    /// The wheel or a touchpad asked to scroll what lies under a window point by `delta` points: how far
    /// the content offset should move (positive `dy` shows what lies further down). `isPrecise` is true for
    /// pixel deltas (a touchpad, a high-resolution wheel), which move content one to one; false for a
    /// wheel's notches, which a scroll view glides through in a short animation.
    case scroll(Point, delta: Vector, isPrecise: Bool, time: Double)
    /// A key went down; `isRepeat` when the key is held and the system repeats it.
    case keyDown(Key, modifiers: KeyModifiers = [], isRepeat: Bool = false, time: Double)
    /// A key came up.
    case keyUp(Key, modifiers: KeyModifiers = [], time: Double)
}

extension InputEvent {
    /// How far one notch of a mouse wheel scrolls, in points: about three lines of body text.
    public static let wheelNotchDistance = 53.0
}

/// The modifier keys held during a key press, as UIKit's `UIKeyModifierFlags`.
public struct KeyModifiers: OptionSet, Sendable, Hashable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Shift: turns Tab into Shift-Tab (focus moves back) and makes a text field's caret keys select.
    public static let shift = KeyModifiers(rawValue: 1 << 0)
    /// Control: makes a letter key a shortcut (Ctrl+C copies) and a text field's caret keys move by words.
    public static let control = KeyModifiers(rawValue: 1 << 1)
    /// Alt (Meta on many keyboards; X's Mod1).
    public static let alternate = KeyModifiers(rawValue: 1 << 2)
    /// The Super/Windows/Command key (X's Mod4).
    public static let command = KeyModifiers(rawValue: 1 << 3)
}

/// A key, named where the toolkit gives it meaning, else the text it types.
public enum Key: Sendable, Hashable {
    /// Escape: dismisses the top presentation when nothing else handles it.
    case escape
    /// Return (or Enter).
    case `return`
    /// Tab: moves keyboard focus when nothing else handles it.
    case tab
    /// Backspace: deletes backwards.
    case backspace
    /// Delete (forward delete).
    case delete
    /// The space bar: types a space while editing and, like Return, activates a focused control.
    case space
    /// The up arrow; no built-in view acts on it, so it travels up the responder chain to the app's views.
    case up
    /// The down arrow; no built-in view acts on it, so it travels up the responder chain to the app's views.
    case down
    /// The left arrow: moves a text field's caret back (Control: a word; Shift: extending the selection).
    case left
    /// The right arrow: moves a text field's caret on (Control: a word; Shift: extending the selection).
    case right
    /// Home: to the start of the line.
    case home
    /// End: to the end of the line.
    case end
    /// Page Up; no built-in view acts on it, so it travels up the responder chain to the app's views.
    case pageUp
    /// Page Down; no built-in view acts on it, so it travels up the responder chain to the app's views.
    case pageDown
    /// Insert: in a text field Ctrl+Insert copies and Shift+Insert pastes, the desktop's older clipboard keys.
    case insert
    /// A function key, F1 (`function(1)`) to F12 and beyond.
    case function(Int)
    /// The Menu (context menu) key: opens the focused view's context menu, as Shift+F10 does.
    case menu
    /// A key that types text, such as "a", "é" or "ж", or text an input method committed ("ñ" from a
    /// Compose sequence). With Control or Alt held it is a shortcut: the text is what the key types
    /// without them (Ctrl+C arrives as `character("c")` with `.control`).
    case character(String)
}

/// One key press, handed to `pressesBegan`/`pressesEnded`, as UIKit's `UIPress`.
@MainActor public final class Press: Hashable {
    /// The key that went down or came up.
    public let key: Key
    /// Seconds on the frame clock's time base when the key went down or came up.
    public let timestamp: Double
    /// The modifier keys held.
    public let modifiers: KeyModifiers
    /// True for the repeats of a held key (the first press is not a repeat).
    public let isRepeat: Bool

    init(key: Key, timestamp: Double, modifiers: KeyModifiers = [], isRepeat: Bool = false) {
        self.key = key
        self.timestamp = timestamp
        self.modifiers = modifiers
        self.isRepeat = isRepeat
    }

    /// Whether Control, Alt or Super is held: the press is a shortcut, not typing or a control's own key.
    var isShortcut: Bool { !modifiers.isDisjoint(with: [.control, .alternate, .command]) }

    public nonisolated static func == (lhs: Press, rhs: Press) -> Bool { lhs === rhs }
    public nonisolated func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

/// The event a set of touches or presses belongs to, as UIKit's `UIEvent`.
@MainActor public final class Event {
    /// What kind of input the event carries.
    public enum Kind: Sendable {
        /// Pointer input as touches: a button going down, the drag while it is held, and its release.
        case touches
        /// Key presses, delivered to the first responder (kept inside the top modal) and up the chain.
        case presses
    }

    /// Whether the event carries touches or key presses.
    public let kind: Kind
    /// Seconds on the frame clock's time base when the event happened, as `UIEvent.timestamp`.
    public let timestamp: Double
    /// Every touch in the event; empty for a press event, as `UIEvent.allTouches`.
    public let allTouches: Set<Touch>
    /// The modifier keys held when the event's touch began (Shift+click, Control+click), as
    /// `UIEvent.modifierFlags`; empty for a press event, whose presses carry their own.
    public let modifierFlags: KeyModifiers

    init(kind: Kind, timestamp: Double, touches: Set<Touch> = []) {
        self.kind = kind
        self.timestamp = timestamp
        self.allTouches = touches
        modifierFlags = touches.first?.modifierFlags ?? []
    }
}
