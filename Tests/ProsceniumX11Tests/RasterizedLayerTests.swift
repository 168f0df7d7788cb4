import CX11
import Foundation
import Proscenium
@testable import ProsceniumX11
import TestSupport
import Testing

/// Rasterized groups (`View.shouldRasterize`) and the one-fill opacity shortcut: same pixels as drawing
/// directly, a layer rendered only for still content, reused while it stays still, kept as a bounded spare once
/// unused.
@Suite(.serialized) @MainActor struct RasterizedLayerTests {
    private let everything = Rect(x: 0, y: 0, width: 160, height: 120)

    /// A "home screen": an opaque background, a rounded button with a shadow, text.
    private func home(label: String = "Home") -> [DisplayCommand] {
        [.fill(rect: everything, cornerRadius: 0, color: Color(hex: 0xF2F2F7)),
         .shadow(rect: Rect(x: 20, y: 20, width: 80, height: 30), cornerRadius: 8, blurRadius: 4, offset: Point(x: 0, y: 2),
                 color: Color(white: 0, alpha: 0.4)),
         .fill(rect: Rect(x: 20, y: 20, width: 80, height: 30), cornerRadius: 8, color: .blue),
         .text(TextLayout.make(label, font: .systemFont(ofSize: 14), width: nil), origin: Point(x: 30, y: 60), color: .black)]
    }

    private func dimming(_ alpha: Double) -> [DisplayCommand] {
        [.pushOpacity(alpha: alpha, bounds: everything),
         .fill(rect: everything, cornerRadius: 0, color: .black),
         .popOpacity]
    }

    private func rasterized(_ commands: [DisplayCommand]) -> [DisplayCommand] {
        [.pushRasterized(bounds: everything)] + commands + [.popRasterized]
    }

    @Test func aStillGroupIsRenderedOnceThenComposited() async throws {
        let fx = try await RendererFixture()
        defer { fx.stop() }
        var direct: [Image] = []
        var cached: [Image] = []
        let alphas = [0.1, 0.2, 0.3, 0.4]
        for alpha in alphas {
            fx.render(home() + dimming(alpha))
            direct.append(try fx.capture())
        }
        for (frame, alpha) in alphas.enumerated() {
            fx.render(rasterized(home()) + dimming(alpha))
            cached.append(try fx.capture())
            let stats = fx.renderer.statistics
            // Frame 0 sees the group for the first time and draws it directly; frame 1 finds it unchanged
            // and renders its layer; later frames only composite.
            #expect(stats.layersRendered == (frame == 1 ? 1 : 0), "frame \(frame)")
            #expect(stats.layersReused == (frame >= 2 ? 1 : 0), "frame \(frame)")
        }
        for (a, b) in zip(direct, cached) {
            #expect(ImageComparison.pixelsDiffering(a, b, tolerance: 2).mismatchedPixels == 0)
        }
        #expect(fx.renderer.rasterizedLayers.layers.count == 1)
    }

    @Test("a group's identity finds its layer without comparing commands; another identity or none compares them")
    func groupIdentitiesStandForTheirCommands() async throws {
        let fx = try await RendererFixture()
        defer { fx.stop() }
        func render(_ commands: [DisplayCommand], identity: UInt64?) {
            var list = DisplayList(commands: commands)
            if let identity { list.rasterizedGroupIdentities = [RasterizedGroupIdentity(index: 0, identity: identity)] }
            fx.renderer.render(list, damage: Proscenium.Region(everything), size: Size(width: 160, height: 120))
        }
        render(rasterized(home()) + dimming(0.2), identity: 7)
        render(rasterized(home()) + dimming(0.3), identity: 7)
        #expect(fx.renderer.statistics.layersRendered == 1, "held still for two frames: its layer is made")
        render(rasterized(home()) + dimming(0.4), identity: 7)
        #expect(fx.renderer.statistics.layersReused == 1)
        // The same commands under a new identity (walked again, found unchanged), or with none: compared.
        render(rasterized(home()) + dimming(0.5), identity: 8)
        #expect(fx.renderer.statistics.layersReused == 1, "equal commands, new identity: still the same layer")
        render(rasterized(home()) + dimming(0.5), identity: nil)
        #expect(fx.renderer.statistics.layersReused == 1, "no identity: compared, and equal")
        // Other commands under another identity are another group.
        render(rasterized(home(label: "Changed")) + dimming(0.5), identity: 9)
        #expect(fx.renderer.statistics.layersReused == 0)
        let changed = try fx.capture()
        let reference = try await RendererFixture()
        defer { reference.stop() }
        reference.render(home(label: "Changed") + dimming(0.5))
        #expect(ImageComparison.pixelsDiffering(changed, try reference.capture(), tolerance: 2).mismatchedPixels == 0)
    }

