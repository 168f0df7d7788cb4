import Foundation
import Proscenium
@testable import ProsceniumX11
import TestSupport
import Testing

/// Damage clipping, culling statistics and the renderer's caches, on a private Xvfb.
@Suite(.serialized) @MainActor struct RendererDamageTests {
    @Test func drawsOnlyInsideTheDamage() async throws {
        let fx = try await RendererFixture()
        defer { fx.stop() }
        let everything = Rect(x: 0, y: 0, width: 160, height: 120)
        fx.render([.fill(rect: everything, cornerRadius: 0, color: .blue)])
        let before = try fx.capture()
        let damaged = Rect(x: 50, y: 40, width: 20, height: 20)
        fx.render([.fill(rect: everything, cornerRadius: 0, color: .red)], damage: Proscenium.Region(damaged))
        let after = try fx.capture()
        var changed = 0
        for y in 0..<after.height {
            for x in 0..<after.width where after.rgba(x, y) != before.rgba(x, y) {
                changed += 1
                #expect(damaged.contains(Point(x: Double(x), y: Double(y))))
                #expect(after.rgba(x, y) == [255, 0, 0, 255])
            }
        }
        #expect(changed == 400)
        #expect(fx.renderer.statistics.damagePixels == 400)
    }

    @Test func clearsTheDamageToWhiteFirst() async throws {
        let fx = try await RendererFixture()
        defer { fx.stop() }
        fx.render([.fill(rect: Rect(x: 0, y: 0, width: 160, height: 120), cornerRadius: 0, color: .black)])
        fx.render([], damage: Proscenium.Region(Rect(x: 0, y: 0, width: 10, height: 10)))
        let image = try fx.capture()
        #expect(image.rgba(5, 5) == [255, 255, 255, 255])
        #expect(image.rgba(15, 15) == [0, 0, 0, 255])
    }

    @Test func statisticsCountCulledCommands() async throws {
        let fx = try await RendererFixture()
        defer { fx.stop() }
        let layout = TextLayout.make("far away", font: .systemFont(ofSize: 12), width: nil)
        fx.render([
            .fill(rect: Rect(x: 0, y: 0, width: 160, height: 120), cornerRadius: 0, color: .white),
            .fill(rect: Rect(x: 5, y: 5, width: 20, height: 20), cornerRadius: 4, color: .red),
            .fill(rect: Rect(x: 100, y: 80, width: 20, height: 20), cornerRadius: 4, color: .red),
            .text(layout, origin: Point(x: 90, y: 90), color: .black),
            .shadow(rect: Rect(x: 100, y: 80, width: 20, height: 20), cornerRadius: 4, blurRadius: 4,
                    offset: Point(x: 0, y: 2), color: Color(white: 0, alpha: 0.5)),
            .pushOpacity(alpha: 0.5, bounds: Rect(x: 110, y: 10, width: 40, height: 40)),
            .fill(rect: Rect(x: 110, y: 10, width: 40, height: 40), cornerRadius: 0, color: .blue),
            .border(rect: Rect(x: 110, y: 10, width: 40, height: 40), cornerRadius: 0, width: 1, color: .black),
            .popOpacity,
        ], damage: Proscenium.Region(Rect(x: 0, y: 0, width: 40, height: 40)))
        let stats = fx.renderer.statistics
        #expect(stats.commandsDrawn == 2)
        #expect(stats.commandsCulled == 5)
        #expect(stats.damagePixels == 1600)
        #expect(stats.layersRendered == 0)
    }

    @Test("requests are always counted; the pixels they may touch only when asked for, and then within the clip")
    func requestPixelsAreCountedOnlyWhenAsked() async throws {
        let fx = try await RendererFixture()
        defer { fx.stop() }
        let list: [DisplayCommand] = [
            .fill(rect: Rect(x: 0, y: 0, width: 160, height: 120), cornerRadius: 0, color: .white),
            .fill(rect: Rect(x: 10, y: 10, width: 100, height: 50), cornerRadius: 0, color: Color(white: 0, alpha: 0.5)),
        ]
        // Only 30 x 20 pixels of the translucent fill lie inside the damage.
        let damage = Proscenium.Region(Rect(x: 0, y: 0, width: 40, height: 30))
        #expect(!fx.renderer.countsRequestPixels, "off unless asked for")
        fx.render(list, damage: damage)
        let uncounted = try #require(fx.renderer.statistics.requests[.fill])
        #expect(uncounted.requests >= 1 && uncounted.pixels == 0)

        fx.renderer.countsRequestPixels = true
        fx.renderer.setTarget(picture: fx.rootSurface.picture, size: fx.size)  // drawn afresh, nothing kept
        fx.render(list, damage: damage)
        let counted = try #require(fx.renderer.statistics.requests[.fill])
        #expect(counted.requests == uncounted.requests)
        #expect(counted.pixels >= 30 * 20 && counted.pixels <= 40 * 30 + 30 * 20, "\(counted.pixels)")
    }

