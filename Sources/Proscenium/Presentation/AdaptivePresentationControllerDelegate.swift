/// Decides how a presentation adapts to its container and whether the user may dismiss it, as UIKit's
/// `UIAdaptivePresentationControllerDelegate` — extended so that any container-size change (not only a
/// size-class change) can move the presented controller to another style, at any time.
///
/// The style question comes in three forms; answer in any one. Proscenium's own, with the container
/// size, is asked on every container-size change and may answer for any size. UIKit's two forms,
/// `adaptivePresentationStyle(for:traitCollection:)` and `adaptivePresentationStyle(for:)`, are heard as in
/// UIKit: the default of Proscenium's form asks the two-argument one only while the container is
/// horizontally compact (the original style applies in regular widths), and the default of that one asks
/// the one-argument one.
@MainActor public protocol AdaptivePresentationControllerDelegate: AnyObject {
    /// The style the presentation should have in a container with `traits` and `size`; nil (or `.none`)
    /// means the style it was presented in, as in UIKit: a presentation that had adapted away goes back to
    /// it, hosted again by its original, configured presentation controller (unless
    /// `presentationController(forAdaptiveStyle:presented:presenting:)` vends another). Asked on every
    /// container-size change and when the app calls `PresentationController.updateAdaptivePresentation(animated:)`.
    /// By default, in horizontally compact containers, UIKit's `adaptivePresentationStyle(for:traitCollection:)`;
    /// nil in regular ones.
    func adaptivePresentationStyle(for controller: PresentationController, traitCollection traits: TraitCollection,
                                   containerSize size: Size) -> ModalPresentationStyle?
    /// UIKit's question for a compact environment with `traitCollection`: the style to adapt to, or `.none`
    /// to keep the original. By default the answer of `adaptivePresentationStyle(for:)`.
    func adaptivePresentationStyle(for controller: PresentationController,
                                   traitCollection: TraitCollection) -> ModalPresentationStyle
    /// UIKit's first form of the question, without traits; `.none` (the default) keeps the original style.
    func adaptivePresentationStyle(for controller: PresentationController) -> ModalPresentationStyle
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
                                          containerSize size: Size) -> ModalPresentationStyle? {
        guard traits.horizontalSizeClass == .compact else { return nil }
        let style = adaptivePresentationStyle(for: controller, traitCollection: traits)
        return style == .none ? nil : style
    }
    public func adaptivePresentationStyle(for controller: PresentationController,
                                          traitCollection: TraitCollection) -> ModalPresentationStyle {
        adaptivePresentationStyle(for: controller)
    }
    public func adaptivePresentationStyle(for controller: PresentationController) -> ModalPresentationStyle { .none }
    public func presentationController(forAdaptiveStyle style: ModalPresentationStyle, presented: ViewController,
                                       presenting: ViewController?) -> PresentationController? { nil }
    public func presentationController(_ controller: PresentationController, didAdaptTo style: ModalPresentationStyle,
                                       newController: PresentationController) {}
    public func presentationControllerShouldDismiss(_ controller: PresentationController) -> Bool { true }
    public func presentationControllerDidAttemptToDismiss(_ controller: PresentationController) {}
    public func presentationControllerWillDismiss(_ controller: PresentationController) {}
    public func presentationControllerDidDismiss(_ controller: PresentationController) {}
}