    @Test("a layer holds only what frames composite from it, and gets the rest when a frame needs it")
    func aLayerIsRenderedOnlyWhereItIsComposited() async throws {
        let fx = try await RendererFixture()
        defer { fx.stop() }
        let reference = try await RendererFixture()
        defer { reference.stop() }
        // The layer's pixels are blended under the dimming: so are the reference's, not tinted.
        reference.renderer.tintsOverlays = false
        let layerArea = Int(everything.width * everything.height)
        // Under a dimming folded into flat fills, only the button and the text take pixels from the layer.
        let dimmed = rasterized(home()) + dimming(0.3)
        for _ in 0..<3 { fx.render(dimmed) }
        #expect(fx.renderer.statistics.layersReused == 1)
        let folded = fx.renderer.rasterizedLayers.pixelsRendered
        #expect(folded > 0 && folded < layerArea / 2, "\(folded) of \(layerArea)")
        reference.render(home() + dimming(0.3))
        #expect(ImageComparison.pixelsDiffering(try fx.capture(), try reference.capture(), tolerance: 0).mismatchedPixels == 0)
        // Without the dimming all of the damage comes from the layer: a left half, then the rest of it.
        let left = Proscenium.Region(Rect(x: 0, y: 0, width: 80, height: 120))
        fx.render(rasterized(home()), damage: left)
        fx.render(rasterized(home()), damage: left)
        let withLeft = fx.renderer.rasterizedLayers.pixelsRendered
        #expect(withLeft > folded && withLeft <= folded + 80 * 120)
        fx.render(rasterized(home()), damage: left)
        #expect(fx.renderer.rasterizedLayers.pixelsRendered == withLeft, "nothing is rendered twice")
        fx.render(rasterized(home()))
        // The rest of the layer, and no pixel of it twice, whichever frame rendered it.
        #expect(fx.renderer.rasterizedLayers.pixelsRendered == layerArea)
        #expect(fx.renderer.statistics.layersRendered == 0 && fx.renderer.statistics.layersReused == 1)
        reference.render(home())
        #expect(ImageComparison.pixelsDiffering(try fx.capture(), try reference.capture(), tolerance: 0).mismatchedPixels == 0)
    }

    @Test func changedContentIsDrawnDirectlyAndRecachedOnceStill() async throws {
        let fx = try await RendererFixture()
        defer { fx.stop() }
        for label in ["A", "B", "C"] {  // changes every frame: never worth a layer
            fx.render(rasterized(home(label: label)) + dimming(0.3))
            #expect(fx.renderer.statistics.layersRendered == 0)
            #expect(fx.renderer.statistics.layersReused == 0)
        }
        #expect(fx.renderer.rasterizedLayers.layers.isEmpty)
        fx.render(rasterized(home(label: "C")) + dimming(0.4))
        #expect(fx.renderer.statistics.layersRendered == 1)
        fx.render(rasterized(home(label: "D")) + dimming(0.4))
        let drawn = try fx.capture()
        fx.render(home(label: "D") + dimming(0.4))
        #expect(ImageComparison.pixelsDiffering(drawn, try fx.capture(), tolerance: 2).mismatchedPixels == 0)
    }

