import Proscenium

/// Seed 003's half-modal (PSPDFKit): below 640 px of width a bottom sheet half the window tall with no
/// dimming, the home screen staying usable behind it; from 640 px a 320x400 popover pointing at
/// `present-sheet`, where a click outside dismisses except on `counter`. Crossing 640 px while it is up
/// re-hosts this same controller in the other style, so its own counter keeps its value.
///
/// Under its buttons, a list of the document's pages: dragging it up grows the sheet to its large detent
/// and then scrolls it; dragging down at its top brings the sheet back down (UIKit's hand-over).
@MainActor final class SheetScene: SceneController, TableViewDataSource {
    override class var sceneName: String { "sheet" }
    /// Widths from here on get the popover.
    static let popoverMinimumWidth = 640.0

    private weak var home: HomeViewController?
    private let adaptivity: SheetAdaptivity
    private let titleLabel = SceneController.label("Half-modal", size: 22, weight: .bold)
    private let bodyLabel = SceneController.label("The screen behind stays usable.", size: 15, color: SceneController.bodyTextColor)
    private var count = 0
    private lazy var countButton: Button = {
        let button = Button(title: "Count: 0") { [weak self] _ in self?.countTap() }
        button.identifier = "sheet-counter"
        return button
    }()

    /// The pages the list shows.
    static let pageCount = 40
    let pagesView = TableView()

    init(home: HomeViewController) {
        self.home = home
        adaptivity = SheetAdaptivity(home: home)
        super.init()
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        bodyLabel.numberOfLines = 0
        pagesView.identifier = "pages"
        pagesView.register(TableViewCell.self, forCellReuseIdentifier: "page")
        pagesView.dataSource = self
        // The list is part of the card: the card's colour, in the dark appearance as well.
        pagesView.backgroundColor = view.backgroundColor
        for subview in [pagesView, titleLabel, bodyLabel, countButton, dismissButton] { view.addSubview(subview) }
    }

    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { Self.pageCount }

    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "page", for: indexPath)
        cell.normalBackgroundColor = tableView.backgroundColor
        let page = indexPath.row + 1
        cell.textLabel.text = "Page \(page)"
        let annotations = page % 3 == 0 ? page % 7 + 1 : 0
        cell.detailTextLabel.text = annotations == 0 ? "No annotations" : annotations == 1 ? "1 annotation" : "\(annotations) annotations"
        return cell
    }

    override func viewDidLayoutSubviews() {
        let width = max(0, view.bounds.width - 48)
        titleLabel.frame = Rect(x: 24, y: 20, width: width, height: 30)
        bodyLabel.frame = Rect(x: 24, y: 56, width: width, height: 40)
        countButton.frame = Rect(x: 24, y: 108, width: min(width, 200), height: 40)
        dismissButton.frame = Rect(x: 24, y: 160, width: min(width, 200), height: 40)
        pagesView.frame = Rect(x: 0, y: 212, width: view.bounds.width, height: max(0, view.bounds.height - 212))
    }

    /// Presents from `home` in the style its window's width calls for, with the adaptivity delegate.
    func presentAdaptively(from home: HomeViewController) {
        let width = home.viewIfLoaded?.window?.bounds.width ?? 0
        modalPresentationStyle = width < Self.popoverMinimumWidth ? .bottomSheet : .popover
        // Configured before `present`, as in UIKit, so the sheet comes in undimmed from its first frame.
        let prepared = presentationController
        configure(prepared)
        home.present(self, animated: true)
        if presentationController !== prepared { configure(presentationController) }
    }

    private func configure(_ controller: PresentationController?) {
        guard let controller else { return }
        controller.delegate = adaptivity
        if let popover = controller as? PopoverPresentationController { adaptivity.configure(popover) }
        if let sheet = controller as? BottomSheetPresentationController { adaptivity.configure(sheet) }
    }

    private func countTap() {
        count += 1
        countButton.title = "Count: \(count)"
    }
}

/// Switches the sheet between `.bottomSheet` and `.popover` at 640 px and configures the popover.
@MainActor final class SheetAdaptivity: AdaptivePresentationControllerDelegate {
    private weak var home: HomeViewController?

    init(home: HomeViewController) {
        self.home = home
    }

    /// Points the popover at `present-sheet` and lets clicks on `counter` through.
    func configure(_ popover: PopoverPresentationController) {
        popover.sourceView = home?.sceneButtons[SheetScene.sceneName]
        popover.passthroughViews = [home?.counterButton].compactMap { $0 }
    }

    func adaptivePresentationStyle(for controller: PresentationController, traitCollection traits: TraitCollection,
                                   containerSize size: Size) -> ModalPresentationStyle? {
        size.width < SheetScene.popoverMinimumWidth ? .bottomSheet : .popover
    }

    /// Shows the grabber, so the sheet can be dragged down to dismiss, rests at half the window with room
    /// to grow to full height, and leaves the home screen undimmed and usable at the medium detent.
    func configure(_ sheet: BottomSheetPresentationController) {
        sheet.prefersGrabberVisible = true
        sheet.detents = [.medium(), .large()]
        sheet.largestUndimmedDetentIdentifier = .medium
    }

    func presentationController(forAdaptiveStyle style: ModalPresentationStyle, presented: ViewController,
                                presenting: ViewController?) -> PresentationController? {
        switch style {
        case .popover:
            let popover = PopoverPresentationController(presentedViewController: presented, presenting: presenting)
            configure(popover)
            return popover
        case .bottomSheet:
            let sheet = BottomSheetPresentationController(presentedViewController: presented, presenting: presenting)
            configure(sheet)
            return sheet
        default:
            return nil
        }
    }
}
