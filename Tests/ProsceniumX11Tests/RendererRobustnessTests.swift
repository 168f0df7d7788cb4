import CX11
import Foundation
import Proscenium
@testable import ProsceniumX11
import TestSupport
import Testing

/// Hostile geometry and long runs: the renderer must neither trap nor cause X errors, and its caches and
/// bookkeeping must stay bounded. On a private Xvfb.
@Suite(.serialized) @MainActor struct RendererRobustnessTests {
    static let wild: [Double] = [.nan, .infinity, -.infinity, 1e300, -1e300, 1e7, -1e7, 40000]

    /// Every drawing command and group with non-finite and huge values in each position.
    static func hostileList() -> [DisplayCommand] {
        let ok = Rect(x: 10, y: 10, width: 50, height: 40)
        let image = Image(width: 2, height: 2, pixels: [UInt8](repeating: 200, count: 16))
        let layout = TextLayout.make("Hi", font: .systemFont(ofSize: 12), width: nil)
        var list: [DisplayCommand] = [.fill(rect: Rect(x: 0, y: 0, width: 160, height: 120), cornerRadius: 0, color: .white)]
        for v in wild {
            let rects = [Rect(x: v, y: 10, width: 50, height: 40), Rect(x: 10, y: v, width: 50, height: 40),
                         Rect(x: 10, y: 10, width: v, height: 40), Rect(x: 10, y: 10, width: 50, height: v),
                         Rect(x: -abs(v), y: -abs(v), width: 2 * abs(v), height: 2 * abs(v)),
                         Rect(x: -abs(v), y: 20, width: 2 * abs(v), height: 30)]
            for rect in rects {
                list += [
                    .fill(rect: rect, cornerRadius: 6, color: .red),
                    .fill(rect: rect, cornerRadius: 0, color: Color(white: 0, alpha: 0.3)),
                    .border(rect: rect, cornerRadius: 4, width: 2, color: .black),
                    .shadow(rect: rect, cornerRadius: 8, blurRadius: 6, offset: Point(x: 0, y: 2), color: Color(white: 0, alpha: 0.4)),
                    .image(image, rect: rect),
                    .pushClip(rect: rect, cornerRadius: 10), .fill(rect: ok, cornerRadius: 0, color: .blue), .popClip,
                    .pushOpacity(alpha: 0.5, bounds: rect), .fill(rect: ok, cornerRadius: 3, color: .blue), .popOpacity,
                    .pushTransform(AffineTransform(rotationAngle: 0.3), bounds: rect),
                    .fill(rect: ok, cornerRadius: 3, color: .green), .popTransform,
                ]
            }
            list += [
                .fill(rect: ok, cornerRadius: v, color: .red),
                .border(rect: ok, cornerRadius: v, width: 2, color: .black),
                .border(rect: ok, cornerRadius: 4, width: v, color: .black),
                .shadow(rect: ok, cornerRadius: v, blurRadius: 4, offset: .zero, color: Color(white: 0, alpha: 0.4)),
                .shadow(rect: ok, cornerRadius: 4, blurRadius: v, offset: .zero, color: Color(white: 0, alpha: 0.4)),
                .shadow(rect: ok, cornerRadius: 4, blurRadius: 4, offset: Point(x: v, y: v), color: Color(white: 0, alpha: 0.4)),
                .text(layout, origin: Point(x: v, y: 30), color: .black),
                .text(layout, origin: Point(x: 30, y: v), color: .black),
                .pushClip(rect: ok, cornerRadius: v), .fill(rect: ok, cornerRadius: 0, color: .blue), .popClip,
                .pushOpacity(alpha: v, bounds: ok), .fill(rect: ok, cornerRadius: 0, color: .blue), .popOpacity,
                .pushTransform(AffineTransform(translationX: v, y: 5), bounds: ok),
                .fill(rect: ok, cornerRadius: 2, color: .green), .popTransform,
                .pushTransform(AffineTransform(a: v, b: 0, c: 0, d: 1, tx: 20, ty: 0), bounds: ok),
                .fill(rect: ok, cornerRadius: 2, color: .green), .popTransform,
                .pushTransform(AffineTransform(a: 1, b: 0.2, c: 0, d: 1, tx: v, ty: 0), bounds: ok),
                .fill(rect: ok, cornerRadius: 2, color: .green), .popTransform,
            ]
        }
        // Tiny scales need huge layers for their local area.
        for scale in [1e-5, 1e-3, 0.01] {
            list += [.pushTransform(AffineTransform(a: scale, b: 0.0001, c: 0, d: scale, tx: 20, ty: 20),
                                    bounds: Rect(x: 0, y: 0, width: 1e6, height: 1e6)),
                     .fill(rect: Rect(x: 0, y: 0, width: 1e6, height: 1e6), cornerRadius: 50, color: .green), .popTransform]
        }
        return list
    }

