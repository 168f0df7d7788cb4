/// A stack of screens, one on top, with a bar that names it and goes back, as UIKit's
/// `UINavigationController`: push a controller to show it over the current one, pop to go back.
///
/// Pushes and pops are transitions like presentations: the default slides the new screen in from the
/// trailing edge on a spring (`NavigationTransitionAnimator`), a delegate may supply any
/// `AnimatedTransitioning` animator and interaction controller instead, and `transitionCoordinator` of the
/// navigation controller and of both screens runs alongside animations on the transition's timeline. The
/// stack (`viewControllers`) changes at once; its screens' views change places when the transition ends.
/// A push or pop asked for while one runs waits for it to end, then runs — except one that puts back the
/// stack the running one started from (the screen a pop takes away pushed again, Back during a push),
/// which turns the running one around from where it is.
@MainActor open class NavigationController: ViewController {
    /// The screens, root first; the last is on top. Setting it replaces the stack without animation.
    public var viewControllers: [ViewController] {
        get { stack }
        set { setViewControllers(newValue, animated: false) }
    }
    /// The screen on top of the stack.
    public var topViewController: ViewController? { stack.last }
    /// What the user sees: the topmost controller presented over the stack (a screen presents through the
    /// controller at the top of its parents, as in UIKit), else the top screen.
    public var visibleViewController: ViewController? {
        var presenter: ViewController = self
        while let parent = presenter.parentController { presenter = parent }
        guard var visible = presenter.presentedViewController else { return stack.last }
        while let presented = visible.presentedViewController { visible = presented }
        return visible
    }
    /// Follows pushes and pops and may supply their animators.
    public weak var delegate: NavigationControllerDelegate?
    /// The bar across the top.
    public let navigationBar = NavigationBar()
    /// Whether the bar is hidden: the screens then use all of the view. Setting it shows or hides the bar
    /// at once, as `setNavigationBarHidden(_:animated: false)` does.
    public var isNavigationBarHidden: Bool {
        get { barHidden }
        set { setNavigationBarHidden(newValue, animated: false) }
    }
    private var barHidden = false
    /// The view the screens are shown in: all of the controller's view below the bar.
    public let contentView = View()

    var stack: [ViewController] = []
    /// The size last taken from the top screen (see `adoptTopContentSize()`); nil while the app's own holds.
    private var adoptedContentSize: Size?
    /// Operations asked for while a transition ran, run in order when it ends.
    var pendingOperations: [@MainActor () -> Void] = []
    /// The running animated push or pop's stacks, which it may be turned around between.
    var runningChange: RunningStackChange?
    /// Set while an ended push or pop settles (the screens' last appearance and containment callbacks, the
    /// delegate's `didShow`): a change asked for from one of them waits until they have all run.
    var isEndingStackChange = false
    /// Set from the start of a push or pop until the bar shows it (see `updateNavigationBar`).
    var barAwaitsTransition = false
    /// Whether a change asked for now waits: a push or pop runs, or one is ending.
    var stackChangeRuns: Bool { runningTransition != nil || isEndingStackChange }
    /// Set when the top screen changed with nothing moving while the controller was off screen (its first
    /// root included): the delegate hears `willShow` and `didShow` for it as the controller appears.
    var topAwaitsShowNotice = false
    /// The edge drag that pops, and the interaction it drives while it does.
    var interactivePopRecognizer: GestureRecognizer?
    var interactivePop: PercentDrivenInteractiveTransition?

    /// A navigation controller whose stack starts with `rootViewController`.
    public init(rootViewController: ViewController) {
        super.init()
        setViewControllers([rootViewController], animated: false)
    }

    /// A navigation controller with an empty stack; give it screens with `setViewControllers`.
    public override init() {
        super.init()
    }

