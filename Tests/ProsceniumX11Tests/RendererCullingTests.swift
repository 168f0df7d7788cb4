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
        #expect(XRenderRenderer.firstVisibleCommand(in: commands, covering: damage) == 1)
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
        #expect(XRenderRenderer.firstVisibleCommand(in: commands, covering: damage) == 0)
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
        #expect(fx.renderer.shadowsOccludedPixels > 5_000)
        #expect(ImageComparison.pixelsDiffering(optimised, reference, tolerance: 1).mismatchedPixels == 0)
    }
}

/// Large rounded fills take a cheaper path: a plain interior rectangle and thin anti-aliased pieces.
@MainActor @Suite("Rounded fill pieces")
struct RoundedFillPiecesTests {
    @Test("a large rounded fill drawn as interior plus pieces matches one trapezoid mask, opaque and translucent",
          arguments: [1.0, 0.5])
    func piecesMatchTheWholeMask(alpha: Double) async throws {
        let fx = try await RendererFixture(width: 240, height: 200)
        defer { fx.stop() }
        let shape = Rect(x: 20.3, y: 15.6, width: 180.5, height: 150.25)
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
