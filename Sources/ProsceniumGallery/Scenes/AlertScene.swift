import Proscenium

/// An alert built on the `.alert` presentation style: 270 px wide and centred over black dimming at 0.4,
/// scaling in from 1.2 while it fades in (0.3 s ease-out), fading out in 0.2 s. Escape is Cancel, Return
/// is OK; both dismiss.
@MainActor final class AlertScene: SceneController {
    override class var sceneName: String { "alert" }

    private let titleLabel = AlertStyle.titleLabel("Discard changes?")
    private let messageLabel = AlertStyle.messageLabel("The draft will be lost.")
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
        separator.backgroundColor = AlertStyle.separatorColor
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
        AlertStyle.actionButton(title, identifier: identifier, weight: weight) { [weak self] in self?.dismiss(animated: true) }
    }
}
