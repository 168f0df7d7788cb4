import CX11
import Proscenium

/// Layers of rasterized groups (`View.shouldRasterize`), kept while a group's commands stay the same so a
/// frame composites the group instead of drawing it again.
///
/// A group is rendered into a layer only once its commands have been the same for two frames in a row:
/// content that changes every frame is drawn straight into the damage, as if it were not rasterized,
/// instead of paying for a whole layer each frame. Layers not used in a frame are freed at its end, so
/// a group that stops being rasterized (a transition has ended) holds no server memory afterwards.
@MainActor final class RasterizedLayerCache {
    private struct Entry {
        var commands: [DisplayCommand]
        /// The layer's area in the target's pixels, and the command-space point at the target's (0, 0).
        var area: Rect
        var origin: Point
        /// Nil while the group is only a candidate, seen once.
        var layer: Layer?
        var usedThisFrame: Bool
    }

    private var entries: [Entry] = []
    private let display: Display
    /// Layers created so far; tests check that a still group is not rendered again.
    private(set) var layersRendered = 0
    /// Layers cleared when made (the others were about to be covered by their group's first fill).
    private(set) var layersCleared = 0
    /// All layers together stay below this many pixels (two 4K windows' worth).
    static let maximumTotalPixels = 16_600_000

    init(display: Display) {
        self.display = display
    }

    isolated deinit {
        for entry in entries { if let layer = entry.layer { destroy(layer) } }
    }

    /// The layers held now.
    var layers: [Layer] { entries.compactMap(\.layer) }

    /// What to do with a group: composite its cached layer, render one now, or draw it directly.
    enum Lookup {
        case cached(Layer)
        case render
        case drawDirectly
    }

    /// Looks up the group with these commands at `area` (target pixels) and `origin`, and marks it used.
    func lookup(_ commands: ArraySlice<DisplayCommand>, area: Rect, origin: Point) -> Lookup {
        if let index = entries.firstIndex(where: { $0.area == area && $0.origin == origin && $0.commands.elementsEqual(commands) }) {
            entries[index].usedThisFrame = true
            if let layer = entries[index].layer { return .cached(layer) }
            let pixels = Int(area.width * area.height)
            return pixels + heldPixels <= Self.maximumTotalPixels ? .render : .drawDirectly
        }
        entries.append(Entry(commands: Array(commands), area: area, origin: origin, layer: nil, usedThisFrame: true))
        return .drawDirectly
    }

    /// Keeps `layer`, rendered from the group last looked up at `area` and `origin`; the cache owns it.
    func store(_ layer: Layer, area: Rect, origin: Point, commands: ArraySlice<DisplayCommand>) {
        guard let index = entries.firstIndex(where: { $0.layer == nil && $0.area == area && $0.origin == origin
            && $0.commands.elementsEqual(commands) }) else { return destroy(layer) }
        entries[index].layer = layer
        layersRendered += 1
    }

    /// Frees every layer and forgets every candidate.
    func removeAll() {
        for entry in entries { if let layer = entry.layer { destroy(layer) } }
        entries.removeAll()
    }

    /// Ends a frame that drew something: entries its list did not use are dropped and their layers freed.
    func endFrame() {
        entries.removeAll { entry in
            if entry.usedThisFrame { return false }
            if let layer = entry.layer { destroy(layer) }
            return true
        }
        for index in entries.indices { entries[index].usedThisFrame = false }
    }

    private var heldPixels: Int { entries.reduce(0) { $0 + ($1.layer.map { $0.width * $0.height } ?? 0) } }

    /// A layer exactly `width`x`height` (not pooled: these are large and long-lived), cleared unless the
    /// caller is about to write every pixel of it.
    func makeLayer(width: Int, height: Int, cleared: Bool = true) -> Layer {
        let layer = Layer.create(on: display, width: width, height: height)
        if cleared {
            layersCleared += 1
            var transparent = XRenderColor.transparent
            XRenderFillRectangle(display.pointer, PictOpSrc, layer.picture, &transparent, 0, 0, UInt32(width), UInt32(height))
        }
        return layer
    }

    var onDestroy: (@MainActor (Picture) -> Void)?

    private func destroy(_ layer: Layer) {
        onDestroy?(layer.picture)
        layer.free(on: display)
    }
}
