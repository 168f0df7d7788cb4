import Foundation
import Proscenium
@testable import ProsceniumX11
import TestSupport
import Testing

/// Rounded corners of views on whole pixels come from kept masks: the pixels must be exactly those of
/// rasterizing the corners' trapezoids every time, and a moving card must rasterize nothing after its
/// first frame.
@MainActor @Suite("Kept corner masks")
struct CornerMaskTests {
    @Test("random rounded rectangles, colours, corner sets and damage: the same pixels as trapezoids")
    func masksDrawWhatTrapezoidsDraw() async throws {
        let fx = try await RendererFixture(width: 320, height: 240)
        defer { fx.stop() }
        let reference = try await RendererFixture(width: 320, height: 240)
        defer { reference.stop() }
        reference.renderer.usesCornerMasks = false
        var random = SeededGenerator(seed: 5)
        let cornerSets: [CornerMask] = [.all, .top, .bottom, [.topLeft, .bottomRight], .topRight]
        for round in 0..<30 {
            await Task.yield()
            var commands: [DisplayCommand] = [.fill(rect: Rect(x: 0, y: 0, width: 320, height: 240), cornerRadius: 0,
                                                    color: Color(hex: 0x808890))]
            for shape in 0..<4 {
                let rect = Rect(x: (random.double(in: -20...200)).rounded(), y: (random.double(in: -20...150)).rounded(),
                                width: (random.double(in: 60...200)).rounded(), height: (random.double(in: 50...120)).rounded())
                let radius = shape == 0 ? 20 : random.double(in: 1...28)
                let color = Color(red: random.double(in: 0...1), green: random.double(in: 0...1), blue: random.double(in: 0...1),
                                  alpha: shape % 2 == 0 ? 1 : random.double(in: 0.2...0.9))
                commands.append(.fill(rect: rect, cornerRadius: radius, color: color,
                                      corners: cornerSets[(round + shape) % cornerSets.count]))
            }
            let damage = round % 3 == 2 ? Proscenium.Region(Rect(x: 30, y: 25, width: 170, height: 130)) : fx.everything
            fx.render(commands, damage: damage)
            reference.render(commands, damage: damage)
            #expect(reference.renderer.statistics.requests[.corner] == nil)
            try fx.expectSamePixels(as: reference, "round \(round)")
        }
    }

    @Test("a card springing down the window: four masks once, then no trapezoids and no new mask on any frame")
    func aMovingCardRasterizesItsCornersOnce() async throws {
        let fx = try await RendererFixture(width: 320, height: 240)
        defer { fx.stop() }
        for frame in 0..<20 {
            let card = Rect(x: 20, y: Double(frame * 7 - 60), width: 280, height: 170)
            fx.render([.fill(rect: Rect(x: 0, y: 0, width: 320, height: 240), cornerRadius: 0, color: .white),
                       .fill(rect: card, cornerRadius: 20, color: Color(hex: 0xFF4A7D))])
            #expect(fx.renderer.statistics.requests[.trapezoids] == nil, "frame \(frame) rasterized trapezoids")
        }
        #expect(fx.renderer.cornerMasks.rasterized == 4)
        #expect(fx.renderer.cornerMasks.count == 4)
        fx.renderer.purgeCaches()
        #expect(fx.renderer.cornerMasks.count == 0)
    }
}

/// Rounded views at fractional display scales, where a point snapped to whole device pixels comes back
/// from scaling a hair off the pixel (1.25 × 0.8 is not exactly 1 in binary).
@MainActor @Suite("Kept corner masks at fractional scales")
struct FractionalScaleCornerMaskTests {
    /// Keeps the display list the window hands it.
    final class ListRecorder: WindowSurface {
        var list: DisplayList?
        func present(_ list: DisplayList, damage: Proscenium.Region, size: Size) { self.list = list }
        func setCursor(_ cursor: Cursor) {}
    }

    @Test("rounded views the frame builder put on whole device pixels: every corner from a mask, no trapezoids, the pixels of trapezoids",
          arguments: [1.25, 1.5])
    func snappedViewsUseMasks(scale: Double) async throws {
        let fx = try await RendererFixture(width: 320, height: 240)
        defer { fx.stop() }
        let reference = try await RendererFixture(width: 320, height: 240)
        defer { reference.stop() }
        reference.renderer.usesCornerMasks = false
        let clock = ManualFrameClock()
        let window = Window(size: Size(width: 320 / scale, height: 240 / scale), clock: clock)
        let recorder = ListRecorder()
        window.surface = recorder
        window.displayScale = scale
        window.backgroundColor = Color(hex: 0x808890)
        var random = SeededGenerator(seed: 7)
        var corners = 0
        for round in 0..<24 {
            await Task.yield()
            for view in window.subviews { view.removeFromSuperview() }
            for _ in 0..<6 {
                let view = View(frame: Rect(x: random.double(in: 0...120), y: random.double(in: 0...80),
                                            width: random.double(in: 40...90), height: random.double(in: 30...70)))
                // Radii in quarter pixels: masks are kept by the radius in 64ths of a pixel.
                view.cornerRadius = (random.double(in: 8...60)).rounded() / 4 / scale
                view.backgroundColor = Color(red: random.double(in: 0...1), green: random.double(in: 0...1),
                                             blue: random.double(in: 0...1))
                window.addSubview(view)
            }
            clock.step()
            let commands = try #require(recorder.list).scaled(by: scale).commands
            fx.render(commands)
            reference.render(commands)
            #expect(fx.renderer.statistics.requests[.trapezoids] == nil, "round \(round) rasterized trapezoids")
            corners += fx.renderer.statistics.requests[.corner]?.requests ?? 0
            try fx.expectSamePixels(as: reference, "round \(round)")
        }
        #expect(corners > 0, "corners drawn from masks")
    }
}
