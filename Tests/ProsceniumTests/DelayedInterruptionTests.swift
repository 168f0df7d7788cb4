import Proscenium
import Testing

/// Interrupting a running animation with a delayed one: the running animation keeps driving the
/// property until the delay is over, then hands off with the same value and velocity.
@MainActor @Suite struct DelayedInterruptionTests {
    /// A view whose centre is 0.15 s into a bouncy spring entry from (10, 110) to (310, 110).
    static func bouncyEntry(log: CompletionLog<Bool>? = nil) -> (AnimationFixture, View) {
        let f = AnimationFixture()
        let view = f.addView(x: 0, y: 100)
        View.animate(withDuration: 0.8, delay: 0, usingSpringWithDamping: 0.5, initialSpringVelocity: 0,
                     options: [], animations: { view.center = Point(x: 310, y: 110) },
                     completion: { log?.record($0) })
        f.clock.run(for: 0.15)
        return (f, view)
    }

    /// Largest absolute second difference divided by h², over samples `range`, per coordinate.
    static func maxAcceleration(_ samples: [Point], h: Double, in range: Range<Int>) -> Double {
        var result = 0.0
        for k in range where k >= 1 && k + 1 < samples.count {
            let ax = (samples[k + 1].x - 2 * samples[k].x + samples[k - 1].x) / (h * h)
            let ay = (samples[k + 1].y - 2 * samples[k].y + samples[k - 1].y) / (h * h)
            result = max(result, abs(ax), abs(ay))
        }
        return result
    }

    @Test func delayedInterruptionFollowsTheRunningAnimationThenHandsOffSmoothly() {
        let entryLog = CompletionLog<Bool>(), dismissLog = CompletionLog<Bool>()
        let (f, view) = Self.bouncyEntry(log: entryLog)
        // The same entry, never interrupted: what the view must show during the delay.
        let (reference, referenceView) = Self.bouncyEntry()
        let interruption = f.clock.now
        #expect(reference.clock.now == interruption)

        View.animate(withDuration: 0.6, delay: 0.2, usingSpringWithDamping: 0.9, initialSpringVelocity: 0,
                     options: [], animations: { view.center = Point(x: -50, y: 140) },
                     completion: { dismissLog.record($0) })
        #expect(view.center == Point(x: -50, y: 140))
        #expect(view.presentation.center == referenceView.presentation.center)
        #expect(entryLog.calls.isEmpty)

        let h = 1e-3
        let handOff = interruption + 0.2
        var samples: [Point] = [view.presentation.center]
        var handOffIndex: Int?
        while f.clock.now < handOff + 0.1 {
            f.clock.advance(by: h)
            reference.clock.advance(by: h)
            samples.append(view.presentation.center)
            if f.clock.now < handOff {
                // During the delay: exactly the running animation, which keeps moving; nobody completed.
                #expect(view.presentation.center == referenceView.presentation.center)
                #expect(entryLog.calls.isEmpty && dismissLog.calls.isEmpty)
            } else if handOffIndex == nil {
                handOffIndex = samples.count - 1
                // The replaced animation's completion reports false at the hand-off, once.
                #expect(entryLog.calls == [false])
            }
        }
        guard let handOffIndex else {
            Issue.record("no hand-off frame")
            return
        }
        // No freeze: the view moved during the delay.
        #expect(abs(samples[handOffIndex - 1].x - samples[0].x) > 10)

        // Value and velocity continuous at every frame: no step in the finite-difference velocity
        // (which shows as a second difference of order Δv / h) anywhere, hand-off included.
        let smooth = Self.maxAcceleration(samples, h: h, in: 1..<(handOffIndex - 5))
        let aroundHandOff = Self.maxAcceleration(samples, h: h, in: (handOffIndex - 5)..<(handOffIndex + 5))
        let after = Self.maxAcceleration(samples, h: h, in: (handOffIndex + 5)..<samples.count)
        #expect(smooth > 0)
        #expect(aroundHandOff < 3 * max(smooth, after))
        for k in 1..<samples.count {
            let step = max(abs(samples[k].x - samples[k - 1].x), abs(samples[k].y - samples[k - 1].y))
            #expect(step < 5, "value jump at sample \(k)")
        }
        // The velocity just after the hand-off is the running animation's just before it, up to what
        // the acceleration changes over the two frames between the estimates.
        let i = handOffIndex
        let before = InterruptionTests.backwardSlope(samples[i - 3].x, samples[i - 2].x, samples[i - 1].x, h: h)
        let afterVelocity = InterruptionTests.forwardSlope(samples[i].x, samples[i + 1].x, samples[i + 2].x, h: h)
        #expect(abs(before) > 50)
        #expect(close(before, afterVelocity, 2 * h * max(smooth, after) + 1))

        f.runUntilIdle()
        #expect(view.presentation.center == Point(x: -50, y: 140))
        #expect(entryLog.calls == [false])
        #expect(dismissLog.calls == [true])
        #expect(f.window.animationEngine.animationCount == 0)
    }

