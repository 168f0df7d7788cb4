/// The order one presentation's events must come in, checked as they are reported: a transition's
/// "will begin" before its "did end", one transition at a time, and nothing after the presentation ended.
/// A report out of order is a defect in the toolkit, which the window's self-check makes visible.
struct PresentationEventOrder {
    private enum State {
        case new, presenting, presented, dismissing, ended
        /// A presentation's "did end (cancelled)": an interruption goes on with the dismissal.
        case presentationCancelled
        /// A dismissal's "did end (cancelled)": the presentation stays, or an interruption presents again.
        case dismissalCancelled
    }

    private var state = State.new

    /// Records `kind`; returns what is wrong with it coming now, or nil.
    mutating func record(_ kind: PresentationEvent.Kind, completed: Bool?, isTornDown: Bool) -> String? {
        let before = state
        let problem: String?
        switch (kind, before) {
        case (_, .ended):
            problem = "\(kind.rawValue) reported after the presentation ended"
        case (.adapted, _):
            problem = nil
        case (.presentationWillBegin, .new), (.presentationWillBegin, .dismissalCancelled):
            state = .presenting
            problem = nil
        case (.presentationDidEnd, .presenting):
            state = completed == false ? (isTornDown ? .ended : .presentationCancelled) : .presented
            problem = nil
        case (.dismissalWillBegin, .presented), (.dismissalWillBegin, .presentationCancelled),
             (.dismissalWillBegin, .dismissalCancelled):
            state = .dismissing
            problem = nil
        case (.dismissalDidEnd, .dismissing):
            state = completed == false ? .dismissalCancelled : .ended
            problem = nil
        default:
            problem = "\(kind.rawValue) reported in the wrong order (after \(before))"
        }
        return problem
    }
}
