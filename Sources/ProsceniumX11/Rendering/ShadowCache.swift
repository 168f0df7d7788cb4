import CX11
import Glibc
import Proscenium

/// Blurred shadow masks, computed once per (size, corner radius, blur) and kept on the server.
///
/// A shadow wider or taller than its corners need is drawn as a nine-patch: the mask is computed for a
/// small rectangle just big enough for the corners, and the middle row and column are stretched, so a
/// 1200x700 shadow costs no more to compute than a 60x60 one. The stretched edges come from strips
/// `stripLength` long, composited in pieces no longer than that: a 1-pixel strip repeated across an edge
/// would be as small, but pixman composites a repeating mask on its slow general path, which cost a
/// springing card's shadow more than all the rest of its frame.
@MainActor final class ShadowCache {
    /// Quantised, so that equal shadows always find their entry: sizes in pixels, the corner radius in
    /// eighths of a pixel and the blur in half pixels.
    private struct Key: Hashable {
        var width: Int, height: Int, radiusEighths: Int, blurHalves: Int
    }

    /// One uploaded mask with the strips that stretch its middle, and the same inverted for a black shadow
    /// over a flat colour (see `drawOverFlatColor`), per shadow alpha.
    private struct Entry {
        var masks: MaskSet
        var maskWidth: Int, maskHeight: Int
        var lastUsedFrame: Int
        /// The small mask's bytes, row by row, kept to build inverted sets from.
        var bytes: [UInt8]
        var inverted: [(alpha: UInt8, masks: MaskSet, lastUsedFrame: Int)] = []
        /// The frame of the least recent use of the masks or of an inverted set.
        var leastRecentUse: Int {
            var least = lastUsedFrame
            for set in inverted { least = min(least, set.lastUsedFrame) }
            return least
        }
        /// The mask's middle pixel, which the stretched middle of a shadow repeats.
        var center: UInt8 { bytes[(maskHeight / 2) * maskWidth + maskWidth / 2] }
    }

    /// The four masks of a nine-patch: the whole small mask, the strips stretching its middle column and
    /// row, and its middle pixel.
    struct MaskSet {
        var pictures: [Picture]
        var pixmaps: [Pixmap]
        var full: Picture { pictures[0] }
        var column: Picture { pictures[1] }
        var row: Picture { pictures[2] }
        var center: Picture { pictures[3] }
    }

    /// Inverted sets kept per shadow: a shadow's alpha rarely changes, and each set costs an upload.
    static let maximumInvertedSets = 2

    private let display: Display
    private let uploader: PixmapUploader
    private var entries: [Key: Entry] = [:]
    private var frame = 0
    /// Masks computed so far (a cache miss each); tests and benchmarks read it.
    private(set) var computed = 0
    static let capacity = 64
    /// Masks, and inverted sets, are freed after this many frames unused: a shadow drawn once (at one size
    /// of a window being resized, say, or once over a flat colour) holds up to a dozen pixmaps.
    static let maximumIdleFrames = 120
    /// Masks held now.
    var count: Int { entries.count }
    /// Inverted sets held now, over all shadows.
    var invertedSetCount: Int { entries.values.reduce(0) { $0 + $1.inverted.count } }

    init(display: Display, uploader: PixmapUploader) {
        self.display = display
        self.uploader = uploader
    }

    isolated deinit {
        removeAll()
    }

    /// Frees every mask; shadows drawn later compute theirs again.
    func removeAll() {
        for entry in entries.values { destroy(entry) }
        entries.removeAll()
        if let flatSource { XRenderFreePicture(display.pointer, flatSource.picture) }
        flatSource = nil
    }

    /// Blurs beyond this many pixels are drawn with this blur (a mask costs its square).
    nonisolated static let maximumBlur = 250.0
    /// Corner radii beyond this many pixels are drawn with this radius (a mask costs its square).
    nonisolated static let maximumRadius = 1024.0

    /// The blur actually drawn: within `0...maximumBlur` in half-pixel steps; non-finite blurs become 0.
    nonisolated static func sanitizedBlur(_ blur: Double) -> Double {
        guard blur.isFinite else { return 0 }
        return (min(max(blur, 0), maximumBlur) * 2).rounded() / 2
    }

