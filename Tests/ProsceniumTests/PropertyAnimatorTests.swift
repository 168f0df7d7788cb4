import Proscenium
import Testing

/// `PropertyAnimator`: start, pause, scrub, reverse, continue, stop and finish.
@MainActor @Suite struct PropertyAnimatorTests {
    /// A fixture with one view at x = 10 (centre) and a linear animator moving it to x = 110 over 1 s.
    static func make() -> (AnimationFixture, View, PropertyAnimator, CompletionLog<AnimatingPosition>) {
        let f = AnimationFixture()
        let view = f.addView(x: 0, y: 0)
        let animator = PropertyAnimator(duration: 1, curve: .linear) { view.center.x = 110 }
        let log = CompletionLog<AnimatingPosition>()
        animator.addCompletion { log.record($0) }
        return (f, view, animator, log)
    }

    @Test func runsToTheEndAndCompletesOnce() {
        let (f, view, animator, log) = Self.make()
        #expect(animator.state == .inactive)
        #expect(view.center.x == 10)
        animator.startAnimation()
        #expect(animator.state == .active && animator.isRunning)
        #expect(view.center.x == 110)
        #expect(view.presentation.center.x == 10)
        f.clock.advance(by: 0.25)
        #expect(close(view.presentation.center.x, 35, 1e-9))
        #expect(close(animator.fractionComplete, 0.25, 1e-9))
        f.runUntilIdle()
        #expect(log.calls == [.end])
        #expect(animator.state == .inactive && !animator.isRunning)
        #expect(view.presentation.center.x == 110 && !view.hasRunningAnimations)
        #expect(!f.clock.needsFrame)
    }

    @Test func pauseHoldsAndScrubbingMovesLinearly() {
        let (f, view, animator, log) = Self.make()
        animator.startAnimation()
        f.clock.advance(by: 0.4)
        animator.pauseAnimation()
        #expect(!animator.isRunning && animator.state == .active)
        #expect(close(animator.fractionComplete, 0.4, 1e-9))
        f.clock.advance(by: 0.5)
        #expect(close(view.presentation.center.x, 50, 1e-9))
        #expect(!f.window.animationEngine.hasRunningAnimations)
        animator.fractionComplete = 0.25
        #expect(close(view.presentation.center.x, 35, 1e-9))
        #expect(animator.fractionComplete == 0.25)
        animator.fractionComplete = 0.8
        #expect(close(view.presentation.center.x, 90, 1e-9))
        animator.continueAnimation(withTimingParameters: nil, durationFactor: 1)
        #expect(animator.isRunning)
        f.clock.advance(by: 0.1)
        #expect(close(animator.fractionComplete, 0.9, 1e-9))
        f.clock.advance(by: 0.1)
        #expect(log.calls == [.end])
        #expect(view.presentation.center.x == 110)
    }

    @Test func scrubbingAnInactiveAnimatorPausesIt() {
        let (f, view, animator, _) = Self.make()
        animator.fractionComplete = 0.5
        #expect(animator.state == .active && !animator.isRunning)
        #expect(close(view.presentation.center.x, 60, 1e-9))
        f.clock.step()
        #expect(close(view.presentation.center.x, 60, 1e-9))
    }

    @Test func reversedWhilePausedRunsBackToTheStart() {
        let (f, view, animator, log) = Self.make()
        animator.startAnimation()
        f.clock.advance(by: 0.6)
        animator.pauseAnimation()
        animator.isReversed = true
        animator.continueAnimation(withTimingParameters: nil, durationFactor: 1)
        f.clock.advance(by: 0.3)
        #expect(close(view.presentation.center.x, 40, 1e-9))
        #expect(close(animator.fractionComplete, 0.3, 1e-9))
        f.clock.advance(by: 0.3)
        #expect(log.calls == [.start])
        #expect(view.center.x == 10 && view.presentation.center.x == 10)
    }

