@testable import ProsceniumX11
import Proscenium
import Testing

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
