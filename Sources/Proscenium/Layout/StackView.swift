/// Lays a row or a column of views out, as UIKit's `UIStackView`: each arranged view gets its intrinsic
/// size along the axis (the rest of the space shared out by `distribution`) and is placed across it by
/// `alignment`. A hidden arranged view takes no space; hiding or showing one inside `View.animate`, then
/// calling `layoutIfNeeded()`, animates the others into place.
///
/// The stack lays its views out whenever its size, an arranged view's intrinsic size or visibility, or one
/// of its own properties changes. It draws nothing itself; give it a `backgroundColor` for a fill.
@MainActor open class StackView: View {
    /// How the views share the space along the axis, as `UIStackView.Distribution`.
    public enum Distribution: Sendable, Hashable {
        /// Intrinsic sizes; extra space goes to the views that hug their content least, and space missing
        /// is taken from those that resist compression least (shared equally among equals).
        case fill
        /// All the same size, filling the stack.
        case fillEqually
        /// Sizes in proportion to the intrinsic ones, filling the stack.
        case fillProportionally
        /// Intrinsic sizes, the extra space shared equally between the gaps.
        case equalSpacing
        /// Intrinsic sizes, placed so that their centres are equally far apart.
        case equalCentering
    }

    /// Where the views sit across the axis, as `UIStackView.Alignment`.
    public enum Alignment: Sendable, Hashable {
        /// As wide (or tall) as the stack.
        case fill
        /// At the leading edge: the left of a column, the top of a row.
        case leading
        /// Centred across the axis, at its own size.
        case center
        /// At the trailing edge: the right of a column, the bottom of a row.
        case trailing
        /// A row's views at their own heights, their first lines of text on one line (see
        /// `View.forFirstBaselineLayout`), the highest at the top. A column lays out as with `.fill`.
        case firstBaseline
        /// A row's views at their own heights, their last lines of text on one line (see
        /// `View.forLastBaselineLayout`), the highest at the top. A column lays out as with `.fill`.
        case lastBaseline
        /// The top of a row (the same as `.leading`).
        public static let top = Alignment.leading
        /// The bottom of a row (the same as `.trailing`).
        public static let bottom = Alignment.trailing
    }

    /// The views laid out, in order (each is a subview as well).
    public private(set) var arrangedSubviews: [View] = []
    /// A row (`.horizontal`, the default) or a column.
    public var axis = LayoutAxis.horizontal { didSet { if axis != oldValue { arrangementChanged() } } }
    /// How the space along the axis is shared; `.fill` by default.
    public var distribution = Distribution.fill { didSet { if distribution != oldValue { arrangementChanged() } } }
    /// Where the views sit across the axis; `.fill` by default.
    public var alignment = Alignment.fill { didSet { if alignment != oldValue { arrangementChanged() } } }
    /// The gap between neighbours, in points (the least gap for `.equalSpacing` and `.equalCentering`). A
    /// negative gap overlaps them, as UIKit's; a non-finite one is 0.
    public var spacing = 0.0 {
        didSet {
            if !spacing.isFinite {
                Warnings.warn("StackView.spacing \(spacing) is not a length; using 0")
                spacing = 0
            }
            if spacing != oldValue { arrangementChanged() }
        }
    }
    /// Gaps after particular arranged views, instead of `spacing` (see `setCustomSpacing(_:after:)`).
    private var customSpacings: [ObjectIdentifier: Double] = [:]

    /// Sets the gap after `view` (one of `arrangedSubviews`) to `spacing`, as UIKit's; `spacing` of
    /// `StackView.useDefaultSpacing` goes back to the stack's `spacing`.
    public func setCustomSpacing(_ spacing: Double, after view: View) {
        if spacing == Self.useDefaultSpacing || !spacing.isFinite {
            customSpacings[ObjectIdentifier(view)] = nil
        } else {
            customSpacings[ObjectIdentifier(view)] = spacing
        }
        arrangementChanged()
    }

    /// The gap after `view`: its custom spacing, else `spacing`.
    public func customSpacing(after view: View) -> Double {
        customSpacings[ObjectIdentifier(view)] ?? spacing
    }

    /// The value that makes `setCustomSpacing(_:after:)` go back to the stack's `spacing`.
    nonisolated public static let useDefaultSpacing = Double.greatestFiniteMagnitude

    /// Whether the views are laid out inside `layoutMargins` rather than the bounds; false by default.
    public var isLayoutMarginsRelativeArrangement = false {
        didSet { if isLayoutMarginsRelativeArrangement != oldValue { arrangementChanged() } }
    }

    /// A stack of `arrangedSubviews` (a row, unless `axis` says otherwise).
    public init(arrangedSubviews: [View] = [], frame: Rect = .zero) {
        super.init(frame: frame)
        for view in arrangedSubviews { addArrangedSubview(view) }
    }

    /// Adds `view` at the end of the arrangement, and as the top subview.
    public func addArrangedSubview(_ view: View) {
        insertArrangedSubview(view, at: arrangedSubviews.count)
    }

    /// Inserts `view` at `index` in the arrangement (clamped), moving it there if it is arranged already.
    /// The stack itself or one of the views it is inside cannot be arranged in it: refused with a warning.
    public func insertArrangedSubview(_ view: View, at index: Int) {
        guard !isDescendant(of: view) else {
            Warnings.warn("StackView cannot arrange \(type(of: view)): the stack is inside it")
            return
        }
        arrangedSubviews.removeAll { $0 === view }
        arrangedSubviews.insert(view, at: min(max(index, 0), arrangedSubviews.count))
        if view.superview !== self { addSubview(view) }
        arrangementChanged()
    }

