import Testing
@testable import Proscenium

/// A pointer drag moves a scroll view's content as a finger moves UIKit's: one to one, rubber-banded
/// past the edges, gliding on from the release velocity at UIKit's rate and springing back from an edge.
@MainActor @Suite("Scroll view dragging")
struct ScrollViewDraggingTests {
    @Test func dragMovesTheContentOneToOneOnceRecognized() {
        let scene = ScrollScene()
        let end = scene.drag(from: Point(x: 200, y: 250), step: Point(x: 0, y: -20), frames: 6)
        // The first 10 points recognized the drag; the 110 after them moved the content.
        #expect(scene.scrollView.contentOffset == Point(x: 0, y: 110))
        #expect(scene.scrollView.isDragging)
        #expect(scene.recorder.calls == ["willBeginDragging"])
        scene.move(to: end + Point(x: 30, y: -15))
        #expect(scene.scrollView.contentOffset == Point(x: 0, y: 125), "a vertical list ignores the sideways part")
    }

    @Test func releaseDeceleratesAtUIKitsRateFromTheFingersSpeed() {
        let scene = ScrollScene(contentHeight: 20_000)
        let end = scene.drag(from: Point(x: 200, y: 280), step: Point(x: 0, y: -20), frames: 10)
        scene.release(at: end)
        let released = scene.scrollView.contentOffset.y
        let releaseTime = scene.clock.now
        // 20 points a frame at 60 frames a second: 1200 points per second, 1.2 per millisecond.
        #expect(abs(scene.recorder.releaseVelocity!.y - 1.2) < 1e-6)
        #expect(scene.scrollView.isDecelerating)
        #expect(!scene.scrollView.isDragging)
        for frames in [1, 10, 30, 60] {
            while scene.clock.now < releaseTime + Double(frames) / 60 - 1e-9 { scene.clock.step() }
            let expected = released + ScrollPhysics.decelerate(from: 0, velocity: 1200, rate: 0.998,
                                                               time: scene.clock.now - releaseTime).position
            #expect(abs(scene.scrollView.contentOffset.y - expected) < 1e-6, "frame \(frames)")
        }
        scene.run(6)
        let rest = released + ScrollPhysics.decelerationDistance(velocity: 1200, rate: 0.998)
        #expect(abs(scene.scrollView.contentOffset.y - rest) < 1)
        #expect(!scene.scrollView.isDecelerating)
        #expect(scene.recorder.calls == ["willBeginDragging", "willEndDragging", "didEndDragging(true)",
                                         "willBeginDecelerating", "didEndDecelerating"])
        #expect(scene.phases.value == [.dragging, .decelerating, .ended])
        #expect(!scene.clock.needsFrame, "at rest, the clock sleeps")
    }

    @Test func fastRateStopsSooner() {
        let scene = ScrollScene(contentHeight: 20_000)
        scene.scrollView.decelerationRate = .fast
        let end = scene.drag(from: Point(x: 200, y: 280), step: Point(x: 0, y: -20), frames: 10)
        scene.release(at: end)
        let released = scene.scrollView.contentOffset.y
        scene.run(3)
        #expect(abs(scene.scrollView.contentOffset.y - released - ScrollPhysics.decelerationDistance(velocity: 1200, rate: 0.99)) < 1)
    }

    @Test func draggingPastTheTopRubberBandsAndSpringsBack() {
        let scene = ScrollScene()
        let end = scene.drag(from: Point(x: 200, y: 20), step: Point(x: 0, y: 20), frames: 11)
        // 210 points of drag past the top of a 300-point view (10 of the 220 recognized the drag).
        #expect(abs(scene.scrollView.contentOffset.y + ScrollPhysics.rubberBand(210, dimension: 300)) < 1e-9)
        scene.run(0.3)   // the finger holds still: no speed at release
        scene.release(at: end)
        #expect(scene.scrollView.isDecelerating)
        var previous = scene.scrollView.contentOffset.y
        for _ in 0..<60 {
            scene.clock.step()
            #expect(scene.scrollView.contentOffset.y >= previous - 1e-9)
            #expect(scene.scrollView.contentOffset.y <= 0)
            previous = scene.scrollView.contentOffset.y
        }
        #expect(scene.scrollView.contentOffset.y == 0)
        #expect(scene.recorder.calls.last == "didEndDecelerating")
    }

    @Test func withoutBouncesTheContentStopsAtTheEdge() {
        let scene = ScrollScene()
        scene.scrollView.bounces = false
        scene.drag(from: Point(x: 200, y: 20), step: Point(x: 0, y: 20), frames: 11)
        #expect(scene.scrollView.contentOffset.y == 0)
    }

    @Test func flingIntoTheEndBouncesBackToIt() {
        let scene = ScrollScene(contentHeight: 900)
        let end = scene.drag(from: Point(x: 200, y: 290), step: Point(x: 0, y: -40), frames: 7)
        scene.release(at: end)
        var farthest = 0.0
        for _ in 0..<120 {
            scene.clock.step()
            farthest = max(farthest, scene.scrollView.contentOffset.y)
        }
        #expect(farthest > 600 + 5, "it went past the end")
        #expect(scene.scrollView.contentOffset.y == 600)
        #expect(!scene.scrollView.isDecelerating)
    }

    @Test func delegateMayMoveTheTarget() {
        let scene = ScrollScene(contentHeight: 20_000)
        // Snap to whole 100-point rows, as a picker does.
        scene.recorder.retarget = { Point(x: $0.x, y: ($0.y / 100).rounded() * 100) }
        let end = scene.drag(from: Point(x: 200, y: 280), step: Point(x: 0, y: -17), frames: 9)
        scene.release(at: end)
        scene.run(3)
        let offset = scene.scrollView.contentOffset.y
        #expect(offset == (offset / 100).rounded() * 100)
        #expect(offset > 400)
    }

    @Test func pagingComesToRestOnAPage() {
        let scene = ScrollScene(contentHeight: 3000)
        scene.scrollView.isPagingEnabled = true
        let end = scene.drag(from: Point(x: 200, y: 280), step: Point(x: 0, y: -10), frames: 8)
        scene.release(at: end)
        scene.run(2)
        #expect(scene.scrollView.contentOffset.y == 300, "a flick upwards goes to the next page")
    }

    @Test func touchOnGlidingContentStopsItWithoutTappingWhatIsUnder() {
        let scene = ScrollScene(contentHeight: 20_000)
        var taps = 0
        let button = Button(title: "Tap")
        button.addAction { _ in taps += 1 }
        button.frame = Rect(x: 0, y: 0, width: 400, height: 20_000)
        scene.scrollView.addSubview(button)
        let end = scene.drag(from: Point(x: 200, y: 280), step: Point(x: 0, y: -20), frames: 10)
        scene.release(at: end)
        scene.run(0.2)
        #expect(scene.scrollView.isDecelerating)
        scene.press(at: Point(x: 200, y: 150))
        let caught = scene.scrollView.contentOffset.y
        #expect(!scene.scrollView.isDecelerating)
        scene.run(0.1)
        scene.release(at: Point(x: 200, y: 150))
        scene.run(0.5)
        #expect(scene.scrollView.contentOffset.y == caught)
        #expect(taps == 0)
        // A tap on content at rest does reach the button.
        scene.press(at: Point(x: 200, y: 150))
        scene.release(at: Point(x: 200, y: 150))
        #expect(taps == 1)
    }

    @Test func dragThatBeginsOnABounceContinuesItWithoutAJump() {
        let scene = ScrollScene()
        let end = scene.drag(from: Point(x: 200, y: 20), step: Point(x: 0, y: 20), frames: 11)
        scene.run(0.3)
        scene.release(at: end)
        scene.run(0.05)
        let during = scene.scrollView.contentOffset.y
        #expect(during < -1)
        scene.press(at: Point(x: 200, y: 200))
        #expect(scene.scrollView.contentOffset.y == during)
        scene.move(to: Point(x: 200, y: 215))   // recognized here
        scene.move(to: Point(x: 200, y: 216))
        // 16 points of drag on the band move the content less than 16, and from where it was.
        #expect(scene.scrollView.contentOffset.y < during - 1)
        #expect(scene.scrollView.contentOffset.y > during - 16)
    }
}
