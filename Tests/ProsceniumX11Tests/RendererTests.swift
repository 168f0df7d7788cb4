import Foundation
import Proscenium
@testable import ProsceniumX11
import TestSupport
import Testing

/// Renders small display lists on a private Xvfb and compares them with golden screenshots (set
/// PROSCENIUM_RECORD_GOLDENS=1 to record, then look at every PNG in Goldens/ before committing it).
@Suite(.serialized) @MainActor struct RendererTests {
    static let backdrop = DisplayCommand.fill(rect: Rect(x: 0, y: 0, width: 160, height: 120), cornerRadius: 0,
                                              color: Color(white: 0.9))

    @Test func roundedCorners() async throws {
        let fx = try await RendererFixture()
        defer { fx.stop() }
        try await fx.expectGolden("rounded-corners", [
            Self.backdrop,
            .fill(rect: Rect(x: 10, y: 10, width: 60, height: 40), cornerRadius: 0, color: .systemBlue),
            .fill(rect: Rect(x: 85, y: 10, width: 65, height: 40), cornerRadius: 12, color: .systemBlue),
            .fill(rect: Rect(x: 10, y: 65, width: 70, height: 30), cornerRadius: 15, color: .red),
            // Fractional edges and a translucent colour take the trapezoid path too.
            .fill(rect: Rect(x: 95.5, y: 60.25, width: 50, height: 50), cornerRadius: 25, color: Color(red: 0, green: 0.6, blue: 0, alpha: 0.6)),
        ])
    }

    @Test func borders() async throws {
        let fx = try await RendererFixture()
        defer { fx.stop() }
        try await fx.expectGolden("borders", [
            Self.backdrop,
            .fill(rect: Rect(x: 10, y: 10, width: 65, height: 45), cornerRadius: 14, color: .white),
            .border(rect: Rect(x: 10, y: 10, width: 65, height: 45), cornerRadius: 14, width: 3, color: .systemBlue),
            .border(rect: Rect(x: 85, y: 10, width: 65, height: 45), cornerRadius: 0, width: 1, color: .black),
            .border(rect: Rect(x: 10, y: 65, width: 65, height: 45), cornerRadius: 6, width: 10, color: Color(white: 0, alpha: 0.5)),
            .border(rect: Rect(x: 90, y: 65, width: 45, height: 45), cornerRadius: 22.5, width: 2.5, color: .red),
        ])
    }

    @Test func shadow() async throws {
        let fx = try await RendererFixture()
        defer { fx.stop() }
        let card = Rect(x: 30, y: 25, width: 100, height: 60)
        try await fx.expectGolden("shadow", [
            .fill(rect: Rect(x: 0, y: 0, width: 160, height: 120), cornerRadius: 0, color: .white),
            .shadow(rect: card, cornerRadius: 12, blurRadius: 10, offset: Point(x: 0, y: 8), color: Color(white: 0, alpha: 0.6)),
            .fill(rect: card, cornerRadius: 12, color: Color(hex: 0xF2F2F7)),
        ])
        let image = try fx.capture()
        // Below the card the shadow darkens the background, fading with distance.
        let near = image.rgba(80, 90)[0], far = image.rgba(80, 104)[0]
        #expect(near < far && far < 255 && near < 200)
        #expect(image.rgba(2, 2) == [255, 255, 255, 255])
    }

    @Test func groupOpacity() async throws {
        let fx = try await RendererFixture()
        defer { fx.stop() }
        try await fx.expectGolden("group-opacity", [
            .fill(rect: Rect(x: 0, y: 0, width: 160, height: 120), cornerRadius: 0, color: .white),
            .pushOpacity(alpha: 0.5, bounds: Rect(x: 20, y: 20, width: 120, height: 80)),
            .fill(rect: Rect(x: 20, y: 20, width: 80, height: 60), cornerRadius: 10, color: .blue),
            .fill(rect: Rect(x: 60, y: 40, width: 80, height: 60), cornerRadius: 10, color: .red),
            .popOpacity,
        ])
        let image = try fx.capture()
        // The group fades as a whole: where the red covers the blue, no blue shows through.
        #expect(close(image.rgba(80, 60), [255, 128, 128, 255]))
        #expect(close(image.rgba(30, 30), [128, 128, 255, 255]))
    }

    @Test func scaledSubtree() async throws {
        let fx = try await RendererFixture()
        defer { fx.stop() }
        try await fx.expectGolden("scaled-subtree", [
            Self.backdrop,
            .pushTransform(AffineTransform(scaleX: 2, y: 1.5).concatenating(AffineTransform(translationX: 20, y: 15)),
                           bounds: Rect(x: 0, y: 0, width: 60, height: 60)),
            .fill(rect: Rect(x: 0, y: 0, width: 60, height: 60), cornerRadius: 8, color: .systemBlue),
            .fill(rect: Rect(x: 10, y: 10, width: 20, height: 20), cornerRadius: 10, color: .white),
            .popTransform,
        ])
    }

