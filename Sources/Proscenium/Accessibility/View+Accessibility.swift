// MARK: - Accessibility

/// The rest of UIKit's accessibility vocabulary on every view; the overridable part (element, label,
/// hint, value, traits, actions) is in `View` itself.
extension View {
    /// Where the element is, in window coordinates: the view's frame on screen unless set.
    public var accessibilityFrame: Rect {
        get { accessibility.frame ?? convert(presentation.bounds, to: nil) }
        set { accessibility.frame = newValue }
    }

    /// Whether assistive technology ignores the view's siblings while it is shown: a modal presentation's
    /// container says yes, so what lies under an alert cannot be reached through it.
    public var accessibilityViewIsModal: Bool {
        get { accessibility.viewIsModal }
        set { accessibility.viewIsModal = newValue }
    }

    /// Whether the elements in this view's subtree are hidden from assistive technology.
    public var accessibilityElementsHidden: Bool {
        get { accessibility.elementsHidden }
        set { accessibility.elementsHidden = newValue }
    }

    /// The elements this view contains, in the order assistive technology should visit them; nil (the
    /// default) for its subviews in order.
    public var accessibilityElements: [View]? {
        get { accessibility.elements }
        set { accessibility.elements = newValue }
    }

    /// What kind of container the view is: `.list` for a table view, else `.none` unless set.
    public var accessibilityContainerType: AccessibilityContainerType {
        get { accessibility.containerType ?? (self is TableView ? .list : .none) }
        set { accessibility.containerType = newValue }
    }

    /// The view's `identifier`, as UIKit's `accessibilityIdentifier`: for tests, never spoken.
    public var accessibilityIdentifier: String? {
        get { identifier }
        set { identifier = newValue }
    }
}

extension Window {
    /// Something a screen reader reads changed on a view of the window (set through the accessibility
    /// properties): the surface is told at once, so it is read again even when no frame draws it.
    func accessibilityDidChange() {
        surface?.accessibilityDidChange()
    }
}
