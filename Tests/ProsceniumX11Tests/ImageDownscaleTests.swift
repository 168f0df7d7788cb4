import Proscenium
@testable import ProsceniumX11
import Testing

/// An image drawn far smaller than it is shows the average of its pixels, not a few of them picked: 256
/// pixels of black with a white line every 8th column, drawn 32 pixels wide, is an even dark grey (an
/// eighth of white), where bilinear filtering alone reads the two columns between the lines and loses them.
@MainActor @Suite("Images drawn small")
struct ImageDownscaleTests {
    static func lines(_ side: Int) -> Image {
        var pixels: [UInt8] = []
        pixels.reserveCapacity(side * side * 4)
        for _ in 0..<side {
            for x in 0..<side {
                let value: UInt8 = x % 8 == 0 ? 255 : 0
                pixels += [value, value, value, 255]
            }
        }
        return Image(width: side, height: side, pixels: pixels)
    }

    @Test("thin lines at an eighth of their size are an even grey, and the image is shrunk once")
    func thinLinesBecomeGrey() async throws {
        let fx = try await RendererFixture(width: 64, height: 64)
        defer { fx.stop() }
        let board = Self.lines(256)
        let command = DisplayCommand.image(board, rect: Rect(x: 16, y: 16, width: 32, height: 32))
        fx.render([.fill(rect: Rect(x: 0, y: 0, width: 64, height: 64), cornerRadius: 0, color: .red), command])
        let image = try fx.capture()
        for y in 16..<48 {
            for x in 16..<48 {
                let pixel = image.rgba(x, y)
                // 255 / 8 = 31.9.
                #expect((28...36).contains(pixel[0]) && pixel[0] == pixel[1] && pixel[1] == pixel[2], "(\(x), \(y)): \(pixel)")
            }
        }
        fx.render([command])
        #expect(fx.renderer.images.reductionsMade == 1)
    }

    @Test("the box filter weighs colour by alpha: a transparent pixel lends none")
    func boxFilterWeighsByAlpha() {
        let image = Image(width: 2, height: 2, pixels: [255, 0, 0, 255, 0, 255, 0, 0, 0, 255, 0, 0, 255, 0, 0, 255])
        let reduced = ImageCache.boxReduced(image, by: 2)
        #expect(reduced.width == 1 && reduced.pixels == [255, 0, 0, 128])
    }
}
