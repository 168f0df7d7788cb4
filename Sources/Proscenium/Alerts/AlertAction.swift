/// One button of an `AlertController`, as UIKit's `UIAlertAction`: a title, a style, and what happens
/// when the user picks it (the handler runs once the alert has left the screen).
@MainActor public final class AlertAction {
    /// What kind of answer an action is, which decides its look and which key picks it.
    public enum Style: Sendable {
        /// An ordinary answer: blue.
        case `default`
        /// Backs out: semibold unless another action is preferred, picked by Escape, and listed last.
        case cancel
        /// Destroys or deletes something: red.
        case destructive
    }

    /// The text on the action's button, which also names the button's `identifier`.
    public let title: String
    /// What kind of answer this is.
    public let style: Style
    /// Whether the user can pick it; a disabled action's button is greyed out and ignores clicks and keys.
    public var isEnabled = true { didSet { if isEnabled != oldValue { enabledDidChange?(isEnabled) } } }
    /// Runs after the alert has been dismissed, with the action that was picked.
    let handler: (@MainActor (AlertAction) -> Void)?
    /// The alert's button for this action follows `isEnabled` through this.
    var enabledDidChange: (@MainActor (Bool) -> Void)?

    /// An action titled `title` in `style`; `handler` runs once the alert has been dismissed.
    public init(title: String, style: Style, handler: (@MainActor (AlertAction) -> Void)? = nil) {
        self.title = title
        self.style = style
        self.handler = handler
    }
}
