/// One element or container as assistive technology sees it: what it is, what it is called, where it is
/// and what it can do. Backends (AT-SPI on X11) serve these; the core builds them (`AccessibilityTree`).
public struct AccessibilityNode: Sendable, Equatable {
    /// What kind of thing the node is, in the words screen readers use.
    public enum Role: String, Sendable, CaseIterable {
        case window, dialog, group, button, toggleButton, link, staticText, header, textField, searchField, image, slider
    }

    /// What the node can be asked to do.
    public enum Action: String, Sendable {
        /// `accessibilityActivate()`: a tap on a button, focus for a field.
        case activate
        /// `accessibilityIncrement()`.
        case increment
        /// `accessibilityDecrement()`.
        case decrement
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
    /// The view's `identifier`, for tests.
    public var identifier: String?
}
