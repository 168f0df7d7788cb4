import Proscenium
import ProsceniumGallery

/// Navigation and alerts the soak mixes in after some operations: the navigation, action-sheet and list
/// scenes presented, rows clicked, Back by its button, by Alt+Left and by an edge drag (let go anywhere),
/// pushes and pops from code (some from inside a screen's appearance callbacks), `popToRoot` and
/// `setViewControllers`, a pop turned around by pushing its screen back, the inspector sheet, and alert
/// controllers presented from code. Drawn from a
/// random stream of its own, so a seed's other operations stay the ones they were.
enum SoakNavigation: CustomStringConvertible {
    case presentScene(String)
    case clickRow(Int)
    case clickBack
    case backKey
    case edgeDrag(distance: Double, frames: Int)
    case push(animated: Bool, reentry: SoakScreen.Reentry?)
    case pop(animated: Bool)
    case popAndPushBack(afterFrames: Int)
    case popToRoot(animated: Bool)
    case setStack(depth: Int, animated: Bool)
    case inspector
    case deeper
    case alert(actionSheet: Bool, fields: Int)

    /// Nothing most of the time; otherwise one of the navigation operations.
    static func random(using rng: inout SeededGenerator) -> SoakNavigation? {
        let animated = Int.random(in: 0..<4, using: &rng) != 0
        switch Int.random(in: 0..<100, using: &rng) {
        case 0..<3: return .presentScene(["navigation", "navigation", "action-sheet", "list"].randomElement(using: &rng)!)
        case 3..<5: return .clickRow(Int.random(in: 0..<7, using: &rng))
        case 5..<7: return .clickBack
        case 7..<8: return .backKey
        case 8..<10: return .edgeDrag(distance: Double.random(in: 20...900, using: &rng).rounded(), frames: Int.random(in: 1...20, using: &rng))
        case 10..<12: return .push(animated: animated, reentry: Bool.random(using: &rng) ? .random(using: &rng) : nil)
        case 12..<13: return .pop(animated: animated)
        case 13..<14: return Bool.random(using: &rng) ? .popToRoot(animated: animated)
            : .setStack(depth: Int.random(in: 0...3, using: &rng), animated: animated)
        case 14..<15: return [.inspector, .deeper].randomElement(using: &rng)!
        case 15..<16: return .alert(actionSheet: Bool.random(using: &rng), fields: Int.random(in: 0...1, using: &rng))
        case 16..<17: return .popAndPushBack(afterFrames: Int.random(in: 0...30, using: &rng))
        default: return nil
        }
    }

    var description: String {
        switch self {
        case let .presentScene(name): "present \(name)"
        case let .clickRow(row): "click row \(row)"
        case .clickBack: "click Back"
        case .backKey: "Alt+Left"
        case let .edgeDrag(distance, frames): "drag from the left edge \(Int(distance)) px over \(frames) frames"
        case let .push(animated, reentry): "push a screen from code\(animated ? "" : ", not animated")" + (reentry.map { ", which \($0)" } ?? "")
        case let .pop(animated): "pop from code\(animated ? "" : ", not animated")"
        case let .popAndPushBack(frames): "pop from code and push the popped screen back \(frames) frames later"
        case let .popToRoot(animated): "popToRoot\(animated ? "" : ", not animated")"
        case let .setStack(depth, animated): "setViewControllers with \(depth) screens\(animated ? "" : ", not animated")"
        case .inspector: "click Inspector"
        case .deeper: "click More"
        case let .alert(actionSheet, fields): "present an \(actionSheet ? "action sheet" : "alert") from code" + (fields > 0 ? " with a field" : "")
        }
    }
}

/// A screen the soak pushes from code; it may call the navigation controller again from one of its
/// appearance callbacks.
final class SoakScreen: ViewController {
    /// A call made from inside a callback.
    enum Reentry: CustomStringConvertible {
        case push(in: Callback), pop(in: Callback), popToRoot(in: Callback), dismissScene(in: Callback)
        enum Callback: String, CaseIterable { case viewWillAppear, viewDidAppear, viewWillDisappear, viewDidDisappear }

        static func random(using rng: inout SeededGenerator) -> Reentry {
            let callback = Callback.allCases.randomElement(using: &rng)!
            return [.push(in: callback), .pop(in: callback), .popToRoot(in: callback), .dismissScene(in: callback)].randomElement(using: &rng)!
        }

        var callback: Callback {
            switch self { case let .push(c), let .pop(c), let .popToRoot(c), let .dismissScene(c): c }
        }

        var description: String {
            switch self {
            case let .push(c): "pushes another in \(c.rawValue)"
            case let .pop(c): "pops in \(c.rawValue)"
            case let .popToRoot(c): "pops to the root in \(c.rawValue)"
            case let .dismissScene(c): "dismisses the scene in \(c.rawValue)"
            }
        }
    }