    @Test func shadowMasksAreComputedOnceAndLargeShadowsStayCheap() async throws {
        let fx = try await RendererFixture(width: 1280, height: 800)
        defer { fx.stop() }
        let list: [DisplayCommand] = [
            .fill(rect: Rect(x: 0, y: 0, width: 1280, height: 800), cornerRadius: 0, color: .white),
            .shadow(rect: Rect(x: 40, y: 40, width: 1200, height: 700), cornerRadius: 20, blurRadius: 30,
                    offset: Point(x: 0, y: 10), color: Color(white: 0, alpha: 0.5)),
            .fill(rect: Rect(x: 40, y: 40, width: 1200, height: 700), cornerRadius: 20, color: .white),
        ]
        fx.render(list)
        let computed = fx.renderer.shadowMasksComputed
        for _ in 0..<5 { fx.render(list) }
        #expect(fx.renderer.shadowMasksComputed == computed)
        // The nine-patch keeps the computed mask small whatever the shadow's size.
        #expect(computed == 1)
        // Same blur and radius at another size: a new (small) mask, composed the same way.
        let image = try fx.capture()
        #expect(image.rgba(640, 760)[0] < 250)
        #expect(image.rgba(640, 400) == [255, 255, 255, 255])
    }

    @Test func transformedLayersAreReusedWhileTheirContentsStay() async throws {
        let fx = try await RendererFixture()
        defer { fx.stop() }
        func frame(angle: Double) -> [DisplayCommand] {
            [.fill(rect: Rect(x: 0, y: 0, width: 160, height: 120), cornerRadius: 0, color: .white),
             .pushTransform(AffineTransform(rotationAngle: angle).concatenating(AffineTransform(translationX: 80, y: 60)),
                            bounds: Rect(x: -30, y: -20, width: 60, height: 40)),
             .fill(rect: Rect(x: -30, y: -20, width: 60, height: 40), cornerRadius: 5, color: .systemBlue),
             .popTransform]
        }
        fx.render(frame(angle: 0.2))
        #expect(fx.renderer.statistics.layersReused == 0)
        let fresh = try fx.capture()
        fx.render(frame(angle: 0.5))
        fx.render(frame(angle: 0.2))
        #expect(fx.renderer.statistics.layersReused == 1)
        #expect(fx.renderer.statistics.commandsDrawn == 1)
        let reused = try fx.capture()
        #expect(ImageComparison.pixelsDiffering(fresh, reused, tolerance: 0).mismatchedPixels == 0)
    }

    @Test func groupLayersComeFromThePool() async throws {
        let fx = try await RendererFixture()
        defer { fx.stop() }
        let list: [DisplayCommand] = [
            // Two commands: a group of one fill is drawn faded, without a layer.
            .pushOpacity(alpha: 0.5, bounds: Rect(x: 10, y: 10, width: 50, height: 50)),
            .fill(rect: Rect(x: 10, y: 10, width: 50, height: 50), cornerRadius: 0, color: .red),
            .border(rect: Rect(x: 10, y: 10, width: 50, height: 50), cornerRadius: 0, width: 2, color: .black),
            .popOpacity,
            .pushClip(rect: Rect(x: 70, y: 10, width: 50, height: 50), cornerRadius: 10),
            .fill(rect: Rect(x: 70, y: 10, width: 50, height: 50), cornerRadius: 0, color: .red),
            .popClip,
        ]
        fx.render(list)
        let created = fx.renderer.layersCreated
        for _ in 0..<10 { fx.render(list) }
        #expect(fx.renderer.layersCreated == created)
        #expect(fx.renderer.statistics.layersRendered == 2)
    }

    @Test func roundedClipAwayFromItsCornersNeedsNoLayer() async throws {
        let fx = try await RendererFixture()
        defer { fx.stop() }
        fx.render([
            .pushClip(rect: Rect(x: 10, y: 10, width: 140, height: 100), cornerRadius: 20),
            .fill(rect: Rect(x: 0, y: 0, width: 160, height: 120), cornerRadius: 0, color: .red),
            .popClip,
        ], damage: Proscenium.Region(Rect(x: 60, y: 50, width: 20, height: 20)))
        #expect(fx.renderer.statistics.layersRendered == 0)
        #expect(try fx.capture().rgba(70, 60) == [255, 0, 0, 255])
    }
}