    @Test("a layer no list uses is kept as a spare: the group back unchanged is composited from it, not rendered again")
    func anUnusedLayerIsKeptForTheGroupsReturn() async throws {
        let fx = try await RendererFixture()
        defer { fx.stop() }
        // Compared bit for bit with the home drawn as it is, under the same blended (not tinted) dimming.
        fx.renderer.tintsOverlays = false
        fx.render(rasterized(home()) + dimming(0.3))
        fx.render(rasterized(home()) + dimming(0.3))
        #expect(fx.renderer.statistics.layersRendered == 1)
        // The presentation settled: the home is drawn as it is, its layer is a spare.
        fx.render(home() + dimming(0.5))
        #expect(fx.renderer.rasterizedLayers.layers.count == 1)
        #expect(fx.renderer.rasterizedLayers.spareBytes == 160 * 120 * 4)
        #expect(fx.renderer.freeLayerBytes >= fx.renderer.rasterizedLayers.spareBytes, "counted with the free layers")
        // Dismissed: rasterized again, unchanged, at once from the layer.
        fx.render(rasterized(home()) + dimming(0.4))
        #expect(fx.renderer.statistics.layersRendered == 0)
        #expect(fx.renderer.statistics.layersReused == 1)
        #expect(fx.renderer.rasterizedLayers.spareBytes == 0)
        let drawn = try fx.capture()
        fx.render(home() + dimming(0.4))
        #expect(ImageComparison.pixelsDiffering(drawn, try fx.capture(), tolerance: 0).mismatchedPixels == 0)
    }

    @Test("spares hold one window's worth at most, the least recently used let go first; idle keeps one window's worth in all")
    func sparesAreBounded() async throws {
        let fx = try await RendererFixture()
        defer { fx.stop() }
        for label in ["A", "A", "B", "B"] { fx.render(rasterized(home(label: label))) }
        #expect(fx.renderer.statistics.layersRendered == 1, "B's layer")
        #expect(fx.renderer.rasterizedLayers.layers.count == 2, "A's a spare, within one window's worth")
        fx.render(home(label: "B"))
        #expect(fx.renderer.rasterizedLayers.layers.count == 1, "two windows' worth of spares: A, the older, let go")
        fx.render(rasterized(home(label: "B")))
        #expect(fx.renderer.statistics.layersReused == 1, "B kept")
        fx.render(rasterized(home(label: "A")))
        #expect(fx.renderer.statistics.layersReused == 0 && fx.renderer.statistics.layersRendered == 0, "A a candidate again")
        // A group that changes is never a layer: it leaves no spare behind.
        fx.render(home(label: "C"))
        fx.renderer.releaseIdleResources()
        #expect(fx.renderer.freeLayerBytes <= 160 * 120 * 4)
        #expect(fx.renderer.rasterizedLayers.layers.count == 1)
    }

    @Test("free layers, the spares counted, stay within two windows' worth while frames run")
    func sparesCountAgainstThePoolsBound() async throws {
        let fx = try await RendererFixture()
        defer { fx.stop() }
        // Two fills at half opacity: a group drawn through a pooled layer (192x128, bucketed).
        let faded: [DisplayCommand] = [.pushOpacity(alpha: 0.5, bounds: everything),
                                       .fill(rect: Rect(x: 0, y: 0, width: 150, height: 100), cornerRadius: 0, color: .red),
                                       .fill(rect: Rect(x: 10, y: 10, width: 150, height: 110), cornerRadius: 0, color: .blue),
                                       .popOpacity]
        fx.render(rasterized(home()) + faded)
        fx.render(rasterized(home()) + faded)
        #expect(fx.renderer.layers.freeBytes > 0 && fx.renderer.rasterizedLayers.spareBytes == 0)
        fx.render(home())
        #expect(fx.renderer.rasterizedLayers.spareBytes == 160 * 120 * 4)
        #expect(fx.renderer.freeLayerBytes <= 2 * 160 * 120 * 4)
    }

