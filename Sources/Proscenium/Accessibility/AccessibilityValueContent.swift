/// A value between bounds that assistive technology reads as a number and may set: a slider's, a
/// stepper's, a progress bar's.
@MainActor protocol AccessibilityValueContent: View {
    /// The value now, its bounds and its step.
    var accessibilityValueRange: AccessibilityNode.ValueRange { get }
    /// Sets the value as the user's change would (clamped, stepped, sending `.valueChanged`); false when
    /// it cannot be set.
    func setAccessibilityValue(_ value: Double) -> Bool
}
