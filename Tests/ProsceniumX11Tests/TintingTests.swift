import Foundation
import Proscenium
@testable import ProsceniumX11
import TestSupport
import Testing

/// What lies under a translucent overlay drawn in tinted colours, the overlay left out: the same picture as
/// blending the overlay over it — opaque square fills bit for bit, translucent ones, glyphs and corner edges
/// within two steps of a channel — for a shaded screen on its own, for every frame of a push and a pop, and kept by retention
/// while the shade changes by less than a step.
@MainActor @Suite("Tinting what lies under an overlay")
struct TintingTests {
    static let size = Rect(x: 0, y: 0, width: 320, height: 240)

    /// A settings-like screen at `x`: its background, its table's, `rows` rows with labels and separators in
    /// a clip, a rounded button with a border; `text: false` leaves out everything anti-aliased or translucent.
    static func screen(at x: Double, background: Color, row: Color, label: Color, text: Bool = true, rows: Int = 4) -> [DisplayCommand] {
        var commands: [DisplayCommand] = [
            .fill(rect: Rect(x: x, y: 20, width: 320, height: 220), cornerRadius: 0, color: background),
            .fill(rect: Rect(x: x, y: 20, width: 320, height: 220), cornerRadius: 0, color: row),
            .pushClip(rect: Rect(x: x, y: 20, width: 320, height: 220), cornerRadius: 0),
        ]
        for index in 0..<rows {
            let top = 20 + Double(index) * 44
            commands.append(.fill(rect: Rect(x: x, y: top, width: 320, height: 44), cornerRadius: 0, color: row))
            if text {
                commands.append(.text(TextLayout.make("Row \(index)", font: .systemFont(ofSize: 15), width: nil),
                                      origin: Point(x: x + 16, y: top + 12), color: label))
            }
            commands.append(.fill(rect: Rect(x: x + 16, y: top + 43, width: 304, height: 1), cornerRadius: 0,
                                  color: text ? Color(white: 0.5, alpha: 0.4) : Color(white: 0.78)))
        }
        commands.append(.popClip)
        if text {
            commands += [.fill(rect: Rect(x: x + 200, y: 200, width: 90, height: 28), cornerRadius: 8, color: .systemBlue),
                         .border(rect: Rect(x: x + 200, y: 200, width: 90, height: 28), cornerRadius: 8, width: 1, color: label)]
        }
        return commands
    }

    /// The window's background, then `under`, then the shade over the content area (a fill, or a one-fill
    /// opacity group fading it), then `over`.
    static func frame(_ under: [DisplayCommand], shade: Color, fadedBy alpha: Double?, _ over: [DisplayCommand] = []) -> [DisplayCommand] {
        let area = Rect(x: 0, y: 20, width: 320, height: 220)
        let fill = DisplayCommand.fill(rect: area, cornerRadius: 0, color: shade)
        let overlay: [DisplayCommand] = alpha.map { [.pushOpacity(alpha: $0, bounds: area), fill, .popOpacity] } ?? [fill]
        return [.fill(rect: size, cornerRadius: 0, color: .white)] + under + overlay + over
    }

    static func randomColor(_ random: inout SeededGenerator, alpha: Double = 1) -> Color {
        Color(red: random.double(in: 0...1), green: random.double(in: 0...1), blue: random.double(in: 0...1), alpha: alpha)
    }

