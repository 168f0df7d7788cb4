import Foundation
import Proscenium
@testable import ProsceniumX11
import TestSupport
import Testing

/// A translucent overlay over a flat background drawn as one fill of the colour the two make: every pixel
/// must equal, bit for bit, what drawing the background and blending the overlay over it gives.
@MainActor @Suite("Folding a dimming into the background under it")
struct FoldingTests {
    static let size = Rect(x: 0, y: 0, width: 320, height: 240)

    /// A home screen (its background first, rasterized or not), then a dimming (as a translucent fill or
    /// as a one-fill opacity group, as a fading dimming view is), then optionally a card over both.
    static func frame(background: Color, dimming: Color, fadedBy alpha: Double?, rasterized: Bool,
                      card: Rect?) -> [DisplayCommand] {
        var home: [DisplayCommand] = [
            .fill(rect: size, cornerRadius: 0, color: background),
            .fill(rect: Rect(x: 10, y: 10, width: 80, height: 24), cornerRadius: 8, color: .systemBlue),
            .text(TextLayout.make("Home", font: .systemFont(ofSize: 14), width: nil), origin: Point(x: 120, y: 14), color: .black),
            .fill(rect: Rect(x: 250, y: 180, width: 50, height: 50), cornerRadius: 0, color: Color(hex: 0x34C759)),
        ]
        if rasterized { home = [.pushRasterized(bounds: size)] + home + [.popRasterized] }
        let dimmingFill = DisplayCommand.fill(rect: size, cornerRadius: 0, color: dimming)
        let overlay: [DisplayCommand] = alpha.map { [.pushOpacity(alpha: $0, bounds: size), dimmingFill, .popOpacity] } ?? [dimmingFill]
        var commands = home + overlay
        if let card {
            commands += [
                .shadow(rect: card, cornerRadius: 16, blurRadius: 8, offset: .zero, color: Color(white: 0, alpha: 0.5)),
                .fill(rect: card, cornerRadius: 16, color: Color(hex: 0xFF4A7D)),
                .text(TextLayout.make("Card", font: .systemFont(ofSize: 17), width: nil),
                      origin: Point(x: card.minX + 16, y: card.minY + 16), color: .white),
            ]
        }
        return commands
    }

    @Test("random backgrounds, dimming colours and alphas: the folded frame equals the two passes, pixel for pixel")
    func foldedPixelsEqualTheTwoPasses() async throws {
        let fx = try await RendererFixture(width: 320, height: 240)
        defer { fx.stop() }
        let reference = try await RendererFixture(width: 320, height: 240)
        defer { reference.stop() }
        reference.renderer.foldsOverlays = false
        // Bit for bit holds for the folded fill; the card's and text's edges, tinted, may differ by a step
        // (TintingTests' subject).
        fx.renderer.tintsOverlays = false
        var random = SeededGenerator(seed: 11)
        for round in 0..<24 {
            await Task.yield()
            let background = Color(red: random.double(in: 0...1), green: random.double(in: 0...1), blue: random.double(in: 0...1))
            let dimming = round % 3 == 0 ? Color(white: 0, alpha: random.double(in: 0.01...0.99))
                : Color(red: random.double(in: 0...1), green: random.double(in: 0...1), blue: random.double(in: 0...1),
                        alpha: random.double(in: 0.01...0.99))
            let faded: Double? = round % 2 == 0 ? random.double(in: 0.01...0.99) : nil
            let card: Rect? = round % 4 == 1 ? Rect(x: random.double(in: 20...60), y: random.double(in: 30...90), width: 200, height: 120) : nil
            let commands = Self.frame(background: background, dimming: dimming, fadedBy: faded, rasterized: round % 2 == 1, card: card)
            fx.render(commands)
            reference.render(commands)
            #expect(fx.renderer.statistics.foldedPixels > 100 * 100, "round \(round): most of the dimmed window is one fill")
            #expect(reference.renderer.statistics.foldedPixels == 0)
            try fx.expectSamePixels(as: reference, "round \(round)")
        }
    }

    @Test("a card moving over a fading dimming with partial damage: every frame equals the same frame unfolded")
    func movingCardOverAFadingDimming() async throws {
        let fx = try await RendererFixture(width: 320, height: 240)
        defer { fx.stop() }
        let reference = try await RendererFixture(width: 320, height: 240)
        defer { reference.stop() }
        reference.renderer.foldsOverlays = false
        var card = Rect(x: 30, y: -120, width: 260, height: 180)
        var previous = card
        for frame in 0..<30 {
            await Task.yield()
            card.origin.y = min(40, card.origin.y + 11.5)
            let commands = Self.frame(background: Color(hex: 0xF2F2F7), dimming: .black, fadedBy: 0.02 + Double(frame) * 0.016,
                                      rasterized: true, card: card)
            var damage = Proscenium.Region(Self.size)
            if frame % 3 == 2 {
                // Now and then only around the card, as when the dimming holds still.
                damage = Proscenium.Region(previous.union(card).insetBy(dx: -20, dy: -20))
            }
            fx.render(commands, damage: damage)
            reference.render(commands, damage: damage)
            try fx.expectSamePixels(as: reference, "frame \(frame)")
            previous = card
        }
    }

