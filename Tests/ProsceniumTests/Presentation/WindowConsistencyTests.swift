import Proscenium
import Testing

/// `Window.consistencyProblems()`, the self-check the soak runs after every operation.
@Suite @MainActor struct WindowConsistencyTests {
    @Test func aWindowThroughAPresentationsLifeHasNoProblems() {
        let fx = PresentationFixture()
        let delegate = LoggingDelegate(log: fx.log)
        let presented = fx.makePresented(delegate: delegate)
        #expect(fx.window.consistencyProblems().isEmpty)
        fx.root.present(presented, animated: true)
        fx.frames(5)
        #expect(fx.window.consistencyProblems().isEmpty)
        fx.runUntilIdle()
        #expect(fx.window.consistencyProblems().isEmpty)
        presented.dismiss(animated: true)
        fx.frames(3)
        #expect(fx.window.consistencyProblems().isEmpty)
        fx.runUntilIdle()
        #expect(fx.window.consistencyProblems().isEmpty)
    }

    @Test func chromeWithoutAPresentationIsReported() {
        let fx = PresentationFixture()
        fx.root.view.addSubview(DimmingView())
        #expect(fx.window.consistencyProblems() == ["a dimming view is in the window outside every presentation"])
    }

    @Test func theWindowGoesBackToItsOwnViewsOnceNothingIsPresented() {
        let fx = PresentationFixture()
        let before = fx.window.subviews.count
        let delegate = LoggingDelegate(log: fx.log)
        let presented = fx.makePresented(delegate: delegate)
        fx.root.present(presented, animated: true)
        fx.runUntilIdle()
        #expect(fx.window.subviews.count == before + 1, "the presentation layer")
        presented.dismiss(animated: true)
        fx.runUntilIdle()
        #expect(fx.window.subviews.count == before)
    }
}