    @Test("a shaded screen: tinted equals blended, fills bit for bit and edges within two steps, in many colours")
    func tintedEqualsBlended() async throws {
        let fx = try await RendererFixture(width: 320, height: 240)
        defer { fx.stop() }
        let reference = try await RendererFixture(width: 320, height: 240)
        defer { reference.stop() }
        reference.renderer.tintsOverlays = false
        var random = SeededGenerator(seed: 37)
        for round in 0..<16 {
            await Task.yield()
            let shade = round % 2 == 0 ? Color(white: 0, alpha: random.double(in: 0.02...0.9))
                : Self.randomColor(&random, alpha: random.double(in: 0.02...0.9))
            let faded: Double? = round % 3 == 0 ? nil : random.double(in: 0.05...0.95)
            let colors = (Self.randomColor(&random), Self.randomColor(&random), Self.randomColor(&random, alpha: random.double(in: 0.5...1)))
            for text in [false, true] {
                let commands = Self.frame(Self.screen(at: -40, background: colors.0, row: colors.1, label: colors.2, text: text),
                                          shade: shade, fadedBy: faded)
                fx.render(commands)
                reference.render(commands)
                #expect(fx.renderer.statistics.tintedPixels > 0 && reference.renderer.statistics.tintedPixels == 0, "round \(round)")
                let exact = ImageComparison.pixelsDiffering(try fx.capture(), try reference.capture(), tolerance: 0).mismatchedPixels
                let withinTwoSteps = ImageComparison.pixelsDiffering(try fx.capture(), try reference.capture(), tolerance: 2).mismatchedPixels
                if text {
                    #expect(withinTwoSteps == 0, "round \(round): \(withinTwoSteps) pixels differ by more than two steps")
                } else {
                    #expect(exact == 0, "round \(round), square fills only: \(exact) pixels differ")
                }
            }
        }
    }

    @Test("a push and a pop frame by frame, the shade fading as a screen slides over another: every frame as if blended")
    func pushAndPopFrames() async throws {
        let fx = try await RendererFixture(width: 320, height: 240)
        defer { fx.stop() }
        let reference = try await RendererFixture(width: 320, height: 240)
        defer { reference.stop() }
        reference.renderer.tintsOverlays = false
        var tintedFrames = 0
        for frame in 0...24 {
            await Task.yield()
            // A push, then the pop back: the covered screen moves a third as far as the one on top.
            let progress = frame <= 12 ? Double(frame) / 12 : Double(24 - frame) / 12
            let top = Self.screen(at: (320 * (1 - progress)).rounded(), background: .white, row: .white, label: .black)
            let covered = Self.screen(at: (-320 * progress / 3).rounded(), background: Color(hex: 0xF2F2F7), row: .white,
                                      label: .black)
            let commands = Self.frame(covered, shade: .black, fadedBy: max(0.001, 0.1 * progress), top)
            fx.render(commands)
            reference.render(commands)
            if fx.renderer.statistics.tintedPixels > 0 { tintedFrames += 1 }
            let differing = ImageComparison.pixelsDiffering(try fx.capture(), try reference.capture(), tolerance: 2).mismatchedPixels
            #expect(differing == 0, "frame \(frame): \(differing) pixels differ by more than two steps")
        }
        #expect(tintedFrames >= 20, "the covered screen is tinted while it shows: \(tintedFrames) of 25 frames")
    }

    @Test("an image under the shade: nothing is tinted, the image is blended as it was")
    func imagesAreNotTinted() async throws {
        let fx = try await RendererFixture(width: 320, height: 240)
        defer { fx.stop() }
        let reference = try await RendererFixture(width: 320, height: 240)
        defer { reference.stop() }
        reference.renderer.tintsOverlays = false
        let image = Image(width: 64, height: 64, fill: Color(red: 0.8, green: 0.3, blue: 0.1))
        let screen = Self.screen(at: 0, background: .white, row: Color(hex: 0xEEEEEE), label: .black)
            + [.image(image, rect: Rect(x: 100, y: 100, width: 64, height: 64))]
        let commands = Self.frame(screen, shade: .black, fadedBy: 0.3)
        fx.render(commands)
        reference.render(commands)
        #expect(fx.renderer.statistics.tintedPixels == 0)
        try fx.expectSamePixels(as: reference, "an image under the shade")
    }

    @Test("a shade changing by less than a step: the screen under it is retained, and the frame equals a whole redraw")
    func retentionKeepsATintedScreen() async throws {
        let fx = try await RendererFixture(width: 320, height: 240)
        defer { fx.stop() }
        let reference = try await RendererFixture(width: 320, height: 240)
        defer { reference.stop() }
        // Two rows: most of the table shows, a fill retention can keep.
        let screen = Self.screen(at: 0, background: Color(hex: 0xF2F2F7), row: .white, label: .black, rows: 2)
        fx.render(Self.frame(screen, shade: .black, fadedBy: 0.1))
        // 0.1 and 0.1005 of black make the same 8-bit colour over any background.
        let tail = Self.frame(screen, shade: .black, fadedBy: 0.1005)
        fx.render(tail)
        let area = Int(Self.size.width * Self.size.height)
        #expect(fx.renderer.statistics.retainedPixels > area / 4, "\(fx.renderer.statistics.retainedPixels) of \(area)")
        reference.render(tail)
        try fx.expectSamePixels(as: reference, "retained under the shade")
        // A step darker: the tinted colours change, and nothing under the shade is kept.
        let darker = Self.frame(screen, shade: .black, fadedBy: 0.2)
        fx.render(darker)
        #expect(fx.renderer.statistics.retainedPixels < area / 8)
        reference.render(darker)
        try fx.expectSamePixels(as: reference, "redrawn under a darker shade")
    }

