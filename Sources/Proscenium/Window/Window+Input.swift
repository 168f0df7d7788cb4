// MARK: - Input

extension Window {
    /// Delivers one platform input event: pointer events become the touch, keys go to the first responder.
    public func send(_ input: InputEvent) {
        switch input {
        case let .pointerDown(location, button, modifiers, time):
            putOffToolTips()
            toolTipButton(button, down: true)
            pointerDown(at: location, button: button, modifiers: modifiers, time: time)
        case let .pointerMoved(location, time): pointerMoved(to: location, time: time)
        case let .pointerUp(location, button, time):
            toolTipButton(button, down: false)
            pointerUp(at: location, button: button, time: time)
        // Left during a drag, the cursor stays the one the drag began with (X shows it outside too).
        case .pointerExited:
            toolTipPointerExited()
            if activeTouch == nil { updateCursor(for: nil) }
        case let .scroll(location, delta, isPrecise, time):
            putOffToolTips()
            scroll(at: location, by: delta, isPrecise: isPrecise, time: time)
        case let .keyDown(key, modifiers, isRepeat, time):
            putOffToolTips()
            keyDown(Press(key: key, timestamp: time, modifiers: modifiers, isRepeat: isRepeat))
        case let .keyUp(key, modifiers, time):
            keyUp(Press(key: key, timestamp: time, modifiers: modifiers))
        }
    }

    /// The button that makes touches: the primary one. Right and middle clicks and the wheel tap nothing
    /// (a right-click on a dimming view must not dismiss it) and leave a primary touch in progress alone;
    /// a right click opens a context menu.
    static let touchButton = 1

    private func pointerDown(at location: Point, button: Int, modifiers: KeyModifiers, time: Double) {
        contextMenuPress = nil
        if closeContextMenu(forPressAt: location, button: button) { return }
        if button == 3 {
            if showContextMenu(at: location) { contextMenuPress = location }
            return
        }
        guard button == Self.touchButton else {
            // A middle click pastes the primary selection (X's convention): it goes to the nearest view
            // under the pointer that handles it, as no touch, so a primary touch in progress goes on.
            guard button == 2 else { return }
            var view = hitTest(location, with: nil)
            while let current = view, !(current is MiddleClickHandling) { view = current.superview }
            if let view, let handler = view as? MiddleClickHandling {
                handler.middleButtonClicked(at: view.convert(location, from: nil))
            }
            return
        }
        pointerWillPress()
        if activeTouch != nil { cancelActiveTouch() }
        let hit = hitTest(location, with: nil)
        let tapCount = nextTapCount(at: location, time: time)
        let touch = Touch(locationInWindow: location, timestamp: time, view: hit, window: self, button: button,
                          tapCount: tapCount, modifierFlags: modifiers)
        activeTouch = touch
        touchCancelledInView = false
        touchRecognizers = recognizers(for: hit)
        let event = Event(kind: .touches, timestamp: time, touches: [touch])
        deliverToRecognizers(.began, touch, event: event)
        guard activeTouch === touch else { return }
        if let pan = delayingPan(around: hit), !touchRecognizers.contains(where: \.hasRecognized) {
            // The press may turn into a scroll: the view hears it once it has not for a moment, once the
            // scroll has given up (a sideways drag in a list), or at its end.
            let timer = scheduleTimer(after: ScrollView.contentTouchDelay) { [weak self] _ in self?.deliverHeldTouchBegan() }
            heldTouch = HeldTouch(timer: timer, pan: pan, location: location, time: time)
            return
        }
        hit?.touchesBegan([touch], with: event)
        cancelViewTouchIfRecognized(touch, event: event)
    }

    /// The drag of the nearest scroll view around `hit` (not `hit` itself) that delays its content's
    /// touches, can scroll now and may still take this touch (the hit view lets it follow the touch: a
    /// text field keeps its drags to itself); nil when there is none.
    private func delayingPan(around hit: View?) -> GestureRecognizer? {
        var view = hit?.superview
        while let current = view {
            if let scrollView = current as? ScrollView, scrollView.delaysContentTouches, scrollView.isScrollEnabled,
               scrollView.dragsHorizontally || scrollView.dragsVertically,
               touchRecognizers.contains(where: { $0 === scrollView.panGestureRecognizer && $0.state == .possible }) {
                return scrollView.panGestureRecognizer
            }
            view = current.superview
        }
        return nil
    }

