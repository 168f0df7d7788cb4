import Proscenium

/// A scene of the gallery: a presented controller that names itself for the event log, keeps its
/// transitioning delegate alive (controllers hold theirs weakly, as in UIKit) and handles Escape.
@MainActor open class SceneController: ViewController {
    /// The scene's name on the command line and in the event log.
    open class var sceneName: String { "scene" }

    /// The scene's transitioning delegate, owned here because `transitioningDelegate` is weak.
    var transitions: TransitioningDelegate? {
        didSet { transitioningDelegate = transitions }
    }

    /// The button that dismisses the scene.
    lazy var dismissButton: Button = {
        let button = Button(title: "Dismiss") { [weak self] _ in self?.dismiss(animated: true) }
        button.identifier = "dismiss"
        return button
    }()

    open override func viewDidLoad() {
        view.identifier = "presented"
        view.backgroundColor = .secondarySystemGroupedBackground
    }

    /// Handles a key while the scene is the top presentation; returns whether it did. Escape asks to
    /// dismiss as a user would, so `isModalInPresentation` and the adaptivity delegate are honoured.
    open func handleKey(_ key: Key) -> Bool {
        guard key == .escape else { return false }
        presentationController?.dismissAsUserRequested()
        return true
    }

    /// Body text under a scene's title: a dark grey, a light one in the dark appearance.
    static let bodyTextColor = Color(light: Color(hex: 0x3C3C43), dark: Color(hex: 0xEBEBF5))

    /// A label in the scene's text style.
    static func label(_ text: String, size: Double, weight: Font.Weight = .regular, color: Color = .label) -> Label {
        let label = Label(text: text)
        label.font = .systemFont(ofSize: size, weight: weight)
        label.textColor = color
        return label
    }
}