    @Test func reversingWhileRunningTurnsAroundWithoutAJump() {
        let (f, view, animator, log) = Self.make()
        animator.startAnimation()
        f.clock.advance(by: 0.5)
        let x = view.presentation.center.x
        animator.isReversed = true
        f.clock.runFrameIfNeeded()
        #expect(view.presentation.center.x == x)
        f.clock.advance(by: 0.1)
        #expect(close(view.presentation.center.x, x - 10, 1e-9))
        f.runUntilIdle()
        #expect(log.calls == [.start])
        #expect(view.center.x == 10)
    }

    @Test func continueWithASpringAndDurationFactor() {
        let (f, view, animator, log) = Self.make()
        animator.startAnimation()
        f.clock.advance(by: 0.5)
        animator.pauseAnimation()
        let start = f.clock.now
        animator.continueAnimation(withTimingParameters: SpringTimingParameters(dampingRatio: 0.7), durationFactor: 0.5)
        // The rest (half the run) takes 0.5 × 0.5 s.
        f.clock.advance(by: 0.24)
        #expect(view.hasRunningAnimations && log.calls.isEmpty)
        #expect(close(animator.fractionComplete, 0.5 + 0.5 * (f.clock.now - start) / 0.25, 1e-9))
        f.clock.advance(by: 0.01)
        #expect(log.calls == [.end])
        #expect(view.presentation.center.x == 110)
    }

    @Test func stopWithoutFinishingKeepsTheCurrentValueAndSkipsCompletions() {
        let (f, view, animator, log) = Self.make()
        animator.startAnimation()
        f.clock.advance(by: 0.3)
        animator.stopAnimation(true)
        #expect(animator.state == .inactive)
        #expect(close(view.center.x, 40, 1e-9))
        #expect(view.presentation == view.model)
        f.runUntilIdle()
        #expect(log.calls.isEmpty)
    }

    @Test func stopThenFinishAtEachPosition() {
        for (position, expected) in [(AnimatingPosition.end, 110.0), (.start, 10), (.current, 40)] {
            let (f, view, animator, log) = Self.make()
            animator.startAnimation()
            f.clock.advance(by: 0.3)
            animator.stopAnimation(false)
            #expect(animator.state == .stopped)
            #expect(close(view.presentation.center.x, 40, 1e-9))
            #expect(close(animator.fractionComplete, 0.3, 1e-9), "stopped where it was, as the views show")
            animator.finishAnimation(at: position)
            #expect(animator.state == .inactive)
            #expect(close(view.center.x, expected, 1e-9))
            #expect(view.presentation == view.model)
            #expect(log.calls == [position])
        }
    }

    @Test func springAnimatorSettlesAtItsDuration() {
        let f = AnimationFixture()
        let view = f.addView()
        let animator = PropertyAnimator(duration: 0.8, dampingRatio: 0.6) { view.alpha = 0.2 }
        let start = f.clock.now
        animator.startAnimation()
        f.clock.advance(by: 0.1)
        let expected = 1 - 0.8 * Spring(dampingRatio: 0.6, duration: 0.8).value(at: f.clock.now - start)
        #expect(close(view.presentation.alpha, expected, 1e-9))
        f.runUntilIdle()
        #expect(view.presentation.alpha == 0.2)
        #expect(close(f.clock.now - start, 0.8, 1 / 60 + 1e-9))
    }

    @Test func animationsAddedWhileRunningFinishWithTheRest() {
        let (f, view, animator, log) = Self.make()
        animator.startAnimation()
        f.clock.advance(by: 0.5)
        animator.addAnimations { view.alpha = 0 }
        f.clock.advance(by: 0.25)
        #expect(view.presentation.alpha < 1 && view.presentation.alpha > 0)
        f.runUntilIdle()
        #expect(log.calls == [.end])
        #expect(view.presentation.alpha == 0 && view.presentation.center.x == 110)
    }

