import Proscenium
import Testing

/// `View.animate` through a window on a manual clock: model vs presentation, timing, completions,
/// hit-testing, and the clock going idle.
@MainActor @Suite struct ViewAnimationTests {
    // MARK: - Model and presentation

    @Test func modelChangesAtOnceAndPresentationFollowsTheCurve() {
        let f = AnimationFixture()
        let view = f.addView(x: 0, y: 0)
        let start = f.clock.now
        View.animate(withDuration: 0.5, delay: 0, options: [.curveLinear], animations: {
            view.center = Point(x: 110, y: 10)
        })
        #expect(view.center == Point(x: 110, y: 10))
        #expect(view.model.center.x == 110)
        #expect(view.presentation.center.x == 10)
        #expect(view.hasRunningAnimations)
        #expect(view.animatingProperties == [.center])

        f.clock.step()
        let t = f.clock.now - start
        #expect(close(view.presentation.center.x, 10 + 100 * t / 0.5, 1e-9))
        #expect(view.presentation.center.x > 10)
    }

    @Test func firstFrameShowsEaseInOutProgress() {
        let f = AnimationFixture()
        let view = f.addView()
        let start = f.clock.now
        View.animate(withDuration: 0.4, animations: { view.alpha = 0 })
        f.clock.advance(by: 0.1)
        let expected = 1 - CubicBezierTiming.easeInOut.value(at: (f.clock.now - start) / 0.4)
        #expect(close(view.presentation.alpha, expected, 1e-9))
        #expect(view.alpha == 0)
    }

    @Test func completionRunsOnceAtTheEndAndEverythingIsCleanedUp() {
        let f = AnimationFixture()
        let view = f.addView()
        let log = CompletionLog<Bool>()
        let start = f.clock.now
        View.animate(withDuration: 0.3, delay: 0, options: [], animations: {
            view.frame = Rect(x: 50, y: 60, width: 40, height: 30)
        }, completion: { log.record($0) })
        #expect(Set(view.animatingProperties) == [.center, .bounds])
        while f.clock.now - start < 0.3 - 1e-6 {
            #expect(log.calls.isEmpty)
            f.clock.step()
        }
        #expect(log.calls == [true])
        #expect(view.presentation == view.model)
        #expect(!view.hasRunningAnimations)
        #expect(f.window.animationEngine.animationCount == 0)
        #expect(!f.window.animationEngine.hasRunningAnimations)
        #expect(!f.clock.needsFrame)
        f.clock.run(for: 0.5)
        #expect(log.calls == [true])
    }

    @Test func finishesExactlyAtDurationWithTheModelValue() {
        let f = AnimationFixture()
        let view = f.addView()
        View.animate(withDuration: 0.25, delay: 0, usingSpringWithDamping: 0.4, initialSpringVelocity: 3,
                     animations: { view.center = Point(x: 300, y: 200) })
        f.clock.advance(by: 0.2499)
        #expect(view.hasRunningAnimations)
        f.clock.advance(by: 0.0001)
        #expect(!view.hasRunningAnimations)
        #expect(view.presentation.center == Point(x: 300, y: 200))
    }

    @Test func twoPropertiesRunSideBySide() {
        let f = AnimationFixture()
        let view = f.addView()
        let logs = (CompletionLog<Bool>(), CompletionLog<Bool>())
        View.animate(withDuration: 0.2, delay: 0, options: [.curveLinear], animations: { view.alpha = 0.5 },
                     completion: { logs.0.record($0) })
        View.animate(withDuration: 0.4, delay: 0, options: [.curveLinear], animations: { view.cornerRadius = 8 },
                     completion: { logs.1.record($0) })
        f.clock.advance(by: 0.1)
        #expect(close(view.presentation.alpha, 0.75, 1e-9))
        #expect(close(view.presentation.cornerRadius, 2, 1e-9))
        f.clock.advance(by: 0.1)
        #expect(logs.0.calls == [true] && logs.1.calls.isEmpty)
        #expect(view.presentation.alpha == 0.5)
        #expect(close(view.presentation.cornerRadius, 4, 1e-9))
        f.clock.advance(by: 0.2)
        #expect(logs.1.calls == [true])
    }

    @Test func delayHoldsTheStartValue() {
        let f = AnimationFixture()
        let view = f.addView()
        View.animate(withDuration: 0.2, delay: 0.3, options: [.curveLinear], animations: { view.alpha = 0 })
        f.clock.advance(by: 0.29)
        #expect(view.presentation.alpha == 1)
        f.clock.advance(by: 0.11)
        #expect(close(view.presentation.alpha, 0.5, 1e-9))
    }

