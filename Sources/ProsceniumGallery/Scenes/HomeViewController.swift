import Proscenium

/// The presenting screen: a title, one button per scene (`present-<scene>`) and a tap counter
/// (`counter`), all in the top 40% of the window at every size from 480x480, so a half-height bottom sheet
/// never covers them, and nothing drawn within 24 px of the window's edges.
@MainActor public final class HomeViewController: ViewController {
    /// The gap kept empty along the window's edges.
    static let margin = 24.0
    private static let buttonHeight = 28.0
    private static let gap = 6.0
    private static let preferredButtonWidth = 140.0

    private let titleLabel = SceneController.label("Proscenium", size: 26, weight: .bold)
    private(set) var sceneButtons: [String: Button] = [:]
    private var tapCount = 0
    /// Counts its taps; stays usable under a bottom sheet and beside a popover.
    private(set) lazy var counterButton: Button = {
        let button = Button(title: "Tapped 0 times") { [weak self] _ in self?.countTap() }
        button.identifier = "counter"
        button.tintColor = .systemGreen
        // A right click, the Menu key or Shift+F10 on it: a context menu of what the counter can do.
        button.addInteraction(ContextMenuInteraction { [weak self] _ in self?.counterMenu() })
        return button
    }()

    /// Called when a scene submits text (the rename alert's Rename), with the scene's name and the text.
    public var textSubmitted: (@MainActor (_ scene: String, _ text: String) -> Void)?
    /// Called as the navigation scene's pushes and pops begin and end.
    public var navigationObserver: (@MainActor (NavigationEvent) -> Void)?
    /// Called with the new style when the home screen's appearance changes (not when it first gets one).
    public var appearanceObserver: (@MainActor (UserInterfaceStyle) -> Void)?

    /// The home screen; its view loads on first use.
    public override init() {
        super.init()
    }

    public override func viewDidLoad() {
        view.identifier = "home"
        view.backgroundColor = .systemGroupedBackground
        titleLabel.identifier = "title"
        view.addSubview(titleLabel)
        for name in SceneCatalog.names {
            let button = Button(title: SceneCatalog.title(of: name)) { [weak self] _ in self?.presentScene(named: name) }
            button.identifier = "present-\(name)"
            button.toolTip = SceneCatalog.summary(of: name)
            sceneButtons[name] = button
            view.addSubview(button)
        }
        view.addSubview(counterButton)
    }

    public override func traitCollectionDidChange(_ previousTraitCollection: TraitCollection?) {
        let style = traitCollection.userInterfaceStyle
        if let previous = previousTraitCollection, previous.userInterfaceStyle != style { appearanceObserver?(style) }
    }

    // MARK: - Layout

    public override func viewDidLayoutSubviews() {
        let layout = Self.layout(width: view.bounds.width)
        titleLabel.frame = layout.title
        counterButton.frame = layout.counter
        for (name, frame) in zip(SceneCatalog.names, layout.scenes) { sceneButtons[name]?.frame = frame }
    }

    /// Where the home screen puts its title, its counter and its scene buttons (in `SceneCatalog.names`
    /// order) in a window `width` points wide: the title with the counter right after it, then a grid of
    /// at least three columns, in whole points and flush with both margins. At 480x480 the eleven scenes take
    /// four rows, which end at 192 px, the top 40%. Tests that click through XTest place their clicks with it.
    public static func layout(width: Double) -> (title: Rect, counter: Rect, scenes: [Rect]) {
        let usable = max(0, width - 2 * margin)
        // The counter as wide as "Tapped 100 times" needs.
        let titleWidth = 190.0
        let title = Rect(x: margin, y: margin, width: titleWidth - gap, height: 32)
        let counter = Rect(x: margin + titleWidth, y: margin + 2, width: max(0, min(180, usable - titleWidth)), height: buttonHeight)
        let count = SceneCatalog.names.count
        let columns = min(count, max(3, Int((usable + gap) / (preferredButtonWidth + gap))))
        let pitch = (usable + gap) / Double(columns)
        let scenes = (0..<count).map { index in
            let row = index / columns, column = index % columns
            let x = margin + (Double(column) * pitch).rounded(.down)
            // The last column takes what rounding leaves.
            let width = min(200, margin + (Double(column + 1) * pitch).rounded(.down) - gap - x)
            return Rect(x: x, y: 62 + Double(row) * (buttonHeight + gap), width: width, height: buttonHeight)
        }
        return (title, counter, scenes)
    }

    // MARK: - Presenting

    /// Presents a new controller of the scene `name`, in the style the window's width calls for.
    public func presentScene(named name: String) {
        guard presentedViewController == nil, let scene = SceneCatalog.makeScene(named: name, home: self) else { return }
        if let sheet = scene as? SheetScene {
            sheet.presentAdaptively(from: self)
        } else {
            present(scene, animated: true)
        }
    }

    /// Presents the navigation scene, which then pushes a screen and pops it over and over, for measuring
    /// frame pacing (the demo's `--animate-continuously` with `--scene navigation`).
    public func navigateContinuously() {
        guard presentedViewController == nil else { return }
        let scene = NavigationScene(home: self)
        scene.navigatesContinuously = true
        present(scene, animated: true)
    }

    private func countTap() {
        setCount(tapCount + 1)
    }

    private func setCount(_ count: Int) {
        tapCount = count
        counterButton.title = "Tapped \(tapCount) times"
    }

    /// The counter's context menu: steps, then a reset set apart (disabled at zero), destructive.
    private func counterMenu() -> Menu {
        Menu(children: [
            Action(title: "Add one", identifier: "add-one") { [weak self] _ in self?.countTap() },
            Action(title: "Add ten", identifier: "add-ten") { [weak self] _ in self?.setCount((self?.tapCount ?? 0) + 10) },
            Menu(children: [
                Action(title: "Reset count", identifier: "reset", attributes: tapCount == 0 ? [.destructive, .disabled] : .destructive) {
                    [weak self] _ in self?.setCount(0)
                },
            ]),
        ])
    }

    // MARK: - Keys

    /// Keys reach the root controller first; the top scene gets the first say.
    public override func pressesBegan(_ presses: Set<Press>, with event: Event?) {
        // Only while the scene is on top: with something presented above it, Escape is that one's.
        if let scene = presentedViewController as? SceneController, !scene.isBeingDismissed,
           scene.presentedViewController == nil, presses.contains(where: { scene.handleKey($0.key) }) {
            return
        }
        super.pressesBegan(presses, with: event)
    }
}
