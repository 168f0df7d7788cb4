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
    ///
    /// A shadow's first frame waits for this, so it works on raw buffers: each pass reads one buffer and
    /// writes the other, and the vertical passes go along rows with one running sum per column (the same
    /// additions in the same order as a column at a time, so the same bits, but in memory order).
    static func mask(width: Int, height: Int, radius: Double, blurRadius: Double) -> (bytes: [UInt8], width: Int, height: Int) {
        let widths = boxWidths(sigma: blurRadius / 2)
        let m = widths.reduce(0) { $0 + ($1 - 1) / 2 }
        let boxes = widths.filter { $0 > 1 }
        let mw = width + 2 * m, mh = height + 2 * m
        var source = rasterize(width: width, height: height, radius: radius, margin: m)
        var target = [Float](repeating: 0, count: mw * mh)
        var sums = [Float](repeating: 0, count: mw)
        source.withUnsafeMutableBufferPointer { a in
            target.withUnsafeMutableBufferPointer { b in
                sums.withUnsafeMutableBufferPointer { sums in
                    var input = a.baseAddress!, output = b.baseAddress!
                    for box in boxes {
                        for y in 0..<mh { blurRow(input + y * mw, into: output + y * mw, count: mw, box: box) }
                        swap(&input, &output)
                    }
                    for box in boxes {
                        blurColumns(input, into: output, width: mw, height: mh, box: box, sums: sums.baseAddress!)
                        swap(&input, &output)
                    }
                    // After an even number of passes the result is back in `source`; copy it there otherwise.
                    if input != a.baseAddress! { a.baseAddress!.update(from: input, count: mw * mh) }
                }
            }
        }
        let bytes = [UInt8](unsafeUninitializedCapacity: mw * mh) { bytes, count in
            source.withUnsafeBufferPointer { values in
                for i in 0..<(mw * mh) { bytes[i] = UInt8(min(max(values[i] * 255 + 0.5, 0), 255)) }
            }
            count = mw * mh
        }
        return (bytes, mw, mh)
    }

    /// Coverage of the rounded rectangle placed at (margin, margin); corners anti-aliased by distance.
    static func rasterize(width: Int, height: Int, radius: Double, margin m: Int) -> [Float] {
        let mw = width + 2 * m, mh = height + 2 * m
        var buffer = [Float](repeating: 0, count: mw * mh)
        let r = max(0, min(radius, Double(width) / 2, Double(height) / 2))
        let x0 = Double(m), y0 = Double(m), x1 = Double(m + width), y1 = Double(m + height)
        buffer.withUnsafeMutableBufferPointer { buffer in
            for y in m..<(m + height) {
                let cy = Double(y) + 0.5
                let dy = cy < y0 + r ? y0 + r - cy : (cy > y1 - r ? cy - (y1 - r) : 0)
                let row = buffer.baseAddress! + y * mw
                for x in m..<(m + width) {
                    let cx = Double(x) + 0.5
                    let dx = cx < x0 + r ? x0 + r - cx : (cx > x1 - r ? cx - (x1 - r) : 0)
                    if dx > 0, dy > 0 {
                        let d = (dx * dx + dy * dy).squareRoot()
                        row[x] = Float(min(max(r - d + 0.5, 0), 1))
                    } else {
                        row[x] = 1
                    }
                }
            }
        }
        return buffer
    }

    /// One box pass of odd width `box` along a row of `count` values, treating outside pixels as zero.
    private static func blurRow(_ input: UnsafePointer<Float>, into output: UnsafeMutablePointer<Float>, count: Int, box: Int) {
        let half = box / 2
        let scale = 1 / Float(box)
        var sum: Float = 0
        for i in 0..<min(half, count) { sum += input[i] }
        for i in 0..<count {
            let incoming = i + half, outgoing = i - half - 1
            if incoming < count { sum += input[incoming] }
            if outgoing >= 0 { sum -= input[outgoing] }
            output[i] = sum * scale
        }
    }

    /// One box pass of odd width `box` down every column of a `width`x`height` buffer, row by row, with
    /// one running sum per column in `sums`.
    private static func blurColumns(_ input: UnsafePointer<Float>, into output: UnsafeMutablePointer<Float>,
                                    width: Int, height: Int, box: Int, sums: UnsafeMutablePointer<Float>) {
        let half = box / 2
        let scale = 1 / Float(box)
        sums.update(repeating: 0, count: width)
        for i in 0..<min(half, height) {
            let row = input + i * width
            for x in 0..<width { sums[x] += row[x] }
        }
        for i in 0..<height {
            let incoming = i + half, outgoing = i - half - 1
            if incoming < height {
                let row = input + incoming * width
                for x in 0..<width { sums[x] += row[x] }
            }
            if outgoing >= 0 {
                let row = input + outgoing * width
                for x in 0..<width { sums[x] -= row[x] }
            }
            let out = output + i * width
            for x in 0..<width { out[x] = sums[x] * scale }
        }
    }
}
