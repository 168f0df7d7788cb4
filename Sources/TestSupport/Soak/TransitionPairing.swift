import Proscenium

/// Checks a window's presentation events as they arrive, for each controller:
/// - every "will begin" is followed by the matching "did end" before anything else begins;
/// - a presentation's events come between its `presentationWillBegin` and its end (`dismissalDidEnd`
///   completed, or a cancelled presentation that took it down): nothing is reported for it afterwards
///   but a new `presentationWillBegin`;
/// - while a presentation lasts the controller is presented (has a presenting controller), and after its
///   `dismissalDidEnd(completed: true)` it no longer is.
@MainActor public struct TransitionPairing {
    /// Transitions begun and not ended, by controller, with the controller's name for messages.
    private var open: [ObjectIdentifier: (kind: PresentationEvent.Kind, name: String)] = [:]
    /// Controllers whose presentation began and has not ended.
    private var live: Set<ObjectIdentifier> = []
    /// Transitions that ended, completed or not.
    public private(set) var ended = 0

    public init() {}

    /// Records `event`; returns what is wrong with it, if anything.
    public mutating func record(_ event: PresentationEvent) -> String? {
        record(event.kind, controller: ObjectIdentifier(event.controller),
               name: (event.controller as? ProbeController)?.name ?? String(describing: type(of: event.controller)),
               completed: event.completed, isPresented: event.controller.presentingViewController != nil)
    }

    /// Records an event of `kind` for the controller `id` (called `name` in messages), which has a
    /// presenting controller when `isPresented`; returns what is wrong with it, if anything.
    public mutating func record(_ kind: PresentationEvent.Kind, controller id: ObjectIdentifier, name: String,
                                completed eventCompleted: Bool?, isPresented presented: Bool) -> String? {
        let completed = eventCompleted.map { "(completed: \($0))" } ?? ""
        switch kind {
        case .presentationWillBegin, .dismissalWillBegin:
            if let running = open[id] { return "\(name): \(kind) while its \(running.kind) has not ended" }
            if kind == .dismissalWillBegin, !live.contains(id) {
                return "\(name): dismissalWillBegin reported for a presentation that is over (or never began)"
            }
            open[id] = (kind, name)
            live.insert(id)
            if !presented { return "\(name): \(kind) reported while it is not presented (no presenting controller)" }
        case .presentationDidEnd, .dismissalDidEnd:
            let begin: PresentationEvent.Kind = kind == .presentationDidEnd ? .presentationWillBegin : .dismissalWillBegin
            guard open[id]?.kind == begin else {
                return "\(name): \(kind)\(completed) without \(begin) (open: \(open[id].map { "\($0.kind)" } ?? "nothing"))"
            }
            open[id] = nil
            ended += 1
            let over = kind == .dismissalDidEnd ? eventCompleted == true : eventCompleted == false && !presented
            if over {
                live.remove(id)
                if presented { return "\(name): dismissalDidEnd(completed: true) reported while it is still presented" }
            } else if !presented {
                return "\(name): \(kind)\(completed) reported while it is not presented (no presenting controller)"
            }
        case .adapted:
            if !live.contains(id) { return "\(name): adapted reported for a presentation that is over (or never began)" }
            if !presented { return "\(name): adapted reported while it is not presented (no presenting controller)" }
        }
        return nil
    }

    /// Transitions still open, described.
    public var openDescriptions: [String] { open.values.map { "\($0.name): \($0.kind) never ended" } }
}
