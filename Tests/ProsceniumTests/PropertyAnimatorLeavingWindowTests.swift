import Proscenium
import Testing

/// A property animator whose view leaves the window while it runs: the view keeps the value of the end
/// the run reaches, as the views still in the window do.
@MainActor @Suite struct PropertyAnimatorLeavingWindowTests {
    /// Two views scaled down by one linear 1 s animator, started and 0.3 s in.
    private func makeRunning() -> (AnimationFixture, staying: View, leaving: View, PropertyAnimator) {
        let f = AnimationFixture()
        let staying = f.addView(x: 0, y: 0)
        let leaving = f.addView(x: 100, y: 0)
        let animator = PropertyAnimator(duration: 1, curve: .linear) {
            staying.transform = AffineTransform(scaleX: 0.85, y: 0.85)
            leaving.transform = AffineTransform(scaleX: 0.85, y: 0.85)
        }
        animator.startAnimation()
        f.clock.advance(by: 0.3)
        return (f, staying, leaving, animator)
    }

    @Test func turnedAroundWhileOutOfTheWindowItEndsAtTheStart() {
        let (f, staying, leaving, animator) = makeRunning()
        animator.isReversed = true
        leaving.removeFromSuperview()
        f.runUntilIdle()
        #expect(staying.transform == .identity)
        #expect(leaving.transform == .identity, "back at the start, like the view that stayed, not at the end it never reached")
        f.window.addSubview(leaving)
        #expect(leaving.frame == Rect(x: 100, y: 0, width: 20, height: 20))
    }

    @Test func runningOnItKeepsTheEndValues() {
        let (f, _, leaving, _) = makeRunning()
        leaving.removeFromSuperview()
        f.runUntilIdle()
        #expect(leaving.transform == AffineTransform(scaleX: 0.85, y: 0.85))
    }

    @Test func aValueSetMeanwhileIsKept() {
        let (f, _, leaving, animator) = makeRunning()
        animator.isReversed = true
        leaving.removeFromSuperview()
        leaving.transform = AffineTransform(scaleX: 2, y: 2)
        f.runUntilIdle()
        #expect(leaving.transform == AffineTransform(scaleX: 2, y: 2), "app code's value wins over the run's start")
    }
}

/// A window freed while a property animator runs in it: the animator, its views and what its completions
/// hold are freed with it (the runs that would have ended them are gone with its engine).
@MainActor @Suite struct PropertyAnimatorFreedWindowTests {
    /// A window with a view fading out under a 1 s animator 0.3 s in, whose completion runs `completion`
    /// and holds the view; the caller drops the window.
    private func running(completion: @escaping @MainActor (View) -> Void) -> (Window, View, PropertyAnimator) {
        let clock = ManualFrameClock()
        let window = Window(size: Size(width: 200, height: 200), clock: clock)
        let view = View(frame: Rect(x: 0, y: 0, width: 50, height: 50))
        window.addSubview(view)
        let animator = PropertyAnimator(duration: 1, curve: .linear) { view.alpha = 0 }
        animator.addCompletion { _ in completion(view) }
        animator.startAnimation()
        clock.advance(by: 0.3)
        return (window, view, animator)
    }

    @Test func anAnimatorRunningInAFreedWindowIsFreedToo() {
        weak var freedWindow: Window?
        weak var freedAnimator: PropertyAnimator?
        weak var freedView: View?
        var completed = false
        do {
            let (window, view, animator) = running { completed = $0.alpha == 0 }
            freedWindow = window
            freedAnimator = animator
            freedView = view
        }
        #expect(freedWindow == nil, "the window itself is freed")
        #expect(freedAnimator == nil && freedView == nil, "nothing it ran is left alive")
        #expect(!completed, "no completion runs for a window that is gone")
    }

    @Test func anAnimatorWhoseViewMovedToAnotherWindowIsFreedWithTheFirst() {
        weak var freedAnimator: PropertyAnimator?
        let other = Window(size: Size(width: 200, height: 200), clock: ManualFrameClock())
        do {
            let (window, view, animator) = running { _ in }
            other.addSubview(view)
            withExtendedLifetime(window) {}
            freedAnimator = animator
        }
        #expect(freedAnimator == nil)
        #expect(other.subviews.count == 1)
    }
}
