import Proscenium
import ProsceniumX11

/// A container of one's own, shaped as a tab bar controller (Proscenium's `TabBarController` is the ready
/// one): a row of tabs along the bottom, and the selected tab's screen above it. Switching tabs runs the
/// navigation slide — any `AnimatedTransitioning` would do — through a public `TransitionContext`, so the
/// two screens get their appearance callbacks and a transition coordinator, exactly as they would in a
/// navigation controller.
final class TabsController: ViewController {
    let tabs: [ViewController]
    private(set) var selectedIndex = 0
    private var switching: TransitionContext?
    private let content = View()
    /// The tabs' buttons, equal widths in a row, 16 points apart and 8 from the bar's edges.
    private let bar = StackView()

    init(tabs: [ViewController]) {
        self.tabs = tabs
        super.init()
        addChild(tabs[0])
    }

    override func viewDidLoad() {
        view.backgroundColor = .white
        bar.backgroundColor = Color(hex: 0xF7F7F7)
        bar.distribution = .fillEqually
        bar.spacing = 16
        bar.layoutMargins = EdgeInsets(all: 8)
        bar.isLayoutMarginsRelativeArrangement = true
        content.clipsToBounds = true
        view.addSubview(content)
        view.addSubview(bar)
        for (index, tab) in tabs.enumerated() {
            let button = Button(title: tab.title ?? "Tab \(index + 1)") { [unowned self] _ in select(index) }
            button.identifier = "tab-\(index)"
            bar.addArrangedSubview(button)
        }
        content.addSubview(tabs[0].view)
        tabs[0].didMove(toParent: self)
    }

    override func viewDidLayoutSubviews() {
        let bounds = view.bounds
        bar.frame = Rect(x: 0, y: bounds.height - 56, width: bounds.width, height: 56)
        content.frame = Rect(x: 0, y: 0, width: bounds.width, height: bounds.height - 56)
        if switching == nil { tabs[selectedIndex].view.frame = content.bounds }
    }

    /// The tab keys of GTK's notebooks and of browsers: Alt+1 to Alt+9 show a tab, Ctrl+Page Down and
    /// Ctrl+Page Up the next and the previous one, wherever the keyboard focus is in the screen.
    override var keyCommands: [KeyCommand]? {
        let direct = tabs.indices.prefix(9).map { index in
            KeyCommand(title: tabs[index].title ?? "Tab \(index + 1)", input: .character("\(index + 1)"),
                       modifierFlags: .alternate) { [unowned self] _ in select(index) }
        }
        return direct + [
            KeyCommand(title: "Next Tab", input: .pageDown, modifierFlags: .control) { [unowned self] _ in
                select((selectedIndex + 1) % tabs.count)
            },
            KeyCommand(title: "Previous Tab", input: .pageUp, modifierFlags: .control) { [unowned self] _ in
                select((selectedIndex + tabs.count - 1) % tabs.count)
            },
        ]
    }

    /// Shows tab `index`: the new screen slides in from the side of its tab. A switch asked for while one
    /// runs is ignored, as a tab bar does.
    func select(_ index: Int) {
        guard index != selectedIndex, switching == nil else { return }
        let from = tabs[selectedIndex], to = tabs[index]
        let animator = NavigationTransitionAnimator(operation: index > selectedIndex ? .push : .pop)
        addChild(to)
        from.beginRemovingFromParent()
        selectedIndex = index
        let context = TransitionContext(containerView: content, from: from, to: to, in: self, toFrame: content.bounds,
                                        isAnimated: true, animator: animator) { [unowned self] _ in
            switching = nil
            from.view.removeFromSuperview()
            from.removeFromParent()
            from.endAppearanceTransition()
            to.endAppearanceTransition()
            to.didMove(toParent: self)
        }
        switching = context
        // Begun after the context coordinates, so both screens see its coordinator in their callbacks.
        context.beginCoordinating()
        from.beginAppearanceTransition(false, animated: true)
        to.beginAppearanceTransition(true, animated: true)
        context.start()
    }
}

/// A tab's screen: a title and a colour.
final class TabScreen: ViewController {
    private let colour: Color
    private(set) var appearances = 0, disappearances = 0

    init(title: String, colour: Color) {
        self.colour = colour
        super.init()
        self.title = title
    }

    override func viewDidLoad() {
        view.backgroundColor = colour
        view.identifier = title?.lowercased()
        let label = Label(text: title ?? "", frame: Rect(x: 24, y: 24, width: 300, height: 32))
        label.font = .systemFont(ofSize: 26, weight: .bold)
        label.textColor = .black  // on the tab's own pale colour, in either appearance
        view.addSubview(label)
    }

    override func viewDidAppear(_ animated: Bool) { appearances += 1 }
    override func viewDidDisappear(_ animated: Bool) { disappearances += 1 }
}

@main enum Tabs {
    @MainActor static func main() {
        Application.run(TabsController(tabs: [TabScreen(title: "Inbox", colour: Color(hex: 0xE8F0FE)),
                                              TabScreen(title: "Archive", colour: Color(hex: 0xFEF3E2)),
                                              TabScreen(title: "Settings", colour: Color(hex: 0xEAF7EE))]))
    }
}
