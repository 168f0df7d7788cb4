@testable import Proscenium
import Testing

/// Interrupting transitions whose animators are not interruptible (`View.animate`-based, as the seeds
/// write them): the dimming and the view turn around from where they are on screen.
@MainActor @Suite("Interrupting View.animate transitions")
struct ViewAnimateInterruptionTests {
    @MainActor private struct Scene {
        let fixture = PresentationFixture(size: Size(width: 400, height: 600))
        let delegate: LoggingDelegate
        let presented: LoggingViewController

        init() {
            delegate = LoggingDelegate(log: fixture.log)
            let present = ViewAnimateAnimator(isPresenting: true, log: fixture.log)
            present.timing = SpringTimingParameters(dampingRatio: 0.8, initialVelocity: 0)
            let dismiss = ViewAnimateAnimator(isPresenting: false, log: fixture.log)
            dismiss.timing = SpringTimingParameters(dampingRatio: 0.8, initialVelocity: 0)
            delegate.presentationAnimator = present
            delegate.dismissalAnimator = dismiss
            presented = fixture.makePresented(delegate: delegate)
        }

        var dimmingAlpha: Double {
            delegate.lastPresentationController?.dimmingView.presentation.alpha ?? 0
        }
        var viewY: Double { presented.view.presentation.frame.minY }

        /// Steps one frame and returns (dimming alpha, view y).
        func step() -> (alpha: Double, y: Double) {
            fixture.frames(1)
            return (dimmingAlpha, viewY)
        }
    }

    @Test func dismissingWhileItComesInTurnsTheDimmingAroundFromWhereItIs() {
        let scene = Scene()
        scene.fixture.root.present(scene.presented, animated: true)
        var samples: [(alpha: Double, y: Double)] = []
        for _ in 0..<9 { samples.append(scene.step()) }
        let atInterruption = samples.last!
        #expect(atInterruption.alpha > 0.1 && atInterruption.alpha < 0.39, "half-way: \(atInterruption.alpha)")
        scene.presented.dismiss(animated: true)
        for _ in 0..<3 { samples.append(scene.step()) }
        // No snap: the first frames after the turn stay close to where the dimming was.
        for sample in samples.suffix(3) {
            #expect(abs(sample.alpha - atInterruption.alpha) < 0.1, "dimming jumped to \(sample.alpha) from \(atInterruption.alpha)")
        }
        let problems = scene.fixture.runCheckingEveryFrame()
        #expect(problems.isEmpty)
        #expect(scene.fixture.window.presentations.isEmpty)
    }

    @Test func presentDismissPresentQuicklyNeverJumpsTheViewOffScreen() {
        let scene = Scene()
        scene.fixture.root.present(scene.presented, animated: true)
        var ys: [Double] = []
        for _ in 0..<12 { ys.append(scene.step().y) }
        scene.presented.dismiss(animated: true)
        for _ in 0..<6 { ys.append(scene.step().y) }
        scene.fixture.root.present(scene.presented, animated: true)
        for _ in 0..<60 { ys.append(scene.step().y) }
        // A spring at 60 fps moves the 540-pt-tall card at most ~90 pt in a frame; a jump off-screen is ~570.
        let largestStep = zip(ys.dropFirst(12), ys.dropFirst(13)).map { abs($1 - $0) }.max() ?? 0
        #expect(largestStep < 100, "the view jumped \(largestStep) pt in one frame: \(ys)")
        #expect(abs(ys.last! - 30) < 1, "it settles presented")
        #expect(scene.fixture.window.consistencyProblems().isEmpty)
    }

    @Test(arguments: [false, true])
    func aResizeWhileATurnedAroundPresentationComesBackLandsItAtTheNewFrame(propertyAnimator: Bool) {
        let scene = Scene()
        if propertyAnimator {
            let spring = SpringTimingParameters(dampingRatio: 0.8, initialVelocity: 0)
            scene.delegate.presentationAnimator = SlideTransitionAnimator(isPresenting: true, edge: .top, duration: 0.5,
                                                                          timingParameters: spring)
            scene.delegate.dismissalAnimator = SlideTransitionAnimator(isPresenting: false, edge: .top, duration: 0.5,
                                                                       timingParameters: spring)
        }
        scene.fixture.root.present(scene.presented, animated: true)
        scene.fixture.runUntilIdle()
        scene.presented.dismiss(animated: true)
        scene.fixture.frames(11)
        scene.fixture.root.present(scene.presented, animated: true)
        scene.fixture.frames(4)
        scene.fixture.window.resize(to: Size(width: 624, height: 480))
        let problems = scene.fixture.runCheckingEveryFrame()
        #expect(problems.isEmpty)
        #expect(scene.presented.view.frame == Rect(x: 30, y: 30, width: 564, height: 420), "inset 30 at the new size")
        #expect(scene.presented.view.presentation.frame == Rect(x: 30, y: 30, width: 564, height: 420))
    }
}
