import Proscenium
@testable import ProsceniumX11
import Testing

/// A line longer than Xft's 16-bit coordinates reach (a token pasted into a text field): it measures as
/// long as its characters add up to, and its end, scrolled into view, draws where a short run of the same
/// characters would.
@MainActor @Suite("Lines beyond 32,767 pixels")
struct LongTextTests {
    static let font = Font.systemFont(ofSize: 17)

    @Test("3,000 m's measure 3,000 times one m, past 32,767 pixels, not wrapped negative")
    func longLineMeasuresItsLength() async throws {
        let fixture = try await RendererFixture()
        defer { fixture.stop() }
        let measurer = XftTextMeasurer(display: fixture.display)
        let one = measurer.width(of: "m", font: Self.font)
        let long = measurer.width(of: String(repeating: "m", count: 3000), font: Self.font)
        #expect(long == 3000 * one && long > 32_767, "\(long) for 3000 × \(one)")
        let mixed = String(repeating: "Wé👍🏽 ", count: 900)
        let pieces = mixed.split(separator: " ", omittingEmptySubsequences: false).dropLast()
        #expect(measurer.width(of: mixed, font: Self.font) == Double(pieces.count) * measurer.width(of: "Wé👍🏽 ", font: Self.font),
                "whole characters in each piece: an emoji with its skin tone is never cut")
    }

    @Test("at 600 pixels, 64 W's measure 64 times one W: the pieces are cut by the font's size, not a count of characters")
    func largeFontsMeasureTheirLength() async throws {
        let fixture = try await RendererFixture()
        defer { fixture.stop() }
        let measurer = XftTextMeasurer(display: fixture.display)
        let large = Font.systemFont(ofSize: 600)
        let one = measurer.width(of: "W", font: large)
        let long = measurer.width(of: String(repeating: "W", count: 64), font: large)
        #expect(long == 64 * one && long > 32_767, "\(long) for 64 × \(one)")
    }

    @Test("a long text's prefixes, measured one by one as a field does, are not all kept: labels' widths are")
    func longPrefixesAreNotKept() async throws {
        let fixture = try await RendererFixture()
        defer { fixture.stop() }
        let measurer = XftTextMeasurer(display: fixture.display)
        let token = String(repeating: "a1", count: 2_000)
        for length in stride(from: 300, through: token.count, by: 10) {
            _ = measurer.width(of: String(token.prefix(length)), font: Self.font)
        }
        #expect(measurer.rememberedWidths == 0, "\(measurer.rememberedWidths) copies of a 4,000-character text kept")
        let label = measurer.width(of: "Settings", font: Self.font)
        #expect(measurer.rememberedWidths == 1 && measurer.width(of: "Settings", font: Self.font) == label)
        #expect(measurer.width(of: String(token.prefix(300)), font: Self.font) == 150 * measurer.width(of: "a1", font: Self.font))
    }

    @Test("the end of a long line, scrolled into view, draws as the same last characters on their own")
    func longLineEndDrawsInPlace() async throws {
        let long = try await RendererFixture(width: 160, height: 40)
        defer { long.stop() }
        let measurer = XftTextMeasurer(display: long.display)
        let text = String(repeating: "mW", count: 1500) + "end"
        let layout = TextLayout.make(text, font: Self.font, width: nil, wrap: false, numberOfLines: 1, measurer: measurer)
        let tail = String(text.suffix(11))
        let tailLayout = TextLayout.make(tail, font: Self.font, width: nil, wrap: false, numberOfLines: 1, measurer: measurer)
        let background = DisplayCommand.fill(rect: Rect(x: 0, y: 0, width: 160, height: 40), cornerRadius: 0, color: .white)
        // The line's end at x = 150.
        long.render([background, .text(layout, origin: Point(x: 150 - layout.size.width, y: 10), color: .black)])
        let short = try await RendererFixture(width: 160, height: 40)
        defer { short.stop() }
        short.render([background, .text(tailLayout, origin: Point(x: 150 - tailLayout.size.width, y: 10), color: .black)])
        let a = try long.capture(), b = try short.capture()
        var inked = 0, different: [String] = []
        for y in 0..<40 {
            for x in 60..<160 {
                if a.rgba(x, y) != b.rgba(x, y) { different.append("(\(x), \(y))") }
                if a.rgba(x, y)[0] < 128 { inked += 1 }
            }
        }
        #expect(different.isEmpty, "\(different.count) pixels differ, first \(different.prefix(5))")
        #expect(inked > 50, "the end's glyphs are drawn: \(inked) dark pixels")
    }
}
