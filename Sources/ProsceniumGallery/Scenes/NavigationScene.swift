import Proscenium

/// A settings-like navigation stack, full screen: a list of sections → a section's screen → a deeper one.
/// A section's screen shows an inspector in an undimmed half-modal sheet (the navigation bar above it stays
/// usable), and Back takes the screen and the inspector away in one transition — the seeds' PSPDFKit
/// scenario with no workaround. Done (`dismiss`) in the root's bar dismisses the scene; pushes and pops
/// reach the home screen's `navigationObserver`.
@MainActor final class NavigationScene: SceneController, NavigationControllerDelegate {
    override class var sceneName: String { "navigation" }
    /// The list's sections.
    static let sections = ["General", "Display", "Sound", "Privacy", "Battery", "Storage", "About"]

    private weak var home: HomeViewController?
    let navigation: NavigationController
    /// The operation the running push or pop is, as the delegate was told when asked for its animator.
    private var operation = NavigationOperation.none
    /// Pushes General once presented, pops it once pushed, and so on, for measuring frame pacing.
    var navigatesContinuously = false

    init(home: HomeViewController) {
        self.home = home
        navigation = NavigationController(rootViewController: SettingsListController())
        super.init()
        modalPresentationStyle = .fullScreen
        navigation.delegate = self
        addChild(navigation)
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        view.addSubview(navigation.view)
        navigation.didMove(toParent: self)
        let done = BarButtonItem(title: "Done", style: .done) { [weak self] in self?.dismiss(animated: true) }
        done.identifier = "dismiss"
        navigation.viewControllers.first?.navigationItem.leftBarButtonItem = done
    }

    override func viewDidLayoutSubviews() {
        navigation.view.frame = view.bounds
    }

    /// Keys come to the scene (the top controller) when nothing in it has focus: Alt+Left and the mouse's
    /// Back button go on to the navigation controller.
    override func pressesBegan(_ presses: Set<Press>, with event: Event?) {
        if navigation.handleBackCommand(presses) { return }
        super.pressesBegan(presses, with: event)
    }

    // MARK: - NavigationControllerDelegate

    /// Notes whether a push or a pop runs; nil keeps the standard slide.
    func navigationController(_ navigationController: NavigationController, animationControllerFor operation: NavigationOperation,
                              from: ViewController, to: ViewController) -> AnimatedTransitioning? {
        self.operation = operation
        return nil
    }

    /// Reports the push or pop beginning, and its end (completed, or cancelled when an interactive pop is
    /// let go short) through the transition's coordinator.
    func navigationController(_ navigationController: NavigationController, willShow viewController: ViewController, animated: Bool) {
        guard operation != .none else { return }
        let kind: NavigationEvent.Kind = operation == .push ? .push : .pop
        let name = SceneCatalog.name(of: viewController)
        operation = .none
        home?.navigationObserver?(NavigationEvent(kind: kind, phase: .willBegin, controller: name))
        let ended = { [weak home] (completed: Bool) in
            home?.navigationObserver?(NavigationEvent(kind: kind, phase: .didEnd, controller: name, completed: completed))
        }
        if let coordinator = navigationController.transitionCoordinator {
            coordinator.animate(alongsideTransition: nil) { context in ended(!context.isCancelled) }
        } else {
            ended(true)
        }
    }

    /// When navigating continuously, the next push or pop starts as soon as one has shown its screen.
    func navigationController(_ navigationController: NavigationController, didShow viewController: ViewController, animated: Bool) {
        guard navigatesContinuously else { return }
        if navigationController.viewControllers.count > 1 {
            navigationController.popViewController(animated: true)
        } else {
            navigationController.pushViewController(SectionController(name: Self.sections[0]), animated: true)
        }
    }

    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        if navigatesContinuously, navigation.viewControllers.count == 1 {
            navigation.pushViewController(SectionController(name: Self.sections[0]), animated: true)
        }
    }
}

/// A push or pop in the navigation scene, for the event log.
public struct NavigationEvent: Sendable {
    /// Which way the stack moved.
    public enum Kind: String, Sendable { case push, pop }
    /// Where the transition is.
    public enum Phase: String, Sendable { case willBegin, didEnd }

    /// Which way the stack moved.
    public let kind: Kind
    /// Where the transition is.
    public let phase: Phase
    /// The screen coming on top (by its title).
    public let controller: String
    /// For `didEnd`: whether the transition completed (an interactive pop let go short did not).
    public var completed: Bool?
}