    @Test("a spare rendered in part, brought back under other pixels, composes whole: the same pixels as drawing directly")
    func aPartlyRenderedSpareComposesWhole() async throws {
        let fx = try await RendererFixture()
        defer { fx.stop() }
        let reference = try await RendererFixture()
        defer { reference.stop() }
        let left = Proscenium.Region(Rect(x: 0, y: 0, width: 80, height: 120))
        let translucent: [DisplayCommand] = [
            .fill(rect: Rect(x: 10, y: 10, width: 140, height: 100), cornerRadius: 0, color: Color(white: 0, alpha: 0.5)),
            .fill(rect: Rect(x: 20, y: 20, width: 80, height: 30), cornerRadius: 8, color: .blue)]
        for group in [home(), translucent] {
            let below: [DisplayCommand] = [.fill(rect: everything, cornerRadius: 0, color: .green)]
            fx.render(below + rasterized(group))
            fx.render(below + rasterized(group), damage: left)  // the layer made, its left half rendered
            fx.render([.fill(rect: everything, cornerRadius: 0, color: .red)])  // a spare; the target all red
            fx.render(below + rasterized(group))  // from the spare, its right half rendered now
            #expect(fx.renderer.statistics.layersReused == 1)
            reference.render(below + group)
            #expect(ImageComparison.pixelsDiffering(try fx.capture(), try reference.capture(), tolerance: 0).mismatchedPixels == 0)
            fx.renderer.purgeCaches()
        }
    }

    /// Drives the cache as the renderer does: looks a group up and, when told to, makes and keeps its layer.
    private func use(_ cache: RasterizedLayerCache, _ commands: ArraySlice<DisplayCommand>, at area: Rect) {
        if case .render = cache.lookup(commands, area: area, origin: .zero) {
            cache.store(cache.makeLayer(width: Int(area.width), height: Int(area.height)), area: area, origin: .zero,
                        commands: commands)
        }
    }

    @Test("a lookup whose layer cannot fit keeps the spares: a later group of the frame may composite from one")
    func aLookupThatCannotRenderKeepsTheSpares() async throws {
        let fx = try await RendererFixture()
        defer { fx.stop() }
        let cache = RasterizedLayerCache(display: fx.display)
        cache.targetSize = Size(width: 4000, height: 3000)
        let small = Rect(x: 0, y: 0, width: 100, height: 100)
        let bigA = Rect(x: 0, y: 0, width: 3000, height: 3000), bigB = Rect(x: 1000, y: 0, width: 3000, height: 3000)
        let h: ArraySlice<DisplayCommand> = [.fill(rect: small, cornerRadius: 0, color: .red)]
        let a: ArraySlice<DisplayCommand> = [.fill(rect: bigA, cornerRadius: 0, color: .green)]
        let b: ArraySlice<DisplayCommand> = [.fill(rect: bigB, cornerRadius: 0, color: .blue)]
        let window = 4000 * 3000
        for _ in 0..<2 {
            use(cache, h, at: small); use(cache, a, at: bigA); cache.endFrame(sparePixels: window)
        }
        use(cache, a, at: bigA); use(cache, b, at: bigB); cache.endFrame(sparePixels: window)
        #expect(cache.spareBytes == 4 * 100 * 100, "h a spare, b a candidate")
        use(cache, a, at: bigA)
        guard case .drawDirectly = cache.lookup(b, area: bigB, origin: .zero) else {
            Issue.record("9M + 9M pixels cannot be held")
            return
        }
        guard case .cached = cache.lookup(h, area: small, origin: .zero) else {
            Issue.record("the spare was let go by a lookup that did not render")
            return
        }
    }

