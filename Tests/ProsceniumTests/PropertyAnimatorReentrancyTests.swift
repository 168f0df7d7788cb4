import Proscenium
import Testing

/// Completions that reach back into a property animator as it ends: the animator calls out only once its
/// own state is final, so nothing added then keeps it alive in its window's engine.
@MainActor @Suite struct PropertyAnimatorReentrancyTests {
    @Test func aCompletionAddingToAnAnimatorEndingBackAtItsStartDoesNotKeepItAlive() {
        let f = AnimationFixture()
        let first = f.addView(x: 0, y: 0)
        let second = f.addView(x: 100, y: 0)
        let other = f.addView(x: 200, y: 0)
        var ending: PropertyAnimator? = PropertyAnimator(duration: 0.5, curve: .linear) { second.alpha = 0.2 }
        weak let weakEnding = ending
        // Ends at the same frame as `ending`, which runs back to its start, and adds to it from its completion.
        let leader = PropertyAnimator(duration: 0.5, curve: .linear) { first.alpha = 0.2 }
        var positions: [AnimatingPosition] = []
        leader.addCompletion { [weak ending] _ in ending?.addAnimations { other.alpha = 0.5 } }
        ending?.addCompletion { positions.append($0) }
        leader.startAnimation()
        ending?.startAnimation()
        f.clock.advance(by: 0.25)
        ending?.isReversed = true
        f.clock.advance(by: 0.25)
        ending = nil
        f.runUntilIdle()
        #expect(positions == [.start])
        #expect(second.alpha == 1, "back at its start")
        #expect(weakEnding == nil, "the ended animator is freed, not held by the engine with a track added as it ended")
        #expect(!f.window.animationEngine.hasRunningAnimations)
    }
}
