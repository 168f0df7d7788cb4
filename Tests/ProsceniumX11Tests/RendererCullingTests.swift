@testable import ProsceniumX11
import Proscenium
import Testing
import TestSupport

/// Occlusion at the top of the display list: what the renderer may skip because an opaque fill covers it.
@Suite("Renderer culling")
struct RendererCullingTests {
    let damage = Rect(x: 100, y: 100, width: 50, height: 50)

    @Test("drawing starts at the last opaque square fill that covers the damage")
    func startsAtLastCoveringFill() {
        let commands: [DisplayCommand] = [
            .fill(rect: Rect(x: 0, y: 0, width: 800, height: 600), cornerRadius: 0, color: .white),
            .fill(rect: Rect(x: 0, y: 0, width: 800, height: 600), cornerRadius: 0, color: .blue),
            .fill(rect: Rect(x: 120, y: 120, width: 10, height: 10), cornerRadius: 0, color: .red),
        ]
        #expect(XRenderRenderer.firstVisibleCommand(in: commands.summaries, covering: damage) == 1)
    }

    @Test("translucent, rounded, partial or grouped fills hide nothing")
    func nothingHiddenByNonCoveringFills() {
        let whole = Rect(x: 0, y: 0, width: 800, height: 600)
        let commands: [DisplayCommand] = [
            .fill(rect: whole, cornerRadius: 0, color: .white),
            .fill(rect: whole, cornerRadius: 0, color: Color(white: 0, alpha: 0.5)),
            .fill(rect: whole, cornerRadius: 12, color: .blue),
            .fill(rect: Rect(x: 0, y: 0, width: 120, height: 600), cornerRadius: 0, color: .green),
            .pushOpacity(alpha: 0.5, bounds: whole),
            .fill(rect: whole, cornerRadius: 0, color: .red),
            .popOpacity,
        ]
        #expect(XRenderRenderer.firstVisibleCommand(in: commands.summaries, covering: damage) == 0)
    }
}

/// Shadows under opaque cards: the covered middle is skipped and the picture stays the same.
@MainActor @Suite("Shadow occlusion")
struct ShadowOcclusionTests {
    @Test("a shadow under an opaque card of the same shape skips its covered middle, pixel for pixel the same")
    func coveredShadowMiddleIsSkipped() async throws {
        let fx = try await RendererFixture(width: 240, height: 200)
        defer { fx.stop() }
        let card = Rect(x: 40, y: 30, width: 150, height: 120)
        let background = DisplayCommand.fill(rect: Rect(x: 0, y: 0, width: 240, height: 200), cornerRadius: 0,
                                             color: Color(hex: 0xF2F2F7))
        let shadow = DisplayCommand.shadow(rect: card, cornerRadius: 16, blurRadius: 10, offset: Point(x: 0, y: 6),
                                           color: Color(white: 0, alpha: 0.3))
        // The same card drawn as its own group, so the renderer cannot see that it covers the shadow.
        fx.render([background, shadow, .pushOpacity(alpha: 1, bounds: card),
                   .fill(rect: card, cornerRadius: 16, color: .systemBlue), .popOpacity])
        let reference = try fx.capture()
        #expect(fx.renderer.shadowsOccludedPixels == 0)

        fx.render([background, shadow, .fill(rect: card, cornerRadius: 16, color: .systemBlue)])
        let optimised = try fx.capture()
        // Skipped either by the shadow itself or, the card being a large share of the damage, because
        // nothing under the card's opaque interior is drawn at all.
        #expect(fx.renderer.shadowsOccludedPixels + fx.renderer.statistics.occludedPixels > 5_000)
        #expect(ImageComparison.pixelsDiffering(optimised, reference, tolerance: 1).mismatchedPixels == 0)
    }
}

