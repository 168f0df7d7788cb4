import CX11
import Proscenium

/// Server-side copies of images: each `Image` is premultiplied and uploaded once into an ARGB32 pixmap.
/// Entries hold their image weakly and are dropped once it is gone, so an identifier reused by a new
/// image never finds a stale upload. What the uploads hold on the server is bounded by `maximumBytes`:
/// past it, the least recently drawn are freed between frames, never those the frame just ended drew
/// (the next frame likely draws them again; one frame's images may hold more than the bound).
///
/// Uploads go with `XPutImage`, not MIT-SHM: each image is uploaded once, and a shared segment would cost
/// a round trip to know the server has read it before it is freed, and a fallback for remote servers.
@MainActor final class ImageCache {
    private struct Entry {
        weak var image: Image?
        var pixmap: Pixmap
        var picture: Picture
        /// Whether the picture currently has a scaling transform and bilinear filter set.
        var isScaled: Bool
        /// What the pixmap holds on the server: four bytes a pixel.
        var bytes: Int
        var lastUsedFrame: Int
    }

    private let display: Display
    private let uploader: PixmapUploader
    private var entries: [ObjectIdentifier: Entry] = [:]
    private var frame = 0
    /// Images uploaded so far; tests use it to check that an image is uploaded only once.
    private(set) var uploads = 0
    /// The most the uploads may hold between frames, in bytes of pixmap: 32 MiB, a full-window image at
    /// 2560x1440 twice over (the layer pool keeps two windows' worth too).
    var maximumBytes = 32 << 20
    /// What the uploads hold now, in bytes of pixmap.
    private(set) var heldBytes = 0

    init(display: Display, uploader: PixmapUploader) {
        self.display = display
        self.uploader = uploader
    }

    isolated deinit {
        for entry in entries.values { destroy(entry) }
    }

    /// Composites `image` scaled to the pixel rectangle `rect` onto `target` with PictOpOver, drawing only
    /// within `limit`.
    func draw(_ image: Image, in rect: Rect, target: Picture, limit: Rect) {
        guard image.width > 0, image.height > 0, rect.isFinite, rect.width > 0, rect.height > 0 else { return }
        let area = rect.roundedToPixels.intersection(limit)
        guard !area.isEmpty else { return }
        // Drawn at under half its size, an image is first shrunk by a whole factor with a box filter, so
        // that every one of its pixels counts (bilinear filtering alone reads four of them per pixel drawn
        // and skips the rest: fine lines flicker and vanish).
        let factor = Int(min(Double(image.width) / rect.width, Double(image.height) / rect.height).rounded(.down))
        let image = factor >= 2 ? reduced(image, by: factor) : image
        var entry = self.entry(for: image)
        let dpy = display.pointer
        let scaleX = Double(image.width) / rect.width, scaleY = Double(image.height) / rect.height
        let exact = scaleX == 1 && scaleY == 1 && rect.isPixelAligned
        if exact {
            if entry.isScaled {
                var identity = XTransform.identity
                XRenderSetPictureTransform(dpy, entry.picture, &identity)
                XRenderSetPictureFilter(dpy, entry.picture, "nearest", nil, 0)
                entry.isScaled = false
            }
            XRenderComposite(dpy, PictOpOver, entry.picture, 0, target,
                             Int32(xCoordinate: area.minX - rect.minX), Int32(xCoordinate: area.minY - rect.minY), 0, 0,
                             Int32(xCoordinate: area.minX), Int32(xCoordinate: area.minY),
                             UInt32(xSize: area.width), UInt32(xSize: area.height))
        } else {
            // Source coordinates are target pixels; the transform maps them into the image.
            var transform = XTransform(AffineTransform(a: scaleX, b: 0, c: 0, d: scaleY,
                                                       tx: -rect.minX * scaleX, ty: -rect.minY * scaleY))
            XRenderSetPictureTransform(dpy, entry.picture, &transform)
            if !entry.isScaled {
                XRenderSetPictureFilter(dpy, entry.picture, "bilinear", nil, 0)
                entry.isScaled = true
            }
            XRenderComposite(dpy, PictOpOver, entry.picture, 0, target,
                             Int32(xCoordinate: area.minX), Int32(xCoordinate: area.minY), 0, 0,
                             Int32(xCoordinate: area.minX), Int32(xCoordinate: area.minY),
                             UInt32(xSize: area.width), UInt32(xSize: area.height))
        }
        entry.lastUsedFrame = frame
        entries[ObjectIdentifier(image)] = entry
    }

    /// Frees every upload; images drawn later are uploaded again.
    func removeAll() {
        for entry in entries.values { destroy(entry) }
        entries.removeAll()
        reductions.removeAll()
        heldBytes = 0
    }