    /// Pixels of shadow centres not composited because opaque content covers them; tests read it.
    private(set) var occludedPixels = 0

    /// Composites the shadow of the pixel rectangle `rect` (whole pixels) with `radius` and `blurRadius`
    /// onto `target`, tinted by the solid picture `source`, drawing only within `limit` (whole pixels).
    /// The uniform middle of the shadow is left out inside `occluder`, which the caller is about to cover.
    func draw(rect: Rect, radius: Double, blurRadius: Double, source: Picture, target: Picture, limit: Rect,
              occluder: Rect? = nil) {
        drawPieces(rect: rect, radius: radius, blurRadius: blurRadius, source: source, target: target, limit: limit,
                   occluder: occluder, op: PictOpOver) { entry in (entry.masks, nil) }
    }

    /// Draws the shadow of `rect` (as `draw` does) in black with 8-bit alpha `alpha` over pixels that all hold
    /// the opaque colour `red`, `green`, `blue` (8-bit), as one `Src` composite of that colour through the mask
    /// inverted, instead of filling the colour and compositing the shadow over it. Pixman composites a black
    /// source `Over` a pixel `d` as `d × (255 − α·m)` and `Src` through a mask as `colour × m'`, both with the
    /// same rounded 8-bit product, so with `m' = 255 − α·m` (rounded the same way) the pixels are the
    /// same, bit for bit. Every pixel `target`'s clip lets through must lie inside `extent(of:blurRadius:)`
    /// (the nine-patch covers exactly that); what those pixels held before does not matter.
    ///
    /// The middle, one mask value repeated, is one colour: it is filled with it (pixman has no fast way to
    /// composite `Src` through a one-pixel mask).
    func drawOverFlatColor(rect: Rect, radius: Double, blurRadius: Double, alpha: UInt8,
                           red: UInt8, green: UInt8, blue: UInt8, target: Picture, limit: Rect) {
        let flat = flatPicture(red: red, green: green, blue: blue)
        drawPieces(rect: rect, radius: radius, blurRadius: blurRadius, source: flat, target: target, limit: limit,
                   occluder: nil, op: PictOpSrc) { entry in
            let inverted = 255 - Self.multiply(alpha, entry.center)
            func channel(_ value: UInt8) -> UInt16 { UInt16(Self.multiply(value, inverted)) * 257 }
            let middle = XRenderColor(red: channel(red), green: channel(green), blue: channel(blue), alpha: 0xFFFF)
            return (invertedMasks(of: &entry, alpha: alpha), middle)
        }
    }

    /// The solid picture of the last flat colour a shadow was drawn over, replaced when the colour changes: a
    /// fading dimming changes it every frame, which would fill the solid-fill cache with colours used once.
    private var flatSource: (red: UInt8, green: UInt8, blue: UInt8, picture: Picture)?

    private func flatPicture(red: UInt8, green: UInt8, blue: UInt8) -> Picture {
        if let flatSource, flatSource.red == red, flatSource.green == green, flatSource.blue == blue { return flatSource.picture }
        if let flatSource { XRenderFreePicture(display.pointer, flatSource.picture) }
        var color = XRenderColor(red: UInt16(red) * 257, green: UInt16(green) * 257, blue: UInt16(blue) * 257, alpha: 0xFFFF)
        let picture = XRenderCreateSolidFill(display.pointer, &color)
        flatSource = (red, green, blue, picture)
        return picture
    }

    /// The pixels a shadow of the whole-pixel `rect` with `blurRadius` covers: its nine-patch.
    nonisolated static func extent(of rect: Rect, blurRadius: Double) -> Rect {
        let k = Double(ShadowMaskRasterizer.margin(blurRadius: sanitizedBlur(blurRadius)))
        return rect.insetBy(dx: -k, dy: -k)
    }

