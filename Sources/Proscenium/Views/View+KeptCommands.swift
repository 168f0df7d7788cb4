/// What the frame builder needs to reuse a rasterizing subtree's commands (`View.keptCommands`): knowing
/// that nothing in the subtree changed since they were made.
extension View {
    /// Marks this view and every view above it: their subtrees changed. All the way up, every time: a flag
    /// left set below a skipped (hidden) subtree must not stop the mark short of a rasterizing ancestor.
    func markSubtreeChanged() {
        var view: View? = self
        while let current = view {
            current.subtreeChanged = true
            view = current.superview
        }
    }
}
