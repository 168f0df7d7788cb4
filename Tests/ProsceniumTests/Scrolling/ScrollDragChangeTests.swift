import Testing
@testable import Proscenium

/// What code does to the content under a finger: it moves there, and the drag goes on from there.
@MainActor @Suite("Scroll offsets changed during a drag")
struct ScrollDragChangeTests {
    @Test("an offset set by code during a drag is where the next move goes on from")
    func codeMovesTheContentUnderTheFinger() {
        let scene = ScrollScene()
        let end = scene.drag(from: Point(x: 200, y: 250), step: Point(x: 0, y: -20), frames: 6)
        let dragged = scene.scrollView.contentOffset.y
        scene.scrollView.contentOffset = Point(x: 0, y: 1000)
        scene.clock.advance(by: scene.clock.interval)
        scene.move(to: Point(x: end.x, y: end.y - 20))
        #expect(dragged > 0 && scene.scrollView.contentOffset.y == 1020)
    }

    @Test("content that grows under an over-pull keeps the content where it is, then follows the finger one to one")
    func growthUnderAnOverPull() {
        let scene = ScrollScene(contentHeight: 900)
        scene.scrollView.contentOffset = Point(x: 0, y: 600)
        let end = scene.drag(from: Point(x: 200, y: 280), step: Point(x: 0, y: -20), frames: 8)
        let pulled = scene.scrollView.contentOffset.y
        scene.scrollView.contentSize.height = 2000
        scene.clock.advance(by: scene.clock.interval)
        scene.move(to: Point(x: end.x, y: end.y - 10))
        #expect(abs(scene.scrollView.contentOffset.y - (pulled + 10)) < 1e-9, "\(pulled) → \(scene.scrollView.contentOffset.y)")
    }

    @Test("an animated scroll asked for during a drag goes there at once instead of fighting the finger")
    func animatedScrollUnderAFinger() {
        let scene = ScrollScene()
        let end = scene.drag(from: Point(x: 200, y: 250), step: Point(x: 0, y: -20), frames: 6)
        scene.scrollView.setContentOffset(Point(x: 0, y: 800), animated: true)
        #expect(scene.scrollView.contentOffset.y == 800)
        scene.clock.advance(by: scene.clock.interval)
        scene.move(to: Point(x: end.x, y: end.y - 20))
        scene.clock.step()
        #expect(scene.scrollView.contentOffset.y == 820)
    }

    @Test("rows loaded from scrollViewDidScroll under an over-pull: the next move goes on from where the content is")
    func growthFromTheScrollCallback() throws {
        let scene = ScrollScene(contentHeight: 900)
        scene.scrollView.contentOffset = Point(x: 0, y: 600)
        scene.recorder.onScroll = { scrollView in
            if scrollView.contentOffset.y > 650, scrollView.contentSize.height < 2000 { scrollView.contentSize.height = 2000 }
        }
        var location = Point(x: 200, y: 280)
        scene.press(at: location)
        var offsets: [Double] = [], grownAt: Int?
        for index in 0..<14 {
            scene.clock.advance(by: scene.clock.interval)
            location.y -= 20
            scene.move(to: location)
            offsets.append(scene.scrollView.contentOffset.y)
            if grownAt == nil, scene.scrollView.contentSize.height == 2000 { grownAt = index }
        }
        let grown = try #require(grownAt)
        let after = Array(offsets[grown...])
        #expect(zip(after, after.dropFirst()).allSatisfy { abs($1 - $0 - 20) < 1e-9 }, "one to one from there: \(offsets)")
    }
}
