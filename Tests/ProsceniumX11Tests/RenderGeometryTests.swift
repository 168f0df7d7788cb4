import CX11
import Foundation
import Proscenium
@testable import ProsceniumX11
import Testing

/// The renderer's pure geometry: trapezoids of rounded shapes and the blurred shadow masks. No X server.
@Suite struct RenderGeometryTests {
    /// The area of XRender trapezoids, computed from their fixed-point edges.
    static func area(_ traps: [XTrapezoid]) -> Double {
        func x(_ line: XLineFixed, at y: Double) -> Double {
            let x1 = Double(line.p1.x) / 65536, y1 = Double(line.p1.y) / 65536
            let x2 = Double(line.p2.x) / 65536, y2 = Double(line.p2.y) / 65536
            return y2 == y1 ? x1 : x1 + (x2 - x1) * (y - y1) / (y2 - y1)
        }
        return traps.reduce(0) { sum, t in
            let top = Double(t.top) / 65536, bottom = Double(t.bottom) / 65536
            let widthTop = x(t.right, at: top) - x(t.left, at: top)
            let widthBottom = x(t.right, at: bottom) - x(t.left, at: bottom)
            return sum + (widthTop + widthBottom) / 2 * (bottom - top)
        }
    }

    static func roundedArea(_ w: Double, _ h: Double, _ r: Double) -> Double {
        w * h - (4 - Double.pi) * r * r
    }

    /// The chords sit inside the arcs by at most 0.08 px, so the polygon lacks at most that much along the
    /// corners' arc length.
    static func chordSlack(_ r: Double) -> Double { 0.08 * 2 * Double.pi * r }

    static let everywhere = Rect(x: -1000, y: -1000, width: 4000, height: 4000)

    @Test func roundedRectTrapezoidsCoverTheShape() {
        let traps = RoundedRectGeometry.fill(Rect(x: 10, y: 20, width: 100, height: 60), radius: 12, limit: Self.everywhere)
        #expect(abs(Self.area(traps) - Self.roundedArea(100, 60, 12)) < Self.chordSlack(12))
        #expect(traps.count >= 10)
        let square = RoundedRectGeometry.fill(Rect(x: 0, y: 0, width: 10, height: 10), radius: 0, limit: Self.everywhere)
        #expect(square.count == 1 && Self.area(square) == 100)
    }

    @Test func radiusIsClampedToHalfTheShorterSide() {
        let traps = RoundedRectGeometry.fill(Rect(x: 0, y: 0, width: 100, height: 40), radius: 50, limit: Self.everywhere)
        #expect(abs(Self.area(traps) - Self.roundedArea(100, 40, 20)) < Self.chordSlack(20))
        #expect(Self.area(traps) < 100 * 40)
    }

    @Test func borderRingIsOuterMinusInner() {
        let rect = Rect(x: 0, y: 0, width: 80, height: 50)
        let ring = RoundedRectGeometry.ring(rect, radius: 14, width: 3, limit: Self.everywhere)
        let expected = Self.roundedArea(80, 50, 14) - Self.roundedArea(74, 44, 11)
        #expect(abs(Self.area(ring) - expected) < Self.chordSlack(14))
        // A border wider than half the shape fills it.
        let solid = RoundedRectGeometry.ring(rect, radius: 0, width: 30, limit: Self.everywhere)
        #expect(abs(Self.area(solid) - 4000) < 0.01)
    }