    private func drawPieces(rect: Rect, radius: Double, blurRadius: Double, source: Picture, target: Picture, limit: Rect,
                            occluder: Rect?, op: Int32, masks: (inout Entry) -> (set: MaskSet, middle: XRenderColor?)) {
        guard rect.isFinite, limit.isFinite, !rect.isEmpty, !limit.isEmpty else { return }
        let blur = Self.sanitizedBlur(blurRadius)
        let k = ShadowMaskRasterizer.margin(blurRadius: blur)
        let r = (min(RoundedRectGeometry.clampedRadius(radius, for: rect), Self.maximumRadius) * 8).rounded() / 8
        // Edges far outside `limit` move in to where neither their corners nor the radius clamp of a
        // narrower rectangle can reach `limit` through the blur: nothing inside `limit` changes, and the
        // sizes stay small whatever the view's.
        let pad = 2 * r.rounded(.up) + Double(2 * k + 2)
        let x0 = max(rect.minX, limit.minX - pad), x1 = min(rect.maxX, limit.maxX + pad)
        let y0 = max(rect.minY, limit.minY - pad), y1 = min(rect.maxY, limit.maxY + pad)
        guard x1 > x0, y1 > y0 else { return }
        let width = Int(x1 - x0), height = Int(y1 - y0)
        guard width > 0, height > 0 else { return }
        let (corner, small) = Self.ninePatch(radius: r, margin: k)
        let key = Key(width: min(width, small), height: min(height, small),
                      radiusEighths: Int(r * 8), blurHalves: Int(blur * 2))
        var entry = self.entry(for: key)
        let (set, middle) = masks(&entry)
        entries[key] = entry
        let maskWidth = width + 2 * k, maskHeight = height + 2 * k
        let xs = Self.segments(length: maskWidth, smallLength: entry.maskWidth, corner: corner)
        let ys = Self.segments(length: maskHeight, smallLength: entry.maskHeight, corner: corner)
        let originX = Int(x0) - k, originY = Int(y0) - k
        for sx in xs {
            for sy in ys {
                let dst = Rect(x: Double(originX + sx.dst), y: Double(originY + sy.dst), width: Double(sx.length), height: Double(sy.length))
                // Only the part inside `limit`: X coordinates and sizes are 16 bits on the wire.
                let clipped = dst.intersection(limit)
                guard !clipped.isEmpty else { continue }
                let mask: Picture
                switch (sx.stretched, sy.stretched) {
                case (false, false): mask = set.full
                case (true, false): mask = set.column
                case (false, true): mask = set.row
                case (true, true): mask = set.center
                }
                var piece = Piece(display: display.pointer, op: op, source: source, mask: mask, target: target,
                                  destination: dst, x: sx, y: sy)
                if sx.stretched, sy.stretched { piece.fill = middle }
                // The middle is one repeated pixel, so any part of it can be left out.
                if sx.stretched, sy.stretched, let occluder {
                    var kept = 0.0
                    clipped.forEachPiece(subtracting: occluder) { part in
                        kept += part.width * part.height
                        piece.composite(part)
                    }
                    occludedPixels += Int(clipped.width * clipped.height - kept)
                } else {
                    piece.composite(clipped)
                }
            }
        }
    }

    /// How long the stretched edge strips are: an edge is composited in pieces of at most this many pixels.
    nonisolated static let stripLength = 1024

    /// One piece of a shadow's nine-patch (a corner, an edge or the middle) on its way to the target.
    struct Piece {
        var display: OpaquePointer
        var op: Int32
        var source: Picture, mask: Picture, target: Picture
        /// Where the whole piece lies in the target, and how each axis samples the mask.
        var destination: Rect
        var x: Segment, y: Segment
        /// The colour the piece comes to, when it is one: filled instead of composited.
        var fill: XRenderColor?