/// A large opaque card: nothing drawn before it (the cached home screen, the dimming, its shadow) is
/// drawn under its opaque interior, and the picture is the same.
@MainActor @Suite("Opaque card occlusion")
struct OpaqueCardOcclusionTests {
    @Test("a dimmed, cached home screen under a rounded card at a fractional position: same pixels, far fewer drawn")
    func whatTheCardCoversIsNotDrawn() async throws {
        let fx = try await RendererFixture(width: 320, height: 240)
        defer { fx.stop() }
        let everything = Rect(x: 0, y: 0, width: 320, height: 240)
        let home: [DisplayCommand] = [
            .pushRasterized(bounds: everything),
            .fill(rect: everything, cornerRadius: 0, color: Color(hex: 0xF2F2F7)),
            .fill(rect: Rect(x: 10, y: 10, width: 80, height: 24), cornerRadius: 8, color: .systemBlue),
            .text(TextLayout.make("Home", font: .systemFont(ofSize: 14), width: nil), origin: Point(x: 120, y: 14), color: .black),
            .popRasterized,
            .pushOpacity(alpha: 0.5, bounds: everything),
            .fill(rect: everything, cornerRadius: 0, color: .black),
            .popOpacity,
        ]
        let card = Rect(x: 20, y: 40.4, width: 280, height: 190)
        let shadow = DisplayCommand.shadow(rect: card, cornerRadius: 20, blurRadius: 10, offset: .zero,
                                           color: Color(white: 0, alpha: 0.5))
        let text = DisplayCommand.text(TextLayout.make("Card", font: .systemFont(ofSize: 17), width: nil),
                                       origin: Point(x: 40, y: 60.4), color: .white)
        // The card in a group of its own: the renderer cannot see it covers what is under it.
        fx.render(home + [shadow, .pushOpacity(alpha: 1, bounds: card),
                          .fill(rect: card, cornerRadius: 20, color: Color(hex: 0xFF4A7D)), .popOpacity, text])
        let reference = try fx.capture()
        #expect(fx.renderer.statistics.occludedPixels == 0)
        for _ in 0..<3 {  // the home screen's layer is rendered on the second frame, composited after
            fx.renderer.retained = []  // occlusion alone: a still card would otherwise be kept whole (RetentionTests)
            fx.render(home + [shadow, .fill(rect: card, cornerRadius: 20, color: Color(hex: 0xFF4A7D)), text])
            let occluded = try fx.capture()
            // Its middle and its straight edges: 280×147 and 238×189 less their overlap, all but the corners.
            #expect(fx.renderer.statistics.occludedPixels >= 51_000, "the card less its corners and a pixel")
            #expect(ImageComparison.pixelsDiffering(occluded, reference, tolerance: 1).mismatchedPixels == 0)
        }
    }

    @Test("a rounded card hides what lies under its straight edges as well as under its middle: only its corners do not")
    func aRoundedOccluderHidesAllButItsCorners() {
        let card = Rect(x: 20, y: 40, width: 200, height: 100)
        let commands: [DisplayCommand] = [.fill(rect: Rect(x: 0, y: 0, width: 320, height: 240), cornerRadius: 0, color: .white),
                                          .fill(rect: card, cornerRadius: 16, color: .black)]
        let occluder = XRenderRenderer.occluder(in: commands.summaries, after: 0, damage: Proscenium.Region(Rect(x: 0, y: 0, width: 320, height: 240)))
        #expect(occluder?.index == 1)
        #expect(occluder?.bars == [Rect(x: 20, y: 57, width: 200, height: 66), Rect(x: 37, y: 40, width: 166, height: 100)])
        let bands = XRenderRenderer.subtract(occluder?.bars ?? [], from: [card])
        // What is left of the card are its four corners, 17 pixels square: the radius and a pixel.
        #expect(bands.reduce(0.0) { $0 + $1.width * $1.height } == 4 * 17 * 17)
    }