    @Test func trapezoidsAreLimitedToTheDamagedRows() {
        let limit = Rect(x: 0, y: 40, width: 200, height: 10)
        let traps = RoundedRectGeometry.fill(Rect(x: 10, y: 20, width: 100, height: 60), radius: 12, limit: limit)
        #expect(abs(Self.area(traps) - 1000) < 0.01)
        #expect(RoundedRectGeometry.fill(Rect(x: 10, y: 20, width: 100, height: 60), radius: 12,
                                         limit: Rect(x: 150, y: 0, width: 50, height: 100)).isEmpty)
    }

    /// The area of trapezoids inside the columns `x0...x1`, by sampling rows every 1/64 px.
    static func area(_ traps: [XTrapezoid], columns x0: Double, _ x1: Double) -> Double {
        func x(_ line: XLineFixed, at y: Double) -> Double {
            let ax = Double(line.p1.x) / 65536, ay = Double(line.p1.y) / 65536
            let bx = Double(line.p2.x) / 65536, by = Double(line.p2.y) / 65536
            return by == ay ? ax : ax + (bx - ax) * (y - ay) / (by - ay)
        }
        var sum = 0.0
        for t in traps {
            var y = Double(t.top) / 65536 + 1.0 / 128
            while y < Double(t.bottom) / 65536 {
                let l = min(max(x(t.left, at: y), x0), x1), r = min(max(x(t.right, at: y), x0), x1)
                sum += max(0, r - l) / 64
                y += 1.0 / 64
            }
        }
        return sum
    }

    @Test func hugeAndNonFiniteShapesStayInsideFixedPointAndTheLimit() {
        let limit = Rect(x: 0, y: 0, width: 160, height: 120)
        #expect(xFixed(.nan) == 0 && xFixed(.infinity) == 0 && xFixed(1e300) == xFixed(32767) && xFixed(-1e300) == xFixed(-32767))
        #expect(RoundedRectGeometry.segments(forRadius: 1e300) == 64)
        #expect(RoundedRectGeometry.fill(Rect(x: .nan, y: 0, width: 10, height: 10), radius: 2, limit: limit).isEmpty)
        #expect(RoundedRectGeometry.ring(Rect(x: 0, y: 0, width: .infinity, height: 10), radius: 2, width: 1, limit: limit).isEmpty)
        for radius in [0.0, 20, 1e300, .nan, .infinity] {
            let traps = RoundedRectGeometry.fill(Rect(x: -1e300, y: -1e300, width: 2e300, height: 2e300), radius: radius, limit: limit)
            let lo = xFixed(limit.minX - RoundedRectGeometry.edgeSlack), hi = xFixed(limit.maxX + RoundedRectGeometry.edgeSlack)
            for t in traps {
                #expect(t.top >= xFixed(limit.minY) && t.bottom <= xFixed(limit.maxY))
                for p in [t.left.p1, t.left.p2, t.right.p1, t.right.p2] { #expect(p.x >= lo && p.x <= hi) }
            }
            #expect(abs(Self.area(traps, columns: 0, 160) - 160 * 120) < 0.5, "radius \(radius)")
        }
        // A big circle whose edges cross the clipping bounds: clipping changes nothing inside the limit.
        let circle = Rect(x: -5000, y: 0, width: 10000, height: 10000)
        let tall = Rect(x: 0, y: 0, width: 100, height: 400)
        let reference = RoundedRectGeometry.fill(circle, radius: 5000, limit: Rect(x: -20000, y: 0, width: 40000, height: 400))
        let clipped = RoundedRectGeometry.fill(circle, radius: 5000, limit: tall)
        #expect(abs(Self.area(clipped, columns: 0, 100) - Self.area(reference, columns: 0, 100)) < 0.5)
        // Against the true arc: 64 chords of a 5000 px quarter circle sag by up to 0.38 px.
        #expect(abs(Self.area(clipped, columns: 0, 100) - (40000 - 100.0 * 100 * 100 / 30000)) < 40)
    }

    @Test func boxBlurApproximatesTheGaussian() {
        for blur in [2.0, 6, 10, 30] {
            let boxes = ShadowMaskRasterizer.boxWidths(sigma: blur / 2)
            #expect(boxes.allSatisfy { $0 % 2 == 1 })
            // Three boxes of variance (w²-1)/12 add up to sigma².
            let variance = boxes.reduce(0.0) { $0 + Double($1 * $1 - 1) / 12 }
            #expect(abs(variance.squareRoot() - blur / 2) < 0.6)
            // The blur stays inside the damage margin the core reserves for shadows (2 x radius).
            #expect(Double(ShadowMaskRasterizer.margin(blurRadius: blur)) <= 2 * blur)
        }
    }

    @Test func shadowMaskIsSymmetricAndOpaqueInside() {
        let mask = ShadowMaskRasterizer.mask(width: 40, height: 30, radius: 8, blurRadius: 6)
        let m = ShadowMaskRasterizer.margin(blurRadius: 6)
        #expect(mask.width == 40 + 2 * m && mask.height == 30 + 2 * m)
        #expect(mask.bytes[(mask.height / 2) * mask.width + mask.width / 2] == 255)
        #expect(mask.bytes[0] == 0)
        for y in 0..<mask.height {
            for x in 0..<mask.width {
                let mirrored = mask.bytes[(mask.height - 1 - y) * mask.width + (mask.width - 1 - x)]
                #expect(abs(Int(mask.bytes[y * mask.width + x]) - Int(mirrored)) <= 1)
            }
        }
    }

    /// The nine-patch built from the small mask equals the mask computed at full size.
    @Test func ninePatchMatchesTheFullMask() {
        let (width, height, radius, blur) = (150, 90, 10.0, 8.0)
        let k = ShadowMaskRasterizer.margin(blurRadius: blur)
        let (corner, small) = ShadowCache.ninePatch(radius: radius, margin: k)
        let full = ShadowMaskRasterizer.mask(width: width, height: height, radius: radius, blurRadius: blur)
        let part = ShadowMaskRasterizer.mask(width: min(width, small), height: min(height, small), radius: radius, blurRadius: blur)
        let xs = ShadowCache.segments(length: full.width, smallLength: part.width, corner: corner)
        let ys = ShadowCache.segments(length: full.height, smallLength: part.height, corner: corner)
        #expect(xs.count == 3 && ys.count == 3)
        var worst = 0
        for sx in xs {
            for sy in ys {
                for dy in 0..<sy.length {
                    for dx in 0..<sx.length {
                        let fromX = sx.stretched ? sx.src : sx.src + dx, fromY = sy.stretched ? sy.src : sy.src + dy
                        let assembled = Int(part.bytes[fromY * part.width + fromX])
                        let expected = Int(full.bytes[(sy.dst + dy) * full.width + sx.dst + dx])
                        worst = max(worst, abs(assembled - expected))
                    }
                }
            }
        }
        #expect(worst <= 1)
    }

    @Test func coloursArePremultiplied() {
        let c = XRenderColor(premultiplying: Color(red: 1, green: 0.5, blue: 0, alpha: 0.5))
        #expect(c.alpha == 32768 && c.red == 32768 && c.green == 16384 && c.blue == 0)
        let bgra = ImageCache.premultipliedBGRA(Image(width: 1, height: 1, pixels: [255, 128, 0, 128]))
        #expect(bgra == [0, 64, 128, 128])
    }

    @Test func fontPatternsNameFamilySizeAndWeight() {
        #expect(XftFontCache.pattern(for: Font(size: 13)) == "DejaVu Sans:pixelsize=13:weight=80:rgba=none")
        #expect(XftFontCache.pattern(for: Font(family: "A-B", size: 12.5, weight: .bold)) == "A\\-B:pixelsize=12.5:weight=200:rgba=none")
    }
}