    @Test func renderingReadsPresentation() {
        let f = AnimationFixture()
        let view = f.addView(x: 0, y: 0)
        View.animate(withDuration: 1, delay: 0, options: [.curveLinear], animations: {
            view.frame = Rect(x: 100, y: 0, width: 20, height: 20)
        })
        f.clock.advance(by: 0.5)
        let fills = f.window.currentDisplayList().commands.compactMap { command -> Rect? in
            if case let .fill(rect, _, color, _) = command, color == .blue { return rect }
            return nil
        }
        #expect(fills == [Rect(x: 50, y: 0, width: 20, height: 20)])
    }

    @Test func colourFadesInAndOutThroughTheSameHue() {
        let f = AnimationFixture()
        let view = f.addView()
        view.backgroundColor = nil
        View.animate(withDuration: 1, delay: 0, options: [.curveLinear], animations: { view.backgroundColor = .red })
        f.clock.advance(by: 0.25)
        #expect(view.presentation.backgroundColor == Color(red: 1, green: 0, blue: 0, alpha: 0.25))
        f.clock.advance(by: 1)
        View.animate(withDuration: 1, delay: 0, options: [.curveLinear], animations: { view.backgroundColor = nil })
        f.clock.advance(by: 0.5)
        #expect(view.presentation.backgroundColor == Color(red: 1, green: 0, blue: 0, alpha: 0.5))
        f.clock.advance(by: 0.5)
        #expect(view.presentation.backgroundColor == nil)
    }

    @Test func physicalSpringsRunUntilTheySettle() {
        let f = AnimationFixture()
        let view = f.addView(x: 0, y: 0)
        let parameters = SpringTimingParameters(mass: 1, stiffness: 300, damping: 20)
        let settle = parameters.animationDuration(forRequested: 99)
        let start = f.clock.now
        View.animate(withDuration: 99, timingParameters: parameters, animations: { view.center.x = 110 })
        f.clock.advance(by: 0.05)
        let expected = 10 + 100 * Spring(stiffness: 300, damping: 20).value(at: f.clock.now - start)
        #expect(close(view.presentation.center.x, expected, 1e-9))
        f.runUntilIdle()
        #expect(close(f.clock.now - start, settle, f.clock.interval + 1e-9))
        #expect(view.presentation.center.x == 110)
    }

    @Test func perceptualSpringAPI() {
        let f = AnimationFixture()
        let view = f.addView()
        let log = CompletionLog<Bool>()
        let start = f.clock.now
        View.animate(springDuration: 0.4, bounce: 0.3, animations: { view.alpha = 0 }, completion: { log.record($0) })
        f.clock.advance(by: 0.1)
        let expected = 1 - Spring(duration: 0.4, bounce: 0.3).value(at: f.clock.now - start)
        #expect(close(view.presentation.alpha, min(max(expected, 0), 1), 1e-9))
        f.runUntilIdle()
        #expect(log.calls == [true])
    }

    @Test func springVelocityIsInDistancesPerSecond() {
        let f = AnimationFixture()
        let view = f.addView(x: 0, y: 0)
        // 200 points of travel at 100 points per second is a relative velocity of 0.5.
        View.animate(withDuration: 1, delay: 0, usingSpringWithDamping: 1, initialSpringVelocity: 0.5,
                     animations: { view.center.x = 210 })
        let h = 1e-5
        f.clock.advance(by: h)
        #expect(close((view.presentation.center.x - 10) / h, 100, 0.5))
    }

    // MARK: - Blocks

    @Test func nestedBlocksUseTheirOwnParameters() {
        let f = AnimationFixture()
        let view = f.addView()
        View.animate(withDuration: 1, delay: 0, options: [.curveLinear], animations: {
            view.alpha = 0
            View.animate(withDuration: 0.5, delay: 0, options: [.curveLinear], animations: { view.cornerRadius = 10 })
        })
        f.clock.advance(by: 0.25)
        #expect(close(view.presentation.alpha, 0.75, 1e-9))
        #expect(close(view.presentation.cornerRadius, 5, 1e-9))
    }

    @Test func performWithoutAnimationAppliesAtOnce() {
        let f = AnimationFixture()
        let view = f.addView()
        View.animate(withDuration: 1, animations: {
            View.performWithoutAnimation { view.alpha = 0.2 }
            view.cornerRadius = 4
        })
        #expect(view.presentation.alpha == 0.2)
        #expect(view.animatingProperties == [.cornerRadius])
    }

