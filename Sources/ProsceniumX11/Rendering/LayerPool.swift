import CX11

/// An offscreen ARGB32 pixmap with its picture, used for group opacity, transformed groups and rounded
/// clips. It may be larger than what a group asked for.
struct Layer {
    let pixmap: Pixmap
    let picture: Picture
    let width: Int
    let height: Int

    /// A new ARGB32 pixmap of exactly `width`x`height` with a picture on it; its contents are undefined.
    @MainActor static func create(on display: Display, width: Int, height: Int) -> Layer {
        let pixmap = XCreatePixmap(display.pointer, display.rootWindow, UInt32(width), UInt32(height), 32)
        let picture = XRenderCreatePicture(display.pointer, pixmap, display.argb32Format, 0, nil)
        return Layer(pixmap: pixmap, picture: picture, width: width, height: height)
    }

    /// What the pixmap holds in the X server: four bytes a pixel.
    var bytes: Int { width * height * 4 }

    /// Frees the picture and the pixmap.
    @MainActor func free(on display: Display) {
        XRenderFreePicture(display.pointer, picture)
        XFreePixmap(display.pointer, pixmap)
    }
}

/// Reuses offscreen layers across frames, bucketed by size rounded up to 64 pixels, so animating groups
/// do not allocate a pixmap every frame. Layers idle for `maximumIdleFrames` are freed, and the free ones
/// never hold more than `maximumFreeBytes` in the X server (at 2560x1440 one full-window layer is 14 MB).
@MainActor final class LayerPool {
    private struct Entry {
        var layer: Layer
        var lastUsedFrame: Int
    }

    private let display: Display
    private var free: [Entry] = []
    private var frame = 0
    /// Layers created so far; tests use it to check that frames reuse layers.
    private(set) var created = 0
    static let maximumIdleFrames = 120
    static let maximumFreeLayers = 24
    /// The most the free layers may hold, in bytes of pixmap; the renderer sets two windows' worth.
    var maximumFreeBytes = Int.max
    /// What the free layers hold now, in bytes of pixmap.
    private(set) var freeBytes = 0
    /// Called with a layer's picture just before it is freed, so owners can forget what they knew of it.
    var onDestroy: (@MainActor (Picture) -> Void)?

    init(display: Display) {
        self.display = display
    }

    isolated deinit {
        for entry in free { destroy(entry.layer) }
    }

    /// A layer at least `width`x`height`; its contents are undefined, and its picture has no transform,
    /// nearest filtering and no repeat unless the previous user forgot to reset them (callers reset).
    func acquire(width: Int, height: Int) -> Layer {
        let w = Self.bucket(width), h = Self.bucket(height)
        // The smallest free layer that fits and wastes at most 4x the area.
        var best: Int?
        for (index, entry) in free.enumerated() where entry.layer.width >= w && entry.layer.height >= h
            && entry.layer.width * entry.layer.height <= 4 * w * h {
            if let b = best, free[b].layer.width * free[b].layer.height <= entry.layer.width * entry.layer.height { continue }
            best = index
        }
        if let best {
            let layer = free.remove(at: best).layer
            freeBytes -= layer.bytes
            return layer
        }
        created += 1
        return Layer.create(on: display, width: w, height: h)
    }

    /// Frees every layer waiting for reuse.
    func removeAllFree() {
        trim(toCount: 0, bytes: 0)
    }

    /// Returns a layer for reuse.
    func release(_ layer: Layer) {
        free.append(Entry(layer: layer, lastUsedFrame: frame))
        freeBytes += layer.bytes
    }

    /// Ends a frame: frees layers idle too long, then the least recently used beyond `maximumFreeLayers`
    /// or `maximumFreeBytes`.
    func endFrame() {
        frame += 1
        free.removeAll { entry in
            let stale = frame - entry.lastUsedFrame > Self.maximumIdleFrames
            if stale {
                freeBytes -= entry.layer.bytes
                destroy(entry.layer)
            }
            return stale
        }
        trim(toCount: Self.maximumFreeLayers, bytes: maximumFreeBytes)
    }

    /// Frees the least recently used free layers until at most `count` remain, holding at most `bytes`.
    /// Frames stop when nothing moves, and with them `endFrame`: the host calls this once the window has
    /// been idle a while, so a fade's full-window layers do not stay in the server for as long as it idles.
    func trim(toCount count: Int, bytes: Int) {
        guard free.count > count || freeBytes > bytes else { return }
        free.sort { $0.lastUsedFrame > $1.lastUsedFrame }
        var kept = 0, keptBytes = 0
        free.removeAll { entry in
            if kept < count, keptBytes + entry.layer.bytes <= bytes {
                kept += 1
                keptBytes += entry.layer.bytes
                return false
            }
            destroy(entry.layer)
            return true
        }
        freeBytes = keptBytes
    }

    private func destroy(_ layer: Layer) {
        onDestroy?(layer.picture)
        layer.free(on: display)
    }

    private static func bucket(_ n: Int) -> Int {
        max(64, (max(1, n) + 63) / 64 * 64)
    }
}
