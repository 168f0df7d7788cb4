import CX11
import Proscenium
@testable import ProsceniumX11
import TestSupport
import Testing

/// Fontconfig matches a family and weight once per display; every size opens from that match, and the font
/// it gives is the one opening the size by name gives.
@MainActor @Suite("Font matches shared across sizes")
struct FontMatchTests {
    @Test("twenty sizes of two weights: two matches, and each font measures as the font opened by name")
    func sizesShareTheirFamilysMatch() async throws {
        let server = try await PrivateXvfb.start()
        defer { server.stop() }
        let display = try Display(name: server.displayName)
        let fonts = XftFontCache(display: display, capacity: 64)
        defer { fonts.close() }
        let text = Array("Dropped in on a spring: 0.6, Ω".utf8)
        for weight in [Font.Weight.regular, .bold] {
            for size in stride(from: 9.0, through: 47.0, by: 2) {
                let font = try #require(fonts.font(for: Font(size: size, weight: weight)))
                let byName = try #require(XftFontOpenName(display.pointer, display.screen,
                                                          XftFontCache.pattern(for: Font(size: size, weight: weight))))
                defer { XftFontClose(display.pointer, byName) }
                #expect(font.pointee.ascent == byName.pointee.ascent && font.pointee.descent == byName.pointee.descent,
                        "\(weight) \(size)")
                var shared = XGlyphInfo(), named = XGlyphInfo()
                XftTextExtentsUtf8(display.pointer, font, text, Int32(text.count), &shared)
                XftTextExtentsUtf8(display.pointer, byName, text, Int32(text.count), &named)
                #expect(shared.width == named.width && shared.height == named.height && shared.xOff == named.xOff,
                        "\(weight) \(size): \(shared) against \(named)")
            }
        }
        #expect(display.fontMatches.matched == 2)
        // A second cache on the same display (the text measurer's) matches nothing anew.
        let measurerFonts = XftFontCache(display: display)
        defer { measurerFonts.close() }
        #expect(measurerFonts.font(for: Font(size: 31, weight: .bold)) != nil)
        #expect(display.fontMatches.matched == 2)
    }
}
