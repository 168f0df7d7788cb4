@testable import Proscenium

/// Records what a scroll view tells its delegate, in order.
@MainActor final class ScrollDelegateRecorder: ScrollViewDelegate {
    var calls: [String] = []
    var releaseVelocity: Point?
    var retarget: ((Point) -> Point)?
    var onScroll: ((ScrollView) -> Void)?

    func scrollViewDidScroll(_ scrollView: ScrollView) { onScroll?(scrollView) }
    func scrollViewWillBeginDragging(_ scrollView: ScrollView) { calls.append("willBeginDragging") }
    func scrollViewWillEndDragging(_ scrollView: ScrollView, withVelocity velocity: Point, targetContentOffset: inout Point) {
        calls.append("willEndDragging")
        releaseVelocity = velocity
        if let retarget { targetContentOffset = retarget(targetContentOffset) }
    }
    func scrollViewDidEndDragging(_ scrollView: ScrollView, willDecelerate decelerate: Bool) {
        calls.append("didEndDragging(\(decelerate))")
    }
    func scrollViewWillBeginDecelerating(_ scrollView: ScrollView) { calls.append("willBeginDecelerating") }
    func scrollViewDidEndDecelerating(_ scrollView: ScrollView) { calls.append("didEndDecelerating") }
    func scrollViewDidEndScrollingAnimation(_ scrollView: ScrollView) { calls.append("didEndScrollingAnimation") }
}

/// A 400x300 window filled by a scroll view over 3000 points of content, on a manual clock, with helpers
/// that drag at a steady speed, one move per frame, as a hand on a mouse does.
@MainActor struct ScrollScene {
    let clock = ManualFrameClock()
    let window: Window
    let scrollView: ScrollView
    let recorder = ScrollDelegateRecorder()
    var phases: ProbeBox<[ScrollView.Phase]>

    init(contentHeight: Double = 3000, scrollView: ScrollView = ScrollView()) {
        window = Window(size: Size(width: 400, height: 300), clock: clock)
        window.surface = ProbeSurface()
        self.scrollView = scrollView
        scrollView.frame = Rect(x: 0, y: 0, width: 400, height: 300)
        scrollView.contentSize = Size(width: 400, height: contentHeight)
        scrollView.delegate = recorder
        window.addSubview(scrollView)
        let phases = ProbeBox<[ScrollView.Phase]>([])
        window.scrollObserver = { _, phase in phases.value.append(phase) }
        self.phases = phases
        clock.step()
    }

    func press(at point: Point) { window.send(.pointerDown(point, button: 1, time: clock.now)) }
    func move(to point: Point) { window.send(.pointerMoved(point, time: clock.now)) }
    func release(at point: Point) { window.send(.pointerUp(point, button: 1, time: clock.now)) }

    /// Presses at `start` and moves by `step` each frame for `frames` frames; returns where it ended,
    /// the button still down.
    @discardableResult
    func drag(from start: Point, step: Point, frames: Int) -> Point {
        press(at: start)
        var location = start
        for _ in 0..<frames {
            clock.advance(by: clock.interval)
            location = location + step
            move(to: location)
        }
        return location
    }

    /// Flings the content upwards and leaves it decelerating.
    func fling() {
        let end = drag(from: Point(x: 200, y: 280), step: Point(x: 0, y: -20), frames: 10)
        release(at: end)
        run(0.1)
    }

    /// Runs frames for `seconds` of virtual time.
    func run(_ seconds: Double) { clock.run(for: seconds) }

    /// A wheel notch (or several) at `point`.
    func wheel(_ notches: Double = 1, at point: Point = Point(x: 200, y: 150), horizontal: Bool = false) {
        let distance = notches * InputEvent.wheelNotchDistance
        let delta = horizontal ? Vector(dx: distance, dy: 0) : Vector(dx: 0, dy: distance)
        window.send(.scroll(point, delta: delta, isPrecise: false, time: clock.now))
    }
}
