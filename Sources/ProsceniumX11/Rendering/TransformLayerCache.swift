import Proscenium

/// Rendered layers of transformed groups, reused while a group's commands and bounds stay the same, so
/// a view that only moves, scales or rotates is composited from its layer without redrawing its contents.
@MainActor final class TransformLayerCache {
    private struct Entry {
        var commands: [DisplayCommand]
        var bounds: Rect
        var layer: Layer
        var lastUsedFrame: Int
    }

    private var entries: [Entry] = []
    private var frame = 0
    /// Groups larger than this many pixels render only their damaged part, uncached.
    static let maximumLayerPixels = 1_500_000
    /// All cached layers together stay below this many pixels.
    static let maximumTotalPixels = 6_000_000
    static let maximumIdleFrames = 30

    /// The layers held now; tests inspect them.
    var layers: [Layer] { entries.map(\.layer) }

    /// The cached layer for a group with exactly these commands and bounds.
    func layer(for commands: ArraySlice<DisplayCommand>, bounds: Rect) -> Layer? {
        guard let index = entries.firstIndex(where: { $0.bounds == bounds && $0.commands.elementsEqual(commands) }) else {
            return nil
        }
        entries[index].lastUsedFrame = frame
        return entries[index].layer
    }

    /// Whether a layer of `pixels` may be added without passing the total budget.
    func canStore(pixels: Int) -> Bool {
        pixels <= Self.maximumLayerPixels
            && entries.reduce(0) { $0 + $1.layer.width * $1.layer.height } + pixels <= Self.maximumTotalPixels
    }

    /// Keeps `layer` (rendered from `commands` within `bounds`) for later frames; the cache now owns it.
    func store(_ layer: Layer, for commands: ArraySlice<DisplayCommand>, bounds: Rect) {
        entries.append(Entry(commands: Array(commands), bounds: bounds, layer: layer, lastUsedFrame: frame))
    }

    /// Ends a frame: layers unused for `maximumIdleFrames` go back to `pool`.
    func endFrame(into pool: LayerPool) {
        frame += 1
        entries.removeAll { entry in
            let stale = frame - entry.lastUsedFrame > Self.maximumIdleFrames
            if stale { pool.release(entry.layer) }
            return stale
        }
    }

    /// Returns every cached layer to `pool`.
    func removeAll(into pool: LayerPool) {
        for entry in entries { pool.release(entry.layer) }
        entries.removeAll()
    }
}
