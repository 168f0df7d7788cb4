/// What an accessibility element is and what state it is in, as UIKit's `UIAccessibilityTraits`: a screen
/// reader names the role (button, header, adjustable…) and the state (selected, dimmed) from these.
public struct AccessibilityTraits: OptionSet, Sendable, Hashable {
    /// The traits as bits, one per trait.
    public let rawValue: UInt64
    /// Traits from their bits.
    public init(rawValue: UInt64) { self.rawValue = rawValue }

    /// Nothing in particular.
    public static let none: AccessibilityTraits = []
    /// Acts when activated.
    public static let button = AccessibilityTraits(rawValue: 1 << 0)
    /// Opens a link when activated.
    public static let link = AccessibilityTraits(rawValue: 1 << 1)
    /// A heading over a part of the screen.
    public static let header = AccessibilityTraits(rawValue: 1 << 2)
    /// A field that searches.
    public static let searchField = AccessibilityTraits(rawValue: 1 << 3)
    /// A picture, described by its label.
    public static let image = AccessibilityTraits(rawValue: 1 << 4)
    /// Selected (a row, a segment, a tab).
    public static let selected = AccessibilityTraits(rawValue: 1 << 5)
    /// Text that does not change.
    public static let staticText = AccessibilityTraits(rawValue: 1 << 6)
    /// Dimmed: it does not respond.
    public static let notEnabled = AccessibilityTraits(rawValue: 1 << 7)
    /// Its value goes up and down (`accessibilityIncrement()`, `accessibilityDecrement()`).
    public static let adjustable = AccessibilityTraits(rawValue: 1 << 8)
    /// Its value changes often (a progress bar): assistive technology polls it rather than announcing each change.
    public static let updatesFrequently = AccessibilityTraits(rawValue: 1 << 9)
    /// A button that is on or off (a switch): its value says which.
    public static let toggleButton = AccessibilityTraits(rawValue: 1 << 10)
    /// Sums up the screen when it appears.
    public static let summaryElement = AccessibilityTraits(rawValue: 1 << 11)
}
