/// Something that happened to a presentation, as a window reports it to `presentationObserver`: the
/// phases of each transition, and adaptations to another style. Logs, tests and tools watch
/// presentations through it.
public struct PresentationEvent {
    /// What happened.
    public enum Kind: String, Sendable, Hashable {
        /// `presentationTransitionWillBegin()` ran.
        case presentationWillBegin
        /// `presentationTransitionDidEnd(_:)` ran.
        case presentationDidEnd
        /// `dismissalTransitionWillBegin()` ran.
        case dismissalWillBegin
        /// `dismissalTransitionDidEnd(_:)` ran.
        case dismissalDidEnd
        /// The presentation moved to another presentation controller (its style adapted).
        case adapted
    }

    /// What happened.
    public let kind: Kind
    /// The presented controller it happened to.
    public let controller: ViewController
    /// For the "did end" kinds, whether the transition completed (false: it was cancelled).
    public let completed: Bool?
    /// The style of the presentation after the event.
    public let style: ModalPresentationStyle
}
