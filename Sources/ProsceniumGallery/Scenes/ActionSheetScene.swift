import Proscenium

/// UIKit's action sheet, as an `AlertController` in the `.actionSheet` style: what to do with a document.
/// A popover pointing at `present-action-sheet` from 640 px of width, a bottom sheet with Cancel below
/// narrower, turning from one into the other while the window is resized.
@MainActor final class ActionSheetScene: AlertController, NamedScene {
    static let sceneName = "action-sheet"

    init(home: HomeViewController) {
        super.init(title: "Annual Report", message: "Last edited today.", preferredStyle: .actionSheet)
        addAction(AlertAction(title: "Duplicate", style: .default))
        addAction(AlertAction(title: "Share", style: .default))
        addAction(AlertAction(title: "Move to Trash", style: .destructive))
        addAction(AlertAction(title: "Cancel", style: .cancel))
        popoverPresentationController?.sourceView = home.sceneButtons[Self.sceneName]
    }

    /// The gallery's scenes all name their view `presented`, so tests and the soak find it alike.
    override func viewDidLoad() {
        super.viewDidLoad()
        view.identifier = "presented"
    }
}
