import Proscenium

/// A callback in which a soak probe may call back into the presentation API (see `ProbeController`).
enum ReentryHook: String, CaseIterable, Sendable {
    // The probe controller's appearance callbacks.
    case viewWillAppear, viewDidAppear, viewWillDisappear, viewDidDisappear
    // Its presentation controller's transition hooks (probes with a soak-made presentation controller).
    case presentationTransitionWillBegin, presentationTransitionDidEnd, dismissalTransitionWillBegin, dismissalTransitionDidEnd
    // The completion blocks of the soak's `present` and `dismiss` calls.
    case presentCompletion, dismissCompletion
    // The adaptive delegate and the sheet delegate.
    case adaptiveStyle, shouldDismiss, didAttemptToDismiss, willDismiss, didDismiss, detentChanged
}

/// What a probe does from inside a hook: the calls an app makes from its callbacks.
enum ReentryAction: Sendable, CustomStringConvertible {
    /// `probe.dismiss(animated:)`: dismisses what it presents, else itself.
    case dismissSelf(animated: Bool)
    /// `probe.presentingViewController.dismiss(animated:)` (the presenter it had, if the presentation is over).
    case dismissFromPresenter(animated: Bool)
    /// `probe.present(newProbe, animated:)`.
    case presentChild(ProbeStyle, animated: Bool)
    /// `presenter.present(probe, animated:)` again: turns a dismissal back, or presents it anew.
    case presentAgain(animated: Bool)
    /// `window.rootViewController` swapped between the home screen and a probe root.
    case replaceRoot

    var description: String {
        switch self {
        case let .dismissSelf(animated): "dismiss(animated: \(animated))"
        case let .dismissFromPresenter(animated): "presenter.dismiss(animated: \(animated))"
        case let .presentChild(style, animated): "present(a \(style) probe, animated: \(animated))"
        case let .presentAgain(animated): "presenter.present(itself again, animated: \(animated))"
        case .replaceRoot: "replace window.rootViewController"
        }
    }

    static func random(using rng: inout SeededGenerator) -> ReentryAction {
        let animated = Int.random(in: 0..<4, using: &rng) != 0
        switch Int.random(in: 0..<100, using: &rng) {
        case 0..<25: return .dismissSelf(animated: animated)
        case 25..<50: return .dismissFromPresenter(animated: animated)
        case 50..<75: return .presentChild(.random(using: &rng), animated: animated)
        case 75..<92: return .presentAgain(animated: animated)
        default: return .replaceRoot
        }
    }
}

/// A hook armed with the action to run in it (once).
struct Reentry: Sendable, CustomStringConvertible {
    var hook: ReentryHook
    var action: ReentryAction

    var description: String { "\(action) in \(hook.rawValue)" }

    static func random(using rng: inout SeededGenerator) -> Reentry {
        Reentry(hook: ReentryHook.allCases.randomElement(using: &rng)!, action: .random(using: &rng))
    }
}

/// The presentation controller classes the soak makes itself (subclasses of the built-in ones whose
/// transition hooks call back into the API when armed).
enum ProbeChrome: String, CaseIterable, Sendable {
    case plain, fullScreen, formSheet, sheet, popover, alert
}

/// How a probe is presented: a built-in style (the toolkit makes the presentation controller), or
/// `.custom` with one of the soak's own presentation controllers, whose hooks can be armed.
enum ProbeStyle: Sendable, CustomStringConvertible {
    case builtIn(ModalPresentationStyle)
    case hooked(ProbeChrome)

    var description: String {
        switch self {
        case let .builtIn(style): "\(style)"
        case let .hooked(chrome): "hooked \(chrome.rawValue)"
        }
    }

    static let builtInStyles: [ModalPresentationStyle] = [.fullScreen, .overFullScreen, .formSheet, .bottomSheet, .popover, .alert]

    static func random(using rng: inout SeededGenerator) -> ProbeStyle {
        Bool.random(using: &rng) ? .builtIn(builtInStyles.randomElement(using: &rng)!)
            : .hooked(ProbeChrome.allCases.randomElement(using: &rng)!)
    }
}