    /// A plain set (no animation block) retargets the running animation: same start, timing and end
    /// time, new end value; the animation still finishes. (It used to stop the animation and jump; a
    /// presentation whose frame follows a live resize needs the motion to go on.)
    @Test func settingOutsideABlockRetargetsThatPropertysAnimation() {
        let f = AnimationFixture()
        let view = f.addView()
        let log = CompletionLog<Bool>()
        View.animate(withDuration: 1, delay: 0, options: [.curveLinear], animations: { view.alpha = 0; view.cornerRadius = 6 },
                     completion: { log.record($0) })
        f.clock.advance(by: 0.3)
        #expect(close(view.presentation.alpha, 0.7, 1e-9))
        view.alpha = 0.5
        #expect(close(view.presentation.alpha, 1 - 0.5 * 0.3, 1e-9), "on the line from 1 to the new 0.5")
        #expect(Set(view.animatingProperties) == [.alpha, .cornerRadius])
        f.clock.advance(by: 0.35)
        #expect(close(view.presentation.alpha, 1 - 0.5 * 0.65, 1e-9))
        f.runUntilIdle()
        #expect(view.presentation.alpha == 0.5)
        #expect(log.calls == [true])
    }

    @Test func performWithoutAnimationStopsThatPropertysAnimation() {
        let f = AnimationFixture()
        let view = f.addView()
        let log = CompletionLog<Bool>()
        View.animate(withDuration: 1, delay: 0, options: [], animations: { view.alpha = 0; view.cornerRadius = 6 },
                     completion: { log.record($0) })
        f.clock.advance(by: 0.3)
        View.performWithoutAnimation { view.alpha = 0.7 }
        #expect(view.presentation.alpha == 0.7)
        #expect(view.animatingProperties == [.cornerRadius])
        f.clock.advance(by: 1)
        #expect(log.calls == [false])
    }

    @Test func viewOutsideAWindowChangesAtOnceAndCompletes() {
        let view = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        let log = CompletionLog<Bool>()
        View.animate(withDuration: 1, delay: 0, options: [], animations: { view.center = Point(x: 40, y: 40) },
                     completion: { log.record($0) })
        #expect(log.calls == [true])
        #expect(view.presentation.center == Point(x: 40, y: 40))
        #expect(!view.hasRunningAnimations)
    }

    @Test func emptyBlockCompletesAtOnce() {
        let log = CompletionLog<Bool>()
        View.animate(withDuration: 1, animations: {}, completion: { log.record($0) })
        #expect(log.calls == [true])
    }

    @Test func leavingTheWindowRemovesAnimationsWithFinishedFalse() {
        let f = AnimationFixture()
        let container = f.addView(width: 100, height: 100)
        let view = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        container.addSubview(view)
        let log = CompletionLog<Bool>()
        View.animate(withDuration: 1, delay: 0, options: [], animations: { view.alpha = 0 },
                     completion: { log.record($0) })
        f.clock.advance(by: 0.2)
        container.removeFromSuperview()
        #expect(!view.hasRunningAnimations)
        #expect(view.presentation == view.model)
        #expect(f.window.animationEngine.animationCount == 0)
        f.clock.step()
        #expect(log.calls == [false])
        f.runUntilIdle()
        #expect(log.calls == [false])
        #expect(!f.clock.needsFrame)
    }

    // MARK: - Hit-testing

    @Test func hitTestingFollowsTheModelWhenInteractionIsAllowed() {
        let f = AnimationFixture()
        let view = f.addView(x: 0, y: 0, width: 40, height: 40)
        View.animate(withDuration: 1, delay: 0, options: [.allowUserInteraction], animations: {
            view.center = Point(x: 220, y: 20)
        })
        f.clock.advance(by: 0.3)
        #expect(f.window.hitTest(Point(x: 210, y: 20), with: nil) === view)
        #expect(f.window.hitTest(Point(x: 10, y: 20), with: nil) === f.window)
    }

    @Test func animatingViewsRefuseHitsByDefault() {
        let f = AnimationFixture()
        let view = f.addView(x: 0, y: 0, width: 40, height: 40)
        View.animate(withDuration: 1, animations: { view.center = Point(x: 220, y: 20) })
        f.clock.advance(by: 0.3)
        #expect(f.window.hitTest(Point(x: 210, y: 20), with: nil) === f.window)
        f.clock.advance(by: 1)
        #expect(f.window.hitTest(Point(x: 210, y: 20), with: nil) === view)
    }

    // MARK: - Clock

    @Test func clockGoesIdleAfterEverythingFinishes() {
        let f = AnimationFixture()
        let views = (0..<5).map { f.addView(x: Double($0) * 30) }
        let frames = f.clock.frameCount
        View.animate(withDuration: 0.5, delay: 0, usingSpringWithDamping: 0.5, initialSpringVelocity: 0, animations: {
            for view in views { view.center.y += 100 }
        })
        #expect(f.clock.needsFrame)
        f.runUntilIdle()
        #expect(!f.clock.needsFrame)
        #expect(f.window.animationEngine.animationCount == 0)
        #expect(f.clock.frameCount - frames == 30)
        #expect(views.allSatisfy { $0.presentation == $0.model })
    }
}
