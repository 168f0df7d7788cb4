import Proscenium

/// The gallery's scenes, in the order the home screen and `--list-scenes` show them.
@MainActor public enum SceneCatalog {
    /// Every scene's name.
    public nonisolated static let names = ["bouncy", "side-panel", "overlay", "cool", "sheet", "alert", "rename", "list"]

    /// A new controller for the scene `name`; nil for an unknown name.
    public static func makeScene(named name: String, home: HomeViewController) -> SceneController? {
        switch name {
        case BouncyScene.sceneName: return BouncyScene()
        case SidePanelScene.sceneName: return SidePanelScene()
        case OverlayScene.sceneName: return OverlayScene()
        case CoolScene.sceneName: return CoolScene()
        case SheetScene.sceneName: return SheetScene(home: home)
        case AlertScene.sceneName: return AlertScene()
        case RenameScene.sceneName: return RenameScene(home: home)
        case ListScene.sceneName: return ListScene()
        default: return nil
        }
    }

    /// The name the event log uses for `controller`: its scene name, else its type's name.
    public static func name(of controller: ViewController) -> String {
        (controller as? SceneController).map { type(of: $0).sceneName } ?? String(describing: type(of: controller))
    }

    /// The title of the home screen's button for `name`.
    public static func title(of name: String) -> String {
        switch name {
        case "side-panel": return "Side panel"
        default: return name.prefix(1).uppercased() + name.dropFirst()
        }
    }
}
