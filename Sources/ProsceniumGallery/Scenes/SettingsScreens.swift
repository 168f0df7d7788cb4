import Proscenium

/// The root screen: one row per section; clicking a row pushes the section's screen.
@MainActor final class SettingsListController: ViewController, TableViewDataSource, TableViewDelegate {
    private let list = TableView()

    override func viewDidLoad() {
        title = "Settings"
        view.backgroundColor = .systemGroupedBackground
        view.identifier = "settings"
        list.identifier = "settings-list"
        list.rowHeight = 44
        list.register(TableViewCell.self, forCellReuseIdentifier: "section")
        list.dataSource = self
        list.delegate = self
        view.addSubview(list)
    }

    override func viewDidLayoutSubviews() {
        list.frame = view.bounds
    }

    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { NavigationScene.sections.count }

    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "section", for: indexPath)
        let name = NavigationScene.sections[indexPath.row]
        cell.textLabel.text = name
        cell.identifier = "row-\(name.lowercased())"
        return cell
    }

    func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) {
        tableView.deselectRow(at: indexPath, animated: true)
        navigationController?.pushViewController(SectionController(name: NavigationScene.sections[indexPath.row]), animated: true)
    }
}

/// A section's screen: Inspector shows the half-modal inspector, More pushes a deeper screen.
@MainActor final class SectionController: ViewController {
    private let name: String
    private let detail = SceneController.label("", size: 15, color: SceneController.bodyTextColor)

    init(name: String) {
        self.name = name
        super.init()
        title = name
    }

    override func viewDidLoad() {
        view.backgroundColor = .systemBackground
        view.identifier = "section"
        detail.text = "The \(name.lowercased()) settings. The inspector leaves the bar above it usable."
        detail.numberOfLines = 0
        view.addSubview(detail)
        let inspector = Button(title: "Inspector") { [weak self] _ in self?.showInspector() }
        inspector.identifier = "show-inspector"
        let more = Button(title: "More") { [weak self] _ in
            guard let self else { return }
            navigationController?.pushViewController(DeeperController(title: "\(name) Details"), animated: true)
        }
        more.identifier = "push-deeper"
        for button in [inspector, more] { view.addSubview(button) }
    }

    override func viewDidLayoutSubviews() {
        let width = max(0, view.bounds.width - 48)
        detail.frame = Rect(x: 24, y: 20, width: width, height: 44)
        for (index, identifier) in ["show-inspector", "push-deeper"].enumerated() {
            view.view(withIdentifier: identifier)?.frame = Rect(x: 24 + Double(index) * 168, y: 80, width: 160, height: 36)
        }
    }

    /// The inspector as an undimmed sheet at half height (full when dragged up), with the navigation bar
    /// and this screen passing clicks through.
    private func showInspector() {
        guard presentedViewController == nil, let navigation = navigationController else { return }
        let inspector = InspectorController(section: name)
        inspector.modalPresentationStyle = .bottomSheet
        if let sheet = inspector.presentationController as? BottomSheetPresentationController {
            sheet.detents = [.medium(), .large()]
            sheet.largestUndimmedDetentIdentifier = .medium
            sheet.prefersGrabberVisible = true
            sheet.passthroughViews = [navigation.view]
        }
        present(inspector, animated: true)
    }
}

/// The deepest screen: a label.
@MainActor final class DeeperController: ViewController {
    init(title: String) {
        super.init()
        self.title = title
    }

    override func viewDidLoad() {
        view.backgroundColor = .systemGroupedBackground
        view.identifier = "deeper"
        let label = SceneController.label("Nothing deeper here.", size: 15, color: SceneController.bodyTextColor)
        label.frame = Rect(x: 24, y: 20, width: 300, height: 24)
        view.addSubview(label)
    }
}

/// The inspector sheet of a section's screen.
@MainActor final class InspectorController: ViewController, NamedScene {
    static let sceneName = "inspector"
    private let section: String

    init(section: String) {
        self.section = section
        super.init()
    }

    override func viewDidLoad() {
        view.backgroundColor = .secondarySystemGroupedBackground
        view.identifier = "inspector"
        let label = SceneController.label("\(section) inspector", size: 17, weight: .semibold)
        label.frame = Rect(x: 24, y: 24, width: 300, height: 24)
        view.addSubview(label)
    }
}
