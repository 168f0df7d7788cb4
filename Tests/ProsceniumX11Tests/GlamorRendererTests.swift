import CX11
import Foundation
import Proscenium
@testable import ProsceniumX11
import TestSupport
import Testing

/// The renderer's offscreen layers on glamor (Xephyr -glamor) and on Xvfb, frame by frame, for the same
/// lists and damage. Glamor clips a composite to its source picture's clip, as the protocol says (Xvfb's
/// pixman ignores source clips), so a layer composited with a clip left from drawing into it shows only
/// that part of itself there.
@Suite(.serialized) @MainActor struct GlamorRendererTests {
    private let everything = Rect(x: 0, y: 0, width: 160, height: 120)

    /// Renders each frame (its list and damage) on a private Xvfb and on a glamor server and expects the
    /// same pixels after each, within the levels glamor's 16-bit blending may differ by.
    private func expectSameFrames(_ frames: [(commands: [DisplayCommand], damage: Proscenium.Region?)],
                                  sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let xvfb = try await RendererFixture()
        defer { xvfb.stop() }
        let glamor = try await RendererFixture(onGlamor: true)
        defer { glamor.stop() }
        for (index, frame) in frames.enumerated() {
            xvfb.render(frame.commands, damage: frame.damage, sourceLocation: sourceLocation)
            glamor.render(frame.commands, damage: frame.damage, sourceLocation: sourceLocation)
            let difference = ImageComparison.pixelsDiffering(try glamor.capture(), try xvfb.capture(), tolerance: 2)
            #expect(difference.mismatchedPixels == 0,
                    "frame \(index): \(difference.mismatchedPixels) pixels differ, by up to \(difference.worstChannelDifference)",
                    sourceLocation: sourceLocation)
        }
    }

    /// A still background in a rasterized group, with a translucent box over it.
    private func screen(boxAt x: Double) -> [DisplayCommand] {
        [.pushRasterized(bounds: everything),
         .fill(rect: everything, cornerRadius: 0, color: Color(hex: 0xF2F2F7)),
         .fill(rect: Rect(x: 10, y: 70, width: 140, height: 30), cornerRadius: 6, color: .blue),
         .popRasterized,
         .fill(rect: Rect(x: x, y: 20, width: 50, height: 80), cornerRadius: 0, color: Color(white: 0, alpha: 0.4))]
    }

    @Test("a rasterized layer is composited over all of the damage, not only where this frame rendered into it")
    func rasterizedLayerCoversTheDamage() async throws {
        // The layer is rendered where damage first needs it; a moving box then damages parts it holds and
        // parts it lacks. Composited only where it was just rendered, it left the box's old place
        // unrestored on glamor: the box came out darker where it overlaps its last place, and trailed.
        func box(_ x: Double) -> Rect { Rect(x: x, y: 20, width: 50, height: 80) }
        func damage(_ from: Double, _ to: Double) -> Proscenium.Region {
            var region = Proscenium.Region(box(from))
            region.add(box(to))
            return region
        }
        try await expectSameFrames([(screen(boxAt: 20), nil), (screen(boxAt: 30), damage(20, 30)),
                                    (screen(boxAt: 40), damage(30, 40)), (screen(boxAt: 50), damage(40, 50))])
    }

    @Test("an opacity group whose last drawing was clipped to a rectangle is composited whole")
    func opacityLayerAfterANestedClip() async throws {
        let commands: [DisplayCommand] = [
            .fill(rect: everything, cornerRadius: 0, color: .white),
            .pushOpacity(alpha: 0.6, bounds: everything),
            .fill(rect: Rect(x: 10, y: 10, width: 120, height: 90), cornerRadius: 0, color: .red),
            .pushClip(rect: Rect(x: 50, y: 40, width: 30, height: 20), cornerRadius: 0),
            .fill(rect: Rect(x: 40, y: 30, width: 60, height: 40), cornerRadius: 0, color: .blue),
            .popClip,
            .popOpacity,
        ]
        try await expectSameFrames([(commands, nil)])
    }

    @Test("a rounded clip's layer whose last drawing was clipped to a rectangle is composited whole")
    func roundedClipLayerAfterANestedClip() async throws {
        let commands: [DisplayCommand] = [
            .fill(rect: everything, cornerRadius: 0, color: .white),
            .pushClip(rect: Rect(x: 10, y: 10, width: 130, height: 100), cornerRadius: 20),
            .fill(rect: everything, cornerRadius: 0, color: .red),
            .pushClip(rect: Rect(x: 50, y: 40, width: 30, height: 20), cornerRadius: 0),
            .fill(rect: Rect(x: 40, y: 30, width: 60, height: 40), cornerRadius: 0, color: .blue),
            .popClip,
            .popClip,
        ]
        try await expectSameFrames([(commands, nil)])
    }
}
