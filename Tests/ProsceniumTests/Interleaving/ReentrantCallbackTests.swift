@testable import Proscenium
import Testing

/// `present` and `dismiss` called back into the API from inside every callback of a presentation: each
/// request waits until the callback sequence it came from is over, so no hook runs without a container,
/// the appearance callbacks stay paired, the events stay in order and nothing is left behind.
@MainActor @Suite("Re-entrant presentation calls")
struct ReentrantCallbackTests {
    @MainActor private struct Scene {
        let fixture = PresentationFixture()
        let transitions = ReentrantTransitions()
        let presented: ReentrantViewController
        let recorder: EventRecorder

        init(style: ModalPresentationStyle = .custom, viewAnimate: Bool = false) {
            presented = ReentrantViewController("presented", log: fixture.log)
            presented.modalPresentationStyle = style
            presented.transitioningDelegate = transitions
            if viewAnimate {
                transitions.presentationAnimator = ViewAnimateAnimator(isPresenting: true, log: fixture.log)
                transitions.dismissalAnimator = ViewAnimateAnimator(isPresenting: false, log: fixture.log)
            }
            recorder = EventRecorder(fixture.window)
        }

        /// After everything settled: nothing presented, nothing left in the window, no problem seen.
        func expectCleanEnd(_ problems: [String], sourceLocation: SourceLocation = #_sourceLocation) {
            #expect(problems.isEmpty, sourceLocation: sourceLocation)
            #expect(fixture.window.presentations.isEmpty, sourceLocation: sourceLocation)
            #expect(presented.viewIfLoaded?.window == nil, sourceLocation: sourceLocation)
            #expect(presented.appearanceState == .disappeared, sourceLocation: sourceLocation)
            #expect(fixture.root.appearanceState == .appeared, sourceLocation: sourceLocation)
            #expect(fixture.root.presentedViewController == nil, sourceLocation: sourceLocation)
            let entries = fixture.log.entries
            #expect(appearanceCallbacksAreBalanced(entries, for: "presented"), "\(entries)",
                    sourceLocation: sourceLocation)
            #expect(appearanceCallbacksAreBalanced(entries, for: "root"), "\(entries)",
                    sourceLocation: sourceLocation)
            #expect(transitions.controller?.hooksWithoutContainer ?? [] == [], sourceLocation: sourceLocation)
        }
    }

    @Test(arguments: [false, true], [false, true])
    func dismissFromTheWillAppearOfThePresented(animated: Bool, viewAnimate: Bool) {
        let scene = Scene(viewAnimate: viewAnimate)
        scene.presented.onWillAppear = { $0.dismiss(animated: animated) }
        scene.fixture.root.present(scene.presented, animated: true)
        let problems = scene.fixture.runCheckingEveryFrame()
        scene.expectCleanEnd(problems)
        #expect(scene.recorder.events.first == "presented.presentationWillBegin")
        #expect(scene.recorder.events.last == "presented.dismissalDidEnd(true)" ||
                scene.recorder.events.last == "presented.presentationDidEnd(false)", "\(scene.recorder.events)")
        #expect(scene.fixture.window.consistencyProblems().isEmpty)
    }

    @Test func thePresenterDismissingFromItsOwnWillDisappearLeavesNothingHalfWay() {
        let scene = Scene(style: .fullScreen)
        scene.fixture.log.entries = []
        final class Presenter: ViewController {
            var onWillDisappear: (@MainActor () -> Void)?
            override func viewWillDisappear(_ animated: Bool) {
                let block = onWillDisappear
                onWillDisappear = nil
                block?()
            }
        }
        let presenter = Presenter()
        scene.fixture.window.rootViewController = presenter
        scene.fixture.frames(1)
        presenter.onWillDisappear = { [unowned presenter] in presenter.dismiss(animated: true) }
        presenter.present(scene.presented, animated: true)
        let problems = scene.fixture.runCheckingEveryFrame()
        #expect(problems.isEmpty)
        #expect(scene.fixture.window.presentations.isEmpty)
        #expect(scene.presented.appearanceState == .disappeared, "not left .appearing")
        #expect(presenter.appearanceState == .appeared)
        #expect(presenter.view.window === scene.fixture.window)
        #expect(appearanceCallbacksAreBalanced(scene.fixture.log.entries, for: "presented"), "\(scene.fixture.log.entries)")
    }

    @Test(arguments: ReentrantPresentationController.Hook.allCases, [false, true])
    func dismissFromEveryPresentationControllerHook(hook: ReentrantPresentationController.Hook, viewAnimate: Bool) {
        let scene = Scene(viewAnimate: viewAnimate)
        let presented = scene.presented
        scene.transitions.configure = { controller in
            controller.hook = hook
            controller.action = { presented.dismiss(animated: true) }
        }
        scene.fixture.root.present(presented, animated: true)
        var problems = scene.fixture.runCheckingEveryFrame()
        if !scene.fixture.window.presentations.isEmpty {
            // The hook is one of the dismissal's: dismiss once to get there.
            presented.dismiss(animated: true)
            problems += scene.fixture.runCheckingEveryFrame()
        }
        scene.expectCleanEnd(problems)
    }

    @Test(arguments: ReentrantPresentationController.Hook.allCases)
    func presentAgainFromEveryPresentationControllerHook(hook: ReentrantPresentationController.Hook) {
        let scene = Scene()
        let root = scene.fixture.root
        let presented = scene.presented
        scene.transitions.configure = { controller in
            controller.hook = hook
            controller.action = { root.present(presented, animated: true) }
        }
        root.present(presented, animated: true)
        var problems = scene.fixture.runCheckingEveryFrame()
        presented.dismiss(animated: true)
        problems += scene.fixture.runCheckingEveryFrame()
        if !scene.fixture.window.presentations.isEmpty {
            // Presented again from a dismissal hook — turned around from `dismissalTransitionWillBegin`,
            // presented anew from `dismissalTransitionDidEnd(true)`, once the dismissal is over: it is
            // back; dismiss it for good.
            #expect(presented.view.window === scene.fixture.window)
            scene.transitions.configure = { _ in }
            presented.presentationController.map { ($0 as? ReentrantPresentationController)?.action = {} }
            presented.dismiss(animated: true)
            problems += scene.fixture.runCheckingEveryFrame()
        }
        scene.expectCleanEnd(problems)
    }

    @Test(arguments: [false, true])
    func dismissFromTheDidAppearAndFromTheCompletion(fromCompletion: Bool) {
        let scene = Scene(style: .fullScreen)
        let presented = scene.presented
        if fromCompletion {
            scene.fixture.root.present(presented, animated: true) { presented.dismiss(animated: true) }
        } else {
            presented.onDidAppear = { $0.dismiss(animated: true) }
            scene.fixture.root.present(presented, animated: true)
        }
        let problems = scene.fixture.runCheckingEveryFrame()
        scene.expectCleanEnd(problems)
        #expect(scene.recorder.events == ["presented.presentationWillBegin", "presented.presentationDidEnd(true)",
                                          "presented.dismissalWillBegin", "presented.dismissalDidEnd(true)"])
        #expect(scene.fixture.root.view.window === scene.fixture.window)
    }

    @Test func presentAgainFromTheDismissalsWillDisappearAndDidDisappear() {
        for willDisappear in [true, false] {
            let scene = Scene()
            let root = scene.fixture.root
            let presented = scene.presented
            root.present(presented, animated: true)
            scene.fixture.runUntilIdle()
            if willDisappear {
                presented.onWillDisappear = { root.present($0, animated: true) }
            } else {
                presented.onDidDisappear = { root.present($0, animated: true) }
            }
            presented.dismiss(animated: true)
            var problems = scene.fixture.runCheckingEveryFrame()
            #expect(presented.view.window === scene.fixture.window, "presented again")
            #expect(presented.appearanceState == .appeared)
            presented.dismiss(animated: true)
            problems += scene.fixture.runCheckingEveryFrame()
            scene.expectCleanEnd(problems)
        }
    }
}
