// TEMPORARY in main until the anim branch lands.
extension PropertyAnimator: ViewImplicitlyAnimating {
    public func startAnimation() { startAnimation(afterDelay: 0) }
    public func addAnimations(_ animations: @escaping @MainActor () -> Void, delayFactor: Double) { addAnimations(animations) }
}
