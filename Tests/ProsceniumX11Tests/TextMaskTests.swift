import Foundation
import Proscenium
@testable import ProsceniumX11
import TestSupport
import Testing

/// Lines of text drawn in two frames are composited through kept masks: the pixels must be exactly those of
/// drawing the glyphs every frame, text that changes every frame must make no masks, and what the masks
/// hold on the server must stay bounded.
@MainActor @Suite("Kept text masks")
struct TextMaskTests {
    static let size = Rect(x: 0, y: 0, width: 320, height: 240)

    /// A card with a title, a two-line wrapped body and a button label, at `offset`, over a background with
    /// a label of its own; part of it faded through a layer, part clipped by a rounded clip.
    static func frame(offset: Point, body: String, color: Color) -> [DisplayCommand] {
        let card = Rect(x: 20 + offset.x, y: 30 + offset.y, width: 260, height: 170)
        return [
            .fill(rect: size, cornerRadius: 0, color: Color(hex: 0xF2F2F7)),
            .text(TextLayout.make("Home", font: .systemFont(ofSize: 20, weight: .bold), width: nil), origin: Point(x: 12, y: 6),
                  color: .black),
            .shadow(rect: card, cornerRadius: 14, blurRadius: 10, offset: .zero, color: Color(white: 0, alpha: 0.4)),
            .fill(rect: card, cornerRadius: 14, color: .white),
            .text(TextLayout.make("Springy — ff fi Wq", font: .systemFont(ofSize: 24, weight: .bold), width: nil),
                  origin: Point(x: card.minX + 14, y: card.minY + 10), color: color),
            .text(TextLayout.make(body, font: .systemFont(ofSize: 13), width: 220, wrap: true),
                  origin: Point(x: card.minX + 14, y: card.minY + 50), color: Color(hex: 0x3C3C43)),
            .pushOpacity(alpha: 0.6, bounds: Rect(x: card.minX + 14, y: card.minY + 110, width: 120, height: 30)),
            .text(TextLayout.make("Faded label", font: .systemFont(ofSize: 15), width: nil),
                  origin: Point(x: card.minX + 16, y: card.minY + 112), color: .black),
            .popOpacity,
            .pushClip(rect: Rect(x: card.minX + 150, y: card.minY + 110, width: 90, height: 40), cornerRadius: 12),
            .fill(rect: Rect(x: card.minX + 150, y: card.minY + 110, width: 90, height: 40), cornerRadius: 0,
                  color: .systemBlue),
            .text(TextLayout.make("Dismiss me", font: .systemFont(ofSize: 17), width: nil),
                  origin: Point(x: card.minX + 142, y: card.minY + 118), color: .white),
            .popClip,
        ]
    }

    @Test("a card with text springing over frames, damage whole and partial: the same pixels as glyphs, through masks")
    func masksDrawWhatGlyphsDraw() async throws {
        let fx = try await RendererFixture(width: 320, height: 240)
        defer { fx.stop() }
        let reference = try await RendererFixture(width: 320, height: 240)
        defer { reference.stop() }
        reference.renderer.usesTextMasks = false
        let body = "Dropped in on a spring, a card keeps its words together as it moves."
        let colors = [Color(hex: 0x1C1C1E), Color(hex: 0xFF4A7D), Color(red: 0.2, green: 0.6, blue: 0.9, alpha: 0.7)]
        for frame in 0..<12 {
            await Task.yield()
            let offset = Point(x: Double(frame % 3) - 1, y: Double(frame * 5 - 30))
            let commands = Self.frame(offset: offset, body: body, color: colors[frame / 4])
            let damage = frame % 4 == 3 ? Proscenium.Region(Rect(x: 25, y: 20, width: 200, height: 120)) : fx.everything
            fx.render(commands, damage: damage)
            reference.render(commands, damage: damage)
            try fx.expectSamePixels(as: reference, "frame \(frame)")
        }
        // A mask for every line drawn in two frames running: all but the first frame's title colour.
        let lines = Self.frame(offset: .zero, body: body, color: .black).reduce(0) { count, command in
            guard case let .text(layout, _, _) = command else { return count }
            return count + layout.lines.filter { !$0.text.isEmpty }.count
        }
        #expect(lines > 5)
        #expect(fx.renderer.textMasks.count == lines)
        #expect(reference.renderer.textMasks.count == 0)
        fx.renderer.purgeCaches()
        #expect(fx.renderer.textMasks.count == 0)
    }

    @Test("text that changes every frame (a counter) is drawn as glyphs and keeps no masks")
    func changingTextMakesNoMasks() async throws {
        let fx = try await RendererFixture(width: 320, height: 240)
        defer { fx.stop() }
        for frame in 0..<30 {
            fx.render([.fill(rect: Self.size, cornerRadius: 0, color: .white),
                       .text(TextLayout.make("Frame \(frame)", font: .systemFont(ofSize: 15), width: nil),
                             origin: Point(x: 10, y: 10), color: .black)])
        }
        #expect(fx.renderer.textMasks.built == 0)
    }

