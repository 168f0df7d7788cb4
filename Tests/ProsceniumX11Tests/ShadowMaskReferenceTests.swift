@testable import ProsceniumX11
import Testing

/// The shadow mask rasterizer works on raw buffers and blurs columns a row at a time for speed; here it is
/// held to a plain reference, one line at a time with a scratch copy: the same bytes, bit for bit.
@Suite("Shadow mask rasterizer against a plain reference")
struct ShadowMaskReferenceTests {
    @Test("the same bytes as a line-at-a-time box blur", arguments: [
        (40, 30, 8.0, 6.0), (71, 71, 16.0, 14.0), (3, 120, 1.5, 2.0), (200, 5, 40.0, 30.0), (1, 1, 0.0, 0.5),
        (64, 48, 24.0, 0.0), (17, 33, 100.0, 9.5),
    ])
    func matchesReference(width: Int, height: Int, radius: Double, blur: Double) {
        let fast = ShadowMaskRasterizer.mask(width: width, height: height, radius: radius, blurRadius: blur)
        let plain = Self.referenceMask(width: width, height: height, radius: radius, blurRadius: blur)
        #expect(fast.width == plain.width && fast.height == plain.height)
        let differing = zip(fast.bytes, plain.bytes).filter { $0 != $1 }.count
        #expect(differing == 0, "\(differing) of \(plain.bytes.count) bytes differ")
    }

    /// Three box passes per axis, each line blurred into a scratch line and copied back.
    static func referenceMask(width: Int, height: Int, radius: Double, blurRadius: Double) -> (bytes: [UInt8], width: Int, height: Int) {
        let boxes = ShadowMaskRasterizer.boxWidths(sigma: blurRadius / 2)
        let m = ShadowMaskRasterizer.margin(blurRadius: blurRadius)
        let mw = width + 2 * m, mh = height + 2 * m
        var buffer = ShadowMaskRasterizer.rasterize(width: width, height: height, radius: radius, margin: m)
        func blur(start: Int, step: Int, count: Int, box: Int) {
            let half = box / 2
            let scale = 1 / Float(box)
            var line = [Float](repeating: 0, count: count)
            var sum: Float = 0
            for i in 0..<min(half, count) { sum += buffer[start + i * step] }
            for i in 0..<count {
                if i + half < count { sum += buffer[start + (i + half) * step] }
                if i - half - 1 >= 0 { sum -= buffer[start + (i - half - 1) * step] }
                line[i] = sum * scale
            }
            for i in 0..<count { buffer[start + i * step] = line[i] }
        }
        for box in boxes where box > 1 { for y in 0..<mh { blur(start: y * mw, step: 1, count: mw, box: box) } }
        for box in boxes where box > 1 { for x in 0..<mw { blur(start: x, step: mw, count: mh, box: box) } }
        return (buffer.map { UInt8(min(max($0 * 255 + 0.5, 0), 255)) }, mw, mh)
    }
}