        /// Composites the part `part` (in target pixels) of the piece: an edge in strips at most
        /// `stripLength` long, as its mask is, the rest in one request.
        func composite(_ part: Rect) {
            if var color = fill {
                var rect = part.xRectangle
                XRenderFillRectangles(display, PictOpSrc, target, &color, &rect, 1)
                return
            }
            let strip = Double(ShadowCache.stripLength)
            let alongX = x.stretched && !y.stretched ? strip : nil, alongY = y.stretched && !x.stretched ? strip : nil
            ShadowCache.forEachChunk(of: part, alongX: alongX, alongY: alongY) { chunk in
                let dx = Int(chunk.minX - destination.minX), dy = Int(chunk.minY - destination.minY)
                XRenderComposite(display, op, source, mask, target, 0, 0,
                                 Int32(x.stretched ? 0 : x.src + dx), Int32(y.stretched ? 0 : y.src + dy),
                                 Int32(xCoordinate: chunk.minX), Int32(xCoordinate: chunk.minY),
                                 UInt32(xSize: chunk.width), UInt32(xSize: chunk.height))
            }
        }
    }

    /// `rect` cut into pieces at most `alongX` wide and `alongY` tall (nil: not cut along that axis), handed
    /// to `body` in rows from the top, each from the left, without an array.
    nonisolated static func forEachChunk(of rect: Rect, alongX: Double?, alongY: Double?, _ body: (Rect) -> Void) {
        guard !rect.isEmpty, rect.isFinite else { return }
        var y = rect.minY
        repeat {
            let height = min(alongY ?? rect.height, rect.maxY - y)
            var x = rect.minX
            repeat {
                let width = min(alongX ?? rect.width, rect.maxX - x)
                body(Rect(x: x, y: y, width: width, height: height))
                x += width
            } while x < rect.maxX
            y += height
        } while y < rect.maxY
    }

    /// Ends a frame: drops the masks and inverted sets unused for `maximumIdleFrames`, and the masks of the
    /// least recently used shadows beyond `capacity`.
    func endFrame() {
        frame += 1
        let stale = frame - Self.maximumIdleFrames
        for (key, entry) in entries where entry.leastRecentUse < stale {
            if entry.lastUsedFrame < stale {
                entries[key] = nil
                destroy(entry)
            } else {
                entries[key]?.inverted.removeAll { set in
                    guard set.lastUsedFrame < stale else { return false }
                    destroy(set.masks)
                    return true
                }
            }
        }
        guard entries.count > Self.capacity else { return }
        let victims = entries.sorted { $0.value.lastUsedFrame < $1.value.lastUsedFrame }.prefix(entries.count - Self.capacity)
        for (key, _) in victims {
            if let entry = entries.removeValue(forKey: key) { destroy(entry) }
        }
    }

    /// For a shadow of corner `radius` whose blur reaches `margin` pixels: how far from a mask's edge the
    /// rows and columns start to be all alike (`corner`), and the rectangle side whose mask has exactly one
    /// such middle row and column (`small`).
    nonisolated static func ninePatch(radius: Double, margin k: Int) -> (corner: Int, small: Int) {
        let corner = Int(radius.rounded(.up)) + 2 * k
        return (corner, 2 * corner + 1 - 2 * k)
    }

    /// A piece of one axis of a shadow mask: `length` pixels from `src` in the small mask (one pixel,
    /// repeated, when `stretched`) to `dst` in the full one.
    struct Segment {
        var src: Int, dst: Int, length: Int, stretched: Bool
    }

    /// How one axis of a mask `length` long is assembled from the small mask: whole, or two corners and a
    /// stretched middle.
    nonisolated static func segments(length: Int, smallLength: Int, corner: Int) -> [Segment] {
        guard length > smallLength else { return [Segment(src: 0, dst: 0, length: length, stretched: false)] }
        return [Segment(src: 0, dst: 0, length: corner, stretched: false),
                Segment(src: corner, dst: corner, length: length - 2 * corner, stretched: true),
                Segment(src: smallLength - corner, dst: length - corner, length: corner, stretched: false)]
    }

    /// The entry for `key`, made (its mask computed and uploaded) on first use, marked used this frame; the
    /// caller stores it back.
    private func entry(for key: Key) -> Entry {
        if var entry = entries[key] {
            entry.lastUsedFrame = frame
            return entry
        }
        computed += 1
        let mask = ShadowMaskRasterizer.mask(width: key.width, height: key.height, radius: Double(key.radiusEighths) / 8,
                                             blurRadius: Double(key.blurHalves) / 2)
        return Entry(masks: upload(mask.bytes, width: mask.width, height: mask.height), maskWidth: mask.width,
                     maskHeight: mask.height, lastUsedFrame: frame, bytes: mask.bytes)
    }

