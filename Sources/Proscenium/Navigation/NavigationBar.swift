/// The bar across the top of a navigation controller, as UIKit's `UINavigationBar`: the top screen's
/// title in the middle, a back button titled after the screen under it at the leading edge (or the
/// top screen's left buttons), and its right buttons at the trailing edge.
@MainActor open class NavigationBar: View {
    /// The bar's height in points, as UIKit's compact-height-free bar.
    public static let height = 44.0

    /// The title in the middle: 17-point semibold, centred.
    public let titleLabel = Label()
    /// The back button; hidden on the root screen and when the top item hides it.
    public let backButton = NavigationBar.makeButton(title: "Back", style: .plain)
    /// The buttons made for the top item's bar button items, leading then trailing.
    public private(set) var itemButtons: [Button] = []
    private let separator = View()
    private var leftButtons: [Button] = [], rightButtons: [Button] = []
    /// The last item's title and buttons while they fade out during a push or pop.
    private var outgoing: [View] = []
    /// The push's or pop's coordinator while the items cross-fade.
    private weak var crossFadeCoordinator: TransitionCoordinator?
    /// How far a title slides as it fades during a push or pop, as UIKit's does: a fifth of the bar's
    /// width, so the two titles pass each other apart, and at least this many points.
    static let minimumTitleSlide = 48.0

    /// Called when the back button is tapped (the navigation controller pops).
    var onBack: (@MainActor () -> Void)?

