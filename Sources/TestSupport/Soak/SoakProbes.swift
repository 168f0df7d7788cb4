import Proscenium

/// What the soak's probes share: the window, the home screen, the probe root while it replaces the home
/// screen, the problems the probes saw and the re-entrant calls they made during the current operation.
@MainActor final class ProbeWorld {
    /// Presentations the probes stop adding at: a stack this deep is deep enough.
    static let maximumPresented = 6

    weak var window: Proscenium.Window?
    weak var home: ViewController?
    /// The probe root while it is the window's root controller (held here; the window holds it too).
    private(set) var probeRoot: ProbeController?
    /// The operation that made the probe root the window's root, to put the home screen back later.
    private(set) var rootReplacedAt: Int?
    /// How many operations the probe root stays the root before the soak puts the home screen back.
    var rootHold = 3
    /// The operation running now.
    var currentOperation = 0
    /// Armed hooks fire only while this is true; the soak's final clean-up turns it off.
    var armingEnabled = true
    /// Problems the probes found themselves (a hook run with a nil containerView).
    var problems: [String] = []
    /// The re-entrant calls made during the current operation, for the failure report.
    var notes: [String] = []
    private var nextNumber = 0
    private var buttonPresents = 0
    private var isSwappingRoot = false

    init(window: Proscenium.Window, home: ViewController) {
        self.window = window
        self.home = home
    }

    // MARK: - Presenting probes

    /// A new probe for `spec`, armed with its re-entry.
    func makeProbe(_ spec: ProbeSpec) -> ProbeController {
        nextNumber += 1
        let probe = ProbeController(number: nextNumber, spec: spec, world: self)
        probe.armed = spec.reentry
        return probe
    }

    /// Presents a new probe for `spec` from `presenter`, configured the UIKit way (the presentation
    /// controller's delegate set before `present`); its completion is the probe's `presentCompletion` hook.
    @discardableResult
    func present(_ spec: ProbeSpec, from presenter: ViewController, animated: Bool) -> ProbeController {
        let probe = makeProbe(spec)
        present(probe, from: presenter, animated: animated)
        return probe
    }

    /// Presents `probe` (new, or presented before) from `presenter`.
    func present(_ probe: ProbeController, from presenter: ViewController, animated: Bool) {
        probe.lastPresenter = presenter
        let alreadyPresented = probe.presentingViewController != nil
        if !alreadyPresented {
            switch probe.spec.style {
            case let .builtIn(style):
                probe.modalPresentationStyle = style
                if let controller = probe.presentationController { configure(controller, for: probe) }
            case let .hooked(chrome):
                probe.modalPresentationStyle = .custom
                let transitions = ProbeTransitions(world: self, chrome: chrome)
                probe.transitions = transitions
                probe.transitioningDelegate = transitions
            }
        }
        presenter.present(probe, animated: animated) { [weak probe] in probe?.fire(.presentCompletion) }
        // Also the other idiom (the gallery's sheet does it): the delegate set right after `present`.
        if !alreadyPresented, probe.presentingViewController != nil, let controller = probe.presentationController,
           controller.delegate == nil {
            configure(controller, for: probe)
        }
    }

    /// The probes' own "present" button: an unarmed probe over `probe`.
    func presentFromButton(_ probe: ProbeController) {
        guard (window?.presentedViewControllers.count ?? 0) < Self.maximumPresented else { return }
        buttonPresents += 1
        present(.plain(buttonPresents), from: probe, animated: true)
    }

    /// Gives `controller` the probe's delegates and, for sheets and popovers, their configuration.
    func configure(_ controller: PresentationController, for probe: ProbeController) {
        controller.delegate = probe.delegate
        if let sheet = controller as? BottomSheetPresentationController {
            sheet.detents = probe.spec.twoDetents ? [.medium(), .large()] : []
            sheet.largestUndimmedDetentIdentifier = probe.spec.undimmedMedium ? .medium : nil
            sheet.prefersGrabberVisible = true
            sheet.sheetDelegate = probe.delegate
        }
        if let popover = controller as? PopoverPresentationController {
            popover.sourceView = probe.lastPresenter?.viewIfLoaded?.view(withIdentifier: "dismiss")
                ?? probe.lastPresenter?.viewIfLoaded
        }
    }

