import Testing
@testable import Proscenium

/// A scroll view holds a press on its content back for a moment (`delaysContentTouches`), as UIKit's: a
/// press that turns into a scroll never reaches the control under it; one that stays a press does, at
/// once if it ends sooner.
@MainActor @Suite("Content touches in scroll views")
struct ContentTouchDelayTests {
    /// A 400x300 vertical scroll view over 3000 points, a slider and a button on its content.
    private func scene() -> (ScrollScene, Slider, Button, counter: ProbeBox<Int>) {
        let scene = ScrollScene()
        let slider = Slider(frame: Rect(x: 20, y: 40, width: 300, height: 31))
        let taps = ProbeBox(0)
        let button = Button(title: "Go", frame: Rect(x: 20, y: 120, width: 100, height: 44)) { _ in taps.value += 1 }
        scene.scrollView.addSubview(slider)
        scene.scrollView.addSubview(button)
        scene.clock.step()
        return (scene, slider, button, taps)
    }

    @Test("a press on a slider's track that turns into a vertical scroll scrolls and leaves the slider as it was")
    func aScrollNeverMovesTheSlider() {
        let (scene, slider, _, _) = scene()
        let before = slider.value
        let end = scene.drag(from: Point(x: 280, y: 55), step: Point(x: 0, y: -20), frames: 6)
        scene.release(at: end)
        scene.run(1)
        #expect(slider.value == before)
        #expect(scene.scrollView.contentOffset.y > 50)
    }

    @Test("a press held still reaches the slider after the delay; a quick click on a button taps it at once")
    func aPressIsAPressAfterAMoment() {
        let (scene, slider, _, taps) = scene()
        let before = slider.value
        scene.press(at: Point(x: 280, y: 55))
        #expect(slider.value == before, "held back for now")
        scene.run(ScrollView.contentTouchDelay + 0.02)
        #expect(slider.value > before, "the track press arrives")
        scene.release(at: Point(x: 280, y: 55))
        scene.press(at: Point(x: 70, y: 142))
        scene.release(at: Point(x: 70, y: 142))
        #expect(taps.value == 1, "released before the delay: the press and the release arrive together")
    }

    @Test("with delaysContentTouches off, or in a scroll view that cannot scroll, a press arrives at once")
    func noDelayWhenThereIsNothingToScroll() {
        let (scene, slider, _, _) = scene()
        scene.scrollView.delaysContentTouches = false
        let before = slider.value
        scene.press(at: Point(x: 280, y: 55))
        #expect(slider.value > before)
        scene.release(at: Point(x: 280, y: 55))
        let (short, shortSlider, _, _) = self.scene()
        short.scrollView.contentSize = Size(width: 400, height: 300)
        let start = shortSlider.value
        short.press(at: Point(x: 280, y: 55))
        #expect(shortSlider.value > start)
    }

    @Test("a text field in a scroll view, whose drags the scroll never takes, hears its press at once")
    func aTextFieldIsNotHeld() {
        let (scene, _, _, _) = scene()
        let field = TextField(text: "hello", frame: Rect(x: 20, y: 200, width: 200, height: 36))
        scene.scrollView.addSubview(field)
        scene.clock.step()
        scene.press(at: Point(x: 60, y: 218))
        #expect(scene.window.firstResponder === field, "focused at the press")
        scene.release(at: Point(x: 60, y: 218))
    }

    @Test("a switch swiped and let go within the delay hears the press where it landed and the swipe: swiped on, it stays on")
    func aQuickSwipeIsStillASwipe() {
        let (scene, _, _, _) = scene()
        let toggle = Switch(isOn: true, frame: Rect(x: 200, y: 200, width: 51, height: 31))
        scene.scrollView.addSubview(toggle)
        scene.clock.step()
        // A sideways swipe, which the vertical list gives up on at once: the switch hears it as it moves.
        scene.press(at: Point(x: 210, y: 215))
        scene.clock.advance(by: 0.02)
        scene.move(to: Point(x: 230, y: 215))
        scene.clock.advance(by: 0.02)
        scene.move(to: Point(x: 250, y: 215))
        scene.release(at: Point(x: 250, y: 215))
        #expect(toggle.isOn, "swiped toward on, it stays on")
    }

    @Test("a view hidden while its press is held back does not hear it")
    func aHiddenViewHearsNothing() {
        let (scene, _, button, taps) = scene()
        scene.press(at: Point(x: 70, y: 142))
        button.isHidden = true
        scene.run(ScrollView.contentTouchDelay + 0.02)
        button.isHidden = false
        scene.release(at: Point(x: 70, y: 142))
        #expect(taps.value == 0 && !button.isHighlighted)
    }
}
