import CX11
import Proscenium

/// Layers of rasterized groups (`View.shouldRasterize`), kept while a group's commands stay the same so a
/// frame composites the group instead of drawing it again.
///
/// A group is rendered into a layer only once its commands have been the same for two frames in a row:
/// content that changes every frame is drawn straight into the damage, as if it were not rasterized,
/// instead of paying for a whole layer each frame. A layer is rendered only where frames composite from
/// it, part by part as they need more: under a dimming that is folded into flat fills almost all of a
/// screen never is, and rendering all of it at each transition's start was the dearest frame of the
/// transition in the X server. A layer no frame used is kept as a spare, at most one window's worth of
/// them: the group that stopped being rasterized when a presentation settled is usually rasterized again,
/// unchanged, when it is dismissed, and finds its pixels still there (making and filling a window-size
/// pixmap was that transition's dearest frame in the X server). The host lets spares go when idle.
@MainActor final class RasterizedLayerCache {
    private struct Entry {
        var commands: [DisplayCommand]
        /// The identity the list gave these commands (`DisplayList.rasterizedGroupIdentities`), if any.
        var identity: UInt64?
        /// The layer's area in the target's pixels, and the command-space point at the target's (0, 0).
        var area: Rect
        var origin: Point
        /// Nil while the group is only a candidate, seen once.
        var layer: Layer?
        /// Where the layer holds the group's pixels, in layer pixels: disjoint whole-pixel rectangles.
        var rendered: [Rect] = []
        /// The last frame a list used the group (see `frame`).
        var lastUsedFrame: Int
        /// The target's size when the entry was made: a spare made for another window size is let go.
        var targetSize: Size

        var pixels: Int { layer.map { $0.width * $0.height } ?? 0 }
    }