    /// One of the soak's presentation controllers, configured for `presented` (a probe).
    func makePresentationController(_ chrome: ProbeChrome, presented: ViewController,
                                    presenting: ViewController?) -> PresentationController {
        let controller: PresentationController = switch chrome {
        case .plain: ProbePlainPresentationController(presentedViewController: presented, presenting: presenting)
        case .fullScreen: ProbeFullScreenPresentationController(presentedViewController: presented, presenting: presenting)
        case .formSheet: ProbeFormSheetPresentationController(presentedViewController: presented, presenting: presenting)
        case .sheet: ProbeSheetPresentationController(presentedViewController: presented, presenting: presenting)
        case .popover: ProbePopoverPresentationController(presentedViewController: presented, presenting: presenting)
        case .alert: ProbeAlertPresentationController(presentedViewController: presented, presenting: presenting)
        }
        if let probe = presented as? ProbeController { configure(controller, for: probe) }
        return controller
    }

    static func chrome(for style: ModalPresentationStyle) -> ProbeChrome {
        switch style {
        case .fullScreen, .none: .fullScreen
        case .formSheet: .formSheet
        case .bottomSheet: .sheet
        case .popover: .popover
        case .alert: .alert
        case .overFullScreen, .custom: .plain
        }
    }

    // MARK: - Re-entrant actions

    /// Runs `action` from inside a hook of `probe`.
    func perform(_ action: ReentryAction, for probe: ProbeController) {
        perform(action, for: probe, presenter: probe.presentingViewController ?? probe.lastPresenter)
    }

    /// Runs `action` for `controller` (a probe, or a gallery scene whose dismissal completion runs it),
    /// presented by `presenter`.
    func perform(_ action: ReentryAction, for controller: ViewController, presenter: ViewController?) {
        switch action {
        case let .dismissSelf(animated):
            controller.dismiss(animated: animated) { [weak controller] in (controller as? ProbeController)?.fire(.dismissCompletion) }
        case let .dismissFromPresenter(animated):
            presenter?.dismiss(animated: animated) { [weak controller] in (controller as? ProbeController)?.fire(.dismissCompletion) }
        case let .presentChild(style, animated):
            guard (window?.presentedViewControllers.count ?? 0) < Self.maximumPresented else { return }
            present(ProbeSpec(style: style), from: controller, animated: animated)
        case let .presentAgain(animated):
            guard let presenter else { return }
            if let probe = controller as? ProbeController {
                present(probe, from: presenter, animated: animated)
            } else {
                presenter.present(controller, animated: animated)
            }
        case .replaceRoot:
            // Not from inside the swap itself (the roots' appearance callbacks run in the setter).
            guard !isSwappingRoot else { return }
            toggleRoot()
        }
    }

    // MARK: - The root controller

    /// Makes a new probe root the window's root controller, or puts the home screen back.
    func toggleRoot() {
        guard let window else { return }
        if window.rootViewController !== home {
            restoreRoot()
            return
        }
        nextNumber += 1
        let root = ProbeController(number: nextNumber, spec: ProbeSpec(style: .builtIn(.fullScreen)), world: self, isRoot: true)
        probeRoot = root
        rootReplacedAt = currentOperation
        isSwappingRoot = true
        window.rootViewController = root
        isSwappingRoot = false
    }

    /// Puts the home screen back as the window's root controller.
    func restoreRoot() {
        guard let window, let home, window.rootViewController !== home else { return }
        isSwappingRoot = true
        window.rootViewController = home
        isSwappingRoot = false
        probeRoot = nil
        rootReplacedAt = nil
    }