    @Test func hostileGeometryDrawsWithoutTrapsOrXErrors() async throws {
        let fx = try await RendererFixture()
        defer { fx.stop() }
        let list = Self.hostileList()
        fx.render(list)
        fx.render(list, damage: Proscenium.Region(Rect(x: 20, y: 20, width: 30, height: 30)))
        // The renderer still draws sane commands correctly afterwards.
        fx.render([.fill(rect: Rect(x: 0, y: 0, width: 160, height: 120), cornerRadius: 0, color: .white),
                   .fill(rect: Rect(x: 10, y: 10, width: 20, height: 20), cornerRadius: 0, color: .red)])
        let image = try fx.capture()
        #expect(image.rgba(15, 15) == [255, 0, 0, 255])
        #expect(image.rgba(50, 50) == [255, 255, 255, 255])
    }

    @Test("colours with a NaN component draw as if it were 0, with no trap")
    func nanColoursDraw() async throws {
        let fx = try await RendererFixture()
        defer { fx.stop() }
        var green = Color.red
        green.red = .nan
        green.green = 1
        let layout = TextLayout.make("Hi", font: .systemFont(ofSize: 12), width: nil)
        fx.render([.fill(rect: Rect(x: 0, y: 0, width: 160, height: 120), cornerRadius: 0, color: .white),
                   .fill(rect: Rect(x: 10, y: 10, width: 20, height: 20), cornerRadius: 0, color: green),
                   .fill(rect: Rect(x: 40, y: 10, width: 20, height: 20), cornerRadius: 5, color: Color(red: .nan, green: .nan, blue: 1, alpha: 1)),
                   .fill(rect: Rect(x: 70, y: 10, width: 20, height: 20), cornerRadius: 0, color: Color(red: 1, green: 0, blue: 0, alpha: .nan)),
                   .text(layout, origin: Point(x: 10, y: 60), color: Color(red: .nan, green: 0, blue: 0, alpha: 0.5))])
        let image = try fx.capture()
        #expect(image.rgba(15, 15) == [0, 255, 0, 255] && image.rgba(50, 20) == [0, 0, 255, 255])
        #expect(image.rgba(80, 20) == [255, 255, 255, 255], "a NaN alpha is no alpha: nothing drawn")
    }

    @Test func shadowCacheStaysBoundedWithNaNAndOddBlurs() async throws {
        let fx = try await RendererFixture()
        defer { fx.stop() }
        for i in 0..<200 {
            let blur = i % 2 == 0 ? Double.nan : 0.5 + Double(i) * 0.0137
            fx.render([.shadow(rect: Rect(x: 20, y: 20, width: 40 + Double(i % 7), height: 30), cornerRadius: 4 + Double(i) * 0.01,
                               blurRadius: blur, offset: .zero, color: Color(white: 0, alpha: 0.5))])
        }
        #expect(fx.renderer.shadows.count <= ShadowCache.capacity)
    }

    @Test func shadowBlurIsClampedAndQuantised() {
        #expect(ShadowCache.sanitizedBlur(.nan) == 0)
        #expect(ShadowCache.sanitizedBlur(.infinity) == 0)
        #expect(ShadowCache.sanitizedBlur(-3) == 0)
        #expect(ShadowCache.sanitizedBlur(1e300) == ShadowCache.maximumBlur)
        #expect(ShadowCache.sanitizedBlur(4.3) == 4.5)
        #expect(ShadowMaskRasterizer.margin(blurRadius: .infinity) >= 0)
        #expect(ShadowMaskRasterizer.margin(blurRadius: 1e300) == ShadowMaskRasterizer.margin(blurRadius: ShadowCache.maximumBlur))
    }

