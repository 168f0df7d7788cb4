import Testing
@testable import Proscenium

/// Code taking the content over from a motion, and input on a paging view: an offset set from the release's
/// callbacks is where the content goes; a motion stopped by code ends (indicators fade, the delegate hears
/// it); a rect already in view leaves a fling alone; notches, keys and the touchpad turn whole pages.
@MainActor @Suite("Scroll take-overs and paging input")
struct ScrollTakeOverTests {
    /// A delegate that does something from the release's callbacks.
    @MainActor final class Steering: ScrollViewDelegate {
        var onDidEndDragging: ((ScrollView) -> Void)?
        var onWillBeginDecelerating: ((ScrollView) -> Void)?
        var calls: [String] = []
        func scrollViewDidEndDragging(_ scrollView: ScrollView, willDecelerate decelerate: Bool) { onDidEndDragging?(scrollView) }
        func scrollViewWillBeginDecelerating(_ scrollView: ScrollView) { calls.append("willBeginDecelerating"); onWillBeginDecelerating?(scrollView) }
        func scrollViewDidEndDecelerating(_ scrollView: ScrollView) { calls.append("didEndDecelerating") }
        func scrollViewDidEndScrollingAnimation(_ scrollView: ScrollView) { calls.append("didEndScrollingAnimation") }
    }

    @Test("an animated offset set in didEndDragging is where the content glides; one set at once in willBeginDecelerating stops it there")
    func offsetsSetAtTheReleaseWin() {
        let scene = ScrollScene()
        let steering = Steering()
        scene.scrollView.delegate = steering
        steering.onDidEndDragging = { $0.setContentOffset(.zero, animated: true) }
        scene.fling()
        scene.run(1)
        #expect(scene.scrollView.contentOffset.y == 0)
        #expect(steering.calls == ["didEndScrollingAnimation"], "\(steering.calls)")

        let stopping = ScrollScene()
        let stopper = Steering()
        stopping.scrollView.delegate = stopper
        stopper.onWillBeginDecelerating = { $0.setContentOffset($0.contentOffset, animated: false) }
        let end = stopping.drag(from: Point(x: 200, y: 280), step: Point(x: 0, y: -20), frames: 10)
        stopping.release(at: end)
        let released = stopping.scrollView.contentOffset
        stopping.run(1)
        #expect(stopping.scrollView.contentOffset == released, "the fling stopped where it was let go")
        #expect(!stopping.scrollView.isDecelerating && stopper.calls == ["willBeginDecelerating", "didEndDecelerating"])
        #expect(stopping.phases.value.last == .ended && !stopping.clock.needsFrame)
        #expect(stopping.scrollView.verticalIndicator.presentation.alpha == 0, "the indicators faded")
    }

    @Test("an offset set in code during a fling ends it: the delegate hears it, the event log says ended, the indicators fade")
    func anOffsetSetDuringAFlingEndsIt() {
        let scene = ScrollScene()
        scene.fling()
        #expect(scene.scrollView.isDecelerating)
        scene.scrollView.contentOffset = Point(x: 0, y: 500)
        scene.run(2)
        #expect(scene.scrollView.contentOffset.y == 500 && !scene.scrollView.isDecelerating)
        #expect(scene.recorder.calls.last == "didEndDecelerating", "\(scene.recorder.calls)")
        #expect(scene.phases.value.last == .ended)
        #expect(scene.scrollView.verticalIndicator.presentation.alpha == 0)
        #expect(!scene.clock.needsFrame)
    }

    @Test("scrollRectToVisible of a rect already in view leaves a fling gliding")
    func aVisibleRectLeavesTheFlingAlone() {
        let scene = ScrollScene(contentHeight: 20_000)
        scene.fling()
        let y = scene.scrollView.contentOffset.y
        scene.scrollView.scrollRectToVisible(Rect(x: 0, y: y + 100, width: 10, height: 10), animated: true)
        #expect(scene.scrollView.isDecelerating)
        scene.run(0.1)
        #expect(scene.scrollView.contentOffset.y > y + 1 && scene.scrollView.isDecelerating)
    }