    /// Uploads a nine-patch's masks from the small mask's bytes (`mw` x `mh`): the whole mask, its middle
    /// column and row as strips `stripLength` long, and its middle pixel.
    private func upload(_ full: [UInt8], width mw: Int, height mh: Int) -> MaskSet {
        let (columns, rows, center) = Self.stretchedParts(of: full, width: mw, height: mh)
        let n = Self.stripLength
        var pictures: [Picture] = [], pixmaps: [Pixmap] = []
        // The centre is one pixel, repeated: pixman takes a 1x1 repeating picture for a solid colour.
        for (bytes, w, h, repeats) in [(full, mw, mh, false), (columns, n, mh, false), (rows, mw, n, false),
                                       ([center], 1, 1, true)] {
            let created = uploader.createPicture(width: w, height: h, depth: 8, format: display.a8Format,
                                                 repeatMode: repeats ? RepeatNormal : RepeatNone)
            uploader.putA8(bytes, width: w, height: h, into: created.pixmap)
            pictures.append(created.picture)
            pixmaps.append(created.pixmap)
        }
        return MaskSet(pictures: pictures, pixmaps: pixmaps)
    }

    /// A small mask's middle column as a strip `stripLength` wide, its middle row as one `stripLength` tall,
    /// and its middle pixel. Nonisolated: a closure formed in a main-actor method checks its executor on
    /// every call, here every byte.
    nonisolated static func stretchedParts(of full: [UInt8], width mw: Int, height mh: Int)
        -> (columns: [UInt8], rows: [UInt8], center: UInt8) {
        let midX = mw / 2, midY = mh / 2, n = stripLength
        var columns: [UInt8] = [], rows: [UInt8] = []
        columns.reserveCapacity(n * mh)
        rows.reserveCapacity(n * mw)
        for y in 0..<mh { columns.append(contentsOf: repeatElement(full[y * mw + midX], count: n)) }
        let row = full[(midY * mw)..<(midY * mw + mw)]
        for _ in 0..<n { rows.append(contentsOf: row) }
        return (columns, rows, full[midY * mw + midX])
    }

    /// `bytes` as the mask of a black shadow of 8-bit `alpha` over a flat colour: `255 − α·m` each.
    nonisolated static func inverted(_ bytes: [UInt8], alpha: UInt8) -> [UInt8] {
        bytes.map { 255 - multiply(alpha, $0) }
    }

    /// The entry's masks inverted for a black shadow of 8-bit `alpha` (`255 − α·m`, see
    /// `drawOverFlatColor`), made on first use and kept for the last `maximumInvertedSets` alphas.
    private func invertedMasks(of entry: inout Entry, alpha: UInt8) -> MaskSet {
        if let index = entry.inverted.firstIndex(where: { $0.alpha == alpha }) {
            var found = entry.inverted.remove(at: index)
            found.lastUsedFrame = frame
            entry.inverted.append(found)
            return found.masks
        }
        if entry.inverted.count >= Self.maximumInvertedSets { destroy(entry.inverted.removeFirst().masks) }
        let masks = upload(Self.inverted(entry.bytes, alpha: alpha), width: entry.maskWidth, height: entry.maskHeight)
        entry.inverted.append((alpha, masks, frame))
        return masks
    }

    /// `a × b / 255` rounded as pixman rounds its 8-bit products (`MUL_UN8`).
    nonisolated static func multiply(_ a: UInt8, _ b: UInt8) -> UInt8 {
        let t = Int(a) * Int(b) + 0x80
        return UInt8(((t >> 8) + t) >> 8)
    }

    private func destroy(_ entry: Entry) {
        destroy(entry.masks)
        for inverted in entry.inverted { destroy(inverted.masks) }
    }

    private func destroy(_ masks: MaskSet) {
        for picture in masks.pictures { XRenderFreePicture(display.pointer, picture) }
        for pixmap in masks.pixmaps { XFreePixmap(display.pointer, pixmap) }
    }
}
