/// A segment's title in a `SegmentedControl`, and the segment to assistive technology: a button named by
/// its title, `selected` while it is the selected one, picked when activated as a click picks it.
@MainActor final class SegmentLabel: Label {
    weak var control: SegmentedControl?

    override var isAccessibilityElement: Bool {
        get { accessibility.isElement ?? !text.isEmpty }
        set { super.isAccessibilityElement = newValue }
    }

    override var accessibilityTraits: AccessibilityTraits {
        get {
            if let traits = accessibility.traits { return traits }
            guard let control else { return .button }
            var traits: AccessibilityTraits = .button
            if control.labels.firstIndex(where: { $0 === self }) == control.selectedSegmentIndex { traits.insert(.selected) }
            if !control.isEnabled { traits.insert(.notEnabled) }
            return traits
        }
        set { super.accessibilityTraits = newValue }
    }

    override func accessibilityActivate() -> Bool {
        guard let control, control.isEnabled, let index = control.labels.firstIndex(where: { $0 === self }) else { return false }
        control.userSelected(index)
        return true
    }
}
