import Testing
@testable import Proscenium

/// What an action does as a touch ends — removing its own view, or the view a recognizer is on — does
/// not reach back into that touch: a button hears `.touchUpInside` and no `.touchCancel` after it, and the
/// recognizers around a removed view neither recognize on the touch nor stay stuck for the next one.
@MainActor @Suite("Touches ending in their own actions")
struct TouchEndingTests {
    private func window() -> (Window, ManualFrameClock) {
        let clock = ManualFrameClock()
        let window = Window(size: Size(width: 400, height: 300), clock: clock)
        clock.step()
        return (window, clock)
    }

    private func click(_ window: Window, at point: Point, _ clock: ManualFrameClock) {
        window.send(.pointerDown(point, button: 1, time: clock.now))
        window.send(.pointerUp(point, button: 1, time: clock.now))
    }

    @Test("a button whose action takes it out of the window hears touchUpInside, then nothing")
    func aButtonRemovingItselfIsNotCancelled() {
        let (window, clock) = window()
        let button = Button(title: "Close", frame: Rect(x: 20, y: 20, width: 100, height: 44))
        var events: [String] = []
        button.addAction(for: .touchUpInside) { control in
            events.append("touchUpInside")
            control.removeFromSuperview()
        }
        button.addAction(for: .touchCancel) { _ in events.append("touchCancel") }
        window.addSubview(button)
        click(window, at: Point(x: 60, y: 40), clock)
        #expect(events == ["touchUpInside"])
    }

    @Test("a tap recognizer whose action removes its view: the one around it does not recognize, and takes the next tap")
    func aRecognizerRemovingItsViewStopsTheDelivery() {
        let (window, clock) = window()
        let outer = View(frame: Rect(x: 0, y: 0, width: 400, height: 300))
        let inner = View(frame: Rect(x: 50, y: 50, width: 100, height: 100))
        var taps: [String] = []
        outer.addGestureRecognizer(TapGestureRecognizer { _ in taps.append("outer") })
        inner.addGestureRecognizer(TapGestureRecognizer { recognizer in
            taps.append("inner")
            recognizer.view?.removeFromSuperview()
        })
        outer.addSubview(inner)
        window.addSubview(outer)
        click(window, at: Point(x: 100, y: 100), clock)
        #expect(taps == ["inner"], "the outer recognizer saw the touch end after it was cancelled: \(taps)")
        click(window, at: Point(x: 300, y: 250), clock)
        #expect(taps == ["inner", "outer"], "and it is not stuck for the next tap")
    }
}
