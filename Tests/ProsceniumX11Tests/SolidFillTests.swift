import Foundation
import Proscenium
@testable import ProsceniumX11
import TestSupport
import Testing

/// The solid-colour pictures text, borders, shadows and fades are drawn with: a frame may use any number of
/// colours and every picture it asked for stays valid until it ends; between frames the cache is trimmed.
@MainActor @Suite("Solid fill pictures")
struct SolidFillTests {
    /// `count` one-pixel borders in as many colours, none of them black, white or red, in rows above y = 160.
    static func borders(_ count: Int) -> [DisplayCommand] {
        (0..<count).map { i -> DisplayCommand in
            let rect = Rect(x: Double(i % 32 * 10), y: Double(i / 32 * 10), width: 8, height: 8)
            let color = Color(red: Double(i % 16) / 32, green: Double(i / 16) / 32, blue: 0.6)
            return .border(rect: rect, cornerRadius: 0, width: 1, color: color)
        }
    }

    @Test("a line of text whose colour comes after the cache's capacity, its mask built in that frame: drawn, no X error")
    func textInAColourPastTheCapacity() async throws {
        let fx = try await RendererFixture(width: 320, height: 240)
        defer { fx.stop() }
        let reference = try await RendererFixture(width: 320, height: 240)
        defer { reference.stop() }
        reference.renderer.usesTextMasks = false
        let background = DisplayCommand.fill(rect: Rect(x: 0, y: 0, width: 320, height: 240), cornerRadius: 0, color: .white)
        let layout = TextLayout.make("Hello, colours", font: .systemFont(ofSize: 24, weight: .bold), width: nil)
        // The first frame draws the line (white and black asked for); the second builds its mask, drawing it
        // in a new colour after as many others as fill the cache: that colour is one past the capacity.
        let frames: [[DisplayCommand]] = [
            [background, .text(layout, origin: Point(x: 10, y: 180), color: .black)],
            [background] + Self.borders(SolidFillCache.capacity - 2) + [.text(layout, origin: Point(x: 10, y: 180), color: .red)],
        ]
        for (index, commands) in frames.enumerated() {
            fx.render(commands)
            reference.render(commands)
            try fx.expectSamePixels(as: reference, "frame \(index)")
        }
        #expect(fx.renderer.textMasks.count == 1, "the line's mask was built")
        let image = try fx.capture()
        let red = (180..<220).reduce(0) { sum, y in sum + (10..<200).count { x in close(image.rgba(x, y), [255, 0, 0, 255]) } }
        #expect(red > 100, "the red line shows: \(red) red pixels")
    }

    @Test("frames with more colours than the capacity: trimmed between frames, least recently used first")
    func trimmedBetweenFramesLeastRecentlyUsedFirst() async throws {
        let fx = try await RendererFixture(width: 320, height: 240)
        defer { fx.stop() }
        let background = DisplayCommand.fill(rect: Rect(x: 0, y: 0, width: 320, height: 240), cornerRadius: 0, color: .white)
        let borders = Self.borders(SolidFillCache.capacity + 40)
        let colors = borders.map { command -> Color in
            guard case let .border(_, _, _, color, _) = command else { return .clear }
            return color
        }
        // One frame with more colours than the capacity: all drawn, then trimmed.
        fx.render([background] + borders)
        #expect(fx.renderer.solids.count <= SolidFillCache.capacity)
        fx.renderer.purgeCaches()
        // Three colours, then others up to ten short of the capacity: nothing is trimmed yet.
        let few = Array(borders.prefix(3)), others = borders[3..<(SolidFillCache.capacity - 10)]
        fx.render([background] + few)
        let pictures = colors.prefix(3).map { fx.renderer.solids.picture(for: $0) }
        fx.render([background] + others)
        #expect(fx.renderer.solids.count == SolidFillCache.capacity - 10)
        // The three again with twenty new ones: past the capacity, the least recently used go, not these.
        fx.render([background] + few + borders.suffix(20))
        #expect(fx.renderer.solids.count <= SolidFillCache.capacity)
        #expect(colors.prefix(3).map { fx.renderer.solids.picture(for: $0) } == pictures,
                "the colours of the last frame keep their pictures")
    }
}
