import Proscenium

/// UIKit's two-button alert, as an `AlertController`: "Discard changes?" with Cancel and OK (preferred).
/// Return is OK and Escape Cancel; either dismisses, and the event log shows which button answered.
@MainActor final class AlertScene: AlertController, NamedScene {
    static let sceneName = "alert"

    init() {
        super.init(title: "Discard changes?", message: "The draft will be lost.", preferredStyle: .alert)
        addAction(AlertAction(title: "Cancel", style: .cancel))
        let ok = AlertAction(title: "OK", style: .default)
        addAction(ok)
        preferredAction = ok
    }

    /// The gallery's scenes all name their view `presented`, so tests and the soak find it alike.
    override func viewDidLoad() {
        super.viewDidLoad()
        view.identifier = "presented"
    }
}
