/// What a scroll view inside a presented view asks of the presentation around it while a drag moves its
/// content vertically: a bottom sheet takes the part of the finger's travel that moves the sheet first.
@MainActor protocol ScrollDragHandOff: AnyObject {
    /// A drag began in `scrollView`; false when the presentation takes no part (it is mid-transition).
    func scrollDragBegan(in scrollView: ScrollView) -> Bool
    /// The finger moved `dy` points (down positive); the list above its top edge could still scroll
    /// `listRoomUp` points towards its start. Returns the part of `dy` the presentation took.
    func scrollDrag(_ dy: Double, listRoomUp: Double) -> Double
    /// The finger lifted at `velocity` points per second (down positive); true when the presentation
    /// took the release (the sheet springs to a detent or leaves), false to let the list decelerate.
    func scrollDragEnded(velocity: Double) -> Bool
}

// MARK: - A list inside the sheet

extension BottomSheetPresentationController: ScrollDragHandOff {
    func scrollDragBegan(in scrollView: ScrollView) -> Bool {
        guard let view = presentedView, containerView != nil, presentation?.phase == .presented, dragDismissal == nil,
              scrollView.isDescendant(of: view) else { return false }
        // Catch the sheet where it is on screen, as the sheet's own drag does.
        let top = view.presentation.frame.minY
        View.performWithoutAnimation { view.frame = sheetFrame(top: top) }
        drag = SheetDrag(startTop: top)
        handOffTop = top
        return true
    }

    func scrollDrag(_ dy: Double, listRoomUp: Double) -> Double {
        guard drag != nil, let largestTop = detentTops.last else { return 0 }
        var taken = 0.0
        if dy < 0 {
            // Up: the sheet rises to its largest detent first, then the list scrolls with the rest. An app
            // that prefers the list to scroll at once lets the sheet rise only back to where the drag caught it.
            let ceiling = prefersScrollingExpandsWhenScrolledToEdge ? largestTop : (drag?.startTop ?? largestTop)
            taken = max(dy, -max(0, handOffTop - ceiling))
        } else if dy > 0 {
            // Down: a scrolled list scrolls back to its top first; only then does the sheet move down.
            taken = max(0, dy - max(listRoomUp, 0))
        }
        guard taken != 0 else { return 0 }
        handOffTop += taken
        follow(to: handOffTop)
        return taken
    }

    func scrollDragEnded(velocity: Double) -> Bool {
        guard drag != nil, let view = presentedView else { return false }
        let tops = detentTops
        let top = view.frame.minY
        if dragDismissal == nil, let resting = tops.firstIndex(where: { abs($0 - top) < 0.5 }) {
            // The sheet is at a detent (it rose to the largest and the list scrolled on, or it never
            // moved): it stays, and the list keeps the finger's speed.
            drag = nil
            let identifier = effectiveDetents[resting].identifier
            if identifier != selectedDetent?.identifier {
                selectedDetentIdentifier = identifier
                placedFrame = frameOfPresentedViewInContainerView
                sheetDelegate?.sheetPresentationControllerDidChangeSelectedDetentIdentifier(self)
            }
            return false
        }
        release(velocity: velocity)
        return true
    }
}