    @Test func fontCacheStaysWithinItsCapacity() async throws {
        let fx = try await RendererFixture()
        defer { fx.stop() }
        let measurer = fx.display.textMeasurer
        for i in 0..<100 {
            let layout = TextLayout.make("Ag", font: .systemFont(ofSize: 6 + Double(i) * 0.5), width: nil, measurer: measurer)
            fx.render([.text(layout, origin: Point(x: 10, y: 10), color: .black)])
            #expect(fx.renderer.openFontCount <= XftFontCache.defaultCapacity)
            #expect(measurer.openFontCount <= XftFontCache.defaultCapacity)
        }
        // One frame with more sizes than the cache holds: every font stays open until the frame ends.
        let layouts = (0..<40).map { TextLayout.make("Ag", font: .systemFont(ofSize: 8 + Double($0)), width: nil) }
        fx.render([.fill(rect: Rect(x: 0, y: 0, width: 160, height: 120), cornerRadius: 0, color: .white)]
                  + layouts.map { .text($0, origin: Point(x: 10, y: 10), color: .black) })
        #expect(fx.renderer.openFontCount == XftFontCache.defaultCapacity)
        #expect(try fx.capture().pixels.contains { $0 < 128 })
        // Sizes are quantised to half pixels; non-finite sizes still name a font.
        #expect(XftFontCache.quantizedSize(12.3) == 12.5)
        #expect(XftFontCache.pattern(for: Font(size: .nan)) == "DejaVu Sans:pixelsize=1:weight=80:rgba=none")
        #expect(XftFontCache.pattern(for: Font(size: .infinity)) == "DejaVu Sans:pixelsize=1024:weight=80:rgba=none")
    }

    @Test func clipBookkeepingForgetsFreedLayers() async throws {
        let fx = try await RendererFixture(width: 1280, height: 800)
        defer { fx.stop() }
        let created = fx.renderer.layersCreated
        for i in 0..<200 {
            let size = Rect(x: 0, y: 0, width: 64 * Double(1 + i % 19) + 1, height: 64 * Double(1 + i / 19 % 12) + 1)
            // Two commands: a group of one fill is drawn faded, without a layer.
            fx.render([.pushOpacity(alpha: 0.5, bounds: size), .fill(rect: size, cornerRadius: 0, color: .red),
                       .border(rect: size, cornerRadius: 0, width: 2, color: .black), .popOpacity])
        }
        // The pool kept creating layers and freeing old ones; their clips are forgotten with them.
        #expect(fx.renderer.layersCreated - created > 2 * LayerPool.maximumFreeLayers)
        #expect(fx.renderer.appliedClipCount <= LayerPool.maximumFreeLayers + 1)
    }

    /// Cannot show the glamor/EXA bug itself (Xvfb's fb code ignores source clips); checks that a
    /// transformed layer has no client clip whenever it is composited, as far as the renderer knows.
    @Test func transformedLayersHaveNoClientClipWhenComposited() async throws {
        let fx = try await RendererFixture()
        defer { fx.stop() }
        let list: [DisplayCommand] = [
            .pushTransform(AffineTransform(rotationAngle: 0.3).concatenating(AffineTransform(translationX: 110, y: 80)),
                           bounds: Rect(x: -20, y: -15, width: 40, height: 30)),
            .fill(rect: Rect(x: -20, y: -15, width: 40, height: 30), cornerRadius: 4, color: .red),
            .popTransform,
        ]
        fx.render(list)
        let layers = fx.renderer.transformLayers.layers
        #expect(layers.count == 1)
        for layer in layers { #expect(fx.renderer.appliedClip(of: layer.picture) == XRenderRenderer.AppliedClip.none) }
        #expect(try fx.capture().rgba(110, 80) == [255, 0, 0, 255])
        fx.render(list)
        #expect(fx.renderer.statistics.layersReused == 1)
        for layer in layers { #expect(fx.renderer.appliedClip(of: layer.picture) == XRenderRenderer.AppliedClip.none) }
        #expect(try fx.capture().rgba(110, 80) == [255, 0, 0, 255])
    }

    @Test func shadowsWiderThanSixteenBitsCoverTheTarget() async throws {
        let fx = try await RendererFixture(width: 1280, height: 200)
        defer { fx.stop() }
        // The right-hand corner would land at x ≈ 65 600, which wraps to ≈ 100 as a 16-bit coordinate.
        fx.render([.shadow(rect: Rect(x: -20, y: 50, width: 65_656, height: 100), cornerRadius: 10, blurRadius: 10,
                           offset: .zero, color: Color(white: 0, alpha: 0.5))])
        let image = try fx.capture()
        for x in [5, 100, 640, 1270] {
            #expect(close(image.rgba(x, 100), [127, 127, 127, 255], tolerance: 2), "x \(x): \(image.rgba(x, 100))")
        }
        #expect(image.rgba(640, 10) == [255, 255, 255, 255])
    }
}