    @Test("translucent layers stacked under the shade: each may add about a step, no more")
    func stackedLayers() async throws {
        let fx = try await RendererFixture(width: 320, height: 240)
        defer { fx.stop() }
        let reference = try await RendererFixture(width: 320, height: 240)
        defer { reference.stop() }
        reference.renderer.tintsOverlays = false
        var random = SeededGenerator(seed: 53)
        for round in 0..<12 {
            await Task.yield()
            let layers = 1 + round % 4
            // In a clip, as a view's subviews are: a top-level translucent fill would be taken for the overlay.
            var under: [DisplayCommand] = [.fill(rect: Rect(x: 0, y: 20, width: 320, height: 220), cornerRadius: 0,
                                                 color: Self.randomColor(&random)),
                                           .pushClip(rect: Rect(x: 0, y: 20, width: 320, height: 220), cornerRadius: 0)]
            for layer in 0..<layers {
                under.append(.fill(rect: Rect(x: 10 + Double(layer) * 12, y: 30 + Double(layer) * 9, width: 200, height: 120),
                                   cornerRadius: layer % 2 == 0 ? 0 : 9, color: Self.randomColor(&random, alpha: random.double(in: 0.05...0.95))))
            }
            under.append(.text(TextLayout.make("Stacked", font: .systemFont(ofSize: 18), width: nil), origin: Point(x: 60, y: 80),
                               color: Self.randomColor(&random, alpha: random.double(in: 0.5...1))))
            under.append(.popClip)
            let commands = Self.frame(under, shade: round % 2 == 0 ? Color(white: 0, alpha: random.double(in: 0.05...0.6))
                                          : Self.randomColor(&random, alpha: random.double(in: 0.05...0.6)), fadedBy: nil)
            fx.render(commands)
            reference.render(commands)
            #expect(fx.renderer.statistics.tintedPixels > 0)
            // A glyph's edge over the layers is one more.
            let bound = layers + 2
            let beyond = ImageComparison.pixelsDiffering(try fx.capture(), try reference.capture(), tolerance: bound).mismatchedPixels
            #expect(beyond == 0, "round \(round), \(layers) layers: \(beyond) pixels differ by more than \(bound) steps")
        }
    }

    @Test("a shade over part of a fill, changing by less than a step: that part is retained too")
    func retentionKeepsTheTintedPartOfAFill() async throws {
        let fx = try await RendererFixture(width: 320, height: 240)
        defer { fx.stop() }
        let reference = try await RendererFixture(width: 320, height: 240)
        defer { reference.stop() }
        func frame(_ alpha: Double) -> [DisplayCommand] {
            let shade = Rect(x: 0, y: 120, width: 320, height: 120)
            return [.fill(rect: Self.size, cornerRadius: 0, color: .white),
                    .fill(rect: Rect(x: 0, y: 20, width: 320, height: 220), cornerRadius: 0, color: Color(hex: 0xF2F2F7)),
                    .pushOpacity(alpha: alpha, bounds: shade), .fill(rect: shade, cornerRadius: 0, color: .black), .popOpacity]
        }
        fx.render(frame(0.1))
        fx.render(frame(0.1005))
        // The part under the shade (320x120) as well as the part above it.
        #expect(fx.renderer.statistics.retainedPixels >= 320 * 120 + 320 * 90, "\(fx.renderer.statistics.retainedPixels)")
        reference.render(frame(0.1005))
        try fx.expectSamePixels(as: reference, "retained under part of the fill")
    }
}
