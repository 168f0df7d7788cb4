import Proscenium

/// An alert that asks for a name, as an `AlertController` with a text field: the field holds the current
/// name, selected so typing replaces it, and has the keyboard as soon as the alert appears. Return is
/// Rename and Escape Cancel. Rename reports the field's text to the home screen's `textSubmitted` (the
/// demo logs it as a `text` event).
@MainActor final class RenameScene: AlertController, NamedScene {
    static let sceneName = "rename"

    /// The name the field starts with.
    static let currentName = "Untitled"

    init(home: HomeViewController) {
        super.init(title: "Rename", message: "Enter a new name for this item.", preferredStyle: .alert)
        addTextField { field in
            field.identifier = "name-field"
            field.text = Self.currentName
            field.placeholder = "Name"
        }
        addAction(AlertAction(title: "Cancel", style: .cancel))
        let rename = AlertAction(title: "Rename", style: .default) { [weak self, weak home] _ in
            home?.textSubmitted?(Self.sceneName, self?.textFields.first?.text ?? "")
        }
        addAction(rename)
        preferredAction = rename
    }

    /// The gallery's scenes all name their view `presented`, so tests and the soak find it alike.
    override func viewDidLoad() {
        super.viewDidLoad()
        view.identifier = "presented"
    }
}