    @Test("a screen sliding in a group that only moves and clips it hides the one under it, though that one covers more: the index is the group's")
    func aMovedScreenOccludes() {
        let window = Rect(x: 0, y: 0, width: 320, height: 240)
        let under = DisplayCommand.fill(rect: window, cornerRadius: 0, color: .white)
        let screen = Rect(x: 0, y: 44, width: 320, height: 196)
        // The screen underneath, which covers more of the window than the one sliding over it.
        let covered = DisplayCommand.fill(rect: Rect(x: -40, y: 44, width: 320, height: 196), cornerRadius: 0, color: Color(hex: 0xF2F2F7))
        let commands: [DisplayCommand] = [under, covered, .fill(rect: Rect(x: 0, y: 0, width: 320, height: 44), cornerRadius: 0, color: Color(hex: 0xF7F7F7)),
                                          .pushClip(rect: screen, cornerRadius: 0),
                                          .pushTransform(AffineTransform(translationX: 100.4, y: 0), bounds: screen),
                                          .fill(rect: screen, cornerRadius: 0, color: .black), .popTransform, .popClip]
        let occluder = XRenderRenderer.occluder(in: commands.summaries, after: 0, damage: Proscenium.Region(window))
        // Moved 100.4 to the right, then clipped to the screen's place: whole pixels from 101 to 320.
        #expect(occluder?.index == 3)
        #expect(occluder?.interior == Rect(x: 101, y: 44, width: 219, height: 196))
        // A faded or scaled group may let what lies under it show: not an occluder.
        let groups: [(DisplayCommand, DisplayCommand)] = [(.pushOpacity(alpha: 0.5, bounds: screen), .popOpacity),
                                                          (.pushTransform(AffineTransform(scaleX: 0.9, y: 0.9), bounds: screen), .popTransform)]
        for (push, pop) in groups {
            let hiding: [DisplayCommand] = [under, push, .fill(rect: screen, cornerRadius: 0, color: .black), pop]
            #expect(XRenderRenderer.occluder(in: hiding.summaries, after: 0, damage: Proscenium.Region(window)) == nil)
        }
    }

    @Test func aHoleTakenOutOfRectanglesLeavesAtMostFourBandsEach() {
        let hole = Rect(x: 10, y: 10, width: 20, height: 20)
        let bands = XRenderRenderer.subtract(hole, from: [Rect(x: 0, y: 0, width: 40, height: 40), Rect(x: 50, y: 0, width: 10, height: 10)])
        #expect(bands.count == 5)
        let area: Double = bands.reduce(0) { $0 + $1.width * $1.height }
        #expect(area == 1300)  // 40·40 − 20·20, and the 10·10 the hole misses
        #expect(!bands.contains { $0.intersects(hole) })
        #expect(XRenderRenderer.opaqueInterior(of: Rect(x: 0.5, y: 0, width: 100, height: 50), radius: 10)
                == Rect(x: 12, y: 11, width: 77, height: 28))
    }
}

/// Large rounded fills take a cheaper path: a plain interior rectangle and thin anti-aliased pieces.
@MainActor @Suite("Rounded fill pieces")
struct RoundedFillPiecesTests {
    @Test("a large rounded fill drawn as plain rectangles plus pieces matches one trapezoid mask: opaque and translucent, at fractional and whole pixels, whole and cut by the limit",
          arguments: [1.0, 0.5], [Rect(x: 20.3, y: 15.6, width: 180.5, height: 150.25), Rect(x: 20, y: 16, width: 180, height: 150),
                                  Rect(x: 20, y: -10, width: 180, height: 150), Rect(x: 20.5, y: 16, width: 180, height: 200.5)])
    func piecesMatchTheWholeMask(alpha: Double, shape: Rect) async throws {
        let fx = try await RendererFixture(width: 240, height: 200)
        defer { fx.stop() }
        let color = Color(hex: 0x4D96FF, alpha: alpha)
        let background = DisplayCommand.fill(rect: Rect(x: 0, y: 0, width: 240, height: 200), cornerRadius: 0,
                                             color: Color(hex: 0xF2F2F7))
        fx.render([background])
        fx.renderer.compositeTrapezoids(RoundedRectGeometry.fill(shape, radius: 22, limit: Rect(x: 0, y: 0, width: 240, height: 200)),
                                        source: fx.renderer.solids.picture(for: color), onto: fx.rootSurface)
        let reference = try fx.capture()

        #expect(RoundedRectGeometry.fillPieces(shape, radius: 22, limit: Rect(x: 0, y: 0, width: 240, height: 200)) != nil)
        fx.render([background, .fill(rect: shape, cornerRadius: 22, color: color)])
        let pieces = try fx.capture()
        let difference = ImageComparison.pixelsDiffering(pieces, reference, tolerance: 1)
        #expect(difference.mismatchedPixels == 0, "worst channel difference \(difference.worstChannelDifference)")
    }
}
