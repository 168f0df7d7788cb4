@testable import Proscenium
import Testing

/// `window.rootViewController` replaced while a presentation is up.
@MainActor @Suite("Root replaced mid-presentation")
struct RootReplacementTests {
    @Test(arguments: [false, true])
    func theOldRootDoesNotComeBackAfterAFullScreenDismissal(midTransition: Bool) {
        let fixture = PresentationFixture()
        let presented = LoggingViewController("presented", log: fixture.log)
        presented.modalPresentationStyle = .fullScreen
        fixture.root.present(presented, animated: true)
        if midTransition { fixture.frames(5) } else { fixture.runUntilIdle() }
        let newRoot = LoggingViewController("new", log: fixture.log)
        fixture.window.rootViewController = newRoot
        var problems = fixture.runCheckingEveryFrame()
        fixture.log.entries = []
        presented.dismiss(animated: true)
        problems += fixture.runCheckingEveryFrame()
        #expect(problems.isEmpty)
        #expect(fixture.root.view.window == nil, "the old root's view stays out of the window")
        #expect(fixture.root.appearanceState == .disappeared)
        #expect(!fixture.log.entries.contains { $0.hasPrefix("root.") }, "\(fixture.log.entries)")
        #expect(fixture.window.subviews.first === newRoot.view)
        #expect(newRoot.appearanceState == .appeared)
    }

    @Test func putBackAsRootUnderItsOwnFullScreenPresentationItStaysCoveredUntilTheDismissal() {
        let fixture = PresentationFixture()
        let presented = LoggingViewController("presented", log: fixture.log)
        presented.modalPresentationStyle = .fullScreen
        fixture.root.present(presented, animated: true)
        fixture.runUntilIdle()
        fixture.window.rootViewController = ViewController()
        fixture.frames(2)
        fixture.log.entries = []
        fixture.window.rootViewController = fixture.root
        var problems = fixture.framesChecking(3)
        #expect(fixture.root.view.window == nil, "still covered by its full-screen presentation")
        #expect(fixture.root.appearanceState == .disappeared)
        #expect(!fixture.log.entries.contains { $0.hasPrefix("root.") }, "\(fixture.log.entries)")
        presented.dismiss(animated: true)
        problems += fixture.runCheckingEveryFrame()
        #expect(problems.isEmpty)
        #expect(fixture.root.view.window === fixture.window)
        #expect(fixture.window.subviews.first === fixture.root.view)
        #expect(fixture.root.appearanceState == .appeared)
        #expect(fixture.log.entries.filter { $0.hasPrefix("root.") } == ["root.viewWillAppear(true)", "root.viewDidAppear(true)"])
    }

    /// Soak seeds 11 and 18: the home screen put back as root while its own full-screen presentation is
    /// still coming in appeared on screen, then the presentation's end took its view out and it stayed
    /// "appeared" with no view in the window.
    @Test func putBackAsRootUnderItsOwnFullScreenPresentationStillComingInItDisappearsWithItsEnd() {
        let fixture = PresentationFixture()
        let presented = LoggingViewController("presented", log: fixture.log)
        presented.modalPresentationStyle = .fullScreen
        fixture.root.present(presented, animated: true)
        fixture.frames(3)
        fixture.window.rootViewController = ViewController()
        fixture.frames(2)
        #expect(presented.isBeingPresented)
        fixture.window.rootViewController = fixture.root
        var problems = fixture.runCheckingEveryFrame()
        #expect(fixture.root.view.window == nil, "covered once the full-screen presentation is in")
        #expect(fixture.root.appearanceState == .disappeared)
        presented.dismiss(animated: true)
        problems += fixture.runCheckingEveryFrame()
        #expect(problems.isEmpty)
        #expect(fixture.root.view.window === fixture.window)
        #expect(fixture.root.appearanceState == .appeared)
    }
}
