/// Pointer shapes a view can ask for while the pointer is over it.
public enum Cursor: Sendable, Hashable, CaseIterable {
    /// The ordinary arrow, shown wherever the view under the pointer asks for no other shape.
    case arrow
    /// The hand shown over links and enabled buttons.
    case pointingHand
    /// The I-beam shown over text that can be edited or selected.
    case text
}