    @Test func animatorViewsStayInteractiveByDefault() {
        let (f, view, animator, _) = Self.make()
        animator.startAnimation()
        f.clock.advance(by: 0.2)
        #expect(f.window.hitTest(Point(x: 105, y: 10), with: nil) === view)
    }

    @Test func changingUserInteractionWhileActiveTakesEffectAtOnce() {
        let (f, view, animator, _) = Self.make()
        animator.isUserInteractionEnabled = false
        animator.startAnimation()
        f.clock.advance(by: 0.2)
        #expect(f.window.hitTest(Point(x: 105, y: 10), with: nil) === f.window)
        animator.isUserInteractionEnabled = true
        #expect(f.window.hitTest(Point(x: 105, y: 10), with: nil) === view)
        animator.pauseAnimation()
        animator.isUserInteractionEnabled = false
        #expect(f.window.hitTest(Point(x: 105, y: 10), with: nil) === f.window)
        animator.stopAnimation(true)
        #expect(f.window.hitTest(view.center, with: nil) === view)
    }

    @Test func runningPropertyAnimatorStartsAtOnce() {
        let f = AnimationFixture()
        let view = f.addView()
        let log = CompletionLog<AnimatingPosition>()
        let animator = PropertyAnimator.runningPropertyAnimator(withDuration: 0.2, animations: { view.alpha = 0.5 },
                                                                 completion: { log.record($0) })
        #expect(animator.isRunning)
        f.runUntilIdle()
        #expect(log.calls == [.end])
    }

    @Test("NaN from an app's arithmetic (a fraction, a duration factor, a spring's velocity) is refused, never shown")
    func notANumberIsRefused() {
        let (f, view, animator, log) = Self.make()
        animator.startAnimation()
        f.clock.advance(by: 0.3)
        animator.pauseAnimation()
        let warnings = collectingWarnings {
            animator.fractionComplete = .nan
            #expect(close(animator.fractionComplete, 0.3, 1e-9) && close(view.presentation.center.x, 40, 1e-9))
            animator.continueAnimation(withTimingParameters: nil, durationFactor: .nan)
        }
        f.runUntilIdle(limit: 5)
        #expect(log.calls == [.end] && view.presentation.center.x == 110 && !f.clock.needsFrame)
        #expect(warnings.count == 2, "\(warnings)")

        let spring = SpringTimingParameters(dampingRatio: 0.8, initialVelocity: .nan)
        let sprung = f.addView()
        let springAnimator = PropertyAnimator(duration: 0.5, timingParameters: spring)
        springAnimator.addAnimations { sprung.center.x = 200 }
        springAnimator.startAnimation()
        f.clock.advance(by: 0.1)
        #expect(sprung.presentation.center.x.isFinite)
        f.runUntilIdle()
        #expect(sprung.center.x == 200 && sprung.presentation.center.x == 200)
    }

    @Test("a track added while the run heads back, then turned forward again, ends where its motion took it, as finishAnimation(at: .end) leaves it")
    func aTrackAddedWhileReversedEndsWhereItMoved() {
        var ends: [Double] = []
        for finishing in [false, true] {
            let (f, view, animator, _) = Self.make()
            animator.startAnimation()
            f.clock.advance(by: 0.3)
            animator.isReversed = true
            animator.addAnimations { view.alpha = 0 }
            f.clock.advance(by: 0.1)
            animator.isReversed = false
            if finishing {
                animator.stopAnimation(false)
                animator.finishAnimation(at: .end)
            } else {
                // The track runs back up to the alpha it had before, as the run heads for its end again.
                f.runUntilIdle()
                #expect(view.presentation.alpha == view.alpha, "shown as kept")
            }
            ends.append(view.alpha)
        }
        #expect(ends == [1, 1], "the natural end and finishAnimation(at: .end) agree, where the motion went: \(ends)")
    }
}