    @Test func rotatedSubtree() async throws {
        let fx = try await RendererFixture()
        defer { fx.stop() }
        try await fx.expectGolden("rotated-subtree", [
            Self.backdrop,
            .pushTransform(AffineTransform(rotationAngle: .pi / 6).concatenating(AffineTransform(translationX: 80, y: 60)),
                           bounds: Rect(x: -40, y: -25, width: 80, height: 50)),
            .fill(rect: Rect(x: -40, y: -25, width: 80, height: 50), cornerRadius: 6, color: .systemBlue),
            .fill(rect: Rect(x: -30, y: -15, width: 20, height: 30), cornerRadius: 0, color: .white),
            .popTransform,
        ])
    }

    @Test func clippedChildren() async throws {
        let fx = try await RendererFixture()
        defer { fx.stop() }
        let stripes: (Rect) -> [DisplayCommand] = { r in
            [.fill(rect: Rect(x: r.minX - 10, y: r.minY - 10, width: r.width + 20, height: r.height / 2 + 10), cornerRadius: 0, color: .red),
             .fill(rect: Rect(x: r.minX - 10, y: r.midY, width: r.width + 20, height: r.height / 2 + 10), cornerRadius: 0, color: .blue)]
        }
        let left = Rect(x: 15, y: 20, width: 55, height: 80), right = Rect(x: 90, y: 20, width: 55, height: 80)
        try await fx.expectGolden("clipped-children",
            [Self.backdrop, .pushClip(rect: left, cornerRadius: 0)] + stripes(left) + [.popClip,
             .pushClip(rect: right, cornerRadius: 18)] + stripes(right) + [
                // A nested rounded clip inside the rounded one.
                .pushClip(rect: Rect(x: 100, y: 45, width: 35, height: 35), cornerRadius: 17.5),
                .fill(rect: Rect(x: 90, y: 40, width: 60, height: 60), cornerRadius: 0, color: .green),
                .popClip,
             .popClip])
    }

    @Test func text() async throws {
        let fx = try await RendererFixture()
        defer { fx.stop() }
        let title = TextLayout.make("Proscenium", font: .systemFont(ofSize: 20, weight: .bold), width: nil)
        let body = TextLayout.make("Xft text, anti-aliased, wrapped in a box.", font: .systemFont(ofSize: 12),
                                   width: 140, alignment: .center)
        try await fx.expectGolden("text", [
            .fill(rect: Rect(x: 0, y: 0, width: 160, height: 120), cornerRadius: 0, color: .white),
            .text(title, origin: Point(x: 10, y: 10), color: .black),
            .fill(rect: Rect(x: 10, y: 50, width: 140, height: 50), cornerRadius: 8, color: .systemBlue),
            .text(body, origin: Point(x: 10, y: 58), color: .white),
        ], maxMismatchedPixels: 20)
        #expect(title.size.width > 100 && title.size.width < 140)
        #expect(body.lines.count == 2)
    }

    @Test func image() async throws {
        let fx = try await RendererFixture()
        defer { fx.stop() }
        try await fx.expectGolden("image", [
            Self.backdrop,
            .image(Self.testImage, rect: Rect(x: 10, y: 10, width: 16, height: 16)),
            .image(Self.testImage, rect: Rect(x: 40, y: 10, width: 64, height: 64)),
            .image(Self.testImage, rect: Rect(x: 115, y: 10, width: 32, height: 96)),
        ])
        let image = try fx.capture()
        // Native size is exact; the half-transparent quadrant is premultiplied correctly over the grey.
        #expect(image.rgba(10, 10) == [255, 0, 0, 255])
        #expect(close(image.rgba(25, 25), [115, 115, 242, 255]))
        #expect(fx.renderer.imageUploads == 1)
    }

    /// 16x16: red, green, black and half-transparent blue quadrants.
    static let testImage: Image = {
        var pixels: [UInt8] = []
        for y in 0..<16 {
            for x in 0..<16 {
                switch (x < 8, y < 8) {
                case (true, true): pixels += [255, 0, 0, 255]
                case (false, true): pixels += [0, 255, 0, 255]
                case (true, false): pixels += [0, 0, 0, 255]
                case (false, false): pixels += [0, 0, 255, 128]
                }
            }
        }
        return Image(width: 16, height: 16, pixels: pixels)
    }()
}