    @Test("a layer in use when the window's size changed, unused after, is let go, not kept as a spare")
    func aLayerOfTheOldSizeIsNoSpare() async throws {
        let fx = try await RendererFixture()
        defer { fx.stop() }
        let cache = RasterizedLayerCache(display: fx.display)
        cache.targetSize = Size(width: 160, height: 120)
        let area = Rect(x: 0, y: 0, width: 160, height: 120)
        let group: ArraySlice<DisplayCommand> = [.fill(rect: area, cornerRadius: 0, color: .red)]
        for _ in 0..<2 { use(cache, group, at: area); cache.endFrame(sparePixels: 160 * 120) }
        #expect(cache.layers.count == 1)
        cache.targetSize = Size(width: 200, height: 150)
        #expect(cache.layers.count == 1, "in use in the last frame: not a spare yet")
        cache.endFrame(sparePixels: 200 * 150)
        #expect(cache.layers.isEmpty, "made for 160x120, unused at 200x150")
    }

    @Test("a spare made for another window size is let go when the size changes")
    func sparesGoWithTheWindowSize() async throws {
        let fx = try await RendererFixture()
        defer { fx.stop() }
        fx.render(rasterized(home()))
        fx.render(rasterized(home()))
        fx.render(home())
        #expect(fx.renderer.rasterizedLayers.spareBytes > 0)
        fx.renderer.setTarget(picture: fx.renderer.target, size: Size(width: 100, height: 100))
        #expect(fx.renderer.rasterizedLayers.layers.isEmpty)
        #expect(fx.renderer.freeLayerBytes == fx.renderer.layers.freeBytes)
    }

    @Test func aGroupOutsideTheDamageKeepsItsLayer() async throws {
        let fx = try await RendererFixture()
        defer { fx.stop() }
        fx.render(rasterized(home()))
        fx.render(rasterized(home()))
        let corner = Proscenium.Region(Rect(x: 0, y: 0, width: 4, height: 4))
        // The group covers the damage here, but a later frame may damage nothing of it: still in use.
        fx.render([.fill(rect: everything, cornerRadius: 0, color: .white)] + rasterized(home()), damage: corner)
        #expect(fx.renderer.rasterizedLayers.layers.count == 1)
    }

    @Test func anOpaqueGroupStartsTheFrameAndIsCopied() async throws {
        let fx = try await RendererFixture()
        defer { fx.stop() }
        let list = [DisplayCommand.fill(rect: everything, cornerRadius: 0, color: .red)] + rasterized(home())
        #expect(XRenderRenderer.firstVisibleCommand(in: list.summaries, covering: everything) == 1)
        // A group whose first fill does not cover the damage is not a starting point.
        let partial = [DisplayCommand.fill(rect: everything, cornerRadius: 0, color: .red),
                       .pushRasterized(bounds: everything), .fill(rect: Rect(x: 0, y: 0, width: 10, height: 10), cornerRadius: 0, color: .blue),
                       .popRasterized]
        #expect(XRenderRenderer.firstVisibleCommand(in: partial.summaries, covering: everything) == 0)
        fx.render(list)
        fx.render(list)
        fx.render(list)
        #expect(fx.renderer.statistics.layersReused == 1)
        #expect(try fx.capture().rgba(150, 110) == [0xF2, 0xF2, 0xF7, 255])
    }

