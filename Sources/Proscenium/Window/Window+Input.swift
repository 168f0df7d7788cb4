// MARK: - Input

extension Window {
    /// Delivers one platform input event: pointer events become the touch, keys go to the first responder.
    public func send(_ input: InputEvent) {
        switch input {
        case let .pointerDown(location, button, time): pointerDown(at: location, button: button, time: time)
        case let .pointerMoved(location, time): pointerMoved(to: location, time: time)
        case let .pointerUp(location, button, time): pointerUp(at: location, button: button, time: time)
        case .pointerExited: updateCursor(for: nil)
        case let .keyDown(key, time): deliverKey(key, time: time, down: true)
        case let .keyUp(key, time): deliverKey(key, time: time, down: false)
        }
    }

    /// The button that makes touches: the primary one. Right and middle clicks and the wheel tap nothing
    /// (a right-click on a dimming view must not dismiss it) and leave a primary touch in progress alone.
    static let touchButton = 1

    private func pointerDown(at location: Point, button: Int, time: Double) {
        guard button == Self.touchButton else { return }
        if activeTouch != nil { cancelActiveTouch() }
        let hit = hitTest(location, with: nil)
        let tapCount = nextTapCount(at: location, time: time)
        let touch = Touch(locationInWindow: location, timestamp: time, view: hit, window: self, button: button, tapCount: tapCount)
        activeTouch = touch
        touchCancelledInView = false
        touchRecognizers = recognizers(for: hit)
        let event = Event(kind: .touches, timestamp: time, touches: [touch])
        for recognizer in touchRecognizers { recognizer.deliver(.began, [touch], event: event) }
        hit?.touchesBegan([touch], with: event)
        cancelViewTouchIfRecognized(touch, event: event)
    }

    private func pointerMoved(to location: Point, time: Double) {
        guard let touch = activeTouch else {
            updateCursor(for: hitTest(location, with: nil))
            return
        }
        guard location != touch.locationInWindow else { return }
        let event = advance(touch, to: location, time: time, phase: .moved)
        if !touchCancelledInView { touch.view?.touchesMoved([touch], with: event) }
    }

    private func pointerUp(at location: Point, button: Int, time: Double) {
        guard button == Self.touchButton, let touch = activeTouch, touch.button == button else { return }
        let event = advance(touch, to: location, time: time, phase: .ended)
        if !touchCancelledInView { touch.view?.touchesEnded([touch], with: event) }
        finishTouchSequence()
        updateCursor(for: hitTest(location, with: nil))
    }

    /// Moves the touch on, lets the recognizers see it first, and returns the event for the view.
    private func advance(_ touch: Touch, to location: Point, time: Double, phase: Touch.Phase) -> Event {
        touch.previousLocationInWindow = touch.locationInWindow
        touch.locationInWindow = location
        touch.timestamp = time
        touch.phase = phase
        let event = Event(kind: .touches, timestamp: time, touches: [touch])
        for recognizer in touchRecognizers { recognizer.deliver(phase, [touch], event: event) }
        cancelViewTouchIfRecognized(touch, event: event)
        return event
    }

    /// Cancels the touch in progress, as when its view leaves the window.
    public func cancelActiveTouch() {
        guard let touch = activeTouch else { return }
        touch.phase = .cancelled
        let event = Event(kind: .touches, timestamp: touch.timestamp, touches: [touch])
        for recognizer in touchRecognizers { recognizer.deliver(.cancelled, [touch], event: event) }
        if !touchCancelledInView { touch.view?.touchesCancelled([touch], with: event) }
        finishTouchSequence()
    }

    private func finishTouchSequence() {
        for recognizer in touchRecognizers { recognizer.resetAfterSequence() }
        touchRecognizers = []
        activeTouch = nil
    }

    /// Once a recognizer claims the touch, the view sees `touchesCancelled` and nothing more, as in UIKit.
    private func cancelViewTouchIfRecognized(_ touch: Touch, event: Event) {
        guard !touchCancelledInView,
              touchRecognizers.contains(where: { $0.hasRecognized && $0.cancelsTouchesInView }) else { return }
        touchCancelledInView = true
        let phase = touch.phase
        touch.phase = .cancelled
        touch.view?.touchesCancelled([touch], with: event)
        touch.phase = phase
    }

    /// Recognizers on the hit view and its ancestors, nearest first, that the hit view lets begin.
    private func recognizers(for hit: View?) -> [GestureRecognizer] {
        var result: [GestureRecognizer] = []
        var view = hit
        while let current = view {
            for recognizer in current.gestureRecognizers where recognizer.isEnabled {
                if current === hit || hit?.gestureRecognizerShouldBegin(recognizer) != false {
                    result.append(recognizer)
                }
            }
            view = current.superview
        }
        return result
    }

    /// Two presses within 0.4 s and 4 points count as a double click.
    private func nextTapCount(at location: Point, time: Double) -> Int {
        var count = 1
        if let last = lastClick, time - last.time < 0.4, location.distance(to: last.location) < 4 { count = last.count + 1 }
        lastClick = (time, location, count)
        return count
    }

    private func updateCursor(for view: View?) {
        var cursor = Cursor.arrow
        var current = view
        while let v = current {
            if let c = v.cursor { cursor = c; break }
            current = v.superview
        }
        guard cursor != currentCursor else { return }
        currentCursor = cursor
        surface?.setCursor(cursor)
    }

    private func deliverKey(_ key: Key, time: Double, down: Bool) {
        let press = Press(key: key, timestamp: time)
        let event = Event(kind: .presses, timestamp: time)
        let target: Responder = firstResponder ?? rootViewController ?? self
        if down { target.pressesBegan([press], with: event) } else { target.pressesEnded([press], with: event) }
    }
}
