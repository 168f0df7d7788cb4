@testable import Proscenium
import Testing

/// Reduced motion: geometry jumps, views that jumped fade in, springs become short fades.
@MainActor @Suite struct ReduceMotionTests {
    /// Runs `body` with reduced motion on, restoring the setting afterwards.
    static func withReducedMotion(_ body: () -> Void) {
        let saved = AnimationSettings.reduceMotion
        AnimationSettings.reduceMotion = true
        defer { AnimationSettings.reduceMotion = saved }
        body()
    }

    @Test func springSlideBecomesAJumpAndAFade() {
        Self.withReducedMotion {
            let f = AnimationFixture()
            let view = f.addView(x: 0, y: 0)
            let log = CompletionLog<Bool>()
            View.animate(withDuration: 0.8, delay: 0, usingSpringWithDamping: 0.5, initialSpringVelocity: 0,
                         animations: { view.center = Point(x: 200, y: 100) }, completion: { log.record($0) })
            f.clock.step()
            #expect(view.presentation.center == Point(x: 200, y: 100))
            let fade = CubicBezierTiming.easeInOut.value(at: f.clock.interval / AnimationSettings.crossFadeDuration)
            #expect(close(view.presentation.alpha, fade, 1e-9))
            f.clock.run(for: 0.15)
            #expect(log.calls == [true])
            #expect(view.presentation == view.model)
        }
    }

    @Test func springFadeBecomesAShortCurve() {
        Self.withReducedMotion {
            let f = AnimationFixture()
            let view = f.addView()
            let start = f.clock.now
            View.animate(withDuration: 2, delay: 0, usingSpringWithDamping: 0.3, initialSpringVelocity: 0,
                         animations: { view.alpha = 0 })
            f.clock.step()
            let expected = 1 - CubicBezierTiming.easeInOut.value(at: (f.clock.now - start) / 0.15)
            #expect(close(view.presentation.alpha, expected, 1e-9))
            f.clock.run(for: 0.15)
            #expect(!view.isAnimating)
        }
    }

    @Test func curveFadesKeepTheirDuration() {
        Self.withReducedMotion {
            let f = AnimationFixture()
            let view = f.addView()
            View.animate(withDuration: 1, delay: 0, options: [.curveLinear], animations: { view.alpha = 0 })
            f.clock.advance(by: 0.5)
            #expect(close(view.presentation.alpha, 0.5, 1e-9))
        }
    }

    @Test func environmentVariableTurnsItOn() {
        #expect(AnimationSettings.reduceMotion(fromEnvironment: ["PROSCENIUM_REDUCE_MOTION": "1"]))
        #expect(!AnimationSettings.reduceMotion(fromEnvironment: ["PROSCENIUM_REDUCE_MOTION": "0"]))
        #expect(!AnimationSettings.reduceMotion(fromEnvironment: [:]))
    }
}