    @Test func secondInterruptionDuringTheDelayReplacesTheWaitingOne() {
        let entryLog = CompletionLog<Bool>(), firstLog = CompletionLog<Bool>(), secondLog = CompletionLog<Bool>()
        let (f, view) = Self.bouncyEntry(log: entryLog)
        let (reference, referenceView) = Self.bouncyEntry()
        let start = f.clock.now
        View.animate(withDuration: 0.5, delay: 0.2, options: [.curveLinear],
                     animations: { view.center = Point(x: 0, y: 0) }, completion: { firstLog.record($0) })
        f.clock.run(for: 0.1)
        reference.clock.run(for: 0.1)
        View.animate(withDuration: 0.5, delay: 0.3, usingSpringWithDamping: 1, initialSpringVelocity: 0,
                     animations: { view.center = Point(x: 100, y: 200) }, completion: { secondLog.record($0) })
        // The waiting animation never showed: it ends at once; the running entry goes on.
        #expect(firstLog.calls == [false])
        #expect(entryLog.calls.isEmpty)
        var previous = view.presentation.center
        while f.clock.now < start + 0.4 - 1e-9 {
            f.clock.step()
            reference.clock.step()
            if f.clock.now < start + 0.4 - 1e-9 {
                #expect(view.presentation.center == referenceView.presentation.center)
                #expect(entryLog.calls.isEmpty)
            }
            #expect(abs(view.presentation.center.x - previous.x) < 30)
            previous = view.presentation.center
        }
        #expect(entryLog.calls == [false])
        f.runUntilIdle()
        #expect(view.presentation.center == Point(x: 100, y: 200))
        #expect(entryLog.calls == [false] && firstLog.calls == [false] && secondLog.calls == [true])
    }

    @Test func runningAnimationThatEndsDuringTheDelayFinishesAndItsEndHolds() {
        let f = AnimationFixture()
        let view = f.addView()
        let firstLog = CompletionLog<Bool>(), secondLog = CompletionLog<Bool>()
        let start = f.clock.now
        View.animate(withDuration: 0.3, delay: 0, options: [.curveLinear], animations: { view.alpha = 0.5 },
                     completion: { firstLog.record($0) })
        f.clock.advance(by: 0.1)
        View.animate(withDuration: 0.2, delay: 0.5, options: [.curveLinear], animations: { view.alpha = 0 },
                     completion: { secondLog.record($0) })
        #expect(view.alpha == 0)
        f.clock.advance(by: 0.1)
        #expect(close(view.presentation.alpha, 1 - 0.5 * 0.2 / 0.3, 1e-9))
        f.clock.advance(by: 0.15)
        // Reached its own end before the delayed one began: finished.
        #expect(firstLog.calls == [true])
        #expect(view.presentation.alpha == 0.5 && view.hasRunningAnimations)
        f.clock.advance(by: start + 0.6 + 0.1 - f.clock.now)
        #expect(close(view.presentation.alpha, 0.25, 1e-9))
        f.runUntilIdle()
        #expect(view.presentation.alpha == 0)
        #expect(firstLog.calls == [true] && secondLog.calls == [true])
    }

    @Test func settingTheModelDuringTheDelayRetargetsBoth() {
        let f = AnimationFixture()
        let view = f.addView()
        let firstLog = CompletionLog<Bool>(), secondLog = CompletionLog<Bool>()
        View.animate(withDuration: 1, delay: 0, options: [.curveLinear], animations: { view.alpha = 0 },
                     completion: { firstLog.record($0) })
        f.clock.advance(by: 0.2)
        View.animate(withDuration: 1, delay: 0.5, options: [.curveLinear], animations: { view.alpha = 1 },
                     completion: { secondLog.record($0) })
        f.clock.advance(by: 0.1)
        view.alpha = 0.3
        #expect(view.hasRunningAnimations, "the running animation goes on toward the new value")
        #expect(close(view.presentation.alpha, 1 - 0.7 * 0.3, 1e-9))
        f.runUntilIdle()
        #expect(view.presentation.alpha == 0.3, "the waiting animation ends at the new value too")
        #expect(firstLog.calls == [false], "handed off to the delayed one")
        #expect(secondLog.calls == [true])
    }

    @Test func performWithoutAnimationDuringTheDelayStopsBoth() {
        let f = AnimationFixture()
        let view = f.addView()
        let firstLog = CompletionLog<Bool>(), secondLog = CompletionLog<Bool>()
        View.animate(withDuration: 1, delay: 0, options: [.curveLinear], animations: { view.alpha = 0 },
                     completion: { firstLog.record($0) })
        f.clock.advance(by: 0.2)
        View.animate(withDuration: 1, delay: 0.5, options: [.curveLinear], animations: { view.alpha = 1 },
                     completion: { secondLog.record($0) })
        #expect(f.window.animationEngine.animationCount == 2)
        f.clock.advance(by: 0.1)
        View.performWithoutAnimation { view.alpha = 0.3 }
        #expect(view.presentation.alpha == 0.3 && !view.hasRunningAnimations)
        #expect(f.window.animationEngine.animationCount == 0)
        f.clock.step()
        #expect(firstLog.calls == [false] && secondLog.calls == [false])
        f.runUntilIdle()
        #expect(firstLog.calls == [false] && secondLog.calls == [false])
        #expect(!f.window.animationEngine.hasRunningAnimations)
    }

    @Test func undelayedInterruptionDuringTheDelayStartsFromTheRunningAnimation() {
        let entryLog = CompletionLog<Bool>(), waitingLog = CompletionLog<Bool>()
        let (f, view) = Self.bouncyEntry(log: entryLog)
        View.animate(withDuration: 0.5, delay: 0.3, options: [], animations: { view.center = Point(x: 0, y: 0) },
                     completion: { waitingLog.record($0) })
        f.clock.run(for: 0.1)
        let shown = view.presentation.center
        View.animate(withDuration: 0.4, delay: 0, usingSpringWithDamping: 1, initialSpringVelocity: 0,
                     animations: { view.center = Point(x: 200, y: 50) })
        #expect(view.presentation.center == shown)
        #expect(entryLog.calls == [false] && waitingLog.calls == [false])
        f.runUntilIdle()
        #expect(view.presentation.center == Point(x: 200, y: 50))
        #expect(entryLog.calls == [false] && waitingLog.calls == [false])
    }
}
