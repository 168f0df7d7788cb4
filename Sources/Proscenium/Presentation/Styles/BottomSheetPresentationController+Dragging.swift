/// A drag of a bottom sheet in progress: where its top edge was when the finger caught it.
struct SheetDrag {
    let startTop: Double
    /// Set when the user tried to drag the sheet away and the presentation refused.
    var dismissalRefused = false
}

// MARK: - Dragging between detents and down to dismiss

extension BottomSheetPresentationController {
    /// How far a release carries: UIScrollView's normal deceleration (0.998 per millisecond) projects a
    /// velocity v (points per second) v·0.998/(1 − 0.998)/1000 points further.
    static let projectionFactor = 0.998 / (1 - 0.998) / 1000
    /// How far past its limits the sheet can be stretched at most, as a rubber band.
    static let rubberBandLimit = 80.0

    /// Follows the finger: the sheet's top edge moves with it between the largest and smallest detents,
    /// rubber-bands past the largest, and below the smallest drives the dismissal interactively.
    func handlePan(_ pan: PanGestureRecognizer) {
        guard let view = presentedView, let containerView, !isPresenting else { return }
        switch pan.state {
        case .began:
            // Catch the sheet where it is on screen, as a finger catches a moving card.
            let top = view.presentation.frame.minY
            View.performWithoutAnimation { view.frame = sheetFrame(top: top) }
            drag = SheetDrag(startTop: top)
        case .changed:
            guard let drag else { return }
            follow(to: drag.startTop + pan.translation(in: containerView).y)
        case .ended:
            release(velocity: pan.velocity(in: containerView).y)
        case .cancelled, .failed:
            release(velocity: 0)
        default:
            break
        }
    }

    /// The sheet's frame with its top edge at `top`: full width, down to the container's bottom.
    func sheetFrame(top: Double) -> Rect {
        let bounds = containerView?.bounds ?? .zero
        return Rect(x: 0, y: top, width: bounds.width, height: max(0, bounds.height - top))
    }

    /// `distance` past a limit, as far as a rubber band lets it go: less and less, never past the limit.
    static func rubberBand(_ distance: Double) -> Double {
        rubberBandLimit * (1 - 1 / (max(distance, 0) / rubberBandLimit + 1))
    }

    var detentTops: [Double] {
        let size = containerView?.bounds.size ?? .zero
        return effectiveDetents.map { size.height - $0.height(in: size) }
    }

    func follow(to rawTop: Double) {
        guard let view = presentedView, let bounds = containerView?.bounds,
              let largestTop = detentTops.last, let smallestTop = detentTops.first else { return }
        if let dragDismissal {
            guard rawTop < smallestTop else {
                dragDismissal.update((rawTop - smallestTop) / max(bounds.height - smallestTop, 1))
                return
            }
            // Back above the smallest detent in the same drag: the dismissal is called off where it
            // started, at once, and the sheet follows the finger up through its detents again.
            self.dragDismissal = nil
            dragDismissal.update(0)
            dragDismissal.endAtOnce(completed: false)
        }
        let top: Double
        if rawTop < largestTop {
            top = largestTop - Self.rubberBand(largestTop - rawTop)
        } else if rawTop <= smallestTop || drag?.dismissalRefused == true {
            top = rawTop <= smallestTop ? rawTop : smallestTop + Self.rubberBand(rawTop - smallestTop)
        } else {
            View.performWithoutAnimation { view.frame = sheetFrame(top: smallestTop) }
            if beginDragDismissal() {
                dragDismissal?.update((rawTop - smallestTop) / max(bounds.height - smallestTop, 1))
                return
            }
            drag?.dismissalRefused = true
            top = smallestTop + Self.rubberBand(rawTop - smallestTop)
        }
        View.performWithoutAnimation { view.frame = sheetFrame(top: top) }
        updateDimming(sheetTop: top)
    }

    /// Starts the dismissal under the finger's control; false when the presentation refuses it.
    private func beginDragDismissal() -> Bool {
        let interaction = PercentDrivenInteractiveTransition()
        dragDismissal = interaction
        let selected = selectedDetent?.identifier
        _ = dismissAsUserRequested(animated: true)
        // Whoever started the dismissal — this request, or the delegate dismissing from code while it was
        // asked (and refusing the user) — the finger drives it once it took the interaction; a dismissal
        // left with an interaction nobody drives would never end.
        guard interaction.context != nil else {
            dragDismissal = nil
            return false
        }
        // The dismissal starts from the smallest detent, where the finger took the sheet: that is the
        // detent it returns to if the dismissal is cancelled.
        if let smallest = effectiveDetents.first?.identifier, smallest != selected {
            detentBeforeDragDismissal = selected
            selectedDetentIdentifier = smallest
            placedFrame = frameOfPresentedViewInContainerView
        }
        return true
    }

    /// The finger lifted at `velocity` (points per second, down positive): an interactive dismissal
    /// finishes or cancels by where the release projects; otherwise the sheet springs to the detent
    /// nearest the projected position, or is dismissed when that lies past half the smallest detent.
    /// Either way the spring starts at the finger's speed.
    func release(velocity: Double) {
        defer { drag = nil }
        guard let view = presentedView, let bounds = containerView?.bounds,
              let smallestTop = detentTops.first else { return }
        let top = view.frame.minY
        if let interaction = dragDismissal {
            dragDismissal = nil
            let travel = max(bounds.height - smallestTop, 1)
            let projected = interaction.percentComplete + velocity * Self.projectionFactor / travel
            if projected > 0.5 {
                interaction.finish(velocity: velocity / travel)
            } else {
                interaction.cancel(velocity: velocity / travel)
            }
            return
        }
        let projectedTop = top + velocity * Self.projectionFactor
        let smallestHeight = bounds.height - smallestTop
        if projectedTop > smallestTop + smallestHeight / 2, drag?.dismissalRefused != true, beginDragDismissal(),
           let interaction = dragDismissal {
            dragDismissal = nil
            interaction.finish(velocity: velocity / max(bounds.height - top, 1))
            return
        }
        let detents = effectiveDetents
        let tops = detentTops
        guard let nearest = tops.indices.min(by: { abs(tops[$0] - projectedTop) < abs(tops[$1] - projectedTop) }) else { return }
        let changed = detents[nearest].identifier != selectedDetent?.identifier
        selectedDetentIdentifier = detents[nearest].identifier
        let target = frameOfPresentedViewInContainerView
        placedFrame = target
        let distance = target.minY - top
        let relativeVelocity = abs(distance) > 1 ? velocity / distance : 0
        View.animate(withDuration: 0.5, delay: 0, usingSpringWithDamping: 1, initialSpringVelocity: relativeVelocity,
                     options: [.allowUserInteraction]) {
            view.untransformedFrame = target
            self.updateDimming(sheetTop: target.minY)
        }
        if changed { sheetDelegate?.sheetPresentationControllerDidChangeSelectedDetentIdentifier(self) }
    }
}
