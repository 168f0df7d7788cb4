import Proscenium
import ProsceniumGallery

/// Turns what happens in the window into event-log lines: `ready` after the first frame, `transition` and
/// `adapt` from the window's presentation observer (and `transition` with a `kind` for the navigation
/// scene's pushes and pops), `tap` from its control-action observer, `scroll` when
/// what moves a scroll view changes (dragging, decelerating, animating, ended), `resize`
/// and `tree` once the frame that shows a change has been drawn, and `sync` when a window manager's
/// live-resize step has been answered.
@MainActor final class EventReporter {
    private let log: EventLog
    private let window: Window
    private var loggedSize: Size?
    private var treePending = false
    /// Called with every presentation event after it is logged (the continuous-animation mode uses it).
    var presentationEvent: (@MainActor (PresentationEvent) -> Void)?
    /// The reference model of the window's stack `--self-check` compares the window with, stepped by
    /// every presentation event.
    var model: PresentationStackModel?

    init(log: EventLog, window: Window) {
        self.log = log
        self.window = window
        window.presentationObserver = { [weak self] event in self?.report(event) }
        window.controlActionObserver = { [weak self] control in
            self?.log.write("tap", ["view": .text(control.identifier ?? "")])
        }
        window.scrollObserver = { [weak self] scrollView, phase in
            let offset = scrollView.contentOffset
            self?.log.write("scroll", ["view": .text(scrollView.identifier ?? ""), "x": .number(offset.x),
                                       "y": .number(offset.y), "phase": .text(phase.rawValue)])
        }
    }

    /// A push or pop of the navigation scene: a `transition` line with its kind, as presentations have.
    func reportNavigation(_ event: NavigationEvent) {
        let phase = LogValue.text(event.phase.rawValue), kind = LogValue.text(event.kind.rawValue)
        let controller = LogValue.text(event.controller)
        if let completed = event.completed {
            log.write("transition", ["phase": phase, "kind": kind, "controller": controller, "completed": .bool(completed)])
            treePending = true
        } else {
            log.write("transition", ["phase": phase, "kind": kind, "controller": controller])
        }
    }

    /// A scene submitted `text` (the rename alert's field on Rename): one `text` line with it, as UTF-8.
    func reportText(_ text: String, scene: String) {
        log.write("text", ["controller": .text(scene), "text": .text(text)])
    }

    /// A window manager's `_NET_WM_SYNC_REQUEST` was answered with `value` while a frame of `frameSize`
    /// was on screen: one `sync` line, so a test can check each live-resize step was drawn before it.
    func reportSyncAnswered(value: Int64, frameSize: Size) {
        log.write("sync", ["value": .number(Double(value)), "width": .number(frameSize.width),
                           "height": .number(frameSize.height)])
    }

    /// The first frame is on screen in X window `xWindow`, `ms` after launch.
    func reportReady(xWindow: UInt, ms: Double, scale: Double) {
        let size = window.bounds.size
        loggedSize = size
        log.write("ready", ["window": .text("0x" + String(xWindow, radix: 16)), "width": .number(size.width),
                            "height": .number(size.height), "scale": .number(scale),
                            "ms": .number((ms * 10).rounded() / 10)])
        reportTree()
    }

    /// Called after every frame: a size change, or a transition that ended, is reported now that the frame
    /// laid out and drew it.
    func frameDidComplete() {
        guard let loggedSize else { return }
        let size = window.bounds.size
        if size != loggedSize {
            self.loggedSize = size
            log.write("resize", ["width": .number(size.width), "height": .number(size.height)])
            treePending = true
        }
        if treePending {
            treePending = false
            reportTree()
        }
    }

    /// The desktop changed the scale (its `Xft.dpi`): the window redraws at `scale` pixels per point.
    func reportScale(_ scale: Double) {
        log.write("scale", ["value": .number(scale)])
    }

    /// The home screen's appearance changed (the desktop switched theme): its `traitCollectionDidChange`.
    func reportAppearance(_ style: UserInterfaceStyle) {
        log.write("appearance", ["value": .text(style.description)])
    }

    /// Logs what `Window.consistencyProblems()` found, one `problem` line each (for `--self-check`).
    func reportProblems(_ problems: [String]) {
        for problem in problems { log.write("problem", ["problem": .text(problem)]) }
    }

    private func report(_ event: PresentationEvent) {
        model?.record(event)
        let name = SceneCatalog.name(of: event.controller)
        switch event.kind {
        case .adapted:
            log.write("adapt", ["controller": .text(name), "style": .text(String(describing: event.style))])
        case .presentationWillBegin, .presentationDidEnd, .dismissalWillBegin, .dismissalDidEnd:
            if let completed = event.completed {
                log.write("transition", ["phase": .text(event.kind.rawValue), "controller": .text(name), "completed": .bool(completed)])
                treePending = true
            } else {
                log.write("transition", ["phase": .text(event.kind.rawValue), "controller": .text(name)])
            }
        }
        presentationEvent?(event)
    }

    /// Every view with an identifier and its model frame in window coordinates.
    private func reportTree() {
        // Walking every view costs a frame's worth of work: not for a run that logs nothing.
        guard log.isEnabled else { return }
        let views: [LogValue] = window.allViews().compactMap { view in
            guard let id = view.identifier else { return nil }
            let frame = view.convert(view.bounds, to: nil)
            return .object([("id", .text(id)), ("frame", .list([frame.minX, frame.minY, frame.width, frame.height].map { .number(($0 * 100).rounded() / 100) }))])
        }
        log.write("tree", ["views": .list(views)])
    }
}
