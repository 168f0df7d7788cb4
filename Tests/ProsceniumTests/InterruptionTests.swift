import Proscenium
import Testing

/// Starting an animation on a property that already animates: position and velocity carry over.
@MainActor @Suite struct InterruptionTests {
    /// Second-order one-sided derivative estimates from three samples h apart.
    static func backwardSlope(_ f0: Double, _ f1: Double, _ f2: Double, h: Double) -> Double {
        (3 * f2 - 4 * f1 + f0) / (2 * h)
    }
    static func forwardSlope(_ f0: Double, _ f1: Double, _ f2: Double, h: Double) -> Double {
        (-3 * f0 + 4 * f1 - f2) / (2 * h)
    }

    @Test func interruptedSpringContinuesWithTheSamePositionAndVelocity() {
        let f = AnimationFixture()
        let view = f.addView(x: 0, y: 100)
        // A bouncy entry...
        View.animate(withDuration: 0.8, delay: 0, usingSpringWithDamping: 0.5, initialSpringVelocity: 0,
                     options: [], animations: { view.center = Point(x: 310, y: 110) })
        f.clock.run(for: 0.15)
        let h = 1e-3
        var before: [Point] = []
        for _ in 0..<3 {
            f.clock.advance(by: h)
            before.append(view.presentation.center)
        }
        // ...interrupted by a dismissal back towards where it came from, mid-flight.
        let log = CompletionLog<Bool>()
        View.animate(withDuration: 0.6, delay: 0, usingSpringWithDamping: 0.9, initialSpringVelocity: 0,
                     options: [], animations: { view.center = Point(x: -50, y: 140) }, completion: { log.record($0) })
        #expect(view.presentation.center == before[2])
        f.clock.runFrameIfNeeded()
        var after: [Point] = [view.presentation.center]
        for _ in 0..<2 {
            f.clock.advance(by: h)
            after.append(view.presentation.center)
        }
        #expect(close(after[0].x, before[2].x, 1e-9) && close(after[0].y, before[2].y, 1e-9))
        let oldVelocity = Point(x: Self.backwardSlope(before[0].x, before[1].x, before[2].x, h: h),
                                y: Self.backwardSlope(before[0].y, before[1].y, before[2].y, h: h))
        let newVelocity = Point(x: Self.forwardSlope(after[0].x, after[1].x, after[2].x, h: h),
                                y: Self.forwardSlope(after[0].y, after[1].y, after[2].y, h: h))
        #expect(abs(oldVelocity.x) > 100)
        #expect(close(oldVelocity.x, newVelocity.x, abs(oldVelocity.x) * 0.01))
        #expect(close(oldVelocity.y, newVelocity.y, max(1, abs(oldVelocity.y) * 0.01)))
        f.runUntilIdle()
        #expect(view.presentation.center == Point(x: -50, y: 140))
        #expect(log.calls == [true])
    }

    @Test func replacedAnimationCompletesWithFalseOnce() {
        let f = AnimationFixture()
        let view = f.addView()
        let first = CompletionLog<Bool>(), second = CompletionLog<Bool>()
        View.animate(withDuration: 1, delay: 0, options: [], animations: { view.center.x = 200 },
                     completion: { first.record($0) })
        f.clock.run(for: 0.2)
        View.animate(withDuration: 0.5, delay: 0, options: [], animations: { view.center.x = 20 },
                     completion: { second.record($0) })
        #expect(first.calls == [false])
        #expect(second.calls.isEmpty)
        f.runUntilIdle()
        #expect(first.calls == [false])
        #expect(second.calls == [true])
    }

    @Test func curveInterruptionStartsFromWhatIsOnScreen() {
        let f = AnimationFixture()
        let view = f.addView()
        View.animate(withDuration: 1, delay: 0, options: [.curveLinear], animations: { view.alpha = 0 })
        f.clock.advance(by: 0.4)
        let shown = view.presentation.alpha
        #expect(close(shown, 0.6, 1e-9))
        View.animate(withDuration: 1, delay: 0, options: [.curveLinear], animations: { view.alpha = 1 })
        #expect(view.presentation.alpha == shown)
        f.clock.advance(by: 0.5)
        #expect(close(view.presentation.alpha, shown + (1 - shown) * 0.5, 1e-9))
    }

    @Test func interruptingOnePropertyLeavesTheOtherRunning() {
        let f = AnimationFixture()
        let view = f.addView()
        let log = CompletionLog<Bool>()
        View.animate(withDuration: 1, delay: 0, options: [.curveLinear], animations: { view.cornerRadius = 10 },
                     completion: { log.record($0) })
        View.animate(withDuration: 1, delay: 0, options: [.curveLinear], animations: { view.alpha = 0 })
        f.clock.advance(by: 0.5)
        View.animate(withDuration: 1, delay: 0, options: [.curveLinear], animations: { view.alpha = 1 })
        f.clock.advance(by: 0.25)
        #expect(close(view.presentation.cornerRadius, 7.5, 1e-9))
        f.clock.advance(by: 0.25)
        #expect(log.calls == [true])
    }

    @Test func retargetingASpringToTheSameValueKeepsItsMomentum() {
        let f = AnimationFixture()
        let view = f.addView(x: 0, y: 0)
        View.animate(withDuration: 1, delay: 0, usingSpringWithDamping: 0.7, initialSpringVelocity: 0,
                     animations: { view.center.x = 210 })
        f.clock.run(for: 0.1)
        let x0 = view.presentation.center.x
        f.clock.step()
        let x1 = view.presentation.center.x
        View.animate(withDuration: 1, delay: 0, usingSpringWithDamping: 0.7, initialSpringVelocity: 0,
                     animations: { view.center.x = 400; view.center.x = 210 })
        f.clock.step()
        let x2 = view.presentation.center.x
        // Still moving forward at about the same speed.
        #expect(x2 > x1 && close(x2 - x1, x1 - x0, abs(x1 - x0) * 0.5))
    }
}
