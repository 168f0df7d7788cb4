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
}
