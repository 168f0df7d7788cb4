@testable import Proscenium
import Testing

/// `PropertyAnimator` keeps velocity: tracks report it, a reversed spring and a continued spring carry
/// it, per-axis initial velocities apply per lane, and animations added mid-run join without re-timing
/// the tracks already running.
@MainActor @Suite struct PropertyAnimatorVelocityTests {
    /// x of `view`'s centre 0.1 ms before, at, and 0.1 ms after `change`, run at `time` seconds.
    private func around(_ f: AnimationFixture, _ view: View, at time: Double, _ change: () -> Void) -> (Double, Double, Double) {
        let step = 0.0001
        f.clock.run(for: time)
        f.window.setNeedsFrame()
        f.clock.advance(by: step)
        let earlier = view.presentation.center.x
        f.window.setNeedsFrame()
        f.clock.advance(by: step)
        let now = view.presentation.center.x
        change()
        f.window.setNeedsFrame()
        f.clock.advance(by: step)
        return (earlier, now, view.presentation.center.x)
    }

    @Test func tracksReportTheirVelocity() {
        let f = AnimationFixture()
        let view = f.addView(x: 0, y: 0)
        let animator = PropertyAnimator(duration: 1, curve: .linear) { view.center.x = 110 }
        animator.startAnimation()
        f.clock.advance(by: 0.3)
        #expect(view.animatingProperties == [.center])
        // Linear over 1 s for 100 points: 100 points per second across, none down, as the track reports it
        // and as the view moves on screen over the next 10 ms.
        let reported = animator.velocity(ofTrack: 0, at: f.clock.now)
        #expect(close(reported[0], 100, 1e-6), "reported: \(reported[0])")
        #expect(reported[1] == 0)
        let x0 = view.presentation.center.x
        f.window.setNeedsFrame()
        f.clock.advance(by: 0.01)
        #expect(close((view.presentation.center.x - x0) / 0.01, 100, 1e-6))

        // Paused, the track reports no velocity and the view holds still where it was.
        animator.pauseAnimation()
        let pausedAt = view.presentation.center.x
        #expect(close(pausedAt, 10 + 100 * 0.31, 1e-6), "paused 0.31 s into the line: \(pausedAt)")
        #expect(animator.velocity(ofTrack: 0, at: f.clock.now) == AnimationVector())
        f.window.setNeedsFrame()
        f.clock.advance(by: 0.1)
        #expect(view.presentation.center.x == pausedAt, "it does not move while paused")
        #expect(animator.velocity(ofTrack: 0, at: f.clock.now) == AnimationVector())
        #expect(close(animator.fractionComplete, 0.31, 1e-6))

        // Started again, it goes on from there at the same speed.
        animator.startAnimation()
        #expect(close(animator.velocity(ofTrack: 0, at: f.clock.now)[0], 100, 1e-6))
        f.window.setNeedsFrame()
        f.clock.advance(by: 0.01)
        #expect(close(view.presentation.center.x, pausedAt + 1, 1e-6), "1 point in 10 ms from where it paused")
    }

    @Test func reversingASpringCarriesItsVelocity() {
        let f = AnimationFixture()
        let view = f.addView(x: 0, y: 0)
        let log = CompletionLog<AnimatingPosition>()
        let animator = PropertyAnimator(duration: 0.6, dampingRatio: 0.7) { view.center.x = 310 }
        animator.addCompletion { log.record($0) }
        animator.startAnimation()
        let (a, b, c) = around(f, view, at: 0.1) { animator.isReversed = true }
        let before = b - a, after = c - b
        #expect(before > 0.05, "moving right")
        #expect(abs(after - before) < 0.1 * before, "still moving right at the same speed: \(before) then \(after)")
        f.runUntilIdle()
        #expect(log.calls == [.start])
        #expect(view.presentation.center.x == 10)
    }

    @Test func reversingACurvePlaysItBack() {
        let f = AnimationFixture()
        let view = f.addView(x: 0, y: 0)
        let animator = PropertyAnimator(duration: 1, curve: .linear) { view.center.x = 110 }
        animator.startAnimation()
        f.clock.advance(by: 0.4)
        animator.isReversed = true
        f.clock.advance(by: 0.1)
        #expect(close(view.presentation.center.x, 40, 1e-9), "back along the line")
    }

    @Test func continuingWithASpringStartsWithItsInitialVelocityPerAxis() {
        let f = AnimationFixture()
        let view = f.addView(x: 0, y: 0)
        let animator = PropertyAnimator(duration: 1, curve: .linear) { view.center = Point(x: 210, y: 110) }
        animator.pauseAnimation()
        animator.fractionComplete = 0.5 // (110, 60): 100 to go across, 50 down
        animator.continueAnimation(withTimingParameters: SpringTimingParameters(dampingRatio: 1, initialVelocity: Vector(dx: 4, dy: -2)),
                                   durationFactor: 1)
        let start = view.presentation.center
        f.window.setNeedsFrame()
        f.clock.advance(by: 0.0001)
        let v = Point(x: (view.presentation.center.x - start.x) / 0.0001, y: (view.presentation.center.y - start.y) / 0.0001)
        #expect(abs(v.x - 400) < 8, "4 remaining distances per second across: \(v.x)")
        #expect(abs(v.y + 100) < 8, "2 remaining distances per second up, against the motion: \(v.y)")
        f.runUntilIdle()
        #expect(view.presentation.center == Point(x: 210, y: 110))
    }

    @Test func animationsAddedMidRunDoNotReTimeTheOthers() {
        func run(adding: Bool) -> (xs: [Double], late: [Double], ends: [AnimatingPosition]) {
            let f = AnimationFixture()
            let mover = f.addView(x: 0, y: 0)
            let joiner = f.addView(x: 0, y: 100)
            let log = CompletionLog<AnimatingPosition>()
            let animator = PropertyAnimator(duration: 1, dampingRatio: 0.8) { mover.center.x = 210 }
            animator.addCompletion { log.record($0) }
            animator.startAnimation()
            var xs: [Double] = [], late: [Double] = []
            for frame in 0..<80 {
                if adding && frame == 24 { animator.addAnimations { joiner.center.x = 110 } }
                f.clock.step()
                xs.append(mover.presentation.center.x)
                late.append(joiner.presentation.center.x)
            }
            f.runUntilIdle()
            return (xs, late, log.calls)
        }
        let plain = run(adding: false), joined = run(adding: true)
        #expect(plain.xs == joined.xs, "the running track is untouched")
        #expect(joined.late[23] == 10 && joined.late[24] > 10, "the joiner starts where it was, at the join")
        #expect(joined.late.last == 110, "and arrives with the animator")
        #expect(joined.ends == [.end])
    }

    @Test func addAnimationsWithADelayFactorWaitsForItsShare() {
        let f = AnimationFixture()
        let view = f.addView(x: 0, y: 0)
        let animator = PropertyAnimator(duration: 1, curve: .linear)
        animator.addAnimations({ view.center.x = 110 }, delayFactor: 0.5)
        animator.startAnimation()
        f.clock.advance(by: 0.4)
        #expect(view.presentation.center.x == 10)
        f.clock.advance(by: 0.35)
        #expect(close(view.presentation.center.x, 60, 1e-6), "half-way through its half")
        f.runUntilIdle()
        #expect(view.presentation.center.x == 110)
    }
}
