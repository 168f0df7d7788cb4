/// Decides how a presentation adapts to its container and whether the user may dismiss it, as UIKit's
/// `UIAdaptivePresentationControllerDelegate` — extended so that any container-size change (not only a
/// size-class change) can move the presented controller to another style, at any time.
@MainActor public protocol AdaptivePresentationControllerDelegate: AnyObject {
    /// The style the presentation should have in a container with `traits` and `size`; nil means the style
    /// the controller was presented in, as in UIKit: a presentation that had adapted away goes back to it,
    /// hosted again by its original, configured presentation controller (unless
    /// `presentationController(forAdaptiveStyle:presented:presenting:)` vends another). Asked on every
    /// container-size change and when the app calls `PresentationController.updateAdaptivePresentation(animated:)`.
    func adaptivePresentationStyle(for controller: PresentationController, traitCollection traits: TraitCollection,
                                   containerSize size: Size) -> ModalPresentationStyle?
    /// The presentation controller that hosts the presented controller in `style`; nil makes the built-in
    /// one (for `.custom`, a plain presentation controller).
    func presentationController(forAdaptiveStyle style: ModalPresentationStyle, presented: ViewController,
                                presenting: ViewController?) -> PresentationController?
    /// The presentation moved to `style`, hosted by `newController`.
    func presentationController(_ controller: PresentationController, didAdaptTo style: ModalPresentationStyle,
                                newController: PresentationController)

    /// Whether a dismissal the user asks for (Escape, a click outside, a drag) may happen; false keeps
    /// the presentation up and calls `presentationControllerDidAttemptToDismiss(_:)`.
    func presentationControllerShouldDismiss(_ controller: PresentationController) -> Bool
    /// The user asked for a dismissal that was refused: the presented controller is
    /// `isModalInPresentation`, or `presentationControllerShouldDismiss(_:)` said no.
    func presentationControllerDidAttemptToDismiss(_ controller: PresentationController)
    /// A dismissal the user asked for is about to start.
    func presentationControllerWillDismiss(_ controller: PresentationController)
    /// A dismissal the user asked for completed.
    func presentationControllerDidDismiss(_ controller: PresentationController)
}

extension AdaptivePresentationControllerDelegate {
    public func adaptivePresentationStyle(for controller: PresentationController, traitCollection traits: TraitCollection,
                                          containerSize size: Size) -> ModalPresentationStyle? { nil }
    public func presentationController(forAdaptiveStyle style: ModalPresentationStyle, presented: ViewController,
                                       presenting: ViewController?) -> PresentationController? { nil }
    public func presentationController(_ controller: PresentationController, didAdaptTo style: ModalPresentationStyle,
                                       newController: PresentationController) {}
    public func presentationControllerShouldDismiss(_ controller: PresentationController) -> Bool { true }
    public func presentationControllerDidAttemptToDismiss(_ controller: PresentationController) {}
    public func presentationControllerWillDismiss(_ controller: PresentationController) {}
    public func presentationControllerDidDismiss(_ controller: PresentationController) {}
}
