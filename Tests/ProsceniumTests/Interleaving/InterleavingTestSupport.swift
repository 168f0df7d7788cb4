@testable import Proscenium
import Testing

/// Records a window's presentation events as "kind(completed)" strings, per presented controller name.
@MainActor final class EventRecorder {
    private(set) var events: [String] = []

    init(_ window: Window) {
        window.presentationObserver = { [unowned self] event in
            let name = (event.controller as? LoggingViewController)?.name ?? (event.controller as? ReentrantViewController)?.name
                ?? "\(type(of: event.controller))"
            events.append("\(name).\(event.kind.rawValue)" + (event.completed.map { "(\($0))" } ?? ""))
        }
    }
}

extension PresentationFixture {
    /// Runs frames until nothing animates, checking the window's invariants after every one; returns
    /// every problem seen, each with the frame it was seen at.
    @discardableResult
    func runCheckingEveryFrame(limit: Double = 10) -> [String] {
        var problems: [String] = []
        let end = clock.now + limit
        var frame = 0
        repeat {
            window.setNeedsFrame()
            clock.step()
            frame += 1
            problems += window.consistencyProblems().map { "frame \(frame): \($0)" }
        } while clock.now < end && (window.animationEngine.hasRunningAnimations || window.presentations.contains { $0.transition != nil })
        return problems
    }

    /// Runs `count` frames, checking the invariants after each; returns the problems seen.
    func framesChecking(_ count: Int) -> [String] {
        var problems: [String] = []
        for _ in 0..<count {
            frames(1)
            problems += window.consistencyProblems()
        }
        return problems
    }
}

/// A view controller whose appearance callbacks run a block once, to call back into the API.
@MainActor final class ReentrantViewController: ViewController {
    let name: String
    let log: ProbeLog
    var onWillAppear: (@MainActor (ReentrantViewController) -> Void)?
    var onDidAppear: (@MainActor (ReentrantViewController) -> Void)?
    var onWillDisappear: (@MainActor (ReentrantViewController) -> Void)?
    var onDidDisappear: (@MainActor (ReentrantViewController) -> Void)?

    init(_ name: String, log: ProbeLog) {
        self.name = name
        self.log = log
        super.init()
    }

    override func viewDidLoad() { view.backgroundColor = .white }

    override func viewWillAppear(_ animated: Bool) { called("viewWillAppear", &onWillAppear) }
    override func viewDidAppear(_ animated: Bool) { called("viewDidAppear", &onDidAppear) }
    override func viewWillDisappear(_ animated: Bool) { called("viewWillDisappear", &onWillDisappear) }
    override func viewDidDisappear(_ animated: Bool) { called("viewDidDisappear", &onDidDisappear) }

    /// Logs `callback` and runs its block once.
    private func called(_ callback: String, _ block: inout (@MainActor (ReentrantViewController) -> Void)?) {
        log.entries.append("\(name).\(callback)")
        let action = block
        block = nil
        action?(self)
    }
}

/// A dimming presentation controller that runs a block once from a chosen hook, and notes whether any
/// hook ran without a container.
@MainActor final class ReentrantPresentationController: DimmingPresentationController {
    enum Hook: CaseIterable { case presentationWillBegin, presentationDidEnd, dismissalWillBegin, dismissalDidEnd }
    var hook: Hook?
    var action: (@MainActor () -> Void)?
    private(set) var hooksWithoutContainer: [Hook] = []

    override var frameOfPresentedViewInContainerView: Rect { (containerView?.bounds ?? .zero).insetBy(dx: 30, dy: 30) }

    private func ran(_ which: Hook) {
        if containerView == nil { hooksWithoutContainer.append(which) }
        guard hook == which, let action else { return }
        self.action = nil
        action()
    }

    override func presentationTransitionWillBegin() {
        super.presentationTransitionWillBegin()
        ran(.presentationWillBegin)
    }
    override func presentationTransitionDidEnd(_ completed: Bool) {
        super.presentationTransitionDidEnd(completed)
        ran(.presentationDidEnd)
    }
    override func dismissalTransitionWillBegin() {
        super.dismissalTransitionWillBegin()
        ran(.dismissalWillBegin)
    }
    override func dismissalTransitionDidEnd(_ completed: Bool) {
        super.dismissalTransitionDidEnd(completed)
        ran(.dismissalDidEnd)
    }
}

/// Vends a `ReentrantPresentationController` and optional animators.
@MainActor final class ReentrantTransitions: TransitioningDelegate {
    var presentationAnimator: AnimatedTransitioning?
    var dismissalAnimator: AnimatedTransitioning?
    weak var controller: ReentrantPresentationController?
    var configure: (@MainActor (ReentrantPresentationController) -> Void)?

    func presentationController(forPresented presented: ViewController, presenting: ViewController?,
                                source: ViewController) -> PresentationController? {
        let made = ReentrantPresentationController(presentedViewController: presented, presenting: presenting)
        configure?(made)
        controller = made
        return made
    }
    func animationController(forPresented presented: ViewController, presenting: ViewController,
                             source: ViewController) -> AnimatedTransitioning? { presentationAnimator }
    func animationController(forDismissed dismissed: ViewController) -> AnimatedTransitioning? { dismissalAnimator }
}

/// Whether each viewWill… in `entries` for `name` is followed by its viewDid… before the next viewWill…,
/// and the last one is ended: the appearance callbacks are balanced.
@MainActor func appearanceCallbacksAreBalanced(_ entries: [String], for name: String) -> Bool {
    var open: String?
    for entry in entries where entry.hasPrefix("\(name).view") {
        let callback = String(entry.dropFirst(name.count + 1))
        if callback.hasPrefix("viewWill") {
            open = callback
        } else if let will = open {
            let expected = "viewDid" + will.dropFirst("viewWill".count)
            if callback != expected { return false }
            open = nil
        } else {
            return false
        }
    }
    return open == nil
}
