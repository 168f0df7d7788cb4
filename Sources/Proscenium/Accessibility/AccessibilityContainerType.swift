/// What kind of container a view is to assistive technology, as UIKit's `UIAccessibilityContainerType`:
/// a list's rows are read as items of it and can be selected through it.
public enum AccessibilityContainerType: Sendable {
    /// Not a container of its own: its elements belong to the container above it.
    case none
    /// A list of rows, as a table view's.
    case list
    /// A group of related elements with a name, read as one panel.
    case semanticGroup
}
