/// What was set on a view for assistive technology; nil where the view's own default applies.
struct AccessibilityProperties {
    var isElement: Bool?
    var label: String?
    var hint: String?
    var value: String?
    var traits: AccessibilityTraits?
    var frame: Rect?
    var viewIsModal = false
    var elementsHidden = false
    var elements: [View]?
    var containerType: AccessibilityContainerType?
    /// Whether the view is its dialog's default button (an alert's preferred action).
    var isDefaultButton = false
    /// The keys that do what activating the element does, as shown ("Ctrl+C"): a menu row's shortcut.
    var keyboardShortcut: String?
}
