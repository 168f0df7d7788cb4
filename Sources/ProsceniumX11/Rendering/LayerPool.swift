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

    /// Frees the picture and the pixmap.
    @MainActor func free(on display: Display) {
        XRenderFreePicture(display.pointer, picture)
        XFreePixmap(display.pointer, pixmap)
    }
}

/// Reuses offscreen layers across frames, bucketed by size rounded up to 64 pixels, so animating groups
/// do not allocate a pixmap every frame. Layers idle for `maximumIdleFrames` are freed.
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
        if let best { return free.remove(at: best).layer }
        created += 1
        return Layer.create(on: display, width: w, height: h)
    }

    /// Frees every layer waiting for reuse.
    func removeAllFree() {
        for entry in free { destroy(entry.layer) }
        free.removeAll()
    }

    /// Returns a layer for reuse.
    func release(_ layer: Layer) {
        free.append(Entry(layer: layer, lastUsedFrame: frame))
    }

    /// Ends a frame: frees layers idle too long, and the oldest ones beyond `maximumFreeLayers`.
    func endFrame() {
        frame += 1
        free.removeAll { entry in
            let stale = frame - entry.lastUsedFrame > Self.maximumIdleFrames
            if stale { destroy(entry.layer) }
            return stale
        }
        if free.count > Self.maximumFreeLayers {
            free.sort { $0.lastUsedFrame > $1.lastUsedFrame }
            for entry in free[Self.maximumFreeLayers...] { destroy(entry.layer) }
            free.removeLast(free.count - Self.maximumFreeLayers)
        }
    }

    private func destroy(_ layer: Layer) {
        onDestroy?(layer.picture)
        layer.free(on: display)
    }

    private static func bucket(_ n: Int) -> Int {
        max(64, (max(1, n) + 63) / 64 * 64)
    }
}
