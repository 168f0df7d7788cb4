import Foundation
import Proscenium
@testable import ProsceniumX11
import TestSupport
import Testing

/// Image uploads are kept by bytes: past the bound, the least recently drawn images are freed between
/// frames, never the ones the frame just drawn, which the next frame likely draws again.
@MainActor @Suite("Image uploads")
struct ImageCacheTests {
    static let backdrop = DisplayCommand.fill(rect: Rect(x: 0, y: 0, width: 160, height: 120), cornerRadius: 0, color: .white)
    /// Six 64x64 images of different colours (16 KiB each on the server).
    static let images = (0..<6).map { Image(width: 64, height: 64, fill: Color(red: Double($0) / 6, green: 0.5, blue: 0.2)) }
    static let imageBytes = 64 * 64 * 4

    @Test("images drawn one a frame, more than the bound holds: held bytes stay within it, the least recently drawn go")
    func boundedByBytesLeastRecentlyDrawnFirst() async throws {
        let fx = try await RendererFixture()
        defer { fx.stop() }
        fx.renderer.images.maximumBytes = 3 * Self.imageBytes
        for image in Self.images {
            fx.render([Self.backdrop, .image(image, rect: Rect(x: 0, y: 0, width: 64, height: 64))])
            #expect(fx.renderer.images.heldBytes <= 3 * Self.imageBytes)
        }
        #expect(fx.renderer.imageUploads == 6)
        // The last three are still there; the first went.
        for image in Self.images.suffix(3) {
            fx.render([Self.backdrop, .image(image, rect: Rect(x: 0, y: 0, width: 64, height: 64))])
        }
        #expect(fx.renderer.imageUploads == 6)
        fx.render([Self.backdrop, .image(Self.images[0], rect: Rect(x: 0, y: 0, width: 64, height: 64))])
        #expect(fx.renderer.imageUploads == 7)
        #expect(fx.renderer.images.heldBytes <= 3 * Self.imageBytes)
    }

    @Test("a frame drawing more than the bound: every image drawn, and all kept for the next frame drawing them again")
    func aFramesImagesAreKept() async throws {
        let fx = try await RendererFixture()
        defer { fx.stop() }
        fx.renderer.images.maximumBytes = 3 * Self.imageBytes
        let commands = [Self.backdrop] + Self.images.prefix(4).enumerated().map { index, image in
            DisplayCommand.image(image, rect: Rect(x: Double(index) * 40, y: 20, width: 40, height: 40))
        }
        for _ in 0..<3 {
            fx.render(commands)
            let captured = try fx.capture()
            for (index, image) in Self.images.prefix(4).enumerated() {
                #expect(close(captured.rgba(index * 40 + 20, 40), image.rgba(0, 0)), "image \(index) drawn")
            }
        }
        #expect(fx.renderer.imageUploads == 4)
        // Drawn no more: trimmed to the bound at the end of the next frame.
        fx.render([Self.backdrop])
        #expect(fx.renderer.images.heldBytes <= 3 * Self.imageBytes)
    }
}
