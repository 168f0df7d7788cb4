/// Pointer shapes a view can ask for while the pointer is over it.
public enum Cursor: Sendable, Hashable {
    case arrow
    /// The hand shown over links and enabled buttons.
    case pointingHand
    case text
}
