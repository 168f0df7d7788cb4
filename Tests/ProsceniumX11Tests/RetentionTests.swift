import Foundation
import Proscenium
@testable import ProsceniumX11
import TestSupport
import Testing

/// Leaving alone what the back buffer already holds under an opaque card that moves: the pixels must be
/// exactly those of the same frame drawn whole, on every frame of any sequence, with far fewer drawn.
@MainActor @Suite("Retention under a moving opaque card")
struct RetentionTests {
    static let size = Rect(x: 0, y: 0, width: 320, height: 240)

    /// A dimmed, rasterized home screen and, over it, a rounded card with a shadow, a label and an opaque
    /// button; optionally a second, smaller card on top of the first.
    static func frame(card: Rect, color: Color, dimming: Double, label: String, buttonY: Double,
                      topCard: Rect?) -> [DisplayCommand] {
        var commands: [DisplayCommand] = [
            .pushRasterized(bounds: size),
            .fill(rect: size, cornerRadius: 0, color: Color(hex: 0xF2F2F7)),
            .fill(rect: Rect(x: 10, y: 10, width: 80, height: 24), cornerRadius: 8, color: .systemBlue),
            .text(TextLayout.make("Home", font: .systemFont(ofSize: 14), width: nil), origin: Point(x: 120, y: 14), color: .black),
            .popRasterized,
            .fill(rect: size, cornerRadius: 0, color: Color(white: 0, alpha: dimming)),
            .shadow(rect: card, cornerRadius: 20, blurRadius: 10, offset: .zero, color: Color(white: 0, alpha: 0.5)),
            .fill(rect: card, cornerRadius: 20, color: color),
            .text(TextLayout.make(label, font: .systemFont(ofSize: 17), width: nil),
                  origin: Point(x: card.minX + 20, y: card.minY + 20), color: .white),
            .fill(rect: Rect(x: card.minX, y: card.minY + buttonY, width: card.width, height: 30), cornerRadius: 0, color: .white),
        ]
        if let topCard {
            commands += [
                .shadow(rect: topCard, cornerRadius: 8, blurRadius: 6, offset: Point(x: 0, y: 2), color: Color(white: 0, alpha: 0.4)),
                .fill(rect: topCard, cornerRadius: 8, color: .systemBlue),
            ]
        }
        return commands
    }

    @Test("a card moving, turning colour and changing its contents: every frame equals the same frame drawn whole",
          arguments: [false, true])
    func everyFrameEqualsAWholeRedraw(partialDamage: Bool) async throws {
        let fx = try await RendererFixture(width: 320, height: 240)
        defer { fx.stop() }
        let reference = try await RendererFixture(width: 320, height: 240)
        defer { reference.stop() }
        var random = SeededGenerator(seed: partialDamage ? 7 : 3)
        var card = Rect(x: 20, y: 60, width: 280, height: 170)
        var previous: [DisplayCommand]?
        var previousCard = card
        var previousTop: Rect?
        var retainedFrames = 0
        for frame in 0..<40 {
            // Tests share the main actor: let the others' X events in between frames.
            await Task.yield()
            // Mostly small fractional moves, as a spring's; now and then a jump, a colour or content change.
            card.origin.x += random.double(in: -6...6)
            card.origin.y += random.nextBit(oneIn: 8) ? random.double(in: -60...60) : random.double(in: -8...8)
            card.origin.x = min(max(card.origin.x, -40), 80)
            card.origin.y = min(max(card.origin.y, -40), 120)
            let color = random.nextBit(oneIn: 10) ? Color(hex: 0x4D96FF) : Color(hex: 0xFF4A7D)
            let label = random.nextBit(oneIn: 6) ? "Changed \(frame)" : "Card"
            let buttonY = random.nextBit(oneIn: 6) ? 80 : 120.0
            let top: Rect? = random.nextBit(oneIn: 3)
                ? Rect(x: random.double(in: 0...240), y: random.double(in: 0...180), width: 70, height: 50) : nil
            let dimming = partialDamage ? 0.4 : 0.2 + Double(frame % 10) * 0.03
            let commands = Self.frame(card: card, color: color, dimming: dimming, label: label, buttonY: buttonY, topCard: top)
            var damage = fx.everything
            if partialDamage, previous != nil {
                // What the core would damage: the old and new places of whatever changed, shadows included.
                damage = Proscenium.Region()
                for rect in [previousCard, card] + [previousTop, top].compactMap({ $0 }) {
                    damage.add(rect.insetBy(dx: -30, dy: -30))
                }
            }
            fx.render(commands, damage: damage)
            if fx.renderer.statistics.retainedPixels > 0 { retainedFrames += 1 }
            try fx.expectSamePixels(asWholeRedrawOf: commands, by: reference, "frame \(frame)")
            previous = commands
            previousCard = card
            previousTop = top
        }
        #expect(retainedFrames > 20, "most frames keep part of the card")
    }