    private var entries: [Entry] = []
    private let display: Display
    /// The size of the target frames draw into (the renderer sets it with the target).
    var targetSize: Size = .zero {
        didSet { if targetSize != oldValue { releaseSpares(keepingPixels: 0) } }
    }
    /// Frames ended so far: the one being drawn. A group not used in the last frame ended (`frame - 1`),
    /// nor yet in this one, is a spare (or, without a layer, a forgotten candidate).
    private var frame = 0
    /// Layers created so far; tests check that a still group is not rendered again.
    private(set) var layersRendered = 0
    /// Layers cleared when made (the others were about to be covered by their group's first fill).
    private(set) var layersCleared = 0
    /// All layers together stay below this many pixels (two 4K windows' worth).
    static let maximumTotalPixels = 16_600_000
    /// A layer remembers at most this many rendered rectangles (the largest), so that finding what it
    /// lacks stays cheap however a frame's clip is cut.
    nonisolated static let maximumRenderedRectangles = 16
    /// Pixels rendered into layers so far; tests check that only what is composited is rendered.
    private(set) var pixelsRendered = 0

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
        /// The group has a layer (see `missing(_:in:)` for what it holds).
        case cached(Layer)
        /// The group held still: make its layer (`makeLayer`, then `store`).
        case render
        case drawDirectly
    }

    /// Looks up the group with these commands at `area` (target pixels) and `origin`, and marks it used.
    /// With the identity the list gave the commands, an entry with the same one matches without comparing
    /// them (the same identity means the same commands); otherwise commands are compared.
    func lookup(_ commands: ArraySlice<DisplayCommand>, area: Rect, origin: Point, identity: UInt64? = nil) -> Lookup {
        if let index = Self.index(in: entries, of: commands, area: area, origin: origin, identity: identity) {
            entries[index].identity = identity
            entries[index].lastUsedFrame = frame
            entries[index].targetSize = targetSize
            if let layer = entries[index].layer { return .cached(layer) }
            let pixels = Int(area.width * area.height)
            // Spares give way to a new layer, but only to one that then fits: a later group of this frame
            // may still composite from them.
            guard pixels + activePixels <= Self.maximumTotalPixels else { return .drawDirectly }
            releaseSpares(keepingPixels: Self.maximumTotalPixels - pixels - activePixels)
            return .render
        }
        entries.append(Entry(commands: Array(commands), identity: identity, area: area, origin: origin, layer: nil,
                             lastUsedFrame: frame, targetSize: targetSize))
        return .drawDirectly
    }

    /// The entry for the group at `area` and `origin` with these commands, matched by identity when both
    /// have one. Nonisolated: a predicate formed on the main actor checks its executor on every call.
    private nonisolated static func index(in entries: [Entry], of commands: ArraySlice<DisplayCommand>, area: Rect,
                                          origin: Point, identity: UInt64?) -> Int? {
        for index in entries.indices {
            let entry = entries[index]
            guard entry.area == area, entry.origin == origin else { continue }
            if let identity, entry.identity == identity { return index }
            if entry.commands.elementsEqual(commands) { return index }
        }
        return nil
    }

    /// Keeps `layer`, rendered from the group last looked up at `area` and `origin`; the cache owns it.
    func store(_ layer: Layer, area: Rect, origin: Point, commands: ArraySlice<DisplayCommand>) {
        guard let index = entries.firstIndex(where: { $0.layer == nil && $0.area == area && $0.origin == origin
            && $0.commands.elementsEqual(commands) }) else { return destroy(layer) }
        entries[index].layer = layer
        layersRendered += 1
    }

    /// The parts of `needed` (layer pixels, whole) that `layer` does not hold yet, to render before it is
    /// composited there; recorded as rendered.
    func missing(_ needed: [Rect], in layer: Layer) -> [Rect] {
        guard let index = entries.firstIndex(where: { $0.layer?.picture == layer.picture }) else { return [] }
        let rendered = entries[index].rendered
        let missing = XRenderRenderer.subtract(rendered, from: needed)
        guard !missing.isEmpty else { return [] }
        pixelsRendered += Int(missing.totalArea)
        entries[index].rendered = Self.keepingLargest(Self.maximumRenderedRectangles, of: rendered + missing)
        return missing
    }

    /// The `count` largest of `rects`, or all of them: a part forgotten is rendered again if needed, to
    /// the same pixels. Nonisolated: a closure formed in an isolated method checks its actor at each call.
    nonisolated static func keepingLargest(_ count: Int, of rects: [Rect]) -> [Rect] {
        guard rects.count > count else { return rects }
        return Array(rects.sorted { $0.width * $0.height > $1.width * $1.height }.prefix(count))
    }

    /// Frees every layer and forgets every candidate.
    func removeAll() {
        for entry in entries { if let layer = entry.layer { destroy(layer) } }
        entries.removeAll()
    }

    /// Ends a frame that drew something: candidates its list did not use are forgotten, and layers it did
    /// not use become spares, kept while they hold at most `sparePixels` together (most recently used first).
    func endFrame(sparePixels: Int) {
        frame += 1
        releaseSpares(keepingPixels: sparePixels)
    }

    /// Keeps the spares that fit within `pixels` together, the most recently used first, and frees the
    /// others (and any made for another target size); forgets candidates the last frame did not see.
    func releaseSpares(keepingPixels pixels: Int) {
        var kept = 0
        // Only the spares are sorted: most frames have none, and this runs at the end of every frame.
        let spares = entries.indices.filter { isSpare(entries[$0]) }
        for index in spares.sorted(by: { entries[$0].lastUsedFrame > entries[$1].lastUsedFrame }) {
            if entries[index].targetSize == targetSize, kept + entries[index].pixels <= pixels {
                kept += entries[index].pixels
            } else {
                destroy(entries[index].layer!)
                entries[index].layer = nil
            }
        }
        entries.removeAll { $0.layer == nil && $0.lastUsedFrame < frame - 1 }
    }

    /// What the spares hold in the X server, in bytes.
    var spareBytes: Int { entries.reduce(0) { $0 + (isSpare($1) ? 4 * $1.pixels : 0) } }

    private func isSpare(_ entry: Entry) -> Bool { entry.layer != nil && entry.lastUsedFrame < frame - 1 }

    private var activePixels: Int { entries.reduce(0) { $0 + (isSpare($1) ? 0 : $1.pixels) } }


    /// A layer exactly `width`x`height` (not pooled: these are large and long-lived), its contents
    /// undefined: `clear(_:of:)` each part before rendering into it, unless the group covers it at once.
    func makeLayer(width: Int, height: Int) -> Layer {
        Layer.create(on: display, width: width, height: height)
    }

    /// Clears `rects` (layer pixels) of `layer` to transparent, with no clip.
    func clear(_ rects: [Rect], of layer: Layer) {
        guard !rects.isEmpty else { return }
        layersCleared += 1
        var transparent = XRenderColor.transparent
        var xRects = rects.xRectangles
        XRenderFillRectangles(display.pointer, PictOpSrc, layer.picture, &transparent, &xRects, Int32(xRects.count))
    }

    var onDestroy: (@MainActor (Picture) -> Void)?

    private func destroy(_ layer: Layer) {
        onDestroy?(layer.picture)
        layer.free(on: display)
    }
}