    /// Hands the touched view the touch a delaying scroll view held back — no scroll took it in time, the
    /// scroll gave up, or it ended first — as UIKit does: `touchesBegan` where and when the press landed,
    /// then, if it has moved since, `touchesMoved` to where it is (a switch swiped and let go quickly
    /// still hears the swipe). A view hidden or made untouchable meanwhile hears nothing.
    private func deliverHeldTouchBegan() {
        guard let start = heldTouch else { return }
        releaseHeldTouch()
        guard let touch = activeTouch, !touchCancelledInView else { return }
        guard let view = touch.view, view.window === self, Self.takesTouches(view) else {
            touchCancelledInView = true
            return
        }
        let now = (location: touch.locationInWindow, time: touch.timestamp, phase: touch.phase)
        touch.locationInWindow = start.location
        touch.previousLocationInWindow = start.location
        touch.timestamp = start.time
        touch.phase = .began
        view.touchesBegan([touch], with: Event(kind: .touches, timestamp: start.time, touches: [touch]))
        touch.locationInWindow = now.location
        touch.timestamp = now.time
        if now.location != start.location, activeTouch === touch, !touchCancelledInView {
            touch.phase = .moved
            view.touchesMoved([touch], with: Event(kind: .touches, timestamp: now.time, touches: [touch]))
        }
        touch.phase = now.phase
    }

    /// Whether `view` and every view around it are shown and take touches.
    private static func takesTouches(_ view: View) -> Bool {
        var current: View? = view
        while let candidate = current {
            if !candidate.isHitTestable { return false }
            current = candidate.superview
        }
        return true
    }

    /// A scroll took the touch before its view heard it began: the view hears nothing of it.
    private func dropHeldTouchBegan() {
        releaseHeldTouch()
        touchCancelledInView = true
    }

    /// Forgets the held touch and stops its timer.
    private func releaseHeldTouch() {
        heldTouch?.timer.invalidate()
        heldTouch = nil
    }

    private func pointerMoved(to location: Point, time: Double) {
        lastPointerLocation = location
        guard let touch = activeTouch else {
            let hit = hitTest(location, with: nil)
            updateCursor(for: hit)
            toolTipPointerMoved(to: location, over: hit)
            openContextMenu?.menuView.pointerHovered(at: location)
            return
        }
        guard location != touch.locationInWindow else { return }
        let event = advance(touch, to: location, time: time, phase: .moved)
        guard activeTouch === touch, !touchCancelledInView else { return }
        if let held = heldTouch {
            // Held until the scroll decides; once it has given up, the view hears the press and this move.
            if held.pan?.state != .possible { deliverHeldTouchBegan() }
            return
        }
        touch.view?.touchesMoved([touch], with: event)
    }

    private func pointerUp(at location: Point, button: Int, time: Double) {
        if button == 3 { return contextMenuButtonReleased(at: location) }
        guard button == Self.touchButton, let touch = activeTouch, touch.button == button else { return }
        let event = advance(touch, to: location, time: time, phase: .ended)
        // A recognizer's action may have ended the sequence already (its view left the window).
        guard activeTouch === touch else { return }
        if heldTouch != nil {
            deliverHeldTouchBegan()
            guard activeTouch === touch else { return }
        }
        let view = touchCancelledInView ? nil : touch.view
        // The touch has ended before its view hears so: what the view's action does (removing the view,
        // dismissing its screen, starting another touch) no longer cancels it.
        finishTouchSequence()
        view?.touchesEnded([touch], with: event)
        updateCursor(for: hitTest(location, with: nil))
    }

    /// Moves the touch on, lets the recognizers see it first, and returns the event for the view.
    private func advance(_ touch: Touch, to location: Point, time: Double, phase: Touch.Phase) -> Event {
        touch.previousLocationInWindow = touch.locationInWindow
        touch.locationInWindow = location
        touch.timestamp = time
        touch.phase = phase
        let event = Event(kind: .touches, timestamp: time, touches: [touch])
        deliverToRecognizers(phase, touch, event: event)
        if activeTouch === touch { cancelViewTouchIfRecognized(touch, event: event) }
        return event
    }

    /// Hands the touch to the recognizers, nearest first. One that recognizes its gesture makes those
    /// still undecided fail, as in UIKit, unless either side says otherwise (`canPrevent`,
    /// `canBePrevented(by:)`): a scroll view's drag takes the touch from the sheet around it.
    private func deliverToRecognizers(_ phase: Touch.Phase, _ touch: Touch, event: Event) {
        for recognizer in touchRecognizers {
            // An action run by one may end the sequence (its view left the window: the others were reset
            // and must not recognize on it) or detach another recognizer: neither sees the touch any more.
            guard activeTouch === touch else { return }
            guard touchRecognizers.contains(where: { $0 === recognizer }) else { continue }
            recognizer.deliver(phase, [touch], event: event)
        }
    }

    /// `recognizer` has just recognized its gesture on `touch` (its actions run next): those still
    /// undecided fail, as in UIKit, unless either side says otherwise (`canPrevent`, `canBePrevented(by:)`),
    /// and the view loses the touch if the recognizer cancels touches in it.
    func recognizerDidClaim(_ touch: Touch, _ recognizer: GestureRecognizer) {
        guard activeTouch === touch, touchRecognizers.contains(where: { $0 === recognizer }) else { return }
        if recognizer.cancelsTouchesInView { touch.isClaimedFromView = true }
        for other in touchRecognizers where other !== recognizer && other.state == .possible {
            if recognizer.canPrevent(other) && other.canBePrevented(by: recognizer) { other.state = .failed }
        }
    }

