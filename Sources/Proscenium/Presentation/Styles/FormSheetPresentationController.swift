/// The `.formSheet` style: a card with rounded corners centred over dimmed content, sized by the
/// presented controller's `preferredContentSize` (540x620 when it has none) and never closer than 20
/// points to the container's edges; in compact width it takes the whole width below a 20-point margin.
@MainActor open class FormSheetPresentationController: DimmingPresentationController {
    /// The size used when the presented controller prefers none.
    public static let defaultSize = Size(width: 540, height: 620)
    /// The gap kept between the sheet and the container's edges.
    public static let margin = 20.0

    open override var frameOfPresentedViewInContainerView: Rect {
        guard let bounds = containerView?.bounds else { return .zero }
        if TraitCollection(containerSize: bounds.size).horizontalSizeClass == .compact {
            return Rect(x: 0, y: Self.margin, width: bounds.width, height: max(0, bounds.height - Self.margin))
        }
        let preferred = presentedViewController.preferredContentSize
        let wanted = preferred.width > 0 && preferred.height > 0 ? preferred : Self.defaultSize
        let width = min(wanted.width, max(0, bounds.width - 2 * Self.margin))
        let height = min(wanted.height, max(0, bounds.height - 2 * Self.margin))
        return Rect(x: (bounds.width - width) / 2, y: (bounds.height - height) / 2, width: width, height: height)
    }

    open override var presentedViewCornerRadius: Double? { 12 }
}
