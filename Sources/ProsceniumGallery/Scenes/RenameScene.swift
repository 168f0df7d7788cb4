import Proscenium

/// An alert that asks for a name, as a `UIAlertController` with a text field: a title, a message, a field
/// holding the current name (selected, so typing replaces it), and Cancel / Rename. The field has the
/// keyboard as soon as the alert appears; Return is Rename and Escape is Cancel. Rename reports the
/// field's text to the home screen's `textSubmitted` (the demo logs it as a `text` event).
@MainActor final class RenameScene: SceneController, TextFieldDelegate {
    override class var sceneName: String { "rename" }

    /// The name the field starts with.
    static let currentName = "Untitled"

    private weak var home: HomeViewController?
    private let titleLabel = AlertStyle.titleLabel("Rename")
    private let messageLabel = AlertStyle.messageLabel("Enter a new name for this item.")
    private let field = TextField(text: RenameScene.currentName, placeholder: "Name")
    private let separator = View()
    private let buttonDivider = View()
    private lazy var cancelButton = AlertStyle.actionButton("Cancel", identifier: "cancel", weight: .regular) { [weak self] in
        self?.dismiss(animated: true)
    }
    private lazy var renameButton = AlertStyle.actionButton("Rename", identifier: "rename", weight: .semibold) { [weak self] in
        self?.rename()
    }

    init(home: HomeViewController) {
        self.home = home
        super.init()
        modalPresentationStyle = .alert
        preferredContentSize = Size(width: AlertPresentationController.width, height: 168)
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        field.identifier = "name-field"
        field.font = .systemFont(ofSize: 15)
        field.delegate = self
        for divider in [separator, buttonDivider] { divider.backgroundColor = AlertStyle.separatorColor }
        for subview in [titleLabel, messageLabel, field, separator, cancelButton, renameButton, buttonDivider] {
            view.addSubview(subview)
        }
    }

    override func viewDidLayoutSubviews() {
        let bounds = view.bounds
        titleLabel.frame = Rect(x: 16, y: 18, width: bounds.width - 32, height: 22)
        messageLabel.frame = Rect(x: 16, y: 42, width: bounds.width - 32, height: 18)
        field.frame = Rect(x: 16, y: 72, width: bounds.width - 32, height: 32)
        separator.frame = Rect(x: 0, y: bounds.height - 45, width: bounds.width, height: 1)
        let half = (bounds.width / 2).rounded(.down)
        cancelButton.frame = Rect(x: 0, y: bounds.height - 44, width: half, height: 44)
        buttonDivider.frame = Rect(x: half, y: bounds.height - 44, width: 1, height: 44)
        renameButton.frame = Rect(x: half + 1, y: bounds.height - 44, width: bounds.width - half - 1, height: 44)
    }

    /// The field takes the keyboard as the alert appears (its view is in the window by now, in the
    /// presentation's container), so the user can type while it scales in.
    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        field.becomeFirstResponder()
    }

    /// Escape taps Cancel, so the event log shows which button answered (Return reaches the field's
    /// delegate below).
    override func handleKey(_ key: Key) -> Bool {
        guard key == .escape else { return false }
        cancelButton.sendActions()
        return true
    }

    override func pressesBegan(_ presses: Set<Press>, with event: Event?) {
        if presses.contains(where: { $0.key == .escape && !$0.isRepeat }), handleKey(.escape) { return }
        super.pressesBegan(presses, with: event)
    }

    // MARK: - TextFieldDelegate

    /// Return in the field is Rename.
    func textFieldShouldReturn(_ textField: TextField) -> Bool {
        renameButton.sendActions()
        return false
    }

    private func rename() {
        guard !isBeingDismissed else { return }
        home?.textSubmitted?(Self.sceneName, field.text)
        dismiss(animated: true)
    }
}