    /// The probe root, if it has been the root for `operations` operations or more.
    func rootReplaced(forAtLeast operations: Int) -> Bool {
        rootReplacedAt.map { currentOperation - $0 >= operations } ?? false
    }

    /// Arms `controller` (a probe or the probe root) with `reentry`; false for a controller that is no probe.
    func arm(_ controller: ViewController, with reentry: Reentry) -> Bool {
        guard let probe = controller as? ProbeController else { return false }
        probe.armed = reentry
        return true
    }
}

/// A presented controller the soak owns: it has a Dismiss button and a button that presents another
/// probe, and, when armed, calls `present` or `dismiss` from inside one of its callbacks (its appearance
/// callbacks, its presentation controller's hooks, completions, its delegates). Also the probe root that
/// replaces the home screen as the window's root controller.
@MainActor final class ProbeController: ViewController {
    let number: Int
    let spec: ProbeSpec
    let isRoot: Bool
    weak var world: ProbeWorld?
    /// The hook armed now and what to do in it; cleared when it fires.
    var armed: Reentry?
    /// The controller that presented it last, kept after the dismissal (to present it again).
    weak var lastPresenter: ViewController?
    /// Its adaptive and sheet delegate (held here: presentation controllers hold delegates weakly).
    let delegate: ProbeDelegate
    /// Its transitioning delegate, for the hooked styles (held here: `transitioningDelegate` is weak).
    var transitions: ProbeTransitions?

    init(number: Int, spec: ProbeSpec, world: ProbeWorld, isRoot: Bool = false) {
        self.number = number
        self.spec = spec
        self.isRoot = isRoot
        self.world = world
        delegate = ProbeDelegate(compact: spec.compactStyle, regular: spec.regularStyle, refuses: spec.refusesUserDismissal)
        super.init()
        delegate.probe = self
        preferredContentSize = Size(width: 360, height: 280)
    }

    var name: String { isRoot ? "probe root #\(number)" : "probe #\(number) (\(spec.style))" }

    override func viewDidLoad() {
        view.identifier = isRoot ? "probe-root" : "probe"
        let shades: [UInt32] = [0xFFD8A8, 0xB2F2BB, 0xA5D8FF, 0xEEBEFA, 0xFFEC99]
        view.backgroundColor = Color(hex: shades[number % shades.count])
        let dismissButton = Button(title: "Dismiss") { [weak self] _ in self?.dismiss(animated: true) }
        dismissButton.identifier = "dismiss"
        let presentButton = Button(title: "Present") { [weak self] _ in
            guard let self else { return }
            world?.presentFromButton(self)
        }
        presentButton.identifier = "probe-present"
        view.addSubview(dismissButton)
        view.addSubview(presentButton)
    }

    override func viewDidLayoutSubviews() {
        let width = min(200, max(0, view.bounds.width - 40))
        let subviews = view.subviews.filter { $0.identifier == "dismiss" || $0.identifier == "probe-present" }
        for (index, button) in subviews.enumerated() {
            button.frame = Rect(x: 20, y: 40 + Double(index) * 48, width: width, height: 40)
        }
    }

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        fire(.viewWillAppear)
    }

    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        fire(.viewDidAppear)
    }

    override func viewWillDisappear(_ animated: Bool) {
        super.viewWillDisappear(animated)
        fire(.viewWillDisappear)
    }

    override func viewDidDisappear(_ animated: Bool) {
        super.viewDidDisappear(animated)
        fire(.viewDidDisappear)
    }

    /// Runs the armed action if `hook` is the armed one (once).
    func fire(_ hook: ReentryHook) {
        guard let world, world.armingEnabled, let reentry = armed, reentry.hook == hook else { return }
        armed = nil
        world.notes.append("\(name) ran \(reentry)")
        world.perform(reentry.action, for: self)
    }
}
