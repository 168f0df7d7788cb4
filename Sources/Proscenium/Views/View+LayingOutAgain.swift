/// Laying a view out: the layout pass that runs what was asked for, and laying a view out again after its
/// state changed, the way a control moves its parts (gliding there inside an animation, or at the next frame).
extension View {
    /// Runs the pending layout of this view and then of its subviews, top-down, each view once per pass.
    public func layoutIfNeeded() {
        guard subtreeNeedsLayout else { return }
        // Cleared first: a layout asked for during this one marks the way up to here again.
        subtreeNeedsLayout = false
        if needsLayout {
            needsLayout = false
            let window = window
            let outer = window?.viewBeingLaidOut
            window?.viewBeingLaidOut = self
            owningViewController?.viewWillLayoutSubviews()
            layoutSubviews()
            owningViewController?.viewDidLayoutSubviews()
            window?.viewBeingLaidOut = outer
        }
        for subview in subviews { subview.layoutIfNeeded() }
    }

    /// Lays the view out again: at once inside an animation of `duration` on `timing` (UIKit's default
    /// curve when nil) when `animated` and in a window, so its subviews glide to their new frames; else at
    /// the next frame.
    func layOutAgain(animated: Bool, duration: Double, timing: TimingCurveProvider? = nil) {
        guard animated, window != nil else { return setNeedsLayout() }
        let layOut = {
            self.setNeedsLayout()
            self.layoutIfNeeded()
        }
        if let timing {
            View.animate(withDuration: duration, timingParameters: timing, animations: layOut)
        } else {
            View.animate(withDuration: duration, animations: layOut)
        }
    }
}