    @Test("a black shadow over the folded colour, drawn with it in one pass: the same pixels as a fill and the shadow over it")
    func shadowsFoldWithTheColourUnderThem() async throws {
        let fx = try await RendererFixture(width: 320, height: 240)
        defer { fx.stop() }
        let reference = try await RendererFixture(width: 320, height: 240)
        defer { reference.stop() }
        reference.renderer.foldsShadows = false
        var random = SeededGenerator(seed: 23)
        for round in 0..<24 {
            await Task.yield()
            let background = Color(red: random.double(in: 0...1), green: random.double(in: 0...1), blue: random.double(in: 0...1))
            let dimming = Color(white: 0, alpha: random.double(in: 0.05...0.9))
            // Cards of every size (wider than the shadow's strips too), fractional places and offsets.
            let card = Rect(x: random.double(in: -40...120), y: random.double(in: -30...100),
                            width: random.double(in: 40...420), height: random.double(in: 30...200))
            let shadow = DisplayCommand.shadow(rect: card, cornerRadius: random.double(in: 0...30), blurRadius: random.double(in: 1...24),
                                               offset: Point(x: random.double(in: -6...6), y: random.double(in: -4...12)),
                                               color: Color(white: 0, alpha: random.double(in: 0.02...1)))
            var commands = Self.frame(background: background, dimming: dimming, fadedBy: round % 2 == 0 ? 0.7 : nil,
                                      rasterized: round % 3 == 0, card: nil)
            commands += [shadow, .fill(rect: card, cornerRadius: 16, color: Color(hex: 0xFF4A7D))]
            fx.render(commands)
            reference.render(commands)
            #expect(fx.renderer.statistics.shadowFoldedPixels > 0, "round \(round): the shadow went with the folded colour")
            #expect(reference.renderer.statistics.shadowFoldedPixels == 0)
            try fx.expectSamePixels(as: reference, "round \(round)")
        }
    }

    @Test("a shadow's masks, and its inverted set, are let go after 120 frames unused, as text masks are")
    func unusedShadowMasksExpire() async throws {
        let fx = try await RendererFixture(width: 320, height: 240)
        defer { fx.stop() }
        let card = Rect(x: 4, y: 4, width: 200, height: 60)
        let home = Self.frame(background: .white, dimming: Color(white: 0, alpha: 0.4), fadedBy: nil, rasterized: false, card: nil)
        let black = DisplayCommand.shadow(rect: card, cornerRadius: 12, blurRadius: 10, offset: .zero, color: Color(white: 0, alpha: 0.5))
        let blue = DisplayCommand.shadow(rect: card, cornerRadius: 12, blurRadius: 10, offset: .zero,
                                         color: Color(red: 0, green: 0, blue: 1, alpha: 0.5))
        fx.render(home + [black, .fill(rect: card, cornerRadius: 12, color: .white)])
        #expect(fx.renderer.shadows.count == 1 && fx.renderer.shadows.invertedSetCount == 1)
        // The same shadow in blue keeps its mask in use, but not the inverted set a black one folds with.
        for frame in 1..<ShadowCache.maximumIdleFrames {
            fx.render(home + [blue, .fill(rect: card, cornerRadius: 12, color: .white)])
            #expect(fx.renderer.shadows.invertedSetCount == 1, "frame \(frame): still within the idle frames")
        }
        fx.render(home + [blue, .fill(rect: card, cornerRadius: 12, color: .white)])
        #expect(fx.renderer.shadows.count == 1 && fx.renderer.shadows.invertedSetCount == 0)
        // Then no shadow at all: the mask goes too, and drawn again it is computed again, the same pixels.
        for _ in 0..<ShadowCache.maximumIdleFrames { fx.render(home) }
        #expect(fx.renderer.shadows.count == 0)
        let computed = fx.renderer.shadowMasksComputed
        fx.render(home + [blue, .fill(rect: card, cornerRadius: 12, color: .white)])
        #expect(fx.renderer.shadowMasksComputed == computed + 1)
    }

    @Test("a coloured shadow, or one over content, is drawn over what lies under it as before")
    func onlyBlackShadowsOverTheFoldedColourFold() async throws {
        let fx = try await RendererFixture(width: 320, height: 240)
        defer { fx.stop() }
        let reference = try await RendererFixture(width: 320, height: 240)
        defer { reference.stop() }
        reference.renderer.foldsShadows = false
        let card = Rect(x: 60, y: 60, width: 200, height: 120)
        let home = Self.frame(background: .white, dimming: Color(white: 0, alpha: 0.4), fadedBy: nil, rasterized: false, card: nil)
        let blue = DisplayCommand.shadow(rect: card, cornerRadius: 12, blurRadius: 10, offset: .zero,
                                         color: Color(red: 0, green: 0, blue: 1, alpha: 0.5))
        fx.render(home + [blue, .fill(rect: card, cornerRadius: 12, color: .white)])
        reference.render(home + [blue, .fill(rect: card, cornerRadius: 12, color: .white)])
        #expect(fx.renderer.statistics.shadowFoldedPixels == 0)
        try fx.expectSamePixels(as: reference, "a blue shadow")
        // Over the button and the text (busy places) the shadow is composited as usual, beside the folded part.
        let high = Rect(x: 4, y: 4, width: 200, height: 60)
        let black = DisplayCommand.shadow(rect: high, cornerRadius: 12, blurRadius: 10, offset: .zero, color: Color(white: 0, alpha: 0.6))
        fx.render(home + [black, .fill(rect: high, cornerRadius: 12, color: .white)])
        reference.render(home + [black, .fill(rect: high, cornerRadius: 12, color: .white)])
        #expect(fx.renderer.statistics.shadowFoldedPixels > 0)
        try fx.expectSamePixels(as: reference, "a shadow over the home's button")
    }