    /// A bar with a light translucent-looking background and a hairline under it.
    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
        backgroundColor = Color(light: Color(hex: 0xF8F8F8), dark: Color(hex: 0x1C1C1E))
        identifier = "navigation-bar"
        titleLabel.font = .systemFont(ofSize: 17, weight: .semibold)
        titleLabel.textAlignment = .center
        titleLabel.isUserInteractionEnabled = false
        titleLabel.accessibilityTraits = .header
        separator.backgroundColor = Color(light: Color(white: 0, alpha: 0.3), dark: Color(white: 1, alpha: 0.15))
        separator.isUserInteractionEnabled = false
        backButton.identifier = "navigation-back"
        backButton.addAction { [weak self] _ in self?.onBack?() }
        addSubview(titleLabel)
        addSubview(backButton)
        addSubview(separator)
    }

    /// Shows `item` (on top, titled `title`) over the screen titled `backTitle` (nil on the root screen).
    /// With the `coordinator` of a push (`forward`) or pop, the old title and buttons fade out and the new
    /// ones in alongside it, the titles sliding the way the screens go; without one, the new ones show at once.
    func show(_ item: NavigationItem, title: String?, backTitle: String?, alongside coordinator: TransitionCoordinator? = nil,
              forward: Bool = true) {
        endCrossFade()
        if coordinator != nil { keepOutgoing() }
        apply(item, title: title, backTitle: backTitle)
        guard let coordinator else { return }
        layoutIfNeeded()
        let incoming: [View] = [titleLabel, backButton] + itemButtons
        let distance = max(Self.minimumTitleSlide, bounds.width / 5)
        let slide = forward ? distance : -distance
        View.performWithoutAnimation {
            for view in incoming { view.alpha = 0 }
            titleLabel.transform = AffineTransform(translationX: slide, y: 0)
        }
        let leaving = outgoing
        crossFadeCoordinator = coordinator
        coordinator.animate(alongsideTransition: { [weak self] _ in
            for view in incoming { view.alpha = 1 }
            self?.titleLabel.transform = .identity
            for view in leaving {
                view.alpha = 0
                if view is Label { view.transform = AffineTransform(translationX: -slide, y: 0) }
            }
        }, completion: { [weak self] _ in
            // A cancelled pop shows the old item again (the navigation controller asks at once after this).
            self?.endCrossFade(of: leaving)
        })
    }

    /// Shows a change of the top item (its title set as the screen loads or appears, a button swapped)
    /// without restarting a push's or pop's cross-fade: the new title and buttons take the place of those
    /// fading in, and what fades out goes on fading. With no cross-fade running, as `show`.
    func update(_ item: NavigationItem, title: String?, backTitle: String?) {
        guard !outgoing.isEmpty, let coordinator = crossFadeCoordinator else { return show(item, title: title, backTitle: backTitle) }
        apply(item, title: title, backTitle: backTitle)
        // The new buttons join the fade from where it is.
        let buttons = itemButtons
        View.performWithoutAnimation { for button in buttons { button.alpha = 0 } }
        if !coordinator.animate(alongsideTransition: { _ in for button in buttons { button.alpha = 1 } }) {
            View.performWithoutAnimation { for button in buttons { button.alpha = 1 } }
        }
    }

    /// Puts `item`'s title, back button and buttons in the bar.
    private func apply(_ item: NavigationItem, title: String?, backTitle: String?) {
        titleLabel.text = title ?? ""
        let showsBack = backTitle != nil && item.showsBackButton
        backButton.isHidden = !showsBack
        backButton.title = "‹ " + (backTitle ?? "")
        for button in itemButtons where button.superview === self { button.removeFromSuperview() }
        leftButtons = item.leftBarButtonItems.map(Self.button(for:))
        rightButtons = item.rightBarButtonItems.map(Self.button(for:))
        itemButtons = leftButtons + rightButtons
        for button in itemButtons { insertSubview(button, belowSubview: separator) }
        setNeedsLayout()
    }

    /// Copies of the shown title and moves the shown buttons aside, to fade out while the new item fades
    /// in; they take no touches.
    private func keepOutgoing() {
        let title = Label()
        title.text = titleLabel.text
        title.font = titleLabel.font
        title.textAlignment = .center
        title.isUserInteractionEnabled = false
        title.frame = titleLabel.frame
        var kept: [View] = [title]
        if !backButton.isHidden {
            let back = Self.makeButton(title: backButton.title, style: .plain)
            back.frame = backButton.frame
            kept.append(back)
        }
        kept += itemButtons
        for view in kept {
            view.isUserInteractionEnabled = false
            if view.superview !== self { insertSubview(view, belowSubview: separator) }
        }
        itemButtons = []
        outgoing = kept
    }

    /// Removes what still fades out (all of it, or only `views` once their fade ended) and shows the
    /// current item fully.
    private func endCrossFade(of views: [View]? = nil) {
        let ending = views ?? outgoing
        guard !ending.isEmpty else { return }
        View.performWithoutAnimation {
            for view in ending { view.removeFromSuperview() }
            for view in [titleLabel, backButton] + itemButtons {
                view.alpha = 1
            }
            titleLabel.transform = .identity
        }
        outgoing.removeAll { view in ending.contains { $0 === view } }
        if outgoing.isEmpty { crossFadeCoordinator = nil }
    }

    open override func layoutSubviews() {
        let height = bounds.height, inset = 8.0
        separator.frame = Rect(x: 0, y: height - 0.5, width: bounds.width, height: 0.5)
        var leading = inset
        if !backButton.isHidden {
            let width = min(backButton.sizeThatFits(bounds.size).width - 16, bounds.width / 3)
            backButton.frame = Rect(x: leading, y: 0, width: width, height: height)
            leading += width
        }
        for button in leftButtons {
            let width = button.sizeThatFits(bounds.size).width - 16
            button.frame = Rect(x: leading, y: 0, width: width, height: height)
            leading += width
        }
        var trailing = bounds.width - inset
        for button in rightButtons {
            let width = button.sizeThatFits(bounds.size).width - 16
            trailing -= width
            button.frame = Rect(x: trailing, y: 0, width: width, height: height)
        }
        // Centred in the bar while the buttons leave room, else between them.
        let side = max(leading, bounds.width - trailing)
        titleLabel.frame = Rect(x: side, y: 0, width: max(0, bounds.width - 2 * side), height: height)
    }

    open override func sizeThatFits(_ size: Size) -> Size {
        Size(width: size.width, height: Self.height)
    }

    /// A bar button's view: its title in the tint colour over no fill, bold for `.done`.
    private static func button(for item: BarButtonItem) -> Button {
        let button = makeButton(title: item.title, style: item.style)
        button.isEnabled = item.isEnabled
        button.identifier = item.identifier
        button.addAction { _ in item.action?() }
        item.shownButton = button
        return button
    }

    private static func makeButton(title: String, style: BarButtonItem.Style) -> Button {
        let button = Button(title: title)
        button.tintColor = Color(white: 1, alpha: 0)
        button.highlightedColor = .fadedLabel(0.06)
        button.titleColor = .systemBlue
        button.showTitle(title, style: style)
        button.cornerRadius = 8
        return button
    }
}

extension Button {
    /// A bar button's title in the weight of its style; the bar makes room for it at its next layout.
    func showTitle(_ title: String, style: BarButtonItem.Style) {
        self.title = title
        titleLabel.font = .systemFont(ofSize: 17, weight: style == .done ? .semibold : .regular)
        superview?.setNeedsLayout()
    }
}
