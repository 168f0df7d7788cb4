import Testing
import Proscenium

/// Completions that fall on the same frame run in the order their animations were added, so callbacks
/// and event logs are the same on every run.
@MainActor @Suite("Completion order")
struct AnimationOrderTests {
    @Test func viewAnimateCompletionsOnOneFrameRunInCreationOrder() {
        let f = AnimationFixture()
        let views = (0..<50).map { f.addView(x: Double($0), y: 0) }
        var order: [Int] = []
        for (index, view) in views.enumerated() {
            View.animate(withDuration: 0.3, animations: { view.alpha = 0.5 }, completion: { _ in order.append(index) })
        }
        f.runUntilIdle()
        #expect(order == Array(0..<50))
    }

    @Test func propertyAnimatorCompletionsOnOneFrameRunInCreationOrder() {
        let f = AnimationFixture()
        var order: [Int] = []
        var animators: [PropertyAnimator] = []
        for index in 0..<20 {
            let view = f.addView(x: Double(index), y: 0)
            let animator = PropertyAnimator(duration: 0.3, curve: .linear) { view.alpha = 0.2 }
            animator.addCompletion { _ in order.append(index) }
            animators.append(animator)
        }
        for animator in animators { animator.startAnimation() }
        f.runUntilIdle()
        #expect(order == Array(0..<20))
    }

    @Test func animationsRemovedWithTheirSubtreeReportInCreationOrder() {
        let f = AnimationFixture()
        let parent = f.addView(width: 100, height: 100)
        let children = (0..<30).map { index -> View in
            let child = View(frame: Rect(x: Double(index), y: 0, width: 5, height: 5))
            parent.addSubview(child)
            return child
        }
        f.clock.step()
        var order: [Int] = []
        for (index, child) in children.enumerated().reversed() {
            View.animate(withDuration: 1, animations: { child.alpha = 0 }, completion: { _ in order.append(index) })
        }
        parent.removeFromSuperview()
        f.clock.step()
        #expect(order == Array((0..<30).reversed()), "the order they were added in")
    }
}
