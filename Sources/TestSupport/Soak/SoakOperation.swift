import Proscenium

/// Where a press of a split touch lands.
enum TouchTarget: Sendable, CustomStringConvertible {
    /// The grabber at the top edge of the topmost bottom sheet in the window.
    case sheetGrabber
    /// The centre of the view with this identifier.
    case view(String)
    /// A point of the window.
    case point(Point)

    var description: String {
        switch self {
        case .sheetGrabber: "the top sheet's grabber"
        case let .view(identifier): "'\(identifier)'"
        case let .point(point): "(\(Int(point.x)), \(Int(point.y)))"
        }
    }
}

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

    // MARK: Split touches: the press, each move and the release are operations of their own.

    /// Press the primary button (a held press is released first) and hold it.
    case press(TouchTarget)
    /// Move the held press by (`dx`, `dy`) in `steps` steps one frame apart; nothing when none is held.
    case move(dx: Double, dy: Double, steps: Int)
    /// Release the held press where it is.
    case release

    // MARK: Calls from code, and re-entrant ones

    /// `present` a new probe controller from the controller `fromTop` places below the top of the window's
    /// stack (the root at the bottom; the top one even while it is being dismissed).
    case presentProbe(ProbeSpec, fromTop: Int, animated: Bool)
    /// `dismiss` from the controller `fromTop` places below the top, its completion armed with `reentry`.
    case dismissFromCode(fromTop: Int, animated: Bool, completion: ReentryAction?)
    /// Arm the probe `fromTop` places below the top to call `present`/`dismiss` from inside one of its callbacks.
    case arm(fromTop: Int, Reentry)
    /// `updateAdaptivePresentation(animated:)` on the presentation `fromTop` places below the top.
    case adapt(fromTop: Int, animated: Bool)
    /// Replace `window.rootViewController` with a probe root (the home screen comes back after
    /// `forOperations` operations), or put the home screen back.
    case replaceRoot(forOperations: Int)
    /// With a bottom sheet probe above another presentation: drag the sheet below its smallest detent
    /// (an interactive dismissal), dismiss the presentation below it (Escape or code) while the finger is
    /// down, then drag back up and release: the interactive dismissal is cancelled while the one below waits.
    case cancelDragOverWaitingDismissal(byEscape: Bool, frames: Int)

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
        case let .press(target): "press on \(target) and hold"
        case let .move(dx, dy, steps): "move the held press by (\(Int(dx)), \(Int(dy))) in \(steps) steps"
        case .release: "release the held press"
        case let .presentProbe(spec, fromTop, animated):
            "present a probe (\(spec)) from \(Self.level(fromTop))\(animated ? "" : ", not animated")"
        case let .dismissFromCode(fromTop, animated, completion):
            "dismiss from \(Self.level(fromTop))\(animated ? "" : ", not animated")" + (completion.map { ", completion: \($0)" } ?? "")
        case let .arm(fromTop, reentry): "arm \(Self.level(fromTop)): \(reentry)"
        case let .adapt(fromTop, animated): "updateAdaptivePresentation(animated: \(animated)) of \(Self.level(fromTop))"
        case let .replaceRoot(operations): "replace the root controller (home back after \(operations) operations)"
        case let .cancelDragOverWaitingDismissal(byEscape, frames):
            "drag a sheet below its smallest detent, dismiss below it by \(byEscape ? "Escape" : "code"), drag back and release over \(frames) frames"
        }
    }

    private static func level(_ fromTop: Int) -> String {
        fromTop == 0 ? "the top controller" : "the controller \(fromTop) below the top"
    }

    /// Identifiers worth clicking: home's buttons, the chrome and the presented scenes' controls.
    static let clickTargets = ["counter", "dimming", "passthrough", "presented", "dismiss", "sheet-counter", "backdrop",
                               "probe", "probe-present", "grabber", "swatch", "name-field", "cancel", "rename"]
        + ["bouncy", "side-panel", "overlay", "cool", "sheet", "alert", "rename"].map { "present-\($0)" }

    /// A random size: half of them around the 640 px boundary, some at the minimum size.
    static func randomSize(using rng: inout SeededGenerator) -> Size {
        let width = Bool.random(using: &rng) ? Double.random(in: 560...720, using: &rng).rounded()
            : [480.0, 800, 1280, 1400].randomElement(using: &rng)!
        let height: Double = [480, 600, 800, 900].randomElement(using: &rng)!
        return Size(width: width, height: height)
    }

    /// A random operation; the mix leans on presenting and interrupting, where lifecycles get tangled, and
    /// splits touches so that everything else happens while a press is held.
    static func random(scenes: [String], using rng: inout SeededGenerator) -> SoakOperation {
        let scene = scenes.randomElement(using: &rng) ?? "bouncy"
        switch Int.random(in: 0..<100, using: &rng) {
        case 0..<11: return .present(scene: scene)
        case 11..<17: return .presentThenEscape(scene: scene, frames: Int.random(in: 0...30, using: &rng))
        case 17..<22: return .dismissThenPresentAgain(frames: Int.random(in: 0...20, using: &rng))
        case 22..<27: return .tapDismiss
        case 27..<33:
            return .click(Point(x: Double.random(in: 0..<1400, using: &rng), y: Double.random(in: 0..<900, using: &rng)),
                          twice: Bool.random(using: &rng))
        case 33..<41: return .clickView(clickTargets.randomElement(using: &rng)!, twice: Int.random(in: 0..<4, using: &rng) == 0)
        case 41..<48: return .key([.escape, .escape, .return, .tab, .space].randomElement(using: &rng)!)
        case 48..<52: return .dragSheet(distance: Double.random(in: -150...450, using: &rng), frames: Int.random(in: 1...20, using: &rng))
        case 52..<59: return .resize(randomSize(using: &rng))
        case 59..<61: return .setReduceMotion(Bool.random(using: &rng))
        case 61..<64: return .wait(frames: Int.random(in: 1...60, using: &rng))
        case 64..<70:
            switch Int.random(in: 0..<10, using: &rng) {
            case 0..<4: return .press(.sheetGrabber)
            case 4..<7: return .press(.view(clickTargets.randomElement(using: &rng)!))
            default: return .press(.point(Point(x: Double.random(in: 0..<1400, using: &rng), y: Double.random(in: 0..<900, using: &rng))))
            }
        case 70..<77:
            return .move(dx: Double.random(in: -60...60, using: &rng).rounded(), dy: Double.random(in: -120...240, using: &rng).rounded(),
                         steps: Int.random(in: 1...6, using: &rng))
        case 77..<80: return .release
        case 80..<89:
            return .presentProbe(.random(using: &rng), fromTop: Int.random(in: 0..<3, using: &rng) == 0 ? 1 : 0,
                                 animated: Int.random(in: 0..<5, using: &rng) != 0)
        case 89..<92:
            return .dismissFromCode(fromTop: Int.random(in: 0...2, using: &rng), animated: Int.random(in: 0..<4, using: &rng) != 0,
                                    completion: Bool.random(using: &rng) ? .random(using: &rng) : nil)
        case 92..<95: return .arm(fromTop: Int.random(in: 0...2, using: &rng), .random(using: &rng))
        case 95..<97: return .adapt(fromTop: Int.random(in: 0...1, using: &rng), animated: Bool.random(using: &rng))
        case 97..<98: return .replaceRoot(forOperations: Int.random(in: 1...8, using: &rng))
        case 98..<99: return .cancelDragOverWaitingDismissal(byEscape: Bool.random(using: &rng), frames: Int.random(in: 1...12, using: &rng))
        default: return .wait(frames: Int.random(in: 1...20, using: &rng))
        }
    }
}

/// An operation and the frames that run after it, both drawn from the seed alone (never from what the
/// window does), so that any subset of a run's operations replays the same way.
struct SoakStep {
    let operation: SoakOperation
    let framesAfter: Int

    static func random(scenes: [String], using rng: inout SeededGenerator) -> SoakStep {
        let operation = SoakOperation.random(scenes: scenes, using: &rng)
        return SoakStep(operation: operation, framesAfter: Int.random(in: 0...8, using: &rng))
    }
}
