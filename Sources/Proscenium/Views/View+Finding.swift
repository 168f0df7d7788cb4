/// Finding views in the tree: ancestry and lookup by identifier, as UIKit's `isDescendant(of:)` and
/// `viewWithTag(_:)` (an identifier string instead of an integer tag).
extension View {
    /// Whether `view` is this view or one of its descendants.
    public func isDescendant(of view: View) -> Bool {
        var current: View? = self
        while let c = current {
            if c === view { return true }
            current = c.superview
        }
        return false
    }

    /// The first view in this subtree (this view included) with the given identifier, depth first.
    public func view(withIdentifier identifier: String) -> View? {
        if self.identifier == identifier { return self }
        for subview in subviews {
            if let found = subview.view(withIdentifier: identifier) { return found }
        }
        return nil
    }
}
