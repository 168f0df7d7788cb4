import Glibc

/// Computes a soft shadow's alpha mask in Swift: rasterizes an anti-aliased rounded rectangle into a float
/// buffer with a margin around it, then blurs it with three box passes per axis, which approximates a
/// Gaussian of sigma = blurRadius / 2 (how UIKit's `shadowRadius` looks).
enum ShadowMaskRasterizer {
    /// The odd box widths of the three passes for a Gaussian of `sigma`.
    static func boxWidths(sigma: Double, passes: Int = 3) -> [Int] {
        // Callers clamp the blur (ShadowCache.sanitizedBlur); this only keeps bad input from trapping.
        guard sigma > 0.2, sigma.isFinite else { return Array(repeating: 1, count: passes) }
        let sigma = min(sigma, ShadowCache.maximumBlur / 2)
        let n = Double(passes)
        let ideal = (12 * sigma * sigma / n + 1).squareRoot()
        var lower = Int(ideal.rounded(.down))
        if lower % 2 == 0 { lower -= 1 }
        lower = max(1, lower)
        let upper = lower + 2
        let l = Double(lower)
        let m = ((12 * sigma * sigma - n * l * l - 4 * n * l - 3 * n) / (-4 * l - 4)).rounded()
        return (0..<passes).map { Double($0) < m ? lower : upper }
    }

    /// How far the blur reaches past the shape: the sum of the box half-widths.
    static func margin(blurRadius: Double) -> Int {
        boxWidths(sigma: blurRadius / 2).reduce(0) { $0 + ($1 - 1) / 2 }
    }

    /// The blurred mask of a `width`x`height` rounded rectangle with `radius`, padded by `margin(blurRadius:)`
    /// on every side: `(width + 2m) * (height + 2m)` bytes, row by row.
    static func mask(width: Int, height: Int, radius: Double, blurRadius: Double) -> (bytes: [UInt8], width: Int, height: Int) {
        let boxes = boxWidths(sigma: blurRadius / 2)
        let m = boxes.reduce(0) { $0 + ($1 - 1) / 2 }
        let mw = width + 2 * m, mh = height + 2 * m
        var buffer = rasterize(width: width, height: height, radius: radius, margin: m)
        var scratch = [Float](repeating: 0, count: max(mw, mh))
        for box in boxes where box > 1 {
            for y in 0..<mh { blurLine(&buffer, start: y * mw, step: 1, count: mw, box: box, scratch: &scratch) }
        }
        for box in boxes where box > 1 {
            for x in 0..<mw { blurLine(&buffer, start: x, step: mw, count: mh, box: box, scratch: &scratch) }
        }
        let bytes = buffer.map { UInt8(min(max($0 * 255 + 0.5, 0), 255)) }
        return (bytes, mw, mh)
    }

    /// Coverage of the rounded rectangle placed at (margin, margin); corners anti-aliased by distance.
    static func rasterize(width: Int, height: Int, radius: Double, margin m: Int) -> [Float] {
        let mw = width + 2 * m, mh = height + 2 * m
        var buffer = [Float](repeating: 0, count: mw * mh)
        let r = max(0, min(radius, Double(width) / 2, Double(height) / 2))
        let x0 = Double(m), y0 = Double(m), x1 = Double(m + width), y1 = Double(m + height)
        for y in m..<(m + height) {
            let cy = Double(y) + 0.5
            let dy = cy < y0 + r ? y0 + r - cy : (cy > y1 - r ? cy - (y1 - r) : 0)
            let row = y * mw
            for x in m..<(m + width) {
                let cx = Double(x) + 0.5
                let dx = cx < x0 + r ? x0 + r - cx : (cx > x1 - r ? cx - (x1 - r) : 0)
                if dx > 0, dy > 0 {
                    let d = (dx * dx + dy * dy).squareRoot()
                    buffer[row + x] = Float(min(max(r - d + 0.5, 0), 1))
                } else {
                    buffer[row + x] = 1
                }
            }
        }
        return buffer
    }

    /// One box pass of odd width `box` over a line of the buffer, treating outside pixels as zero.
    private static func blurLine(_ buffer: inout [Float], start: Int, step: Int, count: Int, box: Int,
                                 scratch: inout [Float]) {
        let half = box / 2
        let scale = 1 / Float(box)
        var sum: Float = 0
        for i in 0..<min(half, count) { sum += buffer[start + i * step] }
        for i in 0..<count {
            let incoming = i + half, outgoing = i - half - 1
            if incoming < count { sum += buffer[start + incoming * step] }
            if outgoing >= 0 { sum -= buffer[start + outgoing * step] }
            scratch[i] = sum * scale
        }
        for i in 0..<count { buffer[start + i * step] = scratch[i] }
    }
}
