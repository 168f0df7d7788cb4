/// Laying a view out again after its state changed, the way a control moves its parts: gliding there
/// inside an animation, or at the next frame.
extension View {
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
