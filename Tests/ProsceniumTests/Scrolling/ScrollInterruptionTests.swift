import Testing
@testable import Proscenium

/// What cuts a scroll short — a wheel notch during a fling, scrolling disabled mid-drag, the scroll view
/// leaving its window mid-drag — ends it as UIKit does: the flags fall, the delegate hears the end, and
/// nothing is left running the frame clock.
@MainActor @Suite("Scroll interruptions")
struct ScrollInterruptionTests {
    @Test("a wheel notch during a fling takes over from it: no longer decelerating, and its glide's end is reported")
    func aWheelNotchEndsTheFling() {
        let scene = ScrollScene(contentHeight: 20_000)
        scene.fling()
        #expect(scene.scrollView.isDecelerating)
        scene.wheel()
        #expect(!scene.scrollView.isDecelerating, "the wheel's glide is not a deceleration")
        scene.run(1)
        #expect(!scene.scrollView.isDecelerating)
        #expect(Array(scene.recorder.calls.suffix(3)) == ["willBeginDecelerating", "didEndDecelerating", "didEndScrollingAnimation"],
                "\(scene.recorder.calls)")
        #expect(!scene.clock.needsFrame)
    }

    @Test("scrolling disabled mid-drag ends the drag; enabled again, the wheel scrolls")
    func disablingScrollingEndsTheDrag() {
        let scene = ScrollScene()
        let end = scene.drag(from: Point(x: 200, y: 250), step: Point(x: 0, y: -20), frames: 6)
        scene.scrollView.isScrollEnabled = false
        #expect(!scene.scrollView.isDragging)
        #expect(scene.recorder.calls == ["willBeginDragging", "didEndDragging(false)"])
        let offset = scene.scrollView.contentOffset
        scene.move(to: end + Point(x: 0, y: -100))
        scene.release(at: end + Point(x: 0, y: -100))
        #expect(scene.scrollView.contentOffset == offset, "the rest of the drag moves nothing")
        scene.scrollView.isScrollEnabled = true
        scene.wheel()
        scene.run(1)
        #expect(scene.scrollView.contentOffset.y == offset.y + InputEvent.wheelNotchDistance)
    }

    @Test("a scroll view removed while dragged past its edge ends the drag where the content may rest, and leaves the clock asleep")
    func removalMidDragLeavesNothingRunning() {
        let scene = ScrollScene()
        scene.drag(from: Point(x: 200, y: 20), step: Point(x: 0, y: 20), frames: 11)
        #expect(scene.scrollView.contentOffset.y < 0, "rubber-banded past the top")
        scene.scrollView.removeFromSuperview()
        #expect(!scene.scrollView.isDragging && !scene.scrollView.isDecelerating)
        #expect(scene.recorder.calls == ["willBeginDragging", "didEndDragging(true)", "willBeginDecelerating", "didEndDecelerating"])
        #expect(scene.scrollView.contentOffset.y == 0, "back at the edge, not springing outside the window")
        scene.run(0.5)
        #expect(scene.window.displayLinks.isEmpty && !scene.clock.needsFrame)
    }

    @Test("scrollRectToVisible brings the rectangle into the part the insets leave clear")
    func scrollRectToVisibleKeepsClearOfTheInsets() {
        let scene = ScrollScene()
        let scrollView = scene.scrollView
        scrollView.contentInset = EdgeInsets(top: 50, left: 0, bottom: 20, right: 0)
        scrollView.scrollRectToVisible(Rect(x: 0, y: 1000, width: 10, height: 40), animated: false)
        #expect(scrollView.contentOffset.y == 1000 + 40 - 300 + 20, "its bottom just above the bottom inset")
        scrollView.scrollRectToVisible(Rect(x: 0, y: 760, width: 10, height: 40), animated: false)
        #expect(scrollView.contentOffset.y == 760 - 50, "its top just under the bar over the top inset")
        let before = scrollView.contentOffset
        scrollView.scrollRectToVisible(Rect(x: 0, y: 800, width: 10, height: 40), animated: false)
        #expect(scrollView.contentOffset == before, "already clear of both insets: nothing moves")
    }
}

extension ScrollInterruptionTests {
    @Test("content that shrinks under an animated scroll: the glide ends at the new end, never in the empty space past it")
    func aGlideEndsAtTheNewEnd() {
        let scene = ScrollScene()
        scene.scrollView.setContentOffset(Point(x: 0, y: 2000), animated: true)
        scene.run(0.05)
        scene.scrollView.contentSize = Size(width: 400, height: 1000)
        var furthest = 0.0
        for _ in 0..<60 {
            scene.clock.step()
            furthest = max(furthest, scene.scrollView.contentOffset.y)
        }
        #expect(furthest <= 700 && scene.scrollView.contentOffset.y == 700, "furthest \(furthest), at \(scene.scrollView.contentOffset.y)")
    }

    @Test("content that shrinks while it springs back from past its end springs to the new end")
    func aSpringFollowsTheNewEnd() {
        let scene = ScrollScene()
        scene.scrollView.setContentOffset(Point(x: 0, y: 2700), animated: false)
        let end = scene.drag(from: Point(x: 200, y: 280), step: Point(x: 0, y: -20), frames: 10)
        scene.run(0.3)
        scene.release(at: end)
        #expect(scene.scrollView.contentOffset.y > 2700, "pulled past the end, springing back")
        scene.scrollView.contentSize = Size(width: 400, height: 1000)
        var furthest = 0.0
        scene.clock.step()
        scene.clock.step()
        for _ in 0..<120 {
            scene.clock.step()
            furthest = max(furthest, scene.scrollView.contentOffset.y)
        }
        #expect(scene.scrollView.contentOffset.y == 700 && !scene.clock.needsFrame, "at \(scene.scrollView.contentOffset.y)")
        #expect(furthest < 2700, "heading for the new end: \(furthest)")
    }
}

extension ScrollInterruptionTests {
    @Test("an animated scroll asked for from an animation's completion glides on the next frames, not at the next redraw")
    func anAnimatedScrollFromACompletionRuns() {
        let scene = ScrollScene()
        let marker = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        scene.window.addSubview(marker)
        // The completion runs inside a frame, after the display links: the glide's link must still get frames.
        View.animate(withDuration: 0.1, animations: { marker.alpha = 0.5 }, completion: { _ in
            scene.scrollView.setContentOffset(Point(x: 0, y: 600), animated: true)
        })
        var offsets: [Double] = []
        for _ in 0..<60 {
            scene.clock.step()
            offsets.append(scene.scrollView.contentOffset.y)
        }
        #expect(offsets.last == 600, "\(offsets)")
        #expect(offsets.contains { $0 > 0 && $0 < 600 }, "it glided, through the values between: \(offsets)")
        AnimationFixture.runUntilIdle(window: scene.window, clock: scene.clock, limit: 3)
        #expect(!scene.clock.needsFrame && !scene.window.animationEngine.hasRunningAnimations, "and the clock sleeps after it")
    }
}