    /// Takes `view` out of the arrangement; it stays a subview, as in UIKit (`removeFromSuperview()` does
    /// both).
    public func removeArrangedSubview(_ view: View) {
        guard arrangedSubviews.contains(where: { $0 === view }) else { return }
        arrangedSubviews.removeAll { $0 === view }
        customSpacings[ObjectIdentifier(view)] = nil
        arrangementChanged()
    }

    open override func willRemoveSubview(_ subview: View) {
        super.willRemoveSubview(subview)
        if arrangedSubviews.contains(where: { $0 === subview }) {
            arrangedSubviews.removeAll { $0 === subview }
            customSpacings[ObjectIdentifier(subview)] = nil
            arrangementChanged()
        }
    }

    // MARK: - Layout

    open override func layoutSubviews() {
        super.layoutSubviews()
        let frames = arrangement(in: isLayoutMarginsRelativeArrangement ? bounds.inset(by: layoutMargins) : bounds)
        for (view, frame) in frames { view.untransformedFrame = frame }
    }

    /// The arranged views' intrinsic sizes along the axis with the spacing, and the largest across it,
    /// plus the margins when the arrangement is inside them.
    open override var intrinsicContentSize: Size {
        let items = visibleItems(crossLength: nil)
        var along = 0.0, across = 0.0
        if !items.isEmpty {
            // Negative spacing may overlap views by more than they measure: a stack is never shorter than nothing.
            along = max(0, naturalLength(of: items))
            across = items.map { max(0, $0.cross) }.max() ?? 0
            if let baseline = rowBaseline {
                // Lined up, the views reach from the highest baseline's room above to the lowest's below.
                let sized = items.filter { $0.cross >= 0 }.map { item in
                    (item.cross, item.view.baselineOffset(baseline, in: Size(width: max(0, item.length), height: item.cross)))
                }
                let above = sized.map { $0.1 }.max() ?? 0, below = sized.map { $0.0 - $0.1 }.max() ?? 0
                across = max(across, above + below)
            }
        }
        var size = axis == .horizontal ? Size(width: along, height: across) : Size(width: across, height: along)
        if isLayoutMarginsRelativeArrangement {
            size.width += layoutMargins.left + layoutMargins.right
            size.height += layoutMargins.top + layoutMargins.bottom
        }
        return size
    }

    /// Its intrinsic size; given a width, a stack is as tall as its views wrapped at the widths it would
    /// give them (a column's at its width, a row's at their shares of it), and no wider than it.
    open override func sizeThatFits(_ size: Size) -> Size {
        var fitted = intrinsicContentSize
        if axis == .vertical || size.width.isFinite, let height = intrinsicHeight(forWidth: size.width) {
            fitted.height = height
            if size.width.isFinite { fitted.width = min(fitted.width, size.width) }
        }
        return fitted
    }

    /// A stack holding views whose height depends on their width (wrapping labels) is as tall as they are
    /// at the widths it gives them: a column's at its inner width, a row's at their lengths along it.
    override func intrinsicHeight(forWidth width: Double) -> Double? {
        let margins = isLayoutMarginsRelativeArrangement ? layoutMargins : .zero
        let inner = width - margins.left - margins.right
        let items = visibleItems(crossLength: axis == .vertical ? inner : nil)
        guard !items.isEmpty else { return margins.top + margins.bottom }
        if axis == .vertical {
            return naturalLength(of: items) + margins.top + margins.bottom
        }
        guard inner.isFinite else { return (items.map { max(0, $0.cross) }.max() ?? 0) + margins.top + margins.bottom }
        // Laid out with no limit across, a row that does not fill gives each view its height at its width
        // (asked once); a filling one gives them all the room, so each is asked here.
        let frames = arrangement(in: Rect(x: 0, y: 0, width: max(0, inner), height: .infinity))
        var tallest = 0.0
        for (item, (view, frame)) in zip(items, frames) {
            let measured = alignment == .fill ? view.intrinsicHeight(forWidth: frame.width)
                : rowBaseline != nil ? frame.maxY : frame.height
            tallest = max(tallest, measured.flatMap { $0.isFinite ? $0 : nil } ?? max(0, item.cross))
        }
        return tallest + margins.top + margins.bottom
    }

    /// A column's first (or last) shown view's, and a row's tallest view's, as UIKit's.
    open override var forFirstBaselineLayout: View { baselineView(.first)?.forFirstBaselineLayout ?? self }
    /// A column's last shown view's, and a row's tallest view's, as UIKit's.
    open override var forLastBaselineLayout: View { baselineView(.last)?.forLastBaselineLayout ?? self }

    /// The baseline of the view `forFirstBaselineLayout` (or last) picks, where a stack `size` big puts it.
    override func baselineOffset(_ baseline: Baseline, in size: Size) -> Double {
        let margins = isLayoutMarginsRelativeArrangement ? layoutMargins : .zero
        let frames = arrangement(in: Rect(x: 0, y: 0, width: size.width, height: size.height).inset(by: margins))
        guard let (view, frame) = Self.baselineFrame(baseline, of: frames, axis: axis) else { return size.height }
        return frame.minY + view.baselineOffset(baseline, in: frame.size)
    }

    override func subviewIntrinsicContentSizeDidChange(_ subview: View) {
        super.subviewIntrinsicContentSizeDidChange(subview)
        if arrangedSubviews.contains(where: { $0 === subview }) { invalidateIntrinsicContentSize() }
    }

    override func subviewVisibilityDidChange(_ subview: View) {
        if arrangedSubviews.contains(where: { $0 === subview }) { arrangementChanged() }
    }

    private func arrangementChanged() {
        setNeedsLayout()
        invalidateIntrinsicContentSize()
    }
}
