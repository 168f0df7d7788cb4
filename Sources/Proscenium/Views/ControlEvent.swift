/// What happened to a control that its actions can run for, as UIKit's `UIControl.Event` (a name of its
/// own here: inside a `Control` subclass, `Event` is the touch event handlers take).
public struct ControlEvent: OptionSet, Sendable, Hashable {
    /// The events as bits, UIKit's values.
    public let rawValue: UInt32
    /// Makes a set of events from its bits.
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// A touch went down in the control.
    public static let touchDown = ControlEvent(rawValue: 1 << 0)
    /// A touch that began in the control ended inside it (its slop included).
    public static let touchUpInside = ControlEvent(rawValue: 1 << 6)
    /// A touch that began in the control ended outside it.
    public static let touchUpOutside = ControlEvent(rawValue: 1 << 7)
    /// The touch was taken away (a gesture, a presentation, the window losing it).
    public static let touchCancel = ControlEvent(rawValue: 1 << 8)
    /// The control's value changed by the user's doing: a switch flipped, a slider moved.
    public static let valueChanged = ControlEvent(rawValue: 1 << 12)
    /// The control's main action: a button tapped, a value changed.
    public static let primaryActionTriggered = ControlEvent(rawValue: 1 << 13)
    /// A text field began editing.
    public static let editingDidBegin = ControlEvent(rawValue: 1 << 16)
    /// A text field's text changed by typing, pasting or deleting.
    public static let editingChanged = ControlEvent(rawValue: 1 << 17)
    /// A text field stopped editing.
    public static let editingDidEnd = ControlEvent(rawValue: 1 << 18)
    /// Return was pressed in a text field and its delegate let it (`textFieldShouldReturn` answered true).
    public static let editingDidEndOnExit = ControlEvent(rawValue: 1 << 19)

    /// Every touch event.
    public static let allTouchEvents: ControlEvent = [.touchDown, .touchUpInside, .touchUpOutside, .touchCancel]
    /// Every event there is, present and future.
    public static let allEvents = ControlEvent(rawValue: .max)
    /// Every editing event.
    public static let allEditingEvents: ControlEvent = [.editingDidBegin, .editingChanged, .editingDidEnd, .editingDidEndOnExit]
}
