// MARK: - Gesture recognizers

/// Attaching and detaching gesture recognizers; a recognizer belongs to one view at a time. Whether one may
/// begin over another view's touches is `gestureRecognizerShouldBegin(_:)`, an override point in View.swift.
extension View {
    /// Attaches a recognizer; it sees touches on this view and its subviews before they do.
    public func addGestureRecognizer(_ recognizer: GestureRecognizer) {
        recognizer.view?.removeGestureRecognizer(recognizer)
        gestureRecognizers.append(recognizer)
        recognizer.view = self
    }

    /// Detaches a recognizer from this view; one following the touch in progress has it cancelled first, as
    /// in UIKit, and the window delivers it nothing more.
    public func removeGestureRecognizer(_ recognizer: GestureRecognizer) {
        guard gestureRecognizers.contains(where: { $0 === recognizer }) else { return }
        window?.gestureRecognizerWillDetach(recognizer)
        gestureRecognizers.removeAll { $0 === recognizer }
        if recognizer.view === self { recognizer.view = nil }
    }
}