    /// Images shrunk for drawing small, by the image they were made from and the factor: kept while that
    /// image lives (their uploads are entries like any other).
    private var reductions: [ReductionKey: (source: WeakImage, reduced: Image)] = [:]
    private struct ReductionKey: Hashable {
        var image: ObjectIdentifier
        var factor: Int
    }
    private struct WeakImage {
        weak var image: Image?
    }
    /// Images shrunk so far; tests use it to check that a shrunk image is made once.
    private(set) var reductionsMade = 0

    /// `image` shrunk by `factor` on each side (at least one pixel), each pixel the mean of the
    /// `factor` × `factor` block it covers, averaged with premultiplied alpha so that transparent pixels
    /// lend no colour.
    private func reduced(_ image: Image, by factor: Int) -> Image {
        let key = ReductionKey(image: ObjectIdentifier(image), factor: factor)
        if let kept = reductions[key], kept.source.image === image { return kept.reduced }
        let reduced = Self.boxReduced(image, by: factor)
        reductions[key] = (WeakImage(image: image), reduced)
        reductionsMade += 1
        return reduced
    }

    nonisolated static func boxReduced(_ image: Image, by factor: Int) -> Image {
        let width = max(1, image.width / factor), height = max(1, image.height / factor)
        let source = image.pixels
        var out = [UInt8](repeating: 0, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                var r = 0, g = 0, b = 0, a = 0, count = 0
                for sy in (y * factor)..<min(image.height, (y + 1) * factor) {
                    var i = (sy * image.width + x * factor) * 4
                    for _ in (x * factor)..<min(image.width, (x + 1) * factor) {
                        let alpha = Int(source[i + 3])
                        r += Int(source[i]) * alpha
                        g += Int(source[i + 1]) * alpha
                        b += Int(source[i + 2]) * alpha
                        a += alpha
                        count += 1
                        i += 4
                    }
                }
                let o = (y * width + x) * 4
                if a > 0 {
                    out[o] = UInt8((r + a / 2) / a)
                    out[o + 1] = UInt8((g + a / 2) / a)
                    out[o + 2] = UInt8((b + a / 2) / a)
                    out[o + 3] = UInt8((a + count / 2) / count)
                }
            }
        }
        return Image(width: width, height: height, pixels: out)
    }

    /// Ends a frame: frees the uploads of images that no longer exist, then, past `maximumBytes`, the least
    /// recently drawn ones until within it, keeping those the frame drew.
    func endFrame() {
        for (key, kept) in reductions where kept.source.image == nil { reductions[key] = nil }
        for (key, entry) in entries where entry.image == nil { remove(key, entry) }
        frame += 1
        guard heldBytes > maximumBytes else { return }
        for (key, entry) in entries.sorted(by: { $0.value.lastUsedFrame < $1.value.lastUsedFrame }) {
            guard heldBytes > maximumBytes, entry.lastUsedFrame < frame - 1 else { break }
            remove(key, entry)
        }
    }

    private func entry(for image: Image) -> Entry {
        let key = ObjectIdentifier(image)
        if let entry = entries[key], entry.image === image { return entry }
        if let stale = entries[key] { remove(key, stale) }
        uploads += 1
        let created = uploader.createPicture(width: image.width, height: image.height, depth: 32,
                                             format: display.argb32Format, repeatMode: RepeatPad)
        uploader.putARGB32(Self.premultipliedBGRA(image), width: image.width, height: image.height, into: created.pixmap)
        let entry = Entry(image: image, pixmap: created.pixmap, picture: created.picture, isScaled: false,
                          bytes: image.width * image.height * 4, lastUsedFrame: frame)
        entries[key] = entry
        heldBytes += entry.bytes
        return entry
    }

    private func remove(_ key: ObjectIdentifier, _ entry: Entry) {
        destroy(entry)
        entries[key] = nil
        heldBytes -= entry.bytes
    }

    /// The image's straight RGBA bytes as premultiplied little-endian ARGB32 words (B, G, R, A bytes).
    nonisolated static func premultipliedBGRA(_ image: Image) -> [UInt8] {
        let source = image.pixels
        var out = [UInt8](repeating: 0, count: source.count)
        var i = 0
        while i < source.count {
            let a = UInt32(source[i + 3])
            @inline(__always) func pre(_ c: UInt8) -> UInt8 { UInt8((UInt32(c) * a + 127) / 255) }
            out[i] = pre(source[i + 2])
            out[i + 1] = pre(source[i + 1])
            out[i + 2] = pre(source[i])
            out[i + 3] = UInt8(a)
            i += 4
        }
        return out
    }

    private func destroy(_ entry: Entry) {
        XRenderFreePicture(display.pointer, entry.picture)
        XFreePixmap(display.pointer, entry.pixmap)
    }
}