    @Test("a card that moves 3 px over a fading dimming: its interior is neither drawn nor copied, its contents are")
    func aMovingCardDrawsItsEdgesAndContentsOnly() async throws {
        let fx = try await RendererFixture(width: 320, height: 240)
        defer { fx.stop() }
        let card = Rect(x: 20, y: 40, width: 280, height: 190)
        fx.render(Self.frame(card: card, color: Color(hex: 0xFF4A7D), dimming: 0.3, label: "Card", buttonY: 120, topCard: nil))
        #expect(fx.renderer.statistics.retainedPixels == 0, "nothing to keep on the first frame")
        let moved = card.offsetBy(dx: 0, dy: 3)
        fx.render(Self.frame(card: moved, color: Color(hex: 0xFF4A7D), dimming: 0.35, label: "Card", buttonY: 120, topCard: nil))
        let statistics = fx.renderer.statistics
        let drawn = fx.renderer.drawnRegion
        #expect(statistics.damagePixels == 320 * 240)
        #expect(statistics.retainedPixels > 150 * 100, "most of the card's interior is kept")
        #expect(drawn.area == Double(statistics.damagePixels - statistics.retainedPixels))
        // The label at its old and new places and where the button was and the card is now are redrawn; the middle of the
        // (white, opaque) button is white in both frames, and kept too.
        for point in [Point(x: moved.minX + 25, y: moved.minY + 30), Point(x: moved.midX, y: moved.minY + 118)] {
            #expect(drawn.rects.contains { $0.contains(point) }, "\(point) is redrawn")
        }
        #expect(!drawn.rects.contains { $0.contains(Point(x: moved.midX, y: moved.minY + 135)) })
        // A still card over a still dimming keeps all of its interior outside its contents.
        fx.render(Self.frame(card: moved, color: Color(hex: 0xFF4A7D), dimming: 0.35, label: "Card", buttonY: 120, topCard: nil))
        #expect(!fx.renderer.drawnRegion.rects.contains { $0.contains(Point(x: moved.midX, y: moved.minY + 90)) })
    }

    @Test("a dimming that changes by less than one 8-bit step keeps its margins while the card moves; a step redraws them")
    func dimmedMarginsAreKeptWhileTheirPixelsStay() async throws {
        let fx = try await RendererFixture(width: 320, height: 240)
        defer { fx.stop() }
        let reference = try await RendererFixture(width: 320, height: 240)
        defer { reference.stop() }
        // A spring's tail: the card still moves by whole pixels, the dimming's alpha by a hair.
        let card = Rect(x: 40, y: 60, width: 240, height: 150)
        let margin = Point(x: 4, y: 236)  // dimmed, away from the home screen's contents and the card's shadow
        var dimming = 0.4
        for step in 0..<6 {
            let moved = card.offsetBy(dx: 0, dy: Double(step))
            let commands = Self.frame(card: moved, color: Color(hex: 0xFF4A7D), dimming: dimming, label: "Card",
                                      buttonY: 120, topCard: nil)
            fx.render(commands)
            try fx.expectSamePixels(asWholeRedrawOf: commands, by: reference, "step \(step)")
            if step > 0 {
                #expect(!fx.renderer.drawnRegion.rects.contains { $0.contains(margin) }, "step \(step): the margin is kept")
            }
            dimming += 0.0003
        }
        // A whole step of the dimming changes every margin pixel: they are drawn again.
        let commands = Self.frame(card: card.offsetBy(dx: 0, dy: 6), color: Color(hex: 0xFF4A7D), dimming: dimming + 0.01,
                                  label: "Card", buttonY: 120, topCard: nil)
        fx.render(commands)
        try fx.expectSamePixels(asWholeRedrawOf: commands, by: reference, "after a whole step")
        #expect(fx.renderer.drawnRegion.rects.contains { $0.contains(margin) }, "the margin is redrawn")
    }

