import Proscenium
import ProsceniumGallery
import Testing

/// The gallery's scenes in a window on a manual clock, without a display: how they lay out when the
/// window is resized in the middle of a transition.
@Suite @MainActor struct GallerySceneLayoutTests {
    private func makeWindow(width: Double, height: Double) -> (Window, ManualFrameClock, HomeViewController) {
        let clock = ManualFrameClock()
        let window = Window(size: Size(width: width, height: height), clock: clock)
        let home = HomeViewController()
        window.rootViewController = home
        clock.step()
        return (window, clock, home)
    }

    private func settle(_ window: Window, _ clock: ManualFrameClock) {
        for _ in 0..<600 where window.animationEngine.hasRunningAnimations || clock.needsFrame { clock.step() }
    }

    @Test("side-panel: a resize while the panel comes in still leaves 60 px of home visible at the new width")
    func sidePanelResizedMidPresentation() {
        let (window, clock, home) = makeWindow(width: 1280, height: 800)
        home.presentScene(named: "side-panel")
        for _ in 0..<12 { clock.step() }  // 0.2 s into the 0.5 s spring
        window.resize(to: Size(width: 900, height: 700))
        settle(window, clock)
        let shown = home.view.convert(home.view.bounds, to: window)
        #expect(abs(shown.minX - (900 - 60)) < 0.5, "home at \(shown)")
        #expect(abs(shown.width - 900 * 0.85) < 0.5 && abs(shown.height - 700 * 0.85) < 0.5, "home at \(shown)")
    }

    @Test("bouncy: a resize mid-spring ends with the card inset 30 px at the new size")
    func bouncyResizedMidSpring() {
        let (window, clock, home) = makeWindow(width: 1280, height: 800)
        home.presentScene(named: "bouncy")
        for _ in 0..<12 { clock.step() }
        window.resize(to: Size(width: 700, height: 560))
        settle(window, clock)
        let card = window.view(withIdentifier: "presented").map { $0.convert($0.bounds, to: window) }
        #expect(card == Rect(x: 30, y: 30, width: 640, height: 500))
    }

    @Test("every scene resized mid-transition ends where its presentation controller puts it", arguments: SceneCatalog.names)
    func resizedMidTransition(scene: String) throws {
        let (window, clock, home) = makeWindow(width: 1280, height: 800)
        home.presentScene(named: scene)
        for _ in 0..<9 { clock.step() }
        window.resize(to: Size(width: 600, height: 700))  // across 640 px: the sheet adapts too
        settle(window, clock)
        #expect(window.consistencyProblems().isEmpty, "\(window.consistencyProblems())")
        let presented = try #require(window.presentedViewControllers.last)
        let controller = try #require(presented.presentationController)
        let view = try #require(controller.presentedView)
        #expect(view.frame == controller.frameOfPresentedViewInContainerView, "\(scene): \(view.frame)")
    }

    @Test("each scene's home button has a tooltip saying what the scene shows")
    func sceneButtonsHaveToolTips() {
        let (window, _, _) = makeWindow(width: 1280, height: 800)
        for name in SceneCatalog.names {
            let button = window.allViews().first { $0.identifier == "present-\(name)" } as? Button
            #expect(button?.toolTip == SceneCatalog.summary(of: name) && button?.toolTip?.isEmpty == false, "\(name)")
        }
    }
}
