// MARK: - Telling a subtree it moved

/// The notifications and redraws a move sends through a subtree, in UIKit's order. The override points
/// (`willMove(toWindow:)` and the rest) stay in View.swift: extensions cannot hold overridable members.
extension View {
    func notifyWillMove(toWindow newWindow: Window?) {
        willMove(toWindow: newWindow)
        for subview in subviews { subview.notifyWillMove(toWindow: newWindow) }
    }

    func notifyMovedToWindow() {
        if window != nil { setNeedsDisplay(); setNeedsLayout() }
        didMoveToWindow()
        owningViewController?.viewDidMoveToWindow()
        for subview in subviews { subview.notifyMovedToWindow() }
    }

    /// After a move within the window every view of the subtree draws at its new place.
    func markSubtreeForDisplay() {
        setNeedsDisplay()
        for subview in subviews { subview.markSubtreeForDisplay() }
    }
}