    @Test("a scaled group's place is all its layer covers, its bounds rounded out: nothing stale around it")
    func aScaledGroupsPlaceCoversItsLayer() async throws {
        let fx = try await RendererFixture(width: 320, height: 240)
        defer { fx.stop() }
        let reference = try await RendererFixture(width: 320, height: 240)
        defer { reference.stop() }
        // Bounds off the pixel grid: the layer holds them rounded out, half a local pixel more on each side,
        // which a scale of 4 makes two target pixels.
        let bounds = Rect(x: 10.5, y: 10.5, width: 30, height: 15)
        for (step, color) in [Color(hex: 0xFF4A7D), .systemBlue].enumerated() {
            let commands: [DisplayCommand] = [
                .fill(rect: Rect(x: 0, y: 0, width: 320, height: 240), cornerRadius: 0, color: .white),
                .pushTransform(AffineTransform(scaleX: 4, y: 4), bounds: bounds),
                .fill(rect: bounds.integral, cornerRadius: 0, color: color),
                .popTransform,
            ]
            fx.render(commands)
            try fx.expectSamePixels(asWholeRedrawOf: commands, by: reference, "step \(step)")
        }
    }

    @Test("a card of another colour keeps nothing of the card, a new target nothing at all")
    func nothingIsKeptAcrossTargetsOrColours() async throws {
        let fx = try await RendererFixture(width: 320, height: 240)
        defer { fx.stop() }
        let card = Rect(x: 20, y: 40, width: 280, height: 190)
        fx.render(Self.frame(card: card, color: Color(hex: 0xFF4A7D), dimming: 0.3, label: "Card", buttonY: 120, topCard: nil))
        fx.render(Self.frame(card: card, color: Color(hex: 0x4D96FF), dimming: 0.3, label: "Card", buttonY: 120, topCard: nil))
        // The white button kept its colour, and so did the dimmed margins around the card's shadow.
        #expect(fx.renderer.statistics.retainedPixels > 280 * 30)
        #expect(fx.renderer.drawnRegion.rects.contains { $0.contains(Point(x: card.midX, y: card.minY + 60)) },
                "the card's interior is redrawn")
        #expect(!fx.renderer.retained.isEmpty)
        fx.renderer.setTarget(picture: fx.rootSurface.picture, size: fx.size)
        #expect(fx.renderer.retained.isEmpty)
        fx.render(Self.frame(card: card, color: Color(hex: 0x4D96FF), dimming: 0.3, label: "Card", buttonY: 120, topCard: nil))
        #expect(fx.renderer.statistics.retainedPixels == 0)
    }
}

extension RendererFixture {
    /// Expects the back buffer to hold what `reference` draws for `commands` from scratch, nothing kept.
    func expectSamePixels(asWholeRedrawOf commands: [DisplayCommand], by reference: RendererFixture, _ what: String,
                          sourceLocation: SourceLocation = #_sourceLocation) throws {
        reference.renderer.retained = []
        reference.render(commands)
        try expectSamePixels(as: reference, what, sourceLocation: sourceLocation)
    }
}

extension SeededGenerator {
    mutating func double(in range: ClosedRange<Double>) -> Double { Double.random(in: range, using: &self) }
    mutating func nextBit(oneIn n: UInt64) -> Bool { next() % n == 0 }
}