    private var reentry: Reentry?

    init(number: Int, reentry: Reentry?) {
        self.reentry = reentry
        super.init()
        title = "Screen \(number)"
    }

    override func viewDidLoad() {
        view.backgroundColor = .white
        view.identifier = "soak-screen"
    }

    override func viewWillAppear(_ animated: Bool) { super.viewWillAppear(animated); fire(.viewWillAppear) }
    override func viewDidAppear(_ animated: Bool) { super.viewDidAppear(animated); fire(.viewDidAppear) }
    override func viewWillDisappear(_ animated: Bool) { super.viewWillDisappear(animated); fire(.viewWillDisappear) }
    override func viewDidDisappear(_ animated: Bool) { super.viewDidDisappear(animated); fire(.viewDidDisappear) }

    /// Makes the armed call once, from `callback`.
    private func fire(_ callback: Reentry.Callback) {
        guard let reentry, reentry.callback == callback else { return }
        self.reentry = nil
        guard let navigation = navigationController else { return }
        switch reentry {
        case .push: navigation.pushViewController(SoakScreen(number: navigation.viewControllers.count + 1, reentry: nil), animated: true)
        case .pop: navigation.popViewController(animated: true)
        case .popToRoot: navigation.popToRootViewController(animated: true)
        case .dismissScene: navigation.parent?.dismiss(animated: true)
        }
    }
}

extension GallerySoak {
    /// The navigation scene's navigation controller, while the scene is presented.
    var sceneNavigation: NavigationController? {
        window.presentedViewControllers.lazy.flatMap(\.children).compactMap { $0 as? NavigationController }.first
    }

    func perform(_ navigation: SoakNavigation) {
        switch navigation {
        case let .presentScene(name):
            clickView("present-\(name)", twice: false)
        case let .clickRow(row):
            clickView("row-\(["general", "display", "sound", "privacy", "battery", "storage", "about"][row])", twice: false)
        case .clickBack:
            clickView("navigation-back", twice: false)
        case .backKey:
            window.send(.keyDown(.left, modifiers: [.alternate], time: clock.now))
            runFrames(1)
            window.send(.keyUp(.left, modifiers: [.alternate], time: clock.now))
        case let .edgeDrag(distance, frames):
            drag(from: Point(x: 4, y: window.bounds.height / 2), dx: distance, dy: 0, frames: frames)
        case let .push(animated, reentry):
            guard let stack = sceneNavigation else { return notes.append("no navigation scene") }
            stack.pushViewController(SoakScreen(number: stack.viewControllers.count + 1, reentry: reentry), animated: animated)
        case let .pop(animated):
            sceneNavigation?.popViewController(animated: animated)
        case let .popAndPushBack(frames):
            guard let stack = sceneNavigation, let popped = stack.popViewController(animated: true) else { return }
            runFrames(frames)
            // Refused with a warning when the pop is over and the screen went elsewhere; turned around, or
            // queued behind the pop, otherwise.
            if popped.parent == nil || popped.parent === stack { stack.pushViewController(popped, animated: true) }
        case let .popToRoot(animated):
            sceneNavigation?.popToRootViewController(animated: animated)
        case let .setStack(depth, animated):
            guard let stack = sceneNavigation, let root = stack.viewControllers.first else { return }
            let screens = depth == 0 ? [] : [root] + (1..<depth).map { SoakScreen(number: $0 + 1, reentry: nil) }
            stack.setViewControllers(screens, animated: animated)
        case .inspector:
            clickView("show-inspector", twice: false)
        case .deeper:
            clickView("push-deeper", twice: false)
        case let .alert(actionSheet, fields):
            presentAlert(actionSheet: actionSheet, fields: fields)
        }
    }

    /// An alert controller from the top controller: OK (preferred) and Cancel, a field if asked; an action
    /// sheet points at the home screen's counter.
    private func presentAlert(actionSheet: Bool, fields: Int) {
        guard window.presentedViewControllers.count < ProbeWorld.maximumPresented, let top = controller(fromTop: 0),
              !top.isBeingDismissed else { return notes.append("skipped") }
        let alert = AlertController(title: "Soak", message: "From code.", preferredStyle: actionSheet ? .actionSheet : .alert)
        for _ in 0..<fields { alert.addTextField() }
        let ok = AlertAction(title: "OK", style: .default)
        alert.addAction(ok)
        alert.addAction(AlertAction(title: "Cancel", style: .cancel))
        alert.preferredAction = ok
        if actionSheet { alert.popoverPresentationController?.sourceView = window.view(withIdentifier: "counter") }
        top.present(alert, animated: true)
    }
}
