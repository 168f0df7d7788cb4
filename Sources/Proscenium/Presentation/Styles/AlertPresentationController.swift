/// The `.alert` style: a 270-point-wide card centred over dimmed content that scales in from 1.2 while it
/// fades in (0.3 s) and fades out (0.2 s). Its height is the presented controller's preferred height, or
/// what its view's `sizeThatFits` asks for.
@MainActor open class AlertPresentationController: DimmingPresentationController {
    /// The width of every alert.
    public static let width = 270.0

    open override var frameOfPresentedViewInContainerView: Rect {
        guard let bounds = containerView?.bounds else { return .zero }
        let preferred = presentedViewController.preferredContentSize.height
        let fitted = presentedView?.sizeThatFits(Size(width: Self.width, height: bounds.height)).height ?? 0
        let width = min(Self.width, bounds.width)
        let height = min(preferred > 0 ? preferred : (fitted > 0 ? fitted : 140), bounds.height)
        return Rect(x: ((bounds.width - width) / 2).rounded(), y: ((bounds.height - height) / 2).rounded(),
                    width: width, height: height)
    }

    open override var presentedViewCornerRadius: Double? { 14 }

    open override func defaultPresentationAnimator() -> AnimatedTransitioning {
        FadeScaleTransitionAnimator(isPresenting: true, startScale: 1.2)
    }

    open override func defaultDismissalAnimator() -> AnimatedTransitioning {
        FadeScaleTransitionAnimator(isPresenting: false)
    }
}
