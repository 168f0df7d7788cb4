import Proscenium
import Testing

/// The presenting view is marked as a layer the renderer may cache while an animated transition runs
/// over it, and only then; `View.shouldRasterize` marks a view for good.
@Suite @MainActor struct PresenterRasterizationTests {
    /// Whether the last frame marked `view`'s subtree as rasterized, by its bounds in the window.
    private func rasterizedGroups(in surface: ProbeSurface) -> [Rect] {
        surface.lastList?.commands.compactMap { command in
            if case let .pushRasterized(bounds) = command { return bounds }
            return nil
        } ?? []
    }

    /// A presentation fixture recording its frames, and a controller ready to present in it.
    private func makeScene() -> (PresentationFixture, ProbeSurface, LoggingDelegate, LoggingViewController) {
        let fx = PresentationFixture()
        let surface = ProbeSurface()
        fx.window.surface = surface
        let delegate = LoggingDelegate(log: fx.log)
        return (fx, surface, delegate, fx.makePresented(delegate: delegate))
    }

    @Test func thePresentingViewIsRasterizedWhileTheTransitionsRun() {
        let (fx, surface, delegate, presented) = makeScene()
        defer { withExtendedLifetime(delegate) {} }
        fx.root.present(presented, animated: true)
        fx.frames(2)
        #expect(rasterizedGroups(in: surface) == [fx.root.view.bounds])
        fx.runUntilIdle()
        fx.frames(1)
        #expect(rasterizedGroups(in: surface).isEmpty, "presented and still: nothing to cache")
        presented.dismiss(animated: true)
        fx.frames(2)
        #expect(rasterizedGroups(in: surface) == [fx.root.view.bounds])
        fx.runUntilIdle()
        fx.frames(1)
        #expect(rasterizedGroups(in: surface).isEmpty)
    }

    @Test func anUnanimatedPresentationAsksForNoLayer() {
        let (fx, surface, delegate, presented) = makeScene()
        defer { withExtendedLifetime(delegate) {} }
        fx.root.present(presented, animated: false)
        fx.frames(1)
        #expect(rasterizedGroups(in: surface).isEmpty)
    }

    @Test func shouldRasterizeOutlastsATransition() {
        let (fx, surface, delegate, presented) = makeScene()
        defer { withExtendedLifetime(delegate) {} }
        fx.root.view.shouldRasterize = true
        fx.root.present(presented, animated: true)
        fx.runUntilIdle()
        fx.frames(1)
        #expect(rasterizedGroups(in: surface) == [fx.root.view.bounds])
    }

    @Test func aRasterizedGroupWrapsTheViewsDrawingAndSubviews() {
        let scene = ProbeScene()
        let view = View(frame: Rect(x: 10, y: 20, width: 100, height: 50))
        view.backgroundColor = .red
        view.shouldRasterize = true
        let child = View(frame: Rect(x: 5, y: 5, width: 10, height: 10))
        child.backgroundColor = .blue
        view.addSubview(child)
        scene.window.addSubview(view)
        scene.step()
        let commands = scene.surface.lastList?.commands ?? []
        guard let start = commands.firstIndex(of: .pushRasterized(bounds: Rect(x: 10, y: 20, width: 100, height: 50))) else {
            Issue.record("no rasterized group in \(commands)")
            return
        }
        #expect(Array(commands[start...]) == [
            .pushRasterized(bounds: Rect(x: 10, y: 20, width: 100, height: 50)),
            .fill(rect: Rect(x: 10, y: 20, width: 100, height: 50), cornerRadius: 0, color: .red),
            .fill(rect: Rect(x: 15, y: 25, width: 10, height: 10), cornerRadius: 0, color: .blue),
            .popRasterized,
        ])
    }
}
