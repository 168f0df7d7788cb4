import Proscenium

/// An alert built on the `.alert` presentation style: 270 px wide and centred over black dimming at 0.4,
/// scaling in from 1.2 while it fades in (0.3 s ease-out), fading out in 0.2 s. Escape is Cancel, Return
/// is OK; both dismiss.
@MainActor final class AlertScene: SceneController {
    override class var sceneName: String { "alert" }

    private let titleLabel = SceneController.label("Discard changes?", size: 17, weight: .semibold)
    private let messageLabel = SceneController.label("The draft will be lost.", size: 13)
    private let separator = View()
    private lazy var cancelButton = makeButton("Cancel", identifier: "cancel", weight: .regular)
    private lazy var okButton = makeButton("OK", identifier: "ok", weight: .semibold)

    override init() {
        super.init()
        modalPresentationStyle = .alert
        preferredContentSize = Size(width: AlertPresentationController.width, height: 132)
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        titleLabel.textAlignment = .center
        messageLabel.textAlignment = .center
        messageLabel.textColor = Color(hex: 0x3C3C43)
        separator.backgroundColor = Color(hex: 0xC6C6C8)
        for subview in [titleLabel, messageLabel, separator, cancelButton, okButton] { view.addSubview(subview) }
    }

    override func viewDidLayoutSubviews() {
        let bounds = view.bounds
        titleLabel.frame = Rect(x: 16, y: 20, width: bounds.width - 32, height: 24)
        messageLabel.frame = Rect(x: 16, y: 48, width: bounds.width - 32, height: 20)
        separator.frame = Rect(x: 0, y: bounds.height - 45, width: bounds.width, height: 1)
        let half = (bounds.width / 2).rounded(.down)
        cancelButton.frame = Rect(x: 0, y: bounds.height - 44, width: half, height: 44)
        okButton.frame = Rect(x: half, y: bounds.height - 44, width: bounds.width - half, height: 44)
    }

    /// Escape taps Cancel and Return taps OK, so the event log shows which one answered.
    override func handleKey(_ key: Key) -> Bool {
        switch key {
        case .escape: cancelButton.sendActions()
        case .return: okButton.sendActions()
        default: return false
        }
        return true
    }

    private func makeButton(_ title: String, identifier: String, weight: Font.Weight) -> Button {
        let button = Button(title: title) { [weak self] _ in self?.dismiss(animated: true) }
        button.identifier = identifier
        button.tintColor = .white
        button.titleColor = .systemBlue
        button.highlightedColor = Color(hex: 0xE5E5EA)
        // Flush with the alert's edges, as UIAlertController's actions: square, so the focus ring follows
        // the alert's own rounded corners (which clip it) rather than corners of its own.
        button.cornerRadius = 0
        button.titleLabel.font = .systemFont(ofSize: 17, weight: weight)
        return button
    }
}
