import Foundation
import Proscenium
@testable import ProsceniumX11
import TestSupport
import Testing

/// Opaque fills that repaint pixels an earlier fill of their colour painted (a table's white rows on its
/// white background) are skipped — only those: not under anything drawn between, not through a layer, not
/// outside the earlier fill's clip — and the frames are the same pixels as with every fill drawn.
@MainActor @Suite("Skipping fills that repaint their own colour")
struct RedundantFillTests {
    static let table = Rect(x: 0, y: 20, width: 320, height: 220)

    static func row(_ index: Int, color: Color = .white) -> DisplayCommand {
        .fill(rect: Rect(x: 0, y: 20 + Double(index) * 44, width: 320, height: 44), cornerRadius: 0, color: color)
    }

    static func label(_ index: Int) -> DisplayCommand {
        .text(TextLayout.make("Row \(index)", font: .systemFont(ofSize: 15), width: nil),
              origin: Point(x: 16, y: 32 + Double(index) * 44), color: .black)
    }

    static func skipped(_ commands: [DisplayCommand]) -> [Int] {
        let repeated = XRenderRenderer.redundantFills(in: commands.summaries, extentAt: { XRenderRenderer.extent(of: commands[$0]) })
        return repeated.indices.filter { repeated[$0] >= 0 }
    }

    @Test("white rows with labels on a white table, in a square clip: every row's fill is skipped, nothing else")
    func rowsOnTheirTable() {
        let commands: [DisplayCommand] = [.fill(rect: Self.table, cornerRadius: 0, color: .white), .pushClip(rect: Self.table, cornerRadius: 0),
                                          Self.row(0), Self.label(0), Self.row(1), Self.label(1), .popClip]
        #expect(Self.skipped(commands) == [2, 4])
    }

    @Test("another colour, a label drawn over the place, a layer between, a clip that hides the earlier fill: drawn")
    func whatIsNotSkipped() {
        let base = DisplayCommand.fill(rect: Self.table, cornerRadius: 0, color: .white)
        #expect(Self.skipped([base, Self.row(0, color: .systemGray6)]).isEmpty, "another colour")
        // The label lies over row 0's place before row 0 is drawn: the row paints it out.
        #expect(Self.skipped([base, Self.label(0), Self.row(0)]).isEmpty, "something between reaches it")
        #expect(Self.skipped([base, .pushOpacity(alpha: 0.5, bounds: Self.table), Self.row(0), .popOpacity]).isEmpty,
                "drawn into a layer")
        #expect(Self.skipped([base, .pushClip(rect: Self.table, cornerRadius: 12), Self.row(0), .popClip]).isEmpty,
                "a rounded clip is a layer")
        #expect(Self.skipped([base, .pushTransform(AffineTransform(scaleX: 1.5, y: 1.5), bounds: Self.table), Self.row(0), .popTransform]).isEmpty,
                "in another space")
        let clipped: [DisplayCommand] = [.pushClip(rect: Rect(x: 0, y: 20, width: 320, height: 30), cornerRadius: 0), base, .popClip, Self.row(0)]
        #expect(Self.skipped(clipped).isEmpty, "the earlier fill was clipped short of the row")
        #expect(Self.skipped([base, .fill(rect: Rect(x: 0.5, y: 20, width: 100, height: 44), cornerRadius: 0, color: .white)]).isEmpty,
                "not on whole pixels")
        #expect(Self.skipped([base, .fill(rect: Rect(x: 0, y: 20, width: 320, height: 44), cornerRadius: 0, color: Color(white: 1, alpha: 0.5))]).isEmpty,
                "translucent")
    }

    @Test("a settings list sliding under a shade, frame by frame: the same pixels as with every fill drawn")
    func samePixels() async throws {
        let fx = try await RendererFixture(width: 320, height: 240)
        defer { fx.stop() }
        let reference = try await RendererFixture(width: 320, height: 240)
        defer { reference.stop() }
        reference.renderer.skipsRedundantFills = false
        var skippedFrames = 0
        for frame in 0...12 {
            await Task.yield()
            let progress = Double(frame) / 12
            let top = TintingTests.screen(at: (320 * (1 - progress)).rounded(), background: .white, row: .white, label: .black)
            let covered = TintingTests.screen(at: (-320 * progress / 3).rounded(), background: Color(hex: 0xF2F2F7), row: .white,
                                              label: .black)
            let commands = TintingTests.frame(covered, shade: .black, fadedBy: 0.1 * progress, top)
            fx.render(commands)
            reference.render(commands)
            if fx.renderer.statistics.commandsCulled > reference.renderer.statistics.commandsCulled { skippedFrames += 1 }
            try fx.expectSamePixels(as: reference, "frame \(frame)")
        }
        #expect(skippedFrames > 6, "rows were skipped in \(skippedFrames) of 13 frames")
    }
}
