/// The controller a context menu is presented as: its `ContextMenuView`, placed at the point it was opened
/// at by a `ContextMenuPresentationController`, with no dimming. A menu taller than the window scrolls
/// (the wheel, a drag, the keys' highlight kept in view); one that fits does not.
@MainActor final class ContextMenuController: ViewController, TransitioningDelegate {
    let menu: Menu
    let configuration: ContextMenuConfiguration
    weak var interaction: ContextMenuInteraction?
    /// Where the menu opens, in window coordinates.
    let anchor: Point
    private(set) lazy var menuView = ContextMenuView(menu: menu)
    /// What the menu scrolls in when the window cannot show all of it.
    private let scroller = ScrollView()
    /// Whether the menu told its delegate it is ending (once, chosen or not).
    private var hasEnded = false

    init(menu: Menu, configuration: ContextMenuConfiguration, interaction: ContextMenuInteraction, anchor: Point) {
        self.menu = menu
        self.configuration = configuration
        self.interaction = interaction
        self.anchor = anchor
        super.init()
        // What a screen reader names the menu.
        if !menu.title.isEmpty { title = menu.title }
        modalPresentationStyle = .custom
        transitioningDelegate = self
    }

    override func loadView() {
        scroller.addSubview(menuView)
        scroller.showsHorizontalScrollIndicator = false
        view = scroller
    }

    override func viewDidLoad() {
        menuView.onChoose = { [weak self] action in self?.choose(action) }
        menuView.onCancel = { [weak self] in self?.close() }
        menuView.onHighlight = { [weak self] row in
            guard let self else { return }
            scroller.scrollRectToVisible(menuView.frame(ofRow: row).insetBy(dx: 0, dy: -ContextMenuView.verticalInset), animated: false)
        }
        preferredContentSize = menuView.sizeThatFits(Size(width: ContextMenuView.width.upperBound, height: .greatestFiniteMagnitude))
    }

    /// The rows at their whole height; scrolling only when the window cut the menu shorter, so a press
    /// dragged across a menu that fits highlights rows and never scrolls it.
    override func viewDidLayoutSubviews() {
        let height = max(preferredContentSize.height, scroller.bounds.height)
        menuView.frame = Rect(x: 0, y: 0, width: scroller.bounds.width, height: height)
        scroller.contentSize = menuView.frame.size
        scroller.isScrollEnabled = height > scroller.bounds.height
    }

    override func viewWillAppear(_ animated: Bool) {
        // Keys reach the menu at once, not only once it has faded in. From a text field they are taken as a
        // popup takes them, without asking it to resign: it goes on editing under the menu (`TextField.isEditing`).
        if let window = menuView.responderWindow, window.firstResponder is TextField {
            window.firstResponder = menuView
        } else {
            _ = menuView.becomeFirstResponder()
        }
    }

    override func viewWillDisappear(_ animated: Bool) {
        endOnce()
    }

    /// Closes the menu, then runs the action once it is gone: the handler may present from the screen
    /// the menu was over (a confirmation alert).
    private func choose(_ action: Action) {
        guard !isBeingDismissed else { return }
        endOnce()
        dismiss(animated: false) { action.handler(action) }
    }

    /// Closes the menu at once, as desktop menus close (it fades in, but never out): the next click,
    /// key or menu finds nothing of it left.
    func close() {
        guard !isBeingDismissed else { return }
        presentationController?.dismissAsUserRequested(animated: false)
    }

    private func endOnce() {
        guard !hasEnded else { return }
        hasEnded = true
        if let interaction { interaction.delegate?.contextMenuInteraction(interaction, willEndFor: configuration) }
    }

    func presentationController(forPresented presented: ViewController, presenting: ViewController?,
                                source: ViewController) -> PresentationController? {
        ContextMenuPresentationController(presentedViewController: presented, presenting: presenting, anchor: anchor)
    }
}

/// Places a context menu at the point it opened at (below and right of it, flipped to stay in the window),
/// rounds and shadows it. It dims nothing; its container's empty area blocks touches, and the window closes
/// the menu on a press outside it (see Window+ContextMenus.swift): the press is otherwise lost, as in UIKit,
/// except where it lands on a passthrough — the uncovered part of the screen under a non-modal sheet, a
/// popover's passthrough views. There it goes on as well.
@MainActor final class ContextMenuPresentationController: PresentationController {
    /// The gap kept between the menu and the container's edges.
    static let margin = 8.0
    let anchor: Point

    init(presentedViewController presented: ViewController, presenting: ViewController?, anchor: Point) {
        self.anchor = anchor
        super.init(presentedViewController: presented, presenting: presenting)
    }

    override var frameOfPresentedViewInContainerView: Rect {
        guard let containerView else { return .zero }
        let bounds = containerView.bounds
        let point = containerView.convert(anchor, from: nil)
        let preferred = presentedViewController.preferredContentSize
        let size = Size(width: min(preferred.width, max(0, bounds.width - 2 * Self.margin)),
                        height: min(preferred.height, max(0, bounds.height - 2 * Self.margin)))
        var x = point.x + 2, y = point.y + 2
        if x + size.width > bounds.maxX - Self.margin { x = point.x - size.width }
        if y + size.height > bounds.maxY - Self.margin { y = point.y - size.height }
        x = min(max(x, Self.margin), bounds.maxX - Self.margin - size.width)
        y = min(max(y, Self.margin), bounds.maxY - Self.margin - size.height)
        return Rect(x: x.rounded(), y: y.rounded(), width: size.width, height: size.height)
    }

    override func defaultPresentationAnimator() -> AnimatedTransitioning {
        FadeScaleTransitionAnimator(isPresenting: true, startScale: 0.96, duration: 0.12)
    }

    /// The menu closes by itself at once; an app that dismisses it with animation sees it fade out where
    /// it is, as a menu does, not slide down across the window as a sheet would.
    override func defaultDismissalAnimator() -> AnimatedTransitioning {
        FadeScaleTransitionAnimator(isPresenting: false, duration: 0.1)
    }

    override func presentationTransitionWillBegin() {
        roundPresentedViewCorners(8, shadowOpacity: 0.2)
    }

    override func dismissalTransitionWillBegin() {
        // Presses from now on go where they would with no menu, on the menu itself too.
        containerView?.isUserInteractionEnabled = false
    }

    /// The views clicks pass through to under the presentations already up (the presenter's screen
    /// under a non-modal sheet, a popover's passthrough views): a click outside the menu that lands in
    /// one of them goes on there.
    static func passthroughTargets(in window: Window) -> [View] {
        window.allViews().flatMap { view -> [View] in
            (view as? TouchForwardingView)?.passthroughViews ?? []
        }
    }
}