    @Test("what lies between the background and the dimming keeps its pixels: text, a button, a square")
    func contentUnderTheDimmingIsDrawnAsBefore() async throws {
        let fx = try await RendererFixture(width: 320, height: 240)
        defer { fx.stop() }
        fx.render(Self.frame(background: .white, dimming: Color(white: 0, alpha: 0.5), fadedBy: nil, rasterized: false, card: nil))
        let image = try fx.capture()
        // The green square (#34C759), dimmed to half, not painted over with the dimmed background.
        #expect(Array(image.rgba(275, 205).prefix(3)) == [26, 99, 44])
        // The dimmed white background: 255 × 127 / 255.
        #expect(Array(image.rgba(200, 120).prefix(3)) == [127, 127, 127])
        // The text's ink is there: some pixel in its box is darker than the dimmed background.
        var darkest = 255
        for y in 14..<34 { for x in 118..<160 { darkest = min(darkest, image.rgba(x, y)[0]) } }
        #expect(darkest < 60, "the label under the dimming is drawn")
    }

    @Test("not folded: a rounded dimming, a translucent background, nothing to fold into")
    func onlyFlatOpaqueBackgroundsFold() throws {
        let extentOf: (Range<Int>, Rect) -> [Rect] = { _, _ in [] }
        let base = DisplayCommand.fill(rect: Self.size, cornerRadius: 0, color: .white)
        let dimming = DisplayCommand.fill(rect: Self.size, cornerRadius: 0, color: Color(white: 0, alpha: 0.4))
        func fold(_ commands: [DisplayCommand]) -> XRenderRenderer.FoldableOverlay? {
            XRenderRenderer.foldableOverlay(in: commands.summaries, range: 0..<commands.count,
                                            groupEnds: XRenderRenderer.groupEnds(of: commands.summaries),
                                            target: Self.size, busy: extentOf)
        }
        #expect(fold([base, dimming]) != nil)
        #expect(fold([base, dimming])?.end == 2)
        #expect(fold([base, .pushOpacity(alpha: 0.5, bounds: Self.size), dimming, .popOpacity])?.end == 4)
        #expect(fold([base, .fill(rect: Self.size, cornerRadius: 12, color: Color(white: 0, alpha: 0.4))]) == nil)
        #expect(fold([.fill(rect: Self.size, cornerRadius: 0, color: Color(white: 1, alpha: 0.9)), dimming]) == nil)
        #expect(fold([base, .fill(rect: Self.size, cornerRadius: 0, color: .black)]) == nil, "an opaque fill is a cover, not an overlay")
        // A group of more than one command fades them together: not one fill.
        #expect(fold([base, .pushOpacity(alpha: 0.5, bounds: Self.size), dimming, dimming, .popOpacity]) == nil)
        // Where the dimming and the background do not both reach, nothing folds.
        let area = fold([.fill(rect: Rect(x: 0, y: 0, width: 100, height: 100), cornerRadius: 0, color: .white),
                         .fill(rect: Rect(x: 50.5, y: 50, width: 200, height: 200), cornerRadius: 0, color: Color(white: 0, alpha: 0.3))])?.area
        #expect(area == Rect(x: 51, y: 50, width: 49, height: 50))
    }

    @Test("the folded colour is pixman's 8-bit Over, rounding included")
    func overMatchesPixmansArithmetic() {
        // Half-transparent black over #F2F2F7: 0xF2 × (255 − 128) / 255 = 120.5… → 121 for 242, 123 for 247.
        let folded = XRenderRenderer.over(Color(white: 0, alpha: 0.5), onOpaque: Color(hex: 0xF2F2F7))
        #expect(folded.red == 121 && folded.green == 121 && folded.blue == 123)
        // Fully transparent changes nothing; a premultiplied colour adds its own channels.
        let none = XRenderRenderer.over(Color(white: 0, alpha: 0), onOpaque: Color(hex: 0x336699))
        #expect(none.red == 0x33 && none.green == 0x66 && none.blue == 0x99)
        let red = XRenderRenderer.over(Color(red: 1, green: 0, blue: 0, alpha: 0.25), onOpaque: .black)
        #expect(red.red == 64 && red.green == 0 && red.blue == 0)
    }
}
