import Proscenium

/// The gallery's scenes, in the order the home screen and `--list-scenes` show them.
@MainActor public enum SceneCatalog {
    /// Every scene's name.
    public nonisolated static let names = ["bouncy", "side-panel", "overlay", "cool", "sheet", "alert", "rename", "list",
                                           "navigation", "action-sheet", "controls"]

    /// A new controller for the scene `name`; nil for an unknown name.
    public static func makeScene(named name: String, home: HomeViewController) -> ViewController? {
        switch name {
        case BouncyScene.sceneName: return BouncyScene()
        case SidePanelScene.sceneName: return SidePanelScene()
        case OverlayScene.sceneName: return OverlayScene()
        case CoolScene.sceneName: return CoolScene()
        case SheetScene.sceneName: return SheetScene(home: home)
        case AlertScene.sceneName: return AlertScene()
        case RenameScene.sceneName: return RenameScene(home: home)
        case ListScene.sceneName: return ListScene()
        case NavigationScene.sceneName: return NavigationScene(home: home)
        case ActionSheetScene.sceneName: return ActionSheetScene(home: home)
        case ControlsScene.sceneName: return ControlsScene()
        default: return nil
        }
    }

    /// The name the event log uses for `controller`: its scene name, else its title, else its type's name.
    public static func name(of controller: ViewController) -> String {
        if let scene = controller as? NamedScene { return type(of: scene).sceneName }
        return controller.title ?? String(describing: type(of: controller))
    }

    /// What the scene shows, as its home-screen button's tooltip says it; nil for an unknown name.
    public static func summary(of name: String) -> String? {
        switch name {
        case "bouncy": "A card that drops in on an underdamped spring"
        case "side-panel": "A panel from the left, the home screen shrinking aside"
        case "overlay": "A full-height panel from the right over dimming"
        case "cool": "A card growing from the centre inside a sliding frame"
        case "sheet": "A sheet with detents, or a popover in a wide window"
        case "alert": "An alert with a preferred and a cancel action"
        case "rename": "An alert with a text field"
        case "list": "A long list that scrolls, flings and bounces"
        case "navigation": "A settings stack: push, pop, Back and an inspector"
        case "action-sheet": "An action sheet: a popover, or a bottom sheet when narrow"
        case "controls": "Switches, sliders, steppers, segments and progress"
        default: nil
        }
    }

    /// The title of the home screen's button for `name`: "side-panel" is "Side panel".
    public static func title(of name: String) -> String {
        let spaced = name.split(separator: "-").joined(separator: " ")
        return spaced.prefix(1).uppercased() + spaced.dropFirst()
    }
}