    /// A 400x300 paging scroll view over three pages side by side.
    private func pages() -> ScrollScene {
        let scene = ScrollScene(contentHeight: 300)
        scene.scrollView.contentSize = Size(width: 1200, height: 300)
        scene.scrollView.isPagingEnabled = true
        scene.clock.step()
        return scene
    }

    @Test("on a paging view a wheel notch or an arrow turns a page, End goes to the last, and touchpad deltas settle on the nearest page")
    func pagingInputTurnsPages() {
        let scene = pages()
        scene.wheel(horizontal: true)
        scene.run(1)
        #expect(scene.scrollView.contentOffset.x == 400)
        scene.window.send(.scroll(Point(x: 200, y: 150), delta: Vector(dx: -170, dy: 0), isPrecise: true, time: scene.clock.now))
        #expect(scene.scrollView.contentOffset.x == 230, "deltas move the content one to one")
        scene.run(1)
        #expect(scene.scrollView.contentOffset.x == 400, "then it settles on the nearest page")
        scene.move(to: Point(x: 200, y: 150))
        scene.window.send(.keyDown(.right, time: scene.clock.now))
        scene.run(1)
        #expect(scene.scrollView.contentOffset.x == 800)
        scene.window.send(.keyDown(.left, time: scene.clock.now))
        scene.window.send(.keyDown(.left, time: scene.clock.now))
        scene.run(1)
        #expect(scene.scrollView.contentOffset.x == 0)
    }

    @Test("Page Down moves by what the insets leave clear, less a line: nothing passes unseen under a bar")
    func pageDownKeepsClearOfTheInsets() {
        let scene = ScrollScene()
        scene.scrollView.contentInset = EdgeInsets(top: 64, left: 0, bottom: 0, right: 0)
        scene.scrollView.contentOffset = Point(x: 0, y: -64)
        let delta = scene.scrollView.keyScrollDelta(for: Press(key: .pageDown, timestamp: 0))
        let expected: Double = 300 - 64 - 40
        #expect(delta?.dy == expected, "\(String(describing: delta))")
    }

    @Test("indicators flashed before the view is in a window fade once it is")
    func flashedBeforeTheWindowFades() {
        let scene = ScrollScene()
        let scrollView = ScrollView(frame: Rect(x: 0, y: 0, width: 400, height: 300))
        scrollView.contentSize = Size(width: 400, height: 3000)
        scrollView.flashScrollIndicators()
        scene.window.addSubview(scrollView)
        scene.run(2)
        #expect(scrollView.verticalIndicator.presentation.alpha == 0)
    }

    @Test("a delegate told a drag would decelerate hears it ended when it puts the content somewhere at once instead")
    func aTakeOverAtTheReleaseIsAnEnd() {
        let scene = ScrollScene()
        let steering = Steering()
        scene.scrollView.delegate = steering
        steering.onDidEndDragging = { $0.setContentOffset(Point(x: 0, y: 100), animated: false) }
        scene.fling()
        #expect(scene.scrollView.contentOffset.y == 100 && steering.calls == ["didEndDecelerating"], "\(steering.calls)")
    }

    @Test("an offset set during a fling is in place before the delegate hears the fling ended: a glide it starts then begins there")
    func theOffsetIsInPlaceBeforeTheEndIsHeard() {
        let scene = ScrollScene()
        var seen: Double?
        final class Ending: ScrollViewDelegate {
            var ended: ((ScrollView) -> Void)?
            func scrollViewDidEndDecelerating(_ scrollView: ScrollView) { ended?(scrollView) }
        }
        let ending = Ending()
        ending.ended = { scrollView in
            seen = scrollView.contentOffset.y
            scrollView.setContentOffset(Point(x: 0, y: 600), animated: true)
        }
        scene.scrollView.delegate = ending
        scene.fling()
        scene.scrollView.contentOffset = Point(x: 0, y: 500)
        #expect(seen == 500)
        scene.clock.step()
        let first = scene.scrollView.contentOffset.y
        #expect(first >= 500 && first < 600, "the glide starts from where the code put the content: \(first)")
        scene.run(1)
        #expect(scene.scrollView.contentOffset.y == 600)
    }
}