    /// Cancels the touch in progress, as when its view leaves the window.
    public func cancelActiveTouch() {
        guard let touch = activeTouch else { return }
        touch.phase = .cancelled
        let event = Event(kind: .touches, timestamp: touch.timestamp, touches: [touch])
        for recognizer in touchRecognizers { recognizer.deliver(.cancelled, [touch], event: event) }
        // A view whose touch was still held back never heard it begin: nothing to cancel.
        if heldTouch != nil { dropHeldTouchBegan() }
        if !touchCancelledInView { touch.view?.touchesCancelled([touch], with: event) }
        finishTouchSequence()
    }

    /// Takes the touch in progress from `view` alone, as when a control is disabled while pressed: it hears
    /// `touchesCancelled` and nothing more of this touch, while the recognizers around it (a scroll view's
    /// drag) go on following it.
    func cancelTouch(in view: View) {
        guard let touch = activeTouch, touch.view === view, !touchCancelledInView else { return }
        if heldTouch != nil { return dropHeldTouchBegan() }
        touchCancelledInView = true
        let phase = touch.phase
        touch.phase = .cancelled
        view.touchesCancelled([touch], with: Event(kind: .touches, timestamp: touch.timestamp, touches: [touch]))
        touch.phase = phase
    }

    /// A recognizer following the touch in progress is being detached from its view (a presentation
    /// controller that adaptation let go takes its chrome down): it sees the touch cancelled and is
    /// dropped from the sequence, so nothing is delivered to it, or to what it calls, any more.
    func gestureRecognizerWillDetach(_ recognizer: GestureRecognizer) {
        guard let touch = activeTouch, let index = touchRecognizers.firstIndex(where: { $0 === recognizer }) else { return }
        touchRecognizers.remove(at: index)
        let phase = touch.phase
        touch.phase = .cancelled
        recognizer.deliver(.cancelled, [touch], event: Event(kind: .touches, timestamp: touch.timestamp, touches: [touch]))
        touch.phase = phase
        recognizer.resetAfterSequence()
    }

    private func finishTouchSequence() {
        releaseHeldTouch()
        for recognizer in touchRecognizers { recognizer.resetAfterSequence() }
        touchRecognizers = []
        activeTouch = nil
    }

    /// Once a recognizer claims the touch, the view sees `touchesCancelled` and nothing more, as in UIKit.
    private func cancelViewTouchIfRecognized(_ touch: Touch, event: Event) {
        guard !touchCancelledInView,
              touch.isClaimedFromView || touchRecognizers.contains(where: { $0.hasRecognized && $0.cancelsTouchesInView }) else { return }
        if heldTouch != nil { return dropHeldTouchBegan() }
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

    // MARK: - Keys

    /// A key goes to the first responder if it is inside the top presentation (or the root controller's
    /// view when nothing is presented), else to that controller itself: keys stay inside the top modal.
    /// A key command on that responder's chain takes the press first (see `keyCommand(for:from:)`); its
    /// key-up then goes nowhere.
    private func keyDown(_ press: Press) {
        keyboardWillDeliver(press)
        let target = keyTarget()
        if let command = keyCommand(for: press, from: target) {
            command.perform(for: press)
            return
        }
        pressedKeyTargets[press.key] = WeakResponder(target)
        target.pressesBegan([press], with: Event(kind: .presses, timestamp: press.timestamp))
    }

    /// A key-up goes to whoever got its key-down, even if focus moved since; one with no key-down is dropped.
    private func keyUp(_ press: Press) {
        guard let target = pressedKeyTargets.removeValue(forKey: press.key)?.responder else { return }
        target.pressesEnded([press], with: Event(kind: .presses, timestamp: press.timestamp))
    }

    private func keyTarget() -> Responder {
        let root = topViewController
        if let responder = firstResponder, responder.responderWindow === self,
           root.map({ isResponder(responder, inside: $0) }) ?? true {
            return responder
        }
        return root ?? self
    }

    /// Whether `responder` is `controller`, or a view or controller inside its view.
    func isResponder(_ responder: Responder, inside controller: ViewController) -> Bool {
        if responder === controller { return true }
        guard let root = controller.viewIfLoaded else { return false }
        if let view = responder as? View { return view.isDescendant(of: root) }
        if let other = responder as? ViewController, let view = other.viewIfLoaded { return view.isDescendant(of: root) }
        return false
    }
}

/// A responder held weakly, for tables that must not keep one alive.
struct WeakResponder {
    weak var responder: Responder?
    init(_ responder: Responder) { self.responder = responder }
}

/// A touch whose `touchesBegan` a scroll view holds back: the timer that hands it over, the scroll view's
/// drag that may still take it, and where and when the press landed.
struct HeldTouch {
    let timer: FrameTimer
    weak var pan: GestureRecognizer?
    let location: Point
    let time: Double
}
