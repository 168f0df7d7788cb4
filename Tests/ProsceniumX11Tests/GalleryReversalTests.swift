import Proscenium
import ProsceniumGallery
import Testing

/// The gallery's side panel and cool scenes turned around mid-transition, in a window on a manual clock:
/// their chrome (the black backdrop, the decorative frame) stays on screen through the reverse and leaves
/// with the dismissal, the pushed-aside home screen comes back from where it is, and once everything has
/// gone the home screen has its own corners back (issue 15, defect 11).
@Suite @MainActor struct GalleryReversalTests {
    private func makeWindow() -> (Window, ManualFrameClock, HomeViewController) {
        let clock = ManualFrameClock()
        let window = Window(size: Size(width: 1280, height: 800), clock: clock)
        let home = HomeViewController()
        window.rootViewController = home
        clock.step()
        return (window, clock, home)
    }

    /// Steps frames until nothing moves (at most 10 s).
    private func settle(_ window: Window, _ clock: ManualFrameClock) {
        for _ in 0..<600 where window.animationEngine.hasRunningAnimations || clock.needsFrame { clock.step() }
    }

    /// The home view's on-screen left edge this frame (its presentation values), in window coordinates.
    private func homeLeftEdge(_ home: HomeViewController) -> Double {
        home.view.presentation.frame.minX
    }

    /// Steps frames until the presentation is gone (at most 5 s), checking `eachFrame` after every one.
    private func stepUntilDismissed(_ home: HomeViewController, _ clock: ManualFrameClock,
                                    eachFrame: (Int) -> Void) -> Int {
        var frames = 0
        while home.presentedViewController != nil, frames < 300 {
            clock.step()
            frames += 1
            if home.presentedViewController != nil { eachFrame(frames) }
        }
        return frames
    }

    @Test("side-panel dismissed 0.15 s in: the home view turns around from where it is, over its backdrop")
    func sidePanelTurnsAround() throws {
        let (window, clock, home) = makeWindow()
        home.presentScene(named: "side-panel")
        var edges: [Double] = []
        for _ in 0..<9 {
            clock.step()
            edges.append(homeLeftEdge(home))
        }
        let turnedAt = try #require(edges.last)
        #expect(turnedAt > 600, "the home view is well on its way right at 0.15 s: \(edges)")
        // The fastest the view moved in one frame coming in.
        let fastest = zip(edges.dropFirst(), edges).map { abs($0 - $1) }.max() ?? 0
        home.presentedViewController?.dismiss(animated: true)

        var previous = turnedAt
        var reverse: [Double] = []
        let frames = stepUntilDismissed(home, clock) { _ in
            let edge = homeLeftEdge(home)
            reverse.append(edge)
            #expect(window.view(withIdentifier: "backdrop") != nil, "the backdrop stays while the home view comes back")
            #expect(home.view.cornerRadius == 5 && home.view.clipsToBounds, "the panel's corners stay on for the reverse")
            // Turning around, the view never moves much further in one frame than it did coming in (the
            // seed's jump went from x = 936 to x = 1 at once).
            #expect(abs(edge - previous) <= fastest * 1.5,
                    "the home view jumped from x = \(previous) to \(edge); in: \(edges), back: \(reverse)")
            previous = edge
        }
        #expect(frames < 60, "the dismissal ends")
        #expect(reverse.first.map { $0 < turnedAt + 40 && $0 > turnedAt - 200 } ?? false,
                "the first frame of the reverse starts near x = \(turnedAt): \(reverse)")
        settle(window, clock)
        #expect(window.view(withIdentifier: "backdrop") == nil)
        #expect(home.view.transform == .identity)
        #expect(home.view.cornerRadius == 0 && !home.view.clipsToBounds, "home keeps no corners after the panel left")
        #expect(window.consistencyProblems().isEmpty, "\(window.consistencyProblems())")
    }

    @Test("side-panel presented again while it leaves, then dismissed: the home view ends square and unclipped")
    func sidePanelPresentedAgainMidDismissal() throws {
        let (window, clock, home) = makeWindow()
        home.presentScene(named: "side-panel")
        settle(window, clock)
        let panel = try #require(home.presentedViewController)
        panel.dismiss(animated: true)
        for _ in 0..<9 { clock.step() }
        let edgeBefore = homeLeftEdge(home)
        home.present(panel, animated: true)  // turns the dismissal around
        clock.step()
        #expect(abs(homeLeftEdge(home) - edgeBefore) < 200,
                "the home view goes back aside from where it is (x = \(edgeBefore)), now \(homeLeftEdge(home))")
        #expect(window.view(withIdentifier: "backdrop") != nil)
        settle(window, clock)
        #expect(home.presentedViewController === panel && !panel.isBeingPresented)
        let aside = homeLeftEdge(home)
        #expect(abs(aside - (1280 - 60)) < 0.5, "pushed aside again: \(aside)")

        panel.dismiss(animated: true)
        settle(window, clock)
        #expect(home.presentedViewController == nil)
        #expect(window.view(withIdentifier: "backdrop") == nil)
        #expect(home.view.cornerRadius == 0 && !home.view.clipsToBounds,
                "corner radius \(home.view.cornerRadius), clips \(home.view.clipsToBounds)")
        #expect(window.consistencyProblems().isEmpty, "\(window.consistencyProblems())")
    }

    @Test("cool dismissed 0.15 s in: the decorative frame stays through the reverse, then leaves with it")
    func coolDecorationLeavesWithTheDismissal() throws {
        let (window, clock, home) = makeWindow()
        home.presentScene(named: "cool")
        for _ in 0..<9 { clock.step() }
        let decoration = try #require(window.view(withIdentifier: "decoration"))
        let dimming = try #require(window.view(withIdentifier: "dimming"))
        let dimmingAt = dimming.presentation.alpha
        #expect(dimmingAt > 0.05, "the dimming is fading in: \(dimmingAt)")
        home.presentedViewController?.dismiss(animated: true)
        var alphas: [Double] = []
        _ = stepUntilDismissed(home, clock) { _ in
            #expect(decoration.window === window, "the decorative frame is still there during the reverse")
            #expect(dimming.window === window, "the dimming is still there during the reverse")
            alphas.append(dimming.presentation.alpha)
        }
        #expect(!alphas.isEmpty && alphas.allSatisfy { $0 <= dimmingAt + 0.01 },
                "the dimming fades out from \(dimmingAt), never back up: \(alphas)")
        settle(window, clock)
        #expect(decoration.window == nil && dimming.window == nil)
        #expect(window.consistencyProblems().isEmpty, "\(window.consistencyProblems())")
    }

    @Test("cool presented again while it leaves: the decorative frame goes back around the card from where it is")
    func coolDecorationReturnsFromWhereItIs() throws {
        let (window, clock, home) = makeWindow()
        home.presentScene(named: "cool")
        settle(window, clock)
        let cool = try #require(home.presentedViewController)
        let decoration = try #require(window.view(withIdentifier: "decoration"))
        let around = decoration.frame
        cool.dismiss(animated: true)
        for _ in 0..<6 { clock.step() }
        let leaving = decoration.presentation.frame
        home.present(cool, animated: true)
        clock.step()
        let back = decoration.presentation.frame
        #expect(decoration.window === window)
        #expect(abs(back.minX - leaving.minX) < 60 && abs(back.width - leaving.width) < 120,
                "the frame continues from \(leaving), not from the window's edges: \(back)")
        settle(window, clock)
        #expect(decoration.frame == around && decoration.presentation.alpha == 1, "\(decoration.presentation)")
        #expect(window.consistencyProblems().isEmpty, "\(window.consistencyProblems())")
    }
}
