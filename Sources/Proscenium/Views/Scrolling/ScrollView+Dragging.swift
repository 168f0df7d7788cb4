extension ScrollView {
    // MARK: - Dragging

    func handlePan(_ recognizer: ScrollPanGestureRecognizer) {
        switch recognizer.state {
        case .began:
            // The content lags the finger by the distance it took to recognize the drag, and no more: it
            // does not jump by that distance, and a coarse first move beyond it still moves the content.
            let moved = recognizer.translation(in: nil)
            let length = (moved.x * moved.x + moved.y * moved.y).squareRoot()
            let kept = recognizer.state == .began && length > recognizer.minimumDistance
                ? (length - recognizer.minimumDistance) / length : 0
            recognizer.setTranslation(Point(x: moved.x * kept, y: moved.y * kept), in: nil)
            beginDragging()
            if kept > 0 { drag(by: recognizer.translation(in: self)) }
        case .changed: drag(by: recognizer.translation(in: self))
        case .ended: endDragging(velocity: recognizer.velocity(in: self), cancelled: false)
        case .cancelled: endDragging(velocity: .zero, cancelled: true)
        case .possible, .failed: break
        }
    }

    private func beginDragging() {
        stopMotion()
        let low = minimumContentOffset, high = maximumContentOffset
        // A drag that begins on rubber-banded content continues the band, without a jump.
        dragRawOffset = Point(
            x: ScrollPhysics.unbanded(contentOffset.x, lower: low.x, upper: high.x, dimension: bounds.width),
            y: ScrollPhysics.unbanded(contentOffset.y, lower: low.y, upper: high.y, dimension: bounds.height))
        lastDragTranslation = .zero
        dragPlacement = (contentOffset, low, high)
        isDragging = true
        // A sheet around a vertical list takes its share of the finger's travel (see `ScrollDragHandOff`).
        dragHandOff = dragsVertically ? enclosingHandOff().flatMap { $0.scrollDragBegan(in: self) ? $0 : nil } : nil
        delegate?.scrollViewWillBeginDragging(self)
        report(.dragging)
        indicatorFade?.invalidate()
        showIndicators()
    }

    /// The presentation whose presented view holds this scroll view and shares its drags, if any.
    private func enclosingHandOff() -> ScrollDragHandOff? {
        var view: View? = self
        while let current = view {
            if let controller = current.owningViewController, let handOff = controller.presentationController as? ScrollDragHandOff,
               controller.presentationController?.presentedView === current {
                return handOff
            }
            view = current.superview
        }
        return nil
    }

    private func drag(by translation: Point) {
        guard isDragging else { return }
        let step = Point(x: translation.x - lastDragTranslation.x, y: translation.y - lastDragTranslation.y)
        lastDragTranslation = translation
        // Code moved the content meanwhile (a carousel recentring itself), or the range changed under the
        // drag (rows loaded): the drag goes on from where the content is, without a jump, as in UIKit.
        let low = minimumContentOffset, high = maximumContentOffset
        if let placed = dragPlacement, placed.offset != contentOffset || placed.low != low || placed.high != high {
            dragRawOffset = Point(
                x: ScrollPhysics.unbanded(contentOffset.x, lower: low.x, upper: high.x, dimension: bounds.width),
                y: ScrollPhysics.unbanded(contentOffset.y, lower: low.y, upper: high.y, dimension: bounds.height))
        }
        var dy = step.y
        if let dragHandOff {
            let roomUp = max(0, dragRawOffset.y - minimumContentOffset.y)
            dy -= dragHandOff.scrollDrag(dy, listRoomUp: roomUp)
        }
        // The content moves against the finger.
        dragRawOffset = Point(x: dragRawOffset.x - step.x, y: dragRawOffset.y - dy)
        // Noted before the offset is applied: what the scroll callbacks change (rows loaded, an inset
        // opened) is what the next move finds changed.
        let placed = draggedOffset(raw: dragRawOffset)
        dragPlacement = (placed, minimumContentOffset, maximumContentOffset)
        applyContentOffset(placed)
    }

    /// The offset for a drag's `raw` offset: rubber-banded past the edges (or held at them without
    /// `bounces`), and unchanged along an axis the view does not drag.
    func draggedOffset(raw: Point) -> Point {
        let low = minimumContentOffset, high = maximumContentOffset
        var offset = contentOffset
        if dragsHorizontally {
            offset.x = bounces ? ScrollPhysics.rubberBanded(raw.x, lower: low.x, upper: high.x, dimension: bounds.width)
                               : min(max(raw.x, low.x), high.x)
        }
        if dragsVertically {
            offset.y = bounces ? ScrollPhysics.rubberBanded(raw.y, lower: low.y, upper: high.y, dimension: bounds.height)
                               : min(max(raw.y, low.y), high.y)
        }
        return offset
    }

    /// The release: the delegate may change where the content lands; then it decelerates, springs to its
    /// target or back from an edge, or stays.
    private func endDragging(velocity fingerVelocity: Point, cancelled: Bool) {
        guard isDragging else { return }
        // The content moves against the finger.
        var velocity = Point(x: dragsHorizontally ? -fingerVelocity.x : 0, y: dragsVertically ? -fingerVelocity.y : 0)
        if !velocity.x.isFinite || !velocity.y.isFinite { velocity = .zero }
        if let handOff = dragHandOff {
            dragHandOff = nil
            // A sheet that took the release springs on at the finger's speed; the list keeps none of it.
            if handOff.scrollDragEnded(velocity: cancelled ? 0 : fingerVelocity.y) { velocity.y = 0 }
        }
        let offset = contentOffset
        let rate = decelerationRate.rawValue
        let natural = isPagingEnabled ? pageTarget(from: offset, velocity: velocity)
            : clampedContentOffset(Point(x: offset.x + ScrollPhysics.decelerationDistance(velocity: velocity.x, rate: rate),
                                         y: offset.y + ScrollPhysics.decelerationDistance(velocity: velocity.y, rate: rate)))
        var target = natural
        if !cancelled {
            delegate?.scrollViewWillEndDragging(self, withVelocity: Point(x: velocity.x / 1000, y: velocity.y / 1000),
                                                targetContentOffset: &target)
            if !target.x.isFinite || !target.y.isFinite { target = natural }
        }
        isDragging = false
        // Until the motion starts, the content stays where the finger left it, whatever the callbacks
        // below change: the bounce starts from there, to the edges as they are then. (Content left out
        // of range with no motion comes back at the next layout, which a change of the range asks for.)
        isReleasing = true
        defer { isReleasing = false }

        let now = window?.clock.now ?? 0
        let low = minimumContentOffset, high = maximumContentOffset
        func law(_ position: Double, _ speed: Double, _ lower: Double, _ upper: Double, _ goal: Double,
                 _ steered: Bool) -> ScrollMotion.Axis? {
            if position < lower || position > upper {
                return .springing(start: position, target: position < lower ? lower : upper, velocity: speed, startTime: now,
                                  edge: position < lower ? .lower : .upper)
            }
            if steered {
                return abs(goal - position) < ScrollMotion.restingDistance && abs(speed) < ScrollPhysics.restingSpeed
                    ? nil : .springing(start: position, target: goal, velocity: speed, startTime: now)
            }
            return abs(speed) < ScrollPhysics.restingSpeed * 10 || cancelled
                ? nil : .decelerating(start: position, velocity: speed, startTime: now)
        }
        let steered = isPagingEnabled || target != natural
        func laws(_ low: Point, _ high: Point) -> ScrollMotion {
            var motion = ScrollMotion(cause: .deceleration)
            if dragsHorizontally {
                motion.x = law(offset.x, velocity.x, low.x, high.x, min(max(target.x, low.x), high.x), steered)
            }
            if dragsVertically {
                motion.y = law(offset.y, velocity.y, low.y, high.y, min(max(target.y, low.y), high.y), steered)
            }
            return motion
        }
        var motion = laws(low, high)
        let decelerates = motion.x != nil || motion.y != nil
        // A delegate that sets the offset from either callback takes the content over (snapping it to a
        // place of its own, or stopping it where it is): the deceleration does not start.
        let requests = contentOffsetRequests
        var takenOver: Bool { contentOffsetRequests != requests }
        delegate?.scrollViewDidEndDragging(self, willDecelerate: decelerates)
        if decelerates, window != nil, !takenOver {
            delegate?.scrollViewWillBeginDecelerating(self)
            // The callbacks may have moved the edges (an inset opened for pull to refresh, rows loaded
            // at the end): the motion starts from where the finger left the content, to the edges as
            // they are now, or not at all when the content now rests where it is.
            if minimumContentOffset != low || maximumContentOffset != high {
                motion = laws(minimumContentOffset, maximumContentOffset)
            }
            if !takenOver, motion.x != nil || motion.y != nil { return start(motion) }
        }
        // Told the content would decelerate, the delegate hears it came to rest where it was put (an
        // animated offset ends in its own time, with its own call).
        if decelerates, self.motion == nil { delegate?.scrollViewDidEndDecelerating(self) }
        // At rest, unless the delegate started an animated scroll, which ends in its own time.
        if self.motion == nil {
            report(.ended)
            scheduleIndicatorFade()
        }
    }

    /// The page a release comes to rest on: the next one in the direction of a flick, else the nearest.
    func pageTarget(from offset: Point, velocity: Point) -> Point {
        func axis(_ position: Double, _ speed: Double, _ page: Double, _ lower: Double, _ upper: Double) -> Double {
            guard page > 0 else { return position }
            let index = position / page
            let chosen = speed > 300 ? index.rounded(.up) : speed < -300 ? index.rounded(.down) : index.rounded()
            return min(max(chosen * page, lower), upper)
        }
        let low = minimumContentOffset, high = maximumContentOffset
        return Point(x: axis(offset.x, velocity.x, bounds.width, low.x, high.x),
                     y: axis(offset.y, velocity.y, bounds.height, low.y, high.y))
    }
}