    @Test("masks unused for a while are freed, and all of them together stay under the byte bound")
    func masksAreBounded() async throws {
        let fx = try await RendererFixture(width: 320, height: 240)
        defer { fx.stop() }
        let still: [DisplayCommand] = [.fill(rect: Self.size, cornerRadius: 0, color: .white),
                                       .text(TextLayout.make("Still", font: .systemFont(ofSize: 15), width: nil),
                                             origin: Point(x: 10, y: 10), color: .black)]
        fx.render(still)
        fx.render(still)
        #expect(fx.renderer.textMasks.count == 1)
        // Each big line is drawn in two frames, so each makes a mask of some 900x250 pixels; the oldest go.
        var mostHeld = 0
        for line in 0..<120 {
            let big = [DisplayCommand.fill(rect: Self.size, cornerRadius: 0, color: .white),
                       .text(TextLayout.make("WW\(line)WW", font: .systemFont(ofSize: 240), width: nil),
                             origin: Point(x: 0, y: 0), color: .black)]
            fx.render(big)
            fx.render(big)
            #expect(fx.renderer.textMasks.heldPixels <= TextMaskCache.maximumPixels)
            mostHeld = max(mostHeld, fx.renderer.textMasks.heldPixels)
        }
        #expect(mostHeld > TextMaskCache.maximumPixels * 3 / 4, "the bound was never reached: \(mostHeld)")
        #expect(fx.renderer.textMasks.built > 100)
        // "Still" went unused for far more than the idle limit.
        #expect(fx.renderer.textMasks.count < 100)
        for _ in 0...TextMaskCache.maximumIdleFrames {
            fx.render([.fill(rect: Self.size, cornerRadius: 0, color: .white)])
        }
        #expect(fx.renderer.textMasks.count == 0)
        #expect(fx.renderer.textMasks.heldPixels == 0)
    }

    @Test("a list flung past, each row drawn once, keeps a few frames of candidates and no masks; then the table gives its room back")
    func flungListLeavesNothingBehind() async throws {
        let fx = try await RendererFixture(width: 320, height: 240)
        defer { fx.stop() }
        let rowsPerFrame = 200
        for frame in 0..<12 {
            let rows = (0..<rowsPerFrame).map { row in
                DisplayCommand.text(TextLayout.make("Row \(frame * rowsPerFrame + row)", font: .systemFont(ofSize: 13), width: nil),
                                    origin: Point(x: Double(row % 4) * 80, y: Double(row / 4) * 4), color: .black)
            }
            fx.render([.fill(rect: Self.size, cornerRadius: 0, color: .white)] + rows)
            #expect(fx.renderer.textMasks.candidates <= rowsPerFrame * TextMaskCache.maximumCandidateIdleFrames, "frame \(frame)")
        }
        #expect(fx.renderer.textMasks.built == 0)
        let burst = fx.renderer.textMasks.capacity
        #expect(burst > TextMaskCache.smallestShrunkCapacity)
        for _ in 0..<TextMaskCache.maximumCandidateIdleFrames {
            fx.render([.fill(rect: Self.size, cornerRadius: 0, color: .white)])
        }
        #expect(fx.renderer.textMasks.candidates == 0)
        // Rebuilt for twice the lines left at the last shrink; tables that small are left as they are.
        #expect(fx.renderer.textMasks.capacity <= TextMaskCache.smallestShrunkCapacity,
                "the burst's room is given back: \(fx.renderer.textMasks.capacity) of \(burst)")
    }

    @Test("a label fading (its text alone in an opacity group, beside a clear fill): drawn once with its alpha scaled, no layer, within two steps of the layer")
    func fadingTextSkipsTheLayer() async throws {
        let fx = try await RendererFixture(width: 320, height: 120)
        defer { fx.stop() }
        let reference = try await RendererFixture(width: 320, height: 120)
        defer { reference.stop() }
        for alpha in [0.1, 0.37, 0.5, 0.83] {
            let commands: [DisplayCommand] = [
                .fill(rect: Rect(x: 0, y: 0, width: 320, height: 120), cornerRadius: 0, color: Color(hex: 0xF8F8F8)),
                .pushOpacity(alpha: alpha, bounds: Rect(x: 10, y: 10, width: 300, height: 40)),
                .fill(rect: Rect(x: 10, y: 10, width: 300, height: 40), cornerRadius: 8, color: Color(white: 1, alpha: 0)),
                .text(TextLayout.make("Settings · Wavy fjord", font: .systemFont(ofSize: 17, weight: .semibold), width: nil),
                      origin: Point(x: 20, y: 20), color: Color(hex: 0x007AFF)),
                .popOpacity,
            ]
            fx.render(commands)
            fx.render(commands)  // the line's mask is kept from its second frame on
            #expect(fx.renderer.statistics[.composite].requests == 0, "alpha \(alpha): no layer composited")
            // The same group with a second visible command goes through a layer, as the reference.
            reference.renderer.usesTextMasks = false
            reference.render(commands)
            let beyond = ImageComparison.pixelsDiffering(try fx.capture(), try reference.capture(), tolerance: 2).mismatchedPixels
            #expect(beyond == 0, "alpha \(alpha): \(beyond) pixels differ by more than two steps")
        }
    }
}