    @Test("a layer whose group starts with an opaque whole-pixel fill over all of it is not cleared first; any other is")
    func aLayerCoveredByItsFirstFillIsNotCleared() async throws {
        let fx = try await RendererFixture()
        defer { fx.stop() }
        let reference = try await RendererFixture()
        defer { reference.stop() }
        let translucentFirst = [DisplayCommand.fill(rect: everything, cornerRadius: 0, color: Color(white: 1, alpha: 0.5))]
            + home().dropFirst()
        let partialFirst = [DisplayCommand.fill(rect: Rect(x: 0, y: 0, width: 160, height: 100), cornerRadius: 0, color: .white)]
            + home().dropFirst()
        let offPixelFirst = [DisplayCommand.fill(rect: Rect(x: -0.5, y: -0.5, width: 161, height: 121), cornerRadius: 0,
                                                 color: .white)] + home().dropFirst()
        for (group, clears) in [(home(), 0), (translucentFirst, 1), (partialFirst, 1), (offPixelFirst, 1)] {
            let before = fx.renderer.rasterizedLayers.layersCleared
            let list = [DisplayCommand.fill(rect: everything, cornerRadius: 0, color: .red)] + rasterized(group) + dimming(0.3)
            fx.render(list)
            fx.render(list)  // the layer is rendered now
            fx.render(list)  // and composited
            #expect(fx.renderer.statistics.layersReused == 1)
            #expect(fx.renderer.rasterizedLayers.layersCleared - before == clears)
            reference.render([.fill(rect: everything, cornerRadius: 0, color: .red)] + group + dimming(0.3))
            #expect(ImageComparison.pixelsDiffering(try fx.capture(), try reference.capture(), tolerance: 2).mismatchedPixels == 0)
        }
    }

    @Test func nestedInAnotherLayerAGroupIsDrawnDirectly() async throws {
        let fx = try await RendererFixture()
        defer { fx.stop() }
        let list = [DisplayCommand.pushOpacity(alpha: 0.5, bounds: everything)] + rasterized(home()) + [.popOpacity]
        for _ in 0..<3 { fx.render(list) }
        #expect(fx.renderer.rasterizedLayers.layers.isEmpty)
    }

    @Test func aFadedSingleFillNeedsNoLayerAndLooksTheSame() async throws {
        let fx = try await RendererFixture()
        defer { fx.stop() }
        let shape = Rect(x: 10.5, y: 12.25, width: 90, height: 60)
        fx.render([.fill(rect: everything, cornerRadius: 0, color: .white),
                   .pushOpacity(alpha: 0.35, bounds: shape),
                   .fill(rect: shape, cornerRadius: 12, color: Color(red: 1, green: 0.29, blue: 0.49)),
                   .popOpacity])
        #expect(fx.renderer.statistics.layersRendered == 0)
        let folded = try fx.capture()
        // Two commands in the group take the layer path; the second draws nothing visible.
        fx.render([.fill(rect: everything, cornerRadius: 0, color: .white),
                   .pushOpacity(alpha: 0.35, bounds: shape),
                   .fill(rect: shape, cornerRadius: 12, color: Color(red: 1, green: 0.29, blue: 0.49)),
                   .fill(rect: shape, cornerRadius: 0, color: .clear),
                   .popOpacity])
        #expect(fx.renderer.statistics.layersRendered == 1)
        #expect(ImageComparison.pixelsDiffering(folded, try fx.capture(), tolerance: 2).mismatchedPixels == 0)
    }

    @Test func purgingTheCachesFreesThemAndTheNextFrameLooksTheSame() async throws {
        let fx = try await RendererFixture()
        defer { fx.stop() }
        let list = rasterized(home()) + dimming(0.3)
        for _ in 0..<3 { fx.render(list) }
        let drawn = try fx.capture()
        #expect(fx.renderer.rasterizedLayers.layers.count == 1)
        #expect(fx.renderer.shadowMasksComputed > 0)
        let counts = XResourceCounts.query(display: fx.display.pointer, clientOwning: XID(fx.pixmap))
        fx.renderer.purgeCaches()
        #expect(fx.renderer.rasterizedLayers.layers.isEmpty)
        #expect(fx.renderer.openFontCount == 0)
        fx.display.sync()
        let purged = XResourceCounts.query(display: fx.display.pointer, clientOwning: XID(fx.pixmap))
        let before = try #require(counts), after = try #require(purged)
        #expect(after.pixmaps < before.pixmaps && after.pictures < before.pictures, "\(before) → \(after)")
        fx.render(list)
        #expect(ImageComparison.pixelsDiffering(drawn, try fx.capture(), tolerance: 0).mismatchedPixels == 0)
    }
}
