import Testing
@testable import Proscenium

/// Pull to refresh, as UIKit's `UIRefreshControl`: a pull past the trigger distance under the finger
/// starts a refresh once, the content rests below the spinner after the release, and `endRefreshing()`
/// glides it back up; a shorter pull only shows the spinner on the way.
@MainActor @Suite("Refresh control")
struct RefreshControlTests {
    /// A scroll scene with a refresh control counting its `.valueChanged` actions.
    private func scene() -> (ScrollScene, RefreshControl, ProbeBox<Int>) {
        let scene = ScrollScene()
        let control = RefreshControl()
        let refreshes = ProbeBox(0)
        control.addAction(for: .valueChanged) { _ in refreshes.value += 1 }
        scene.scrollView.refreshControl = control
        scene.clock.step()
        return (scene, control, refreshes)
    }

    @Test("a long pull starts one refresh under the finger; released, the content rests below the spinner; ended, it glides back up")
    func pullToRefresh() {
        let (scene, control, refreshes) = scene()
        let end = scene.drag(from: Point(x: 200, y: 10), step: Point(x: 0, y: 20), frames: 20)
        #expect(refreshes.value == 1 && control.isRefreshing && control.spinner.isAnimating)
        #expect(scene.scrollView.adjustedContentInset.top == RefreshControl.height && scene.scrollView.contentInset.top == 0)
        scene.release(at: end)
        scene.run(1)
        #expect(abs(scene.scrollView.contentOffset.y + RefreshControl.height) < 0.5, "the spinner in view: \(scene.scrollView.contentOffset.y)")
        let frame = scene.window.convert(control.bounds, from: control)
        #expect(abs(frame.minY) < 0.5 && frame.height == RefreshControl.height, "at the top of the view: \(frame)")
        control.endRefreshing()
        var shown: [Double] = []
        for _ in 0..<30 {
            scene.clock.step()
            shown.append(scene.scrollView.contentOffset.y)
        }
        #expect(zip(shown, shown.dropFirst()).allSatisfy { $0 <= $1 + 1e-9 }, "glides up without a jump: \(shown)")
        #expect(scene.scrollView.contentOffset.y == 0 && scene.scrollView.adjustedContentInset.top == 0 && !control.isRefreshing)
        #expect(refreshes.value == 1)
    }

    @Test("a short pull shows the spinner in proportion and starts nothing; the content springs back")
    func shortPull() {
        let (scene, control, refreshes) = scene()
        let end = scene.drag(from: Point(x: 200, y: 10), step: Point(x: 0, y: 20), frames: 6)
        let pulled = -scene.scrollView.contentOffset.y
        #expect(pulled > 20 && pulled < control.triggerDistance)
        #expect(abs(control.spinner.alpha - pulled / control.triggerDistance) < 1e-9)
        scene.release(at: end)
        scene.run(1)
        #expect(refreshes.value == 0 && !control.isRefreshing && scene.scrollView.contentOffset.y == 0)
        #expect(control.spinner.alpha == 0)
    }

    @Test("beginRefreshing from code runs no action and leaves the content where it is; a wheel scroll starts nothing")
    func refreshingFromCode() {
        let (scene, control, refreshes) = scene()
        scene.scrollView.contentOffset = Point(x: 0, y: 200)
        control.beginRefreshing()
        #expect(control.isRefreshing && refreshes.value == 0 && scene.scrollView.contentOffset.y == 200)
        #expect(scene.scrollView.minimumContentOffset.y == -RefreshControl.height)
        control.endRefreshing()
        #expect(scene.scrollView.adjustedContentInset.top == 0 && scene.scrollView.contentOffset.y == 200)
        scene.wheel(-10)
        scene.run(1)
        #expect(refreshes.value == 0 && scene.scrollView.contentOffset.y == 0)
    }

    @Test("screen readers: the control is a Refresh button whose activation starts a refresh with its actions")
    func accessibility() {
        let (_, control, refreshes) = scene()
        #expect(control.accessibilityLabel == "Refresh" && control.accessibilityTraits.contains(.button))
        #expect(control.accessibilityActivate() && control.isRefreshing && refreshes.value == 1)
        #expect(!control.accessibilityActivate(), "already refreshing")
        control.title = "Checking for mail…"
        #expect(control.accessibilityLabel == "Checking for mail…")
    }

    @Test("a refresh ended at once in its own action, the finger still pulling, does not start again until the pull is over")
    func endedInItsOwnAction() {
        let (scene, control, refreshes) = scene()
        control.addAction(for: .valueChanged) { ($0 as? RefreshControl)?.endRefreshing() }
        let end = scene.drag(from: Point(x: 200, y: 10), step: Point(x: 0, y: 20), frames: 24)
        #expect(refreshes.value == 1 && !control.isRefreshing)
        scene.release(at: end)
        scene.run(1)
        #expect(scene.scrollView.contentOffset.y == 0)
        let again = scene.drag(from: Point(x: 200, y: 10), step: Point(x: 0, y: 20), frames: 20)
        #expect(refreshes.value == 2, "a new pull refreshes again")
        scene.release(at: again)
    }

    @Test("the app's own top inset, changed while refreshing, is kept: the control's room is on top of it and goes alone")
    func theAppsInsetStays() {
        let (scene, control, _) = scene()
        control.beginRefreshing()
        scene.scrollView.contentInset.top = 30
        #expect(scene.scrollView.minimumContentOffset.y == -90)
        control.endRefreshing()
        scene.run(1)
        #expect(scene.scrollView.contentInset.top == 30 && scene.scrollView.minimumContentOffset.y == -30)
        let frame = control.frame
        #expect(frame.maxY == -30, "waiting just above the content's room: \(frame)")
    }
}
