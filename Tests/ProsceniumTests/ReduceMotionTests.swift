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
            #expect(!view.hasRunningAnimations)
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

/// Reduced motion on a presentation's dismissal, as the README promises for every transition: a 0.2 s
/// ease-in-out cross-fade in place instead of the delegate's animator, with the same callbacks.
@MainActor @Suite struct ReduceMotionDismissalTests {
    private struct Run {
        var log: [String] = []
        var frames: [Rect] = []
        var alphas: [Double] = []
        var times: [Double] = []
        var completedAt: [Double] = []
    }

    /// Presents with motion, then dismisses with `reduced` motion, recording the presented view's frame
    /// and alpha on screen at every frame of the dismissal and when its completion ran.
    private func dismiss(reduced: Bool) -> Run {
        let saved = AnimationSettings.reduceMotion
        defer { AnimationSettings.reduceMotion = saved }
        AnimationSettings.reduceMotion = false
        let fixture = PresentationFixture()
        let delegate = LoggingDelegate(log: fixture.log)
        delegate.dismissalAnimator = ViewAnimateAnimator(isPresenting: false, log: fixture.log)
        let presented = fixture.makePresented(delegate: delegate)
        fixture.root.present(presented, animated: true)
        fixture.runUntilIdle()
        fixture.log.entries = []
        AnimationSettings.reduceMotion = reduced
        var run = Run()
        let start = fixture.clock.now
        presented.dismiss(animated: true) { run.completedAt.append(fixture.clock.now - start) }
        let view = presented.view
        while run.completedAt.isEmpty, fixture.clock.now - start < 2 {
            fixture.clock.step()
            run.times.append(fixture.clock.now - start)
            run.frames.append(view.presentation.frame)
            run.alphas.append(view.presentation.alpha)
        }
        fixture.runUntilIdle()
        run.log = fixture.log.entries
        #expect(fixture.root.presentedViewController == nil)
        withExtendedLifetime(delegate) {}
        return run
    }

    @Test func dismissalBecomesAShortCrossFadeInPlaceWithTheSameCallbacks() throws {
        let moving = dismiss(reduced: false)
        let reduced = dismiss(reduced: true)
        let shown = Rect(x: 30, y: 30, width: 340, height: 240)
        #expect(moving.frames.contains { $0 != shown }, "with motion the view slides away")
        #expect(moving.log.contains("animator.dismiss"))

        #expect(!reduced.log.contains("animator.dismiss"), "the delegate's animator is not used")
        #expect(reduced.log == moving.log.filter { !$0.hasPrefix("animator.") }, "the same callbacks, in the same order")
        #expect(reduced.log == [
            "presented.viewWillDisappear(true)", "pc.dismissalTransitionWillBegin",
            "pc.dismissalTransitionDidEnd(true)", "presented.viewDidDisappear(true)",
        ])
        #expect(reduced.completedAt.count == 1, "the completion runs once")
        let end = try #require(reduced.completedAt.first)
        #expect(end > CrossFadeTransitionAnimator.duration - 1e-9 && end < CrossFadeTransitionAnimator.duration + 1.0 / 60 + 1e-9,
                "over in 0.2 s: \(end)")
        for (index, time) in reduced.times.enumerated() where time < CrossFadeTransitionAnimator.duration {
            #expect(reduced.frames[index] == shown, "in place at \(time) s: \(reduced.frames[index])")
            let expected = 1 - CubicBezierTiming.easeInOut.value(at: time / CrossFadeTransitionAnimator.duration)
            #expect(close(reduced.alphas[index], expected, 1e-3), "an ease-in-out fade: \(reduced.alphas[index]) at \(time) s, not \(expected)")
        }
        #expect(reduced.alphas.contains { $0 > 0.2 && $0 < 0.8 }, "a fade, not a cut: \(reduced.alphas)")
    }
}
