import Proscenium

/// Checks a window's presentation events as they arrive: for each controller, every "will begin" is
/// followed by the matching "did end" before anything else begins.
@MainActor struct TransitionPairing {
    /// Transitions begun and not ended, by controller, with the controller's type for messages.
    private(set) var open: [ObjectIdentifier: (kind: PresentationEvent.Kind, name: String)] = [:]
    /// Transitions that ended, completed or not.
    private(set) var ended = 0

    /// Records `event`; returns what is wrong with it, if anything.
    mutating func record(_ event: PresentationEvent) -> String? {
        let id = ObjectIdentifier(event.controller)
        let name = String(describing: type(of: event.controller))
        switch event.kind {
        case .presentationWillBegin, .dismissalWillBegin:
            if let running = open[id] { return "\(name): \(event.kind) while its \(running.kind) has not ended" }
            open[id] = (event.kind, name)
        case .presentationDidEnd, .dismissalDidEnd:
            let begin: PresentationEvent.Kind = event.kind == .presentationDidEnd ? .presentationWillBegin : .dismissalWillBegin
            guard open[id]?.kind == begin else {
                return "\(name): \(event.kind) without \(begin) (open: \(open[id].map { "\($0.kind)" } ?? "nothing"))"
            }
            open[id] = nil
            ended += 1
        case .adapted:
            break
        }
        return nil
    }

    /// Transitions still open, described.
    var openDescriptions: [String] { open.values.map { "\($0.name): \($0.kind) never ended" } }
}
