@testable import Proscenium

/// A screen that logs its appearance and containment callbacks into one ordered log, with whether it is
/// moving to or from its parent when each appearance callback runs.
@MainActor final class NavigationScreen: ViewController {
    let name: String
    let log: ProbeLog
    var onWillAppear: ((NavigationScreen) -> Void)?
    var onDidAppear: ((NavigationScreen) -> Void)?
    var onDidDisappear: ((NavigationScreen) -> Void)?

    init(_ name: String, log: ProbeLog) {
        self.name = name
        self.log = log
        super.init()
        title = name
    }

    override func viewDidLoad() {
        view.identifier = name
        view.backgroundColor = .white
    }

    private var moving: String {
        isMovingToParent ? " moving to parent" : isMovingFromParent ? " moving from parent" : ""
    }

    override func viewWillAppear(_ animated: Bool) {
        log.entries.append("\(name).viewWillAppear\(moving)")
        onWillAppear?(self)
    }
    override func viewDidAppear(_ animated: Bool) {
        log.entries.append("\(name).viewDidAppear\(moving)")
        onDidAppear?(self)
    }
    override func viewWillDisappear(_ animated: Bool) { log.entries.append("\(name).viewWillDisappear\(moving)") }
    override func viewDidDisappear(_ animated: Bool) {
        log.entries.append("\(name).viewDidDisappear\(moving)")
        onDidDisappear?(self)
    }
    override func willMove(toParent parent: ViewController?) {
        log.entries.append("\(name).willMove(toParent: \(parent == nil ? "nil" : "navigation"))")
    }
    override func didMove(toParent parent: ViewController?) {
        super.didMove(toParent: parent)
        log.entries.append("\(name).didMove(toParent: \(parent == nil ? "nil" : "navigation"))")
    }
}

/// A 400x300 window whose root is a navigation controller over screen "A", on a manual clock.
@MainActor struct NavigationFixture {
    let log = ProbeLog()
    let clock = ManualFrameClock(startTime: 10, framesPerSecond: 60)
    let window: Window
    let navigation: NavigationController
    let a: NavigationScreen

    init(size: Size = Size(width: 400, height: 300)) {
        window = Window(size: size, clock: clock)
        a = NavigationScreen("A", log: log)
        navigation = NavigationController(rootViewController: a)
        window.rootViewController = navigation
        clock.step()
        log.entries = []
    }

    func screen(_ name: String) -> NavigationScreen { NavigationScreen(name, log: log) }

    func runUntilIdle() { AnimationFixture.runUntilIdle(window: window, clock: clock, limit: 10) }

    func frames(_ count: Int) {
        for _ in 0..<count {
            window.setNeedsFrame()
            clock.step()
        }
    }

    /// The stack's titles, root first.
    var stack: [String] { navigation.viewControllers.map { $0.title ?? "?" } }

    /// The screens whose views are in the navigation controller's content view, bottom first.
    var shownScreens: [String] { navigation.contentView.subviews.compactMap(\.identifier).filter { $0 != "navigation-shade" } }

    /// Clicks the view with `identifier` in the window.
    func tap(_ identifier: String) {
        guard let view = window.view(withIdentifier: identifier) else { return }
        let frame = view.convert(view.bounds, to: nil)
        let point = Point(x: frame.midX, y: frame.midY)
        window.send(.pointerDown(point, button: 1, time: clock.now))
        window.send(.pointerUp(point, button: 1, time: clock.now))
    }
}

extension NavigationFixture {
    /// A fixture of `size` with screen B pushed over A without animation, drawn, and the log cleared.
    static func withScreenPushed(size: Size = Size(width: 400, height: 300)) -> (NavigationFixture, NavigationScreen) {
        let fixture = NavigationFixture(size: size)
        let b = fixture.screen("B")
        fixture.navigation.pushViewController(b, animated: false)
        fixture.frames(1)
        fixture.log.entries = []
        return (fixture, b)
    }

    /// A 400x600 fixture with B pushed and presenting a bottom sheet (its inspector), everything at rest.
    static func withSheetUp() -> (NavigationFixture, NavigationScreen, ViewController) {
        let (fixture, b) = withScreenPushed(size: Size(width: 400, height: 600))
        let inspector = ViewController()
        inspector.modalPresentationStyle = .bottomSheet
        b.present(inspector, animated: true)
        fixture.runUntilIdle()
        return (fixture, b, inspector)
    }
}
