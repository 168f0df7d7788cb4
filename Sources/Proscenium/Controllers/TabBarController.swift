/// A container that shows one of several screens, picked by a row of tabs along its foot, as UIKit's
/// `UITabBarController`. Every screen is a child; only the selected one's view is in the window. A switch
/// is instant, as UIKit's, unless the delegate gives an animator, which runs through a `TransitionContext`
/// with the appearance callbacks and a transition coordinator (and may be cancelled). Alt+1 to Alt+9 pick a tab and Ctrl+Page
/// Down and Up go to the next and previous one, as GTK's notebooks and browsers do.
@MainActor open class TabBarController: ViewController {
    /// The row along the foot with one button per screen, which the user clicks to switch; restyle it
    /// through its tint colour.
    public let tabBar = TabBar()
    /// Told of the user's picks, and asked for animators.
    public weak var delegate: TabBarControllerDelegate?

    let contentView = View()
    private(set) var tabs: [ViewController] = []
    private var selected = -1
    /// The animated switch running, if any: the user's picks meanwhile are dropped, as a tab bar ignores
    /// taps then; the app's changes (`selectedIndex`, `viewControllers`) wait for its end.
    private(set) var switching: TransitionContext?
    private var changesAfterSwitch: [() -> Void] = []
    /// Set while `switchViews` runs: a change asked for from a tab's own callbacks (a redirect from its
    /// `viewWillAppear`) waits for it, as one asked for during an animated switch waits for that.
    private var swappingViews = false
    /// The size last taken from the selected tab; nil while the app's own holds.
    private var adoptedContentSize: Size?

    /// A tab bar controller with no tabs yet.
    public override init() {
        super.init()
    }

    /// The screens, one per tab, in order, as UIKit's `viewControllers`; setting them shows the first (or
    /// the one selected before, if still there) without animation.
    public var viewControllers: [ViewController]? {
        get { tabs.isEmpty ? nil : tabs }
        set { setViewControllers(newValue, animated: false) }
    }

    /// The selected screen, as UIKit's `selectedViewController`; setting it to one of the tabs shows it
    /// without asking the delegate.
    public var selectedViewController: ViewController? {
        get { tabs.indices.contains(selected) ? tabs[selected] : nil }
        set {
            guard let newValue else { return }
            guard let index = tabs.firstIndex(where: { $0 === newValue }) else {
                return Warnings.warn("\(Self.describe(newValue)) is not one of the tab bar controller's tabs; nothing selected")
            }
            selectedIndex = index
        }
    }

    /// The selected tab's index, as UIKit's `selectedIndex`; setting it shows that tab without asking the
    /// delegate (an index out of range is refused with a warning).
    public var selectedIndex: Int {
        get { selected }
        set {
            guard switching == nil, !swappingViews else {
                return changesAfterSwitch.append { [weak self] in self?.selectedIndex = newValue }
            }
            guard tabs.indices.contains(newValue) else {
                return Warnings.warn("TabBarController has no tab \(newValue) (it has \(tabs.count)); selection unchanged")
            }
            show(newValue)
        }
    }

    /// Replaces the screens, refusing (with a warning, changing nothing) a list that names a controller
    /// twice, this controller, or one that is another container's child or presented. Those gone leave
    /// (what they presented is dismissed), the new ones become children; the selection stays on its screen
    /// if it is still there, else to the tab now at its index, else to the first, as UIKit's. Those leaving
    /// hear `willMove(toParent: nil)` before they disappear, those joining `didMove(toParent:)` after the
    /// one selected appeared. `animated` is accepted for UIKit's signature.
    public func setViewControllers(_ controllers: [ViewController]?, animated: Bool) {
        guard switching == nil, !swappingViews else {
            return changesAfterSwitch.append { [weak self] in self?.setViewControllers(controllers, animated: animated) }
        }
        let new = controllers ?? []
        if let problem = refusal(of: new) { return Warnings.warn(problem) }
        let previous = selectedViewController
        let removed = tabs.filter { old in !new.contains { $0 === old } }
        dismissPresentations(of: removed, animated: animated)
        let added = new.filter { $0.parentController !== self }
        for controller in added { addChild(controller) }
        for old in removed { old.beginRemovingFromParent() }
        let index = previous.flatMap { kept in new.firstIndex { $0 === kept } }
            ?? (new.isEmpty ? -1 : new.indices.contains(selected) ? selected : 0)
        tabs = new
        selected = index
        adoptPreferredContentSize(of: selectedViewController, extraHeight: TabBar.height, adopted: &adoptedContentSize)
        switchViews(from: previous, to: index >= 0 ? new[index] : nil)
        for controller in added { controller.didMove(toParent: self) }
        for old in removed { old.removeFromParent() }
        tabBar.itemsDidChange()
        tabBar.selectedIndex = selected
        runChangesAfterSwitch()
    }

