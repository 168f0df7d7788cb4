import Testing
@testable import Proscenium

/// A release whose callbacks move the edges: the bounce starts where the finger left the content and
/// heads for the edges as the callbacks left them, as UIKit's does (pull to refresh keeps its inset open,
/// rows loaded at the end keep the content where it was).
@MainActor @Suite("Scroll release with edges moved by its callbacks")
struct ScrollReleaseEdgeTests {
    /// Runs `change` in `scrollViewDidEndDragging`.
    @MainActor final class Releasing: ScrollViewDelegate {
        var change: ((ScrollView) -> Void)?
        func scrollViewDidEndDragging(_ scrollView: ScrollView, willDecelerate decelerate: Bool) { change?(scrollView) }
    }

    /// The vertical offset on each of `frames` frames.
    private func offsets(_ scene: ScrollScene, frames: Int) -> [Double] {
        (0..<frames).map { _ in
            scene.clock.step()
            return scene.scrollView.contentOffset.y
        }
    }

    @Test("pull to refresh: an inset opened in didEndDragging is where the bounce rests, without a jump on the way")
    func pullToRefreshKeepsItsInset() {
        let scene = ScrollScene()
        let releasing = Releasing()
        releasing.change = { if $0.contentOffset.y < -60 { $0.contentInset.top = 60 } }
        scene.scrollView.delegate = releasing
        let end = scene.drag(from: Point(x: 200, y: 20), step: Point(x: 0, y: 20), frames: 11)
        scene.run(0.3)
        let pulled = scene.scrollView.contentOffset.y
        #expect(pulled < -60)
        scene.release(at: end)
        #expect(scene.scrollView.contentOffset.y == pulled, "left where the finger let go")
        let shown = offsets(scene, frames: 90)
        #expect(zip(shown, shown.dropFirst()).allSatisfy { $0 <= $1 + 1e-9 }, "straight back to the inset: \(shown)")
        #expect(shown.allSatisfy { $0 >= pulled - 1e-9 && $0 <= -60 + 1e-9 }, "\(shown)")
        #expect(abs(scene.scrollView.contentOffset.y + 60) < 0.5)
    }

    @Test("rows loaded at the end in didEndDragging: an over-pull at the bottom stays where it is instead of springing back")
    func loadMoreKeepsThePlace() {
        let scene = ScrollScene(contentHeight: 900)
        scene.scrollView.contentOffset = Point(x: 0, y: 600)
        let releasing = Releasing()
        releasing.change = { $0.contentSize.height = 2000 }
        scene.scrollView.delegate = releasing
        let end = scene.drag(from: Point(x: 200, y: 280), step: Point(x: 0, y: -20), frames: 8)
        scene.run(0.3)
        let pulled = scene.scrollView.contentOffset.y
        #expect(pulled > 600)
        scene.release(at: end)
        let shown = offsets(scene, frames: 60)
        #expect(shown.allSatisfy { abs($0 - pulled) < 1 }, "\(pulled): \(shown)")
    }

    @Test("rows loaded while a fling bounces past the end: the bounce stops being one, the content is not pulled back")
    func growthDuringABounce() {
        let scene = ScrollScene(contentHeight: 900)
        scene.scrollView.contentOffset = Point(x: 0, y: 500)
        let end = scene.drag(from: Point(x: 200, y: 280), step: Point(x: 0, y: -30), frames: 6)
        scene.release(at: end)
        var passedTheEnd = false
        for _ in 0..<60 where !passedTheEnd {
            scene.clock.step()
            passedTheEnd = scene.scrollView.contentOffset.y > 610
        }
        #expect(passedTheEnd)
        let past = scene.scrollView.contentOffset.y
        scene.scrollView.contentSize.height = 2000
        let shown = offsets(scene, frames: 60)
        #expect(shown.allSatisfy { $0 >= past - 40 }, "not sprung back towards 600 from \(past): \(shown)")
    }
}
