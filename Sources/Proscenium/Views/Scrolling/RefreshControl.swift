/// Pull to refresh, as UIKit's `UIRefreshControl`: given to a scroll view or table as its `refreshControl`,
/// it waits above the content. Pulling the content down past `triggerDistance` starts a refresh: the
/// spinner turns, `.valueChanged` actions run, and the content rests below the spinner until the app
/// calls `endRefreshing()`. Code may start one with `beginRefreshing()` (no actions run, as in UIKit).
@MainActor open class RefreshControl: Control {
    /// How tall the control is: the room the content leaves above itself while refreshing.
    public static let height = 60.0
    /// How far past its top the content must be pulled to start a refresh, in points.
    public var triggerDistance = 90.0
    /// Whether a refresh is under way.
    public private(set) var isRefreshing = false
    /// A line under the spinner ("Checking for mail…"); nil for none.
    public var title: String? {
        didSet {
            titleLabel.text = title ?? ""
            setNeedsLayout()
        }
    }
    /// The spinner's and the title's colour; grey by default.
    public var tintColor: Color = .systemGray {
        didSet {
            spinner.color = tintColor
            titleLabel.textColor = tintColor
        }
    }

    let spinner = ActivityIndicatorView(style: .medium)
    let titleLabel = Label()
    /// The scroll view the control refreshes, set by `ScrollView.refreshControl`.
    weak var scrollView: ScrollView?
    /// Whether a pull may start a refresh: not again until the drag that started one ended and the
    /// content came back down to its top.
    private var armed = true

    /// A control waiting above the content, its spinner showing as the content is pulled.
    public init() {
        super.init(frame: .zero)
        identifier = "refresh"
        spinner.hidesWhenStopped = false
        spinner.alpha = 0
        spinner.isUserInteractionEnabled = false
        addSubview(spinner)
        titleLabel.font = .systemFont(ofSize: 13)
        titleLabel.textColor = tintColor
        titleLabel.textAlignment = .center
        titleLabel.alpha = 0
        addSubview(titleLabel)
    }

    /// Not a stop for Tab: the content's rows are.
    open override var canBecomeFocused: Bool { false }

    /// Never hit: a press on the pulled-down spinner drags the content, as on UIKit's.
    open override func hitTest(_ point: Point, with event: Event?) -> View? { nil }

    open override func layoutSubviews() {
        let hasTitle = !(title ?? "").isEmpty
        let spinnerSize = spinner.intrinsicContentSize
        let top = ((bounds.height - spinnerSize.height - (hasTitle ? 20 : 0)) / 2).rounded()
        spinner.frame = Rect(x: ((bounds.width - spinnerSize.width) / 2).rounded(), y: top,
                             width: spinnerSize.width, height: spinnerSize.height)
        titleLabel.frame = Rect(x: 0, y: top + spinnerSize.height + 4, width: bounds.width, height: 16)
    }

    /// Starts a refresh from code: the spinner turns and the content leaves room for it at the top, in
    /// the scroll view's `adjustedContentInset` (without scrolling, as in UIKit: scroll to
    /// `minimumContentOffset` to show it). No actions run.
    public func beginRefreshing() {
        guard !isRefreshing else { return }
        isRefreshing = true
        showPull(1)
        spinner.startAnimating()
        scrollView?.refreshInset = Self.height
        window?.accessibilityDidChange()
    }

    /// Ends the refresh: the spinner stops and the content glides back up over the control's room.
    public func endRefreshing() {
        guard isRefreshing else { return }
        isRefreshing = false
        spinner.stopAnimating()
        releaseInset()
        if let scrollView {
            layOut(in: scrollView)
            showPull(pull(in: scrollView) / max(triggerDistance, 1))
        }
        window?.accessibilityDidChange()
    }

    /// The pulled content shows the spinner in proportion: fully at `triggerDistance`.
    private func showPull(_ fraction: Double) {
        let alpha = min(max(fraction, 0), 1)
        if spinner.alpha != alpha { spinner.alpha = alpha }
        if titleLabel.alpha != alpha { titleLabel.alpha = alpha }
    }

    private func releaseInset() {
        guard let scrollView, scrollView.refreshInset > 0 else { return }
        let top = restingTop(in: scrollView)
        // Glide first, within the range as it still is, so the smaller inset does not make the content jump.
        if !scrollView.isDragging, scrollView.contentOffset.y < top {
            scrollView.setContentOffset(Point(x: scrollView.contentOffset.x, y: top), animated: true)
        }
        scrollView.refreshInset = 0
    }

    // MARK: - Following the scroll view

    /// Where the content's top is without the room a refresh holds: the offset at rest there.
    private func restingTop(in scrollView: ScrollView) -> Double { -scrollView.contentInset.top }

    /// How far the content is pulled down past its top, in points (negative when scrolled into it).
    private func pull(in scrollView: ScrollView) -> Double { restingTop(in: scrollView) - scrollView.contentOffset.y }

    /// Puts the control just above the content, across the view's width.
    func layOut(in scrollView: ScrollView) {
        let frame = Rect(x: scrollView.bounds.minX, y: restingTop(in: scrollView) - Self.height,
                         width: scrollView.bounds.width, height: Self.height)
        if self.frame != frame { View.performWithoutAnimation { self.frame = frame } }
    }

    /// The content moved: the spinner shows as far as it is pulled, and a pull past `triggerDistance`
    /// under the finger starts a refresh, whose actions run; once, until the drag ended and the content
    /// came back to its top (a refresh ended while the finger still holds the pull does not start again).
    func scrollViewDidScroll(_ scrollView: ScrollView) {
        layOut(in: scrollView)
        let pull = pull(in: scrollView)
        if !scrollView.isDragging, pull <= 0 { armed = true }
        guard !isRefreshing else { return }
        showPull(pull / max(triggerDistance, 1))
        if armed, scrollView.isDragging, isEnabled, pull >= triggerDistance {
            armed = false
            beginRefreshing()
            sendActions(for: .valueChanged)
        }
    }

    // MARK: - Accessibility

    /// The title, else "Refresh".
    open override var accessibilityLabel: String? {
        get { accessibility.label ?? ((title ?? "").isEmpty ? "Refresh" : title) }
        set { super.accessibilityLabel = newValue }
    }
    /// A button, busy while refreshing.
    override var standardAccessibilityTraits: AccessibilityTraits { isRefreshing ? [.button, .updatesFrequently] : .button }
    /// Activated, it starts a refresh as a pull does, its actions included.
    open override func accessibilityActivate() -> Bool {
        guard isEnabled, !isRefreshing else { return false }
        beginRefreshing()
        sendActions(for: .valueChanged)
        return true
    }
}
