/// Reading and setting a view's hugging and compression-resistance priorities, as UIKit's `UIView` does.
extension View {
    /// How much the view resists growing larger than its intrinsic size along `axis`, as UIKit's.
    public func contentHuggingPriority(for axis: LayoutAxis) -> LayoutPriority {
        axis == .horizontal ? layoutPriorities.huggingHorizontal : layoutPriorities.huggingVertical
    }

    /// Sets how much the view resists growing larger than its intrinsic size along `axis`.
    public func setContentHuggingPriority(_ priority: LayoutPriority, for axis: LayoutAxis) {
        if axis == .horizontal { layoutPriorities.huggingHorizontal = priority } else { layoutPriorities.huggingVertical = priority }
        superview?.setNeedsLayout()
    }

    /// How much the view resists being made smaller than its intrinsic size along `axis`, as UIKit's.
    public func contentCompressionResistancePriority(for axis: LayoutAxis) -> LayoutPriority {
        axis == .horizontal ? layoutPriorities.compressionHorizontal : layoutPriorities.compressionVertical
    }

    /// Sets how much the view resists being made smaller than its intrinsic size along `axis`.
    public func setContentCompressionResistancePriority(_ priority: LayoutPriority, for axis: LayoutAxis) {
        if axis == .horizontal { layoutPriorities.compressionHorizontal = priority } else { layoutPriorities.compressionVertical = priority }
        superview?.setNeedsLayout()
    }
}
