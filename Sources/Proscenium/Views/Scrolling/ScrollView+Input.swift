extension ScrollView {
    // MARK: - Wheel, touchpad and keys

    /// Where the content is headed for input to add to: a glide's target (notches add up), else where it is.
    private var inputTarget: Point {
        motion?.cause == .animation ? motion!.target(from: contentOffset) : contentOffset
    }

    /// Moves the content by as much of `delta` as it can take, axis by axis, and returns the rest for the
    /// scroll views around it. Notches glide (a notch during a glide adds to its target); precise deltas move
    /// the content at once. During a drag the finger owns the content: the wheel is swallowed.
    func scroll(by delta: Vector, isPrecise: Bool) -> Vector {
        guard isScrollEnabled, !isHidden else { return delta }
        guard !isDragging else { return .zero }
        let low = minimumContentOffset, high = maximumContentOffset
        let base = inputTarget
        var target = base
        var rest = delta
        if hasHorizontalRange, delta.dx != 0 {
            target.x = min(max(base.x + delta.dx, low.x), high.x)
            rest.dx = delta.dx - (target.x - base.x)
        }
        if hasVerticalRange, delta.dy != 0 {
            target.y = min(max(base.y + delta.dy, low.y), high.y)
            rest.dy = delta.dy - (target.y - base.y)
        }
        if isPagingEnabled, !isPrecise {
            // A notch or a key turns the page, as far as it can go that way.
            target = pageTurned(from: base, by: delta)
            rest = Vector(dx: delta.dx == 0 || target.x != base.x ? 0 : delta.dx, dy: delta.dy == 0 || target.y != base.y ? 0 : delta.dy)
        }
        guard target != base else { return delta }
        if isPrecise {
            let interrupted = motion != nil
            interruptMotion(at: target)
            if !interrupted { report(.ended) }
            showIndicators()
            scheduleIndicatorFade()
            if isPagingEnabled { settleOnAPageSoon() }
        } else {
            glide(to: target, duration: ScrollMotion.notchDuration)
        }
        return rest
    }

    /// The page as many pages away from the one `base` rests on (or is headed for) as `delta` is long, at
    /// least the next one, along each axis it moves (Home and End go to the ends), within the range.
    private func pageTurned(from base: Point, by delta: Vector) -> Point {
        func axis(_ position: Double, _ move: Double, _ page: Double, _ low: Double, _ high: Double) -> Double {
            guard move != 0, page > 0 else { return position }
            let pages = max(1, (abs(move) / page).rounded())
            let next = ((position / page).rounded() + (move > 0 ? pages : -pages)) * page
            return min(max(next, low), high)
        }
        let low = minimumContentOffset, high = maximumContentOffset
        return Point(x: axis(base.x, delta.dx, bounds.width, low.x, high.x), y: axis(base.y, delta.dy, bounds.height, low.y, high.y))
    }

    /// Touchpad deltas carry no end: a paging view glides to the nearest page once they have stopped for
    /// a moment.
    private func settleOnAPageSoon() {
        pageSettle?.invalidate()
        pageSettle = window?.scheduleTimer(after: 0.15) { [weak self] _ in
            guard let self, !self.isDragging, self.motion == nil else { return }
            self.pageSettle = nil
            let target = self.pageTarget(from: self.contentOffset, velocity: .zero)
            if target != self.contentOffset { self.glide(to: target, duration: ScrollMotion.animationDuration) }
        }
    }

    /// The distance a scroll key asks for, or nil for keys that do not scroll: arrows a line, Page Up and
    /// Down (and Space, Shift-Space) a page less a line, Home and End to the ends.
    func keyScrollDelta(for press: Press) -> Vector? {
        let line = 40.0
        // A page of what the insets leave clear (a bar over the list covers the top inset), less a line.
        let page = max(line, bounds.height - adjustedContentInset.top - adjustedContentInset.bottom - line)
        let offset = inputTarget
        guard press.modifiers.isSubset(of: [.shift]) else { return nil }
        switch press.key {
        case .up: return Vector(dx: 0, dy: -line)
        case .down: return Vector(dx: 0, dy: line)
        case .left: return Vector(dx: -line, dy: 0)
        case .right: return Vector(dx: line, dy: 0)
        case .pageUp: return Vector(dx: 0, dy: -page)
        case .pageDown: return Vector(dx: 0, dy: page)
        case .space: return Vector(dx: 0, dy: press.modifiers.contains(.shift) ? -page : page)
        case .home: return Vector(dx: 0, dy: minimumContentOffset.y - offset.y)
        case .end: return Vector(dx: 0, dy: maximumContentOffset.y - offset.y)
        default: return nil
        }
    }

    /// Scrolls for a scroll key if the content can move that way; false leaves the key to others.
    func scroll(for press: Press) -> Bool {
        guard let delta = keyScrollDelta(for: press) else { return false }
        return scroll(by: delta, isPrecise: false) != delta
    }
}