    /// Runs the changes asked for while a switch was under way (from a tab's own callbacks, or during an
    /// animated switch), once the call that switched is over and no switch runs.
    private func runChangesAfterSwitch() {
        guard switching == nil, !swappingViews, !changesAfterSwitch.isEmpty else { return }
        let waiting = changesAfterSwitch
        changesAfterSwitch = []
        for change in waiting { change() }
    }

    /// Why `controllers` cannot be the tabs, or nil.
    private func refusal(of controllers: [ViewController]) -> String? {
        for (index, controller) in controllers.enumerated() {
            let name = Self.describe(controller)
            if controller === self { return "a tab bar controller cannot be its own tab; tabs unchanged" }
            if controllers[..<index].contains(where: { $0 === controller }) { return "\(name) is listed twice; tabs unchanged" }
            if let parent = controller.parentController, parent !== self {
                return "\(name) is already a child of \(Self.describe(parent)); tabs unchanged"
            }
            if controller.presentingViewController != nil { return "\(name) is presented; tabs unchanged" }
        }
        return nil
    }

    open override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemBackground
        contentView.identifier = "tab-content"
        contentView.clipsToBounds = true
        view.addSubview(contentView)
        view.addSubview(tabBar)
        tabBar.itemSource = { [weak self] in
            guard let self else { return [] }
            return tabs.indices.map { (tabs[$0].tabBarItem, tabTitle($0)) }
        }
        tabBar.onSelect = { [weak self] index in self?.userPicked(index) }
        tabBar.itemsDidChange()
        tabBar.selectedIndex = selected
        if let shown = selectedViewController { contentView.addSubview(shown.view) }
    }

    /// The selected tab's preferred size changed: this controller's is the tab's with the bar, as UIKit's.
    open override func preferredContentSizeDidChange(forChildContentContainer container: ViewController) {
        super.preferredContentSizeDidChange(forChildContentContainer: container)
        if container === selectedViewController {
            adoptPreferredContentSize(of: container, extraHeight: TabBar.height, adopted: &adoptedContentSize)
        }
    }

    open override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        let bounds = view.bounds
        tabBar.frame = Rect(x: 0, y: bounds.height - TabBar.height, width: bounds.width, height: TabBar.height)
        contentView.frame = Rect(x: 0, y: 0, width: bounds.width, height: max(0, bounds.height - TabBar.height))
        if switching == nil, let shown = selectedViewController?.viewIfLoaded { shown.untransformedFrame = contentView.bounds }
    }

    /// Alt+1 to Alt+9 pick a tab, Ctrl+Page Down and Up the next and previous enabled one (wrapping);
    /// not while something is presented over the tabs, which switching would leave behind.
    open override var keyCommands: [KeyCommand]? {
        guard tabs.count > 1, presentedViewController == nil else { return nil }
        let direct = tabs.indices.prefix(9).map { index in
            KeyCommand(title: tabTitle(index), input: .character("\(index + 1)"), modifierFlags: .alternate) { [weak self] _ in
                self?.userPicked(index)
            }
        }
        return direct + [
            KeyCommand(title: "Next Tab", input: .pageDown, modifierFlags: .control) { [weak self] _ in self?.step(by: 1) },
            KeyCommand(title: "Previous Tab", input: .pageUp, modifierFlags: .control) { [weak self] _ in self?.step(by: -1) },
        ]
    }

    // MARK: - Switching

    /// A tab the user picked (its button, its keys): the delegate may refuse; a pick during an animated
    /// switch is dropped. Picking the selected tab again takes a navigation controller there back to its
    /// root, as UIKit's tab bar does.
    private func userPicked(_ index: Int) {
        guard tabs.indices.contains(index), tabs[index].tabBarItem.isEnabled, switching == nil, !swappingViews else { return }
        let controller = tabs[index]
        guard delegate?.tabBarController(self, shouldSelect: controller) ?? true else { return }
        if index != selected {
            show(index, animatedByDelegate: true)
        } else if let navigation = controller as? NavigationController, navigation.viewControllers.count > 1 {
            navigation.popToRootViewController(animated: true)
        }
        delegate?.tabBarController(self, didSelect: controller)
    }

    /// The next (`by: 1`) or previous enabled tab, wrapping; none when only the selected one is enabled.
    private func step(by offset: Int) {
        guard !tabs.isEmpty else { return }
        var index = selected
        for _ in tabs.indices {
            index = (index + offset + tabs.count) % tabs.count
            if index == selected { return }
            if tabs[index].tabBarItem.isEnabled { return userPicked(index) }
        }
    }

    /// A tab's title: its item's, else its controller's, else "Tab n".
    private func tabTitle(_ index: Int) -> String {
        let title = tabs[index].tabBarItem.title ?? tabs[index].title ?? ""
        return title.isEmpty ? "Tab \(index + 1)" : title
    }

    /// Shows tab `index`: at once, or through the delegate's animator when `animatedByDelegate` and it
    /// gives one.
    private func show(_ index: Int, animatedByDelegate: Bool = false) {
        guard index != selected else { return }
        let from = selectedViewController, to = tabs[index]
        selected = index
        tabBar.selectedIndex = index
        adoptPreferredContentSize(of: to, extraHeight: TabBar.height, adopted: &adoptedContentSize)
        if animatedByDelegate, let from, isViewLoaded, appearanceState == .appeared,
           let animator = delegate?.tabBarController(self, animationControllerForTransitionFrom: from, to: to) {
            runAnimatedSwitch(from: from, to: to, animator: animator)
        } else {
            switchViews(from: from, to: to)
            runChangesAfterSwitch()
        }
    }

    /// Puts `to`'s view in place of `from`'s at once, with the appearance callbacks this controller's own
    /// state calls for: on screen, both wills then both dids, as UIKit; while it appears, `to` appears with
    /// it; while it disappears or is off screen, `to` stays disappeared. `to`'s view loads first, so its
    /// `viewDidLoad` comes before its `viewWillAppear` and its own children appear with it.
    private func switchViews(from: ViewController?, to: ViewController?) {
        guard from !== to, isViewLoaded else { return }
        swappingViews = true
        defer { swappingViews = false }
        if let to { to.view.untransformedFrame = contentView.bounds }
        let state = appearanceState
        if state == .appeared || state == .appearing {
            from?.beginAppearanceTransition(false, animated: false)
            to?.beginAppearanceTransition(true, animated: false)
        }
        from?.viewIfLoaded?.removeFromSuperview()
        if let to { contentView.addSubview(to.view) }
        switch state {
        case .appeared:
            from?.endAppearanceTransition()
            to?.endAppearanceTransition()
        case .appearing:
            from?.endAppearanceTransition()  // `to` ends with this controller's appearance
        case .disappearing:
            // Out of the view, `from` no longer hears this controller's end: it ends now.
            if from?.appearanceState == .disappearing { from?.endAppearanceTransition() }
        case .disappeared:
            break
        }
    }

    /// Runs the delegate's animator between `from` and `to`; completed, `from`'s view leaves, cancelled,
    /// `to`'s does and the selection goes back, each screen's appearance turned around.
    private func runAnimatedSwitch(from: ViewController, to: ViewController, animator: AnimatedTransitioning) {
        _ = to.view
        view.layoutIfNeeded()
        let context = TransitionContext(containerView: contentView, from: from, to: to, in: self, isAnimated: true,
                                        animator: animator) { [weak self, weak from, weak to] completed in
            guard let self else { return }
            let context = switching
            switching = nil
            if completed {
                from?.viewIfLoaded?.removeFromSuperview()
                to?.viewIfLoaded?.untransformedFrame = contentView.bounds
            } else {
                to?.viewIfLoaded?.removeFromSuperview()
                from?.beginAppearanceTransition(true, animated: true, by: context)
                to?.beginAppearanceTransition(false, animated: true, by: context)
                if let from, let index = tabs.firstIndex(where: { $0 === from }) {
                    selected = index
                    tabBar.selectedIndex = index
                }
            }
            from?.endAppearanceTransition()
            to?.endAppearanceTransition()
            runChangesAfterSwitch()
        }
        switching = context
        context.beginCoordinating()
        // Owned by the switch: a view leaving the window on the way (a cancelled switch takes `to`'s away)
        // does not end a screen's appearance before the switch does.
        from.beginAppearanceTransition(false, animated: true, by: context)
        to.beginAppearanceTransition(true, animated: true, by: context)
        context.start()
    }
}

/// Told of the user's tab picks and asked for a switch's animator, as UIKit's `UITabBarControllerDelegate`;
/// every method is optional.
@MainActor public protocol TabBarControllerDelegate: AnyObject {
    /// Whether the user's pick of `viewController` goes ahead; true by default.
    func tabBarController(_ tabBarController: TabBarController, shouldSelect viewController: ViewController) -> Bool
    /// The user picked `viewController` (also when it was already selected, as in UIKit).
    func tabBarController(_ tabBarController: TabBarController, didSelect viewController: ViewController)
    /// The animator of a switch the user made from `from` to `to`; nil (the default) switches at once.
    func tabBarController(_ tabBarController: TabBarController, animationControllerForTransitionFrom from: ViewController,
                          to: ViewController) -> AnimatedTransitioning?
}

extension TabBarControllerDelegate {
    public func tabBarController(_ tabBarController: TabBarController, shouldSelect viewController: ViewController) -> Bool { true }
    public func tabBarController(_ tabBarController: TabBarController, didSelect viewController: ViewController) {}
    public func tabBarController(_ tabBarController: TabBarController, animationControllerForTransitionFrom from: ViewController,
                                 to: ViewController) -> AnimatedTransitioning? { nil }
}
