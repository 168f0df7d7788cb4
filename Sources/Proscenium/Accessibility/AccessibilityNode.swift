/// One element or container as assistive technology sees it: what it is, what it is called, where it is
/// and what it can do. Backends (AT-SPI on X11) serve these; the core builds them (`AccessibilityTree`).
public struct AccessibilityNode: Sendable, Equatable {
    /// What kind of thing the node is, in the words screen readers use.
    public enum Role: String, Sendable, CaseIterable {
        /// The window the app shows.
        case window
        /// A presentation that hides what lies under it: a form sheet, a popover, a dimmed sheet.
        case dialog
        /// An alert: a dialog that asks for a decision, read whole as it appears.
        case alert
        /// A presentation beside the screen under it (an undimmed sheet), holding its own elements.
        case group
        /// Something that acts when activated.
        case button
        /// A button that is on or off, such as a switch.
        case toggleButton
        /// Something that opens a link when activated.
        case link
        /// Text that is read, not changed.
        case staticText
        /// A heading over part of the screen.
        case header
        /// A field the user types text into.
        case textField
        /// A field that searches as the user types.
        case searchField
        /// A field that takes a password, its characters shown as bullets (`TextField.isSecureTextEntry`).
        case secureTextField
        /// A picture with a description.
        case image
        /// A value the user moves up and down, such as a slider or a stepper.
        case slider
        /// How far a task has come.
        case progressBar
        /// A list of rows, such as a table view.
        case list
        /// One row of a list.
        case listItem
        /// A context menu: a list of commands over the screen.
        case menu
        /// A command in a menu.
        case menuItem
        /// A command in a menu with a check mark, on or not (`value` "1" when on).
        case checkMenuItem
    }

    /// What the node can be asked to do.
    public enum Action: String, Sendable {
        /// `accessibilityActivate()`: a tap on a button, focus for a field.
        case activate
        /// Raises the value a step: `accessibilityIncrement()`.
        case increment
        /// Lowers the value a step: `accessibilityDecrement()`.
        case decrement
    }

    /// A value between two bounds, as a slider's, a stepper's or a progress bar's.
    public struct ValueRange: Sendable, Equatable {
        /// The value it has now.
        public var current: Double
        /// The lowest value it takes.
        public var minimum: Double
        /// The highest value it takes.
        public var maximum: Double
        /// The smallest change it makes (a stepper's step); 0 when any value goes.
        public var step: Double
        /// Whether assistive technology may set it (a progress bar's only shows).
        public var isSettable: Bool

        /// A range holding `current`.
        public init(current: Double, minimum: Double, maximum: Double, step: Double = 0, isSettable: Bool = true) {
            self.current = current
            self.minimum = minimum
            self.maximum = maximum
            self.step = step
            self.isSettable = isSettable
        }
    }

    /// Stable while its view lives: backends name the node by it.
    public let id: UInt64
    /// The node holding this one; nil for the window.
    public var parent: UInt64?
    /// The nodes inside, in reading order.
    public var children: [UInt64] = []
    /// What it is.
    public var role: Role
    /// What it is called (`accessibilityLabel`; a dialog's is its controller's title).
    public var label: String?
    /// What activating it does.
    public var hint: String?
    /// Its value (a field's text, a slider's percentage).
    public var value: String?
    /// Its traits, as set or defaulted on its view.
    public var traits: AccessibilityTraits
    /// Where it is, in window coordinates (points).
    public var frame: Rect
    /// Whether it has keyboard focus.
    public var isFocused: Bool
    /// Whether it takes keyboard focus.
    public var isFocusable: Bool
    /// Whether it hides what lies behind it (a modal presentation).
    public var isModal: Bool
    /// Whether its text can be edited.
    public var isEditable: Bool
    /// What it can do.
    public var actions: [Action]
    /// The text it shows, read character by character (a label's, a field's); nil when it shows none.
    public var text: String? = nil
    /// The selected characters of an editable text, as offsets into `text`; empty at the caret.
    public var selectedRange: Range<Int>? = nil
    /// Where the caret is in an editable text: the moving end of the selection.
    public var caretOffset: Int? = nil
    /// Its value as a number, for values between bounds.
    public var valueRange: ValueRange? = nil
    /// What a screen reader says after the name and role, as VoiceOver reads label, value, hint: the value
    /// where nothing else carries it (a row's detail text, a custom element's "3 of 5 stars"; not a
    /// slider's number, a switch's state or a field's text), then the hint.
    public var spokenDescription: String? {
        let carried = valueRange != nil || role == .toggleButton || role == .checkMenuItem || isEditable || text != nil
        let parts = [carried ? nil : value, hint].compactMap { $0 }.filter { !$0.isEmpty }
        return parts.isEmpty ? nil : parts.joined(separator: ", ")
    }
    /// Whether several of its items can be selected at once (a table with `allowsMultipleSelection`).
    public var isMultiselectable = false
    /// Whether it is its dialog's default button, the one Return picks.
    public var isDefault = false
    /// The keys that do what activating it does, as its menu row shows them ("Ctrl+Shift+Z"); nil for none.
    public var keyboardShortcut: String?
    /// The part of `frame` on screen: not clipped away by the views holding it (a scroll view's rows
    /// scrolled out of it) or by the window; empty when none of it shows.
    public var visibleFrame: Rect = .zero
    /// The view's `identifier`, for tests.
    public var identifier: String?
}
