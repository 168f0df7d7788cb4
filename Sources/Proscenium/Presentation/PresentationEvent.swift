/// Something that happened to a presentation, as a window reports it to `presentationObserver`: the
/// phases of each transition, and adaptations to another style. Logs, tests and tools watch
/// presentations through it.
public struct PresentationEvent {
    /// Which step of a presentation's life an event reports: a transition phase or an adaptation.
    public enum Kind: String, Sendable, Hashable {
        /// The presentation controller's `presentationTransitionWillBegin()` ran: the content comes in next.
        case presentationWillBegin
        /// Its `presentationTransitionDidEnd(_:)` ran: the content is in, or left again if cancelled.
        case presentationDidEnd
        /// Its `dismissalTransitionWillBegin()` ran: the content is about to leave (a drag may still cancel).
        case dismissalWillBegin
        /// Its `dismissalTransitionDidEnd(_:)` ran: the content is gone, or stays if cancelled.
        case dismissalDidEnd
        /// The presentation moved to another presentation controller (its style adapted).
        case adapted
    }

    /// Which step the event reports, so an observer can tell a transition's start from its end.
    public let kind: Kind
    /// The presented controller it happened to.
    public let controller: ViewController
    /// For the "did end" kinds, whether the transition completed (false: it was cancelled).
    public let completed: Bool?
    /// The style of the presentation after the event.
    public let style: ModalPresentationStyle
}