/// `maskedCorners`: only the masked corners are rounded, for fills, borders and clips.
@MainActor @Suite("Masked corners")
struct MaskedCornerTests {
    @Test func onlyTheTopCornersOfASheetAreRounded() async throws {
        let fixture = try await HostFixture(size: Size(width: 200, height: 200))
        defer { fixture.stop() }
        fixture.root.backgroundColor = .white
        let sheet = View(frame: Rect(x: 20, y: 20, width: 160, height: 160))
        sheet.backgroundColor = .black
        sheet.cornerRadius = 30
        sheet.maskedCorners = .top
        fixture.root.addSubview(sheet)
        let child = View(frame: Rect(x: 0, y: 0, width: 160, height: 160))
        child.backgroundColor = .red
        let clipped = View(frame: Rect(x: 20, y: 20, width: 160, height: 160))
        clipped.cornerRadius = 30
        clipped.maskedCorners = .bottom
        clipped.clipsToBounds = true
        clipped.addSubview(child)
        fixture.frame()
        var image = try fixture.capture()
        #expect(image.color(atX: 22, y: 22).isClose(to: .white), "top-left rounded away")
        #expect(image.color(atX: 177, y: 22).isClose(to: .white), "top-right rounded away")
        #expect(image.color(atX: 22, y: 177).isClose(to: .black), "bottom-left square")
        #expect(image.color(atX: 177, y: 177).isClose(to: .black), "bottom-right square")
        sheet.removeFromSuperview()
        fixture.root.addSubview(clipped)
        fixture.frame()
        image = try fixture.capture()
        #expect(image.color(atX: 22, y: 22).isClose(to: .red), "clip: top corners square")
        #expect(image.color(atX: 22, y: 177).isClose(to: .white), "clip: bottom corners rounded away")
    }
}
