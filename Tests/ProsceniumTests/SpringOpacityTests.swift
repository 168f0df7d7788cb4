@testable import Proscenium
import Testing

/// Springs bounce positions past their target, never opacities: a dimming fading in alongside a bouncy
/// card must not flash darker than it settles.
@MainActor @Suite("Springs and opacity")
struct SpringOpacityTests {
    @Test func aBouncySpringOvershootsPositionButNotAlpha() {
        let fixture = AnimationFixture()
        let view = fixture.addView()
        view.alpha = 0
        View.animate(withDuration: 0.8, delay: 0, usingSpringWithDamping: 0.4, initialSpringVelocity: 10, options: []) {
            view.alpha = 0.5
            view.center = Point(x: 200, y: 150)
        }
        var highestAlpha = 0.0, furthestX = 0.0
        for _ in 0..<60 {
            fixture.window.setNeedsFrame()
            fixture.clock.step()
            highestAlpha = max(highestAlpha, view.presentation.alpha)
            furthestX = max(furthestX, view.presentation.center.x)
        }
        #expect(furthestX > 210, "the position bounces past its target: \(furthestX)")
        #expect(highestAlpha <= 0.5, "the opacity does not: \(highestAlpha)")
        #expect(highestAlpha > 0.49)
    }

    @Test func aPropertyAnimatorSpringKeepsAlphaBetweenItsEnds() {
        let fixture = AnimationFixture()
        let view = fixture.addView()
        view.alpha = 1
        let animator = PropertyAnimator(duration: 0.8, timingParameters: SpringTimingParameters(dampingRatio: 0.4, initialVelocity: 10))
        animator.addAnimations { view.alpha = 0.2 }
        animator.startAnimation()
        var lowest = 1.0
        for _ in 0..<60 {
            fixture.window.setNeedsFrame()
            fixture.clock.step()
            lowest = min(lowest, view.presentation.alpha)
        }
        #expect(lowest >= 0.2, "no dip below 0.2: \(lowest)")
        #expect(lowest < 0.21)
    }
}