    open override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemBackground
        contentView.identifier = "navigation-content"
        view.addSubview(contentView)
        view.addSubview(navigationBar)
        navigationBar.isHidden = barHidden
        // A second press, once a push it turned around heads back to the root, has nothing to pop.
        navigationBar.onBack = { [weak self] in if let self, stack.count > 1 { popViewController(animated: true) } }
        installInteractivePop()
        // Loaded before it goes in: a push its viewDidLoad asks for (a deep link restored) makes another
        // screen the top, and the top after it is the one shown.
        _ = stack.last?.view
        if runningTransition == nil, let top = stack.last, top.view.superview !== contentView {
            for screen in stack where screen !== top && screen.viewIfLoaded?.superview === contentView {
                screen.view.removeFromSuperview()
            }
            contentView.addSubview(top.view)
        }
        updateNavigationBar()
    }

    /// The delegate hears `willShow` for a top screen it has not heard of, before the screen's
    /// `viewWillAppear`, as in UIKit.
    open override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        if topAwaitsShowNotice, let top = stack.last { delegate?.navigationController(self, willShow: top, animated: animated) }
    }

    /// ... and `didShow` after its `viewDidAppear`.
    override func appearanceTransitionDidEndInChildren() {
        guard topAwaitsShowNotice, appearanceState == .appeared, let top = stack.last else { return }
        topAwaitsShowNotice = false
        delegate?.navigationController(self, didShow: top, animated: appearanceIsAnimated)
    }

    open override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        let barHeight = isNavigationBarHidden ? 0 : NavigationBar.height
        // A hidden bar sits above the view, where it slides to (and is hidden once there).
        navigationBar.frame = Rect(x: 0, y: isNavigationBarHidden ? -NavigationBar.height : 0,
                                   width: view.bounds.width, height: NavigationBar.height)
        contentView.frame = Rect(x: 0, y: barHeight, width: view.bounds.width, height: max(0, view.bounds.height - barHeight))
        // The screens in the content view fill it (moving ones keep their transforms).
        for child in stack where child.viewIfLoaded?.superview === contentView {
            child.view.untransformedFrame = contentView.bounds
        }
    }

    /// Alt+Left and the mouse's Back button (which arrives as Alt+Left) pop the top screen while there is
    /// one to go back to: a key command, so it comes before any shortcut of the containers around.
    open override var keyCommands: [KeyCommand]? {
        guard stack.count > 1 else { return nil }
        return [KeyCommand(title: "Back", input: .left, modifierFlags: .alternate) { [weak self] _ in
            guard let self, canGoBack else { return }
            popViewController(animated: true)
        }]
    }

    /// Alt+Left and the mouse's Back button pop the top screen; other keys go on up the chain.
    open override func pressesBegan(_ presses: Set<Press>, with event: Event?) {
        if handleBackCommand(presses) { return }
        super.pressesBegan(presses, with: event)
    }

    // MARK: - The bar

    /// Shows or hides the bar, as UIKit's: animated, it slides up out of the view (or down into it) while
    /// the screens below take or give back its room, alongside a push or pop in progress (the usual call
    /// from a screen's `viewWillAppear`) or on its own; else at the next layout.
    public func setNavigationBarHidden(_ hidden: Bool, animated: Bool) {
        guard hidden != barHidden else { return }
        barHidden = hidden
        adoptTopContentSize()
        guard let view = viewIfLoaded else { return }
        if !hidden { navigationBar.isHidden = false }
        guard animated, view.window != nil else {
            navigationBar.isHidden = hidden
            return view.setNeedsLayout()
        }
        let layOut: @MainActor () -> Void = { [weak self] in
            self?.view.setNeedsLayout()
            self?.view.layoutIfNeeded()
        }
        // Hidden once out of sight, unless shown again meanwhile.
        let slidOut: @MainActor () -> Void = { [weak self] in
            if let self, barHidden { navigationBar.isHidden = true }
        }
        if let coordinator = transitionCoordinator {
            coordinator.animate(alongsideTransition: { _ in layOut() }, completion: { _ in slidOut() })
        } else {
            View.animate(withDuration: 0.3, animations: layOut, completion: { _ in slidOut() })
        }
    }

    /// The top screen's preferred size changed: this controller's is the top's with the bar, as UIKit's,
    /// so a popover or form sheet showing a navigation stack fits its top screen.
    open override func preferredContentSizeDidChange(forChildContentContainer container: ViewController) {
        super.preferredContentSizeDidChange(forChildContentContainer: container)
        if container === stack.last { adoptTopContentSize() }
    }

    /// Takes the top screen's preferred size, with the bar's height when the bar shows.
    func adoptTopContentSize() {
        guard let top = stack.last else { return }
        adoptPreferredContentSize(of: top, extraHeight: isNavigationBarHidden ? 0 : NavigationBar.height, adopted: &adoptedContentSize)
    }

    /// Shows the top screen's item in the bar, with a back button named after the screen under it. As an
    /// animated push or pop starts (`operation`), the bar's items cross-fade alongside it; a change of an
    /// item while it runs joins the fade, one made as it starts (a title set in the new screen's
    /// `viewDidLoad` or `viewWillAppear`) waits for the fade to begin, and one made while it runs turned
    /// around shows as it ends.
    func updateNavigationBar(operation: NavigationOperation = .none) {
        guard isViewLoaded, let top = stack.last else { return }
        if operation == .none, barAwaitsTransition { return }
        barAwaitsTransition = false
        let below = stack.count > 1 ? stack[stack.count - 2] : nil
        let backTitle = below.map { $0.navigationItem.backButtonTitle ?? $0.navigationItem.title ?? $0.title ?? "Back" }
        let title = top.navigationItem.title ?? top.title
        if operation == .none, runningTransition != nil {
            // Turned around, the bar fades back to the item it showed, which the end shows as it is then.
            if runningChange?.isTurned == true { return }
            return navigationBar.update(top.navigationItem, title: title, backTitle: backTitle)
        }
        let coordinator = operation == .none ? nil : runningTransition.flatMap { $0.isAnimated ? $0.coordinator : nil }
        navigationBar.show(top.navigationItem, title: title, backTitle: backTitle, alongside: coordinator,
                           forward: operation != .pop)
    }

    // MARK: - Pushing and popping

    /// Puts `viewController` on top of the stack, sliding it in when `animated`. A controller already in a
    /// navigation stack or presented, or this controller itself, is refused with a warning.
    open func pushViewController(_ viewController: ViewController, animated: Bool) {
        if runningTransition != nil, animated, turnAroundRunningTransition(toward: stack + [viewController]) { return }
        guard !stackChangeRuns else { return pendingOperations.append { [weak self] in self?.pushViewController(viewController, animated: animated) } }
        guard canAdd(viewController, to: "push") else { return }
        transition(to: stack + [viewController], operation: .push, animated: animated)
    }

    /// Takes the top screen off the stack and returns it; nil, with a warning, on the root screen.
    @discardableResult
    open func popViewController(animated: Bool) -> ViewController? {
        if runningTransition != nil, animated, stack.count > 1, let top = stack.last, turnAroundRunningTransition(toward: stack.dropLast()) {
            return top
        }
        guard !stackChangeRuns else {
            let top = stack.last
            pendingOperations.append { [weak self] in self?.popViewController(animated: animated) }
            return top
        }
        guard stack.count > 1 else {
            Warnings.warn("popViewController on \(Self.describe(self)) with only its root screen: nothing to pop")
            return nil
        }
        let popped = stack.last
        transition(to: Array(stack.dropLast()), operation: .pop, animated: animated)
        return popped
    }

    /// Pops the screens above `viewController` and returns them; nil when it is not in the stack.
    @discardableResult
    open func popToViewController(_ viewController: ViewController, animated: Bool) -> [ViewController]? {
        guard let index = stack.firstIndex(where: { $0 === viewController }) else {
            Warnings.warn("popToViewController: \(Self.describe(viewController)) is not in \(Self.describe(self))'s stack")
            return nil
        }
        let popped = Array(stack[(index + 1)...])
        if runningTransition != nil, animated, !popped.isEmpty, turnAroundRunningTransition(toward: Array(stack[...index])) { return popped }
        guard !stackChangeRuns else {
            pendingOperations.append { [weak self] in self?.popToViewController(viewController, animated: animated) }
            return popped
        }
        guard !popped.isEmpty else { return [] }
        transition(to: Array(stack[...index]), operation: .pop, animated: animated)
        return popped
    }

    /// Pops every screen above the root and returns them.
    @discardableResult
    open func popToRootViewController(animated: Bool) -> [ViewController]? {
        guard let root = stack.first else { return nil }
        return popToViewController(root, animated: animated)
    }

    /// Replaces the whole stack with `viewControllers`. When the top screen changes and `animated`, it moves as a push (a new top) or a
    /// pop (a top that was in the stack). An empty stack, or a controller twice in it, is refused with a
    /// warning.
    open func setViewControllers(_ viewControllers: [ViewController], animated: Bool) {
        if runningTransition != nil, animated, turnAroundRunningTransition(toward: viewControllers) { return }
        guard !stackChangeRuns else {
            return pendingOperations.append { [weak self] in self?.setViewControllers(viewControllers, animated: animated) }
        }
        guard !viewControllers.isEmpty else {
            Warnings.warn("setViewControllers with no controllers on \(Self.describe(self)): a navigation stack needs a root")
            return
        }
        for (index, controller) in viewControllers.enumerated() {
            if viewControllers[..<index].contains(where: { $0 === controller }) {
                Warnings.warn("setViewControllers: \(Self.describe(controller)) is in the list twice; the stack is unchanged")
                return
            }
            if !stack.contains(where: { $0 === controller }), !canAdd(controller, to: "setViewControllers") { return }
        }
        let newTop = viewControllers.last!
        let operation: NavigationOperation = newTop === stack.last ? .none
            : stack.contains(where: { $0 === newTop }) ? .pop : .push
        transition(to: viewControllers, operation: operation, animated: animated)
    }

    /// Whether `controller` may join this stack: not this controller, not in another container or this
    /// stack already, not presented.
    private func canAdd(_ controller: ViewController, to operation: String) -> Bool {
        let problem: String?
        if controller === self {
            problem = "a navigation controller cannot be in its own stack"
        } else if stack.contains(where: { $0 === controller }) {
            problem = "it is in the stack already"
        } else if controller.parent != nil {
            problem = "it is a child of \(Self.describe(controller.parent!)); remove it there first"
        } else if controller.presentingViewController != nil || controller.presentation != nil {
            problem = "it is presented"
        } else {
            problem = nil
        }
        guard let problem else { return true }
        Warnings.warn("\(operation) of \(Self.describe(controller)) on \(Self.describe(self)) refused: \(problem)")
        return false
    }
}
