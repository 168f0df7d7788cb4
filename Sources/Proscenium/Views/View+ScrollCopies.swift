/// What lets a frame move a scrolled view's pixels instead of redrawing them (see `FrameBuilder`): knowing
/// that all that changed since the last frame is the bounds' origin, and where the content lay then.
extension View {
    /// What the frame builder needs to move a scrolled view's pixels instead of redrawing them.
    struct ScrollState {
        /// Set while the bounds' origin is being changed, so that the display it marks is recognised.
        var isScrolling = false
        /// Whether all that changed since the last frame is the bounds' origin.
        var onlyScrolled = false
        /// Where the view's content (its bounds' coordinates) lay in the window last frame, when that frame
        /// could have copied it; nil otherwise.
        var contentOrigin: Point?
        /// The view's visible area in the window last frame.
        var viewport: Rect = .zero
        /// Its bounds in the window last frame, on whole device pixels: where its background and shadow lay.
        var frame: Rect = .zero
    }

    /// Runs `change`, a change of the bounds' origin alone: the display it marks counts as a scroll, unless
    /// something else had marked the view already.
    func scrolling(_ change: () -> Void) {
        let onlyScrolled = !needsDisplay || scrollState.onlyScrolled
        scrollState.isScrolling = true
        change()
        scrollState.isScrolling = false
        if needsDisplay { scrollState.onlyScrolled = onlyScrolled }
    }
}

extension View {
    /// Where the view's subtree was drawn last, in window pixels as the frame builder placed it (unchanged
    /// while a rasterizing view's commands are kept): the union of its views' last rendered rectangles.
    var renderedSubtreeArea: Rect {
        var area = lastRenderedRect
        for subview in subviews where !subview.isHidden { area = area.union(subview.renderedSubtreeArea) }
        return area
    }
}
