import Proscenium

/// One step of the gallery soak, drawn at random from a seeded generator; its description names it in a
/// failure report.
enum SoakOperation: CustomStringConvertible {
    /// Tap the home screen's button for a scene (it may be covered: then whatever is on top gets it).
    case present(scene: String)
    /// Tap a scene's button, then press Escape after `frames` frames: the presentation turns into a dismissal.
    case presentThenEscape(scene: String, frames: Int)
    /// Press Escape, then present the leaving controller again after `frames` frames.
    case dismissThenPresentAgain(frames: Int)
    /// Tap the presented scene's Dismiss button, if one is on screen.
    case tapDismiss
    /// Click (press and release) at a point of the window; `twice` makes it a double click.
    case click(Point, twice: Bool)
    /// Click the centre of the view with this identifier, if one is in the window.
    case clickView(String, twice: Bool)
    /// Press and release a key.
    case key(Key)
    /// Drag the top of a bottom sheet by `distance` over `frames` frames and let go.
    case dragSheet(distance: Double, frames: Int)
    /// Resize the window through the X server.
    case resize(Size)
    /// Turn reduced motion on or off.
    case setReduceMotion(Bool)
    /// Let `frames` frames pass.
    case wait(frames: Int)

    var description: String {
        switch self {
        case let .present(scene): "present \(scene)"
        case let .presentThenEscape(scene, frames): "present \(scene), Escape after \(frames) frames"
        case let .dismissThenPresentAgain(frames): "Escape, present again after \(frames) frames"
        case .tapDismiss: "tap Dismiss"
        case let .click(point, twice): "\(twice ? "double-click" : "click") at (\(Int(point.x)), \(Int(point.y)))"
        case let .clickView(identifier, twice): "\(twice ? "double-click" : "click") '\(identifier)'"
        case let .key(key): "key \(key)"
        case let .dragSheet(distance, frames): "drag the sheet \(Int(distance)) px over \(frames) frames"
        case let .resize(size): "resize to \(Int(size.width))x\(Int(size.height))"
        case let .setReduceMotion(on): "reduce motion \(on ? "on" : "off")"
        case let .wait(frames): "wait \(frames) frames"
        }
    }

    /// Identifiers worth clicking: home's buttons, the chrome and the presented scenes' controls.
    static let clickTargets = ["counter", "dimming", "passthrough", "presented", "dismiss", "sheet-counter", "backdrop"]
        + ["bouncy", "side-panel", "overlay", "cool", "sheet", "alert"].map { "present-\($0)" }

    /// A random operation; the mix leans on presenting and interrupting, where lifecycles get tangled.
    static func random(scenes: [String], using rng: inout SeededGenerator) -> SoakOperation {
        let scene = scenes.randomElement(using: &rng) ?? "bouncy"
        switch Int.random(in: 0..<100, using: &rng) {
        case 0..<18: return .present(scene: scene)
        case 18..<28: return .presentThenEscape(scene: scene, frames: Int.random(in: 0...30, using: &rng))
        case 28..<36: return .dismissThenPresentAgain(frames: Int.random(in: 0...20, using: &rng))
        case 36..<44: return .tapDismiss
        case 44..<54:
            return .click(Point(x: Double.random(in: 0..<1400, using: &rng), y: Double.random(in: 0..<900, using: &rng)),
                          twice: Bool.random(using: &rng))
        case 54..<66: return .clickView(clickTargets.randomElement(using: &rng)!, twice: Int.random(in: 0..<4, using: &rng) == 0)
        case 66..<76: return .key([.escape, .return, .tab, .space].randomElement(using: &rng)!)
        case 76..<84: return .dragSheet(distance: Double.random(in: -150...450, using: &rng), frames: Int.random(in: 1...20, using: &rng))
        case 84..<91:
            // Half of them around the 640 px boundary, some at the minimum size.
            let width = Bool.random(using: &rng) ? Double.random(in: 560...720, using: &rng).rounded()
                : [480.0, 800, 1280, 1400].randomElement(using: &rng)!
            let height: Double = [480, 600, 800, 900].randomElement(using: &rng)!
            return .resize(Size(width: width, height: height))
        case 91..<94: return .setReduceMotion(Bool.random(using: &rng))
        default: return .wait(frames: Int.random(in: 1...60, using: &rng))
        }
    }
}