/// Everything about a probe to present, drawn from the soak's generator.
struct ProbeSpec: Sendable, CustomStringConvertible {
    var style: ProbeStyle
    /// The adaptive delegate's answers below and from 640 px of width; both nil: it keeps the style.
    var compactStyle: ModalPresentationStyle?
    var regularStyle: ModalPresentationStyle?
    /// Armed at once, before the presentation starts.
    var reentry: Reentry?
    /// The adaptive delegate refuses dismissals the user asks for.
    var refusesUserDismissal = false
    /// Sheets: medium and large detents (else the single default), and undimmed up to medium.
    var twoDetents = false
    var undimmedMedium = false

    var description: String {
        var parts = ["\(style)"]
        if compactStyle != nil || regularStyle != nil {
            parts.append("adapting to \(compactStyle.map { "\($0)" } ?? "nil")/\(regularStyle.map { "\($0)" } ?? "nil")")
        }
        if refusesUserDismissal { parts.append("refusing user dismissal") }
        if twoDetents { parts.append("2 detents") }
        if undimmedMedium { parts.append("undimmed to medium") }
        if let reentry { parts.append("armed: \(reentry)") }
        return parts.joined(separator: ", ")
    }

    /// A probe as the probes' own "present" button makes it: unarmed, its style chosen by a counter.
    static func plain(_ counter: Int) -> ProbeSpec {
        let styles: [ProbeStyle] = [.builtIn(.formSheet), .hooked(.sheet), .builtIn(.popover), .hooked(.fullScreen),
                                    .builtIn(.bottomSheet), .hooked(.alert), .builtIn(.overFullScreen)]
        return ProbeSpec(style: styles[counter % styles.count], twoDetents: counter % 2 == 0)
    }

    static func random(using rng: inout SeededGenerator) -> ProbeSpec {
        var spec = ProbeSpec(style: .random(using: &rng))
        if Bool.random(using: &rng) {
            spec.compactStyle = [.bottomSheet, .fullScreen, .formSheet, nil].randomElement(using: &rng)!
            spec.regularStyle = [.popover, .formSheet, .overFullScreen, nil].randomElement(using: &rng)!
        }
        spec.refusesUserDismissal = Int.random(in: 0..<10, using: &rng) == 0
        spec.twoDetents = Int.random(in: 0..<10, using: &rng) < 6
        spec.undimmedMedium = Bool.random(using: &rng)
        if Int.random(in: 0..<10, using: &rng) < 8 {
            spec.reentry = Reentry(hook: spec.applicableHooks.randomElement(using: &rng)!, action: .random(using: &rng))
        }
        return spec
    }

    /// The hooks this probe can reach: its presentation controller's only when the soak made it, the
    /// adaptive one only when it adapts, a refused dismissal's only when it refuses, the detent one only
    /// for a sheet.
    var applicableHooks: [ReentryHook] {
        var hooks: [ReentryHook] = [.viewWillAppear, .viewDidAppear, .viewWillDisappear, .viewDidDisappear,
                                    .presentCompletion, .dismissCompletion, .shouldDismiss, .willDismiss, .didDismiss]
        let adapts = compactStyle != nil || regularStyle != nil
        if case .hooked = style {
            hooks += [.presentationTransitionWillBegin, .presentationTransitionDidEnd, .dismissalTransitionWillBegin,
                      .dismissalTransitionDidEnd]
        } else if adapts {
            // Adaptation hosts it in one of the soak's presentation controllers.
            hooks += [.presentationTransitionWillBegin, .dismissalTransitionDidEnd]
        }
        if adapts { hooks += [.adaptiveStyle, .adaptiveStyle] }
        if refusesUserDismissal { hooks += [.didAttemptToDismiss, .didAttemptToDismiss] }
        var sheet = compactStyle == .bottomSheet
        switch style {
        case .builtIn(.bottomSheet), .hooked(.sheet): sheet = true
        default: break
        }
        if sheet { hooks += [.detentChanged, .detentChanged] }
        return hooks
    }
}
