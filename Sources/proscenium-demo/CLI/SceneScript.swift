import ArgumentParser
import Proscenium
import ProsceniumGallery

/// What `--dismiss-at` and `--present-at` ask for, in time order: dismissals and presentations of the scene
/// at given times, so a run can interrupt a transition at a chosen moment (a dismissal while the scene
/// comes in turns it around; a presentation while it leaves brings it back).
@MainActor struct SceneScript {
    /// One scripted step.
    enum Step {
        /// Dismisses the top presented controller, as its Dismiss button does.
        case dismiss
        /// Presents the scene: the controller being dismissed again if there is one, else a new one.
        case present
    }

    /// The steps and their times (seconds), in time order; steps at the same time keep the order
    /// dismissals, then presentations.
    let steps: [(time: Double, step: Step)]

    init(dismissAt: [Double], presentAt: [Double]) {
        let all = dismissAt.map { ($0, Step.dismiss) } + presentAt.map { ($0, Step.present) }
        steps = all.enumerated().sorted { ($0.element.0, $0.offset) < ($1.element.0, $1.offset) }.map(\.element)
    }

    /// Whether there is nothing to do.
    var isEmpty: Bool { steps.isEmpty }

    /// Runs `step` on the gallery whose home screen is `home`; `scene` is the scene to present.
    static func perform(_ step: Step, home: HomeViewController, scene: String) {
        switch step {
        case .dismiss:
            var top = home.presentedViewController
            while let above = top?.presentedViewController { top = above }
            top?.dismiss(animated: true)
        case .present:
            if let presented = home.presentedViewController, presented.isBeingDismissed {
                home.present(presented, animated: true)
            } else {
                home.presentScene(named: scene)
            }
        }
    }
}

/// `--inject-fault` values: a broken state planted after the first frame, for `--self-check` to find.
enum InjectedFault: String, CaseIterable, Sendable {
    /// A dimming view added straight to the window, outside every presentation.
    case strayDimming = "stray-dimming"

    static var validNames: String { allCases.map(\.rawValue).joined(separator: ", ") }

    static func parse(_ text: String) throws -> InjectedFault {
        guard let fault = InjectedFault(rawValue: text) else {
            throw ValidationError("unknown fault '\(text)'; valid faults: \(validNames)")
        }
        return fault
    }

    /// Plants the fault in `window`.
    @MainActor func plant(in window: Window) {
        switch self {
        case .strayDimming:
            let dimming = DimmingView()
            dimming.alpha = 0.2
            dimming.frame = window.bounds
            window.addSubview(dimming)
        }
    }
}
