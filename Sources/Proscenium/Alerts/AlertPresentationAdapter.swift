/// The presentation delegate of every `AlertController`: an action sheet is a popover in a regular-width
/// container that has its source view, and a bottom sheet otherwise, the alert's size following the style;
/// a dismissal the user makes from outside (a click past the popover, the sheet dragged or its dimming
/// clicked) counts as Cancel.
@MainActor final class AlertPresentationAdapter: AdaptivePresentationControllerDelegate {
    weak var alert: AlertController?
    /// The container size the style was last chosen for.
    private var containerSize: Size?

    func adaptivePresentationStyle(for controller: PresentationController, traitCollection traits: TraitCollection,
                                   containerSize size: Size) -> ModalPresentationStyle? {
        containerSize = size
        guard let alert, alert.preferredStyle == .actionSheet else { return nil }
        let hasSource = alert.sourcePopover?.sourceView != nil
        return hasSource && traits.horizontalSizeClass == .regular ? .popover : .bottomSheet
    }

    /// The bottom sheet rests at the alert's height, dimmed behind as an action sheet is; the alert's size
    /// is set for the new style before its frame is asked for.
    func presentationController(forAdaptiveStyle style: ModalPresentationStyle, presented: ViewController,
                                presenting: ViewController?) -> PresentationController? {
        alert?.updatePreferredContentSize(for: style, containerWidth: containerSize?.width)
        guard style == .bottomSheet else { return nil }
        let sheet = BottomSheetPresentationController(presentedViewController: presented, presenting: presenting)
        sheet.cornerRadius = 14
        return sheet
    }

    func presentationController(_ controller: PresentationController, didAdaptTo style: ModalPresentationStyle,
                                newController: PresentationController) {
        alert?.viewIfLoaded?.setNeedsLayout()
    }

    /// A click outside or a drag away is Cancel: refused while Cancel is disabled, as Escape is.
    func presentationControllerShouldDismiss(_ controller: PresentationController) -> Bool {
        alert?.cancelAction?.isEnabled ?? true
    }

    func presentationControllerDidDismiss(_ controller: PresentationController) {
        alert?.dismissedFromOutside()
    }
}
