import Proscenium

/// A controller the gallery names in the event log and on the command line: every scene, and the
/// controllers scenes show (the navigation scene's inspector).
@MainActor protocol NamedScene: AnyObject {
    /// The name on the command line and in the event log.
    static var sceneName: String { get }
}

extension SceneController: NamedScene {}
