import CX11
import Glibc
import Proscenium

/// Executes display lists with XRender into a back-buffer picture, drawing only inside the damage region.
///
/// Rounded shapes are anti-aliased trapezoids, shadows are cached blurred masks, text is Xft (or the
/// server's core "fixed" font when fontconfig knows no font), and groups (opacity, transforms, rounded
/// clips) render into pooled offscreen layers composited onto their parent.
///
/// The state a frame reads and writes is `@exclusivity(unchecked)`, as the view properties the frame builder
/// reads are: the analyses touch it hundreds of times a frame, and each checked access is a call into the
/// runtime. It is the main actor's, and no access to one property is held open across a call that reaches it.
@MainActor public final class XRenderRenderer: Renderer {
    /// The connection everything is drawn on; kept open as long as the renderer lives.
    public let display: Display
    /// What the last `render` call did.
    @exclusivity(unchecked) public internal(set) var statistics = RenderStatistics()
    /// Whether `statistics` also counts the pixels each request may touch (`RequestTally.pixels`), not only
    /// the requests: that is a pass over the clip for every request of every frame, which only a benchmark
    /// wants to pay for (the demo's `--stats` turns it on). Off by default.
    @exclusivity(unchecked) public var countsRequestPixels = false
    /// What the last `render` call drew: its damage less what the back buffer already held (see
    /// `XRenderRenderer+Retention.swift`). Only this needs copying to the screen.
    @exclusivity(unchecked) public internal(set) var drawnRegion = Proscenium.Region()
    /// What the host copies from the back buffer to the window after the last `render` call: `drawnRegion`
    /// less what that frame filled straight into the window (see `XRenderRenderer+WindowFills.swift`).
    @exclusivity(unchecked) public internal(set) var copyRects: [Rect] = []
    /// The picture on the window the back buffer is copied to, which finished folded pixels are filled into
    /// directly; 0 (the default) keeps all drawing in the back buffer.
    @exclusivity(unchecked) public var windowPicture: Picture = 0
    /// Whether finished folded pixels go straight to `windowPicture`; on unless
    /// `PROSCENIUM_NO_WINDOW_FILLS=1`. Tests turn it off to compare.
    @exclusivity(unchecked) var fillsWindow = XRenderRenderer.windowFillsEnabled
    /// The identities the list being rendered gives its rasterized groups (see `RasterizedLayerCache`).
    @exclusivity(unchecked) var groupIdentities: [RasterizedGroupIdentity] = []
    /// Where this frame draws after its foldable overlay, when retention worked it out.
    @exclusivity(unchecked) var laterPlaces: LaterPlaces?
    /// What this frame filled into the window only, in target pixels.
    @exclusivity(unchecked) var windowFilledThisFrame: [Rect] = []
    /// Fills the window shows and the back buffer lacks, oldest first (see `restoreBackBuffer()`).
    @exclusivity(unchecked) var staleFills: [StaleFill] = []
    /// The opaque fills the last frame left in the target.
    @exclusivity(unchecked) var retained: [RetainedFill] = []
    /// Ink boxes of the texts drawn lately (see `inkExtent(of:)`).
    @exclusivity(unchecked) var inkBoxes: [InkKey: XGlyphInfo] = [:]
    /// Ink extents of the texts of the last lists, by the address of their layout's lines (see `inkExtent(of:)`).
    @exclusivity(unchecked) var inkExtents: [Int: InkExtent] = [:]
    /// Where each command of the list being rendered draws, once asked (see `frameExtent(at:)`).
    @exclusivity(unchecked) var frameExtents: [MeasuredExtent] = []
    /// The list being rendered, for measuring its commands (see `frameExtent(at:)`); empty between frames.
    @exclusivity(unchecked) var frameCommands: [DisplayCommand] = []
    /// What the analyses read of each command of the list being rendered; empty between frames.
    @exclusivity(unchecked) private(set) var summaries: [CommandSummary] = []
    /// How many rectangles this frame's final fills put into the window (see `fillFinalFillsIntoWindow`).
    @exclusivity(unchecked) var finalFillRectanglesThisFrame = 0
    /// The busy boxes worked out for the last two folds, with what they were worked out from.
    @exclusivity(unchecked) var recentBusyBoxes: [(commands: ArraySlice<DisplayCommand>, target: Rect, boxes: [Rect])] = []
    /// This frame's foldable overlays by the start of the range searched, with how far it was searched.
    @exclusivity(unchecked) var overlaysThisFrame: [Int: (overlay: FoldableOverlay?, searched: Int)] = [:]
    /// Whether a translucent overlay over a flat background is drawn as one fill (see
    /// `XRenderRenderer+Folding.swift`); on unless `PROSCENIUM_NO_FOLDING=1`. Tests turn it off to compare.
    @exclusivity(unchecked) var foldsOverlays = XRenderRenderer.foldingEnabled
    /// Whether what lies under such an overlay is drawn in tinted colours, the overlay left out (see
    /// `XRenderRenderer+Tinting.swift`); on unless `PROSCENIUM_NO_TINTING=1`. Tests turn it off to compare.
    @exclusivity(unchecked) var tintsOverlays = XRenderRenderer.tintingEnabled
    /// Whether fills repainting pixels of their own colour are skipped (see
    /// `XRenderRenderer+RedundantFills.swift`); on unless `PROSCENIUM_NO_REDUNDANT_FILLS=1`.
    @exclusivity(unchecked) var skipsRedundantFills = XRenderRenderer.redundantFillsEnabled
    /// Whether a black shadow over a folded colour is drawn with it in one pass (see `executeFolding`); on
    /// unless `PROSCENIUM_NO_SHADOW_FOLDING=1`. Tests turn it off to compare.
    @exclusivity(unchecked) var foldsShadows = XRenderRenderer.shadowFoldingEnabled
    /// Whether the target's format has no alpha channel (the window's usual depth 24).
    var targetIsOpaque: Bool { display.windowFormat.pointee.direct.alphaMask == 0 }
    /// Whether the corners of rounded rectangles on whole pixels come from kept masks (see
    /// `CornerMaskCache`); on unless `PROSCENIUM_NO_CORNER_MASKS=1`. Tests turn it off to compare.
    @exclusivity(unchecked) var usesCornerMasks = getenv("PROSCENIUM_NO_CORNER_MASKS").map { String(cString: $0) != "1" } ?? true
    /// Whether lines of text drawn in two frames are composited through kept masks (see `TextMaskCache`); on
    /// unless `PROSCENIUM_NO_TEXT_MASKS=1`. Tests turn it off to compare.
    @exclusivity(unchecked) var usesTextMasks = getenv("PROSCENIUM_NO_TEXT_MASKS").map { String(cString: $0) != "1" } ?? true

    @exclusivity(unchecked) var target: Picture = 0
    /// The pixmap under `target`, for copies within it (scroll blits); 0 when the renderer was not told.
    @exclusivity(unchecked) var targetPixmap: Pixmap = 0
    /// Where this frame's scroll copies put pixels of the last one; the host copies them to the window.
    @exclusivity(unchecked) var scrolledRects: [Rect] = []
    /// Made on the first scroll copy (see `XRenderRenderer+ScrollCopies.swift`).
    var scrollGC: GC?
    /// Scrolls made within the window itself, and what the back buffer lacks since.
    @exclusivity(unchecked) var windowScrolls = WindowScrolls()
    @exclusivity(unchecked) var targetSize: Size = .zero
    let uploader: PixmapUploader
    let solids: SolidFillCache
    let layers: LayerPool
    let shadows: ShadowCache
    let cornerMasks: CornerMaskCache
    let textMasks: TextMaskCache
    let images: ImageCache
    let transformLayers: TransformLayerCache
    let rasterizedLayers: RasterizedLayerCache
    let fonts: XftFontCache
    let coreFont: CoreFontFallback
    /// What we last set as the client clip of a picture.
    enum AppliedClip: Equatable {
        /// No client clip (`clip_mask` None): the whole picture.
        case none
        /// These rectangles, in the picture's pixels.
        case rects([Rect])
    }

    /// The clip last set on each live surface picture, so unchanged clips are not sent again; pictures
    /// without an entry have an unknown clip. Entries go when the layer pool frees their picture.
    @exclusivity(unchecked) private var appliedClips: [Picture: AppliedClip] = [:]
    /// For each push command in the list being rendered, the index of its pop (or the list's end).
    @exclusivity(unchecked) private(set) var groupEnds: [Int] = []
    /// For each command of the list being rendered, the earlier fill of its colour it repaints, or -1 (see
    /// `XRenderRenderer+RedundantFills.swift`); empty when none does.
    @exclusivity(unchecked) private(set) var redundantFills: [Int] = []
    /// Where the drawing of the current part of the damage starts: what lies before it was not drawn there
    /// (culled under a cover, or drawn only around an occluder), so a fill repeating one before it is drawn.
    @exclusivity(unchecked) var drawFloor = 0
    /// The colours tinted under this frame's overlay so far (see `prepareTints(under:)`), which `draw` reads
    /// while `drawsTinted`.
    @exclusivity(unchecked) var frameTints: Tints?
    /// Set while the commands under the overlay are drawn tinted: `draw` blends each colour under it.
    @exclusivity(unchecked) var drawsTinted = false

    /// A renderer drawing with `display`; call `setTarget(picture:size:)` before rendering.
    public init(display: Display) {
        self.display = display
        uploader = PixmapUploader(display: display)
        solids = SolidFillCache(display: display)
        layers = LayerPool(display: display)
        shadows = ShadowCache(display: display, uploader: uploader)
        cornerMasks = CornerMaskCache(display: display)
        textMasks = TextMaskCache(display: display)
        images = ImageCache(display: display, uploader: uploader)
        transformLayers = TransformLayerCache()
        rasterizedLayers = RasterizedLayerCache(display: display)
        fonts = XftFontCache(display: display)
        coreFont = CoreFontFallback(display: display)
        layers.onDestroy = { [weak self] picture in self?.appliedClips[picture] = nil }
        rasterizedLayers.onDestroy = { [weak self] picture in self?.appliedClips[picture] = nil }
    }

    isolated deinit {
        if let scrollGC { XFreeGC(display.pointer, scrollGC) }
        transformLayers.removeAll(into: layers)
        fonts.close()
    }

    /// Sets the picture frames are drawn into (the window host's back buffer, which it owns) and its size;
    /// with the `pixmap` under it, scrolled content is copied within it rather than drawn again.
    public func setTarget(picture: Picture, size: Size, pixmap: Pixmap = 0) {
        appliedClips[target] = nil
        target = picture
        if pixmap != targetPixmap, let scrollGC {
            XFreeGC(display.pointer, scrollGC)
            self.scrollGC = nil
        }
        targetPixmap = Self.scrollCopiesEnabled ? pixmap : 0
        targetSize = size
        rasterizedLayers.targetSize = size
        retained = []  // a new target holds nothing of the last frame
        staleFills = []  // and is drawn whole before it is copied
        windowScrolls.staleViewports = []
        appliedClips[picture] = nil
    }

    /// One window's worth of pixels, and of ARGB pixels in bytes.
    private var windowPixels: Int { Int(max(targetSize.width, 64) * max(targetSize.height, 64)) }
    private var windowBytes: Int { windowPixels * 4 }

    /// Lets go of what only animation needs, once the window has been idle a while: the free layers
    /// beyond one window's worth (frames, which trim them, have stopped). Spare rasterized layers count
    /// first: they hold pixels a next transition can use as they are, the pool's only memory.
    public func releaseIdleResources() {
        // An idle window's back buffer holds all of what the window shows, as it did before window fills.
        restoreBackBuffer()
        rasterizedLayers.releaseSpares(keepingPixels: windowPixels)
        layers.trim(toCount: LayerPool.maximumFreeLayers, bytes: windowBytes - rasterizedLayers.spareBytes)
    }

    /// What the free layers hold in the X server, in bytes: the pool's and the spare rasterized ones.
    public var freeLayerBytes: Int { layers.freeBytes + rasterizedLayers.spareBytes }

    /// Frees everything the renderer keeps in the X server between frames (cached and pooled layers,
    /// shadow masks, image uploads, solid fills, fonts): for when memory is short, or to see what is left
    /// that no cache accounts for. Later frames make again what they need.
    public func purgeCaches() {
        transformLayers.removeAll(into: layers)
        rasterizedLayers.removeAll()
        layers.removeAllFree()
        shadows.removeAll()
        cornerMasks.removeAll()
        textMasks.removeAll()
        images.removeAll()
        solids.removeAll()
        fonts.close()
        inkExtents.removeAll()
    }

    /// Shadow masks computed so far; each is a cache miss.
    public var shadowMasksComputed: Int { shadows.computed }
    /// Shadow pixels left out so far because an opaque fill drawn right after covers them.
    public var shadowsOccludedPixels: Int { shadows.occludedPixels }
    /// Images uploaded to the server so far.
    public var imageUploads: Int { images.uploads }
    /// Offscreen layer pixmaps created so far.
    public var layersCreated: Int { layers.created }
    /// Pictures whose clip the renderer keeps track of; tests check that it stays bounded.
    var appliedClipCount: Int { appliedClips.count }
    /// Xft fonts the renderer holds open.
    var openFontCount: Int { fonts.count }

    /// The clip the renderer last set on `picture`, nil when unknown.
    func appliedClip(of picture: Picture) -> AppliedClip? {
        appliedClips[picture]
    }

    /// Draws `list` into the target, clipped to `damage`; the damaged area is first cleared to opaque white
    /// unless an opaque fill covers all of it.
    public func render(_ list: DisplayList, damage: Proscenium.Region, size: Size) {
        statistics = RenderStatistics()
        drawnRegion = Proscenium.Region()
        copyRects.removeAll(keepingCapacity: true)
        overlaysThisFrame.removeAll(keepingCapacity: true)
        frameTints = nil
        laterPlaces = nil
        windowFilledThisFrame.removeAll(keepingCapacity: true)
        groupIdentities = list.rasterizedGroupIdentities
        finalFillRectanglesThisFrame = 0
        guard target != 0 else { return }
        frameExtents.removeAll(keepingCapacity: true)
        frameExtents.append(contentsOf: repeatElement(.unmeasured, count: list.commands.count))
        frameCommands = list.commands
        summaries.removeAll(keepingCapacity: true)
        Self.summarize(list.commands, into: &summaries)
        let staleBefore = staleFills.count
        let bounds = Rect(x: 0, y: 0, width: size.width, height: size.height)
        var damage = damage.intersection(bounds)
        scrolledRects.removeAll(keepingCapacity: true)
        if !list.scrollCopies.isEmpty || !windowScrolls.staleViewports.isEmpty {
            executeScrollCopies(list.scrollCopies, size: size, damage: &damage)
        }
        statistics.damagePixels = Int(saturating: damage.area)
        groupEnds = Self.groupEnds(of: summaries)
        if Self.retentionEnabled {
            var current: [RetainedFill] = []
            if size == targetSize {
                let folded = foldedFill(in: list.commands, target: bounds)
                current = Self.retainedFills(in: summaries, target: bounds, known: folded?.extents, under: folded?.overlay,
                                             extentAt: frameExtent(at:))
                if let folded {
                    current.append(folded.fill)
                    laterPlaces = LaterPlaces(folded.extents)
                }
            }
            damage = Self.damage(damage, retaining: retained, under: current)
            retained = current
            statistics.retainedPixels = statistics.damagePixels - Int(saturating: damage.area)
        }
        drawnRegion = damage
        redundantFills = skipsRedundantFills && !damage.isEmpty ? Self.redundantFills(in: summaries, extentAt: frameExtent(at:)) : []
        appliedClips[target] = nil
        let root = RenderSurface(picture: target, origin: .zero, clip: damage.rects)
        if !damage.isEmpty {
            // Everything below an opaque fill that covers the whole damage is hidden: start there. The
            // window's and the root view's backgrounds usually are such fills, which saves the X server
            // two or three passes over every damaged pixel.
            let start = Self.firstVisibleCommand(in: summaries, covering: damage.bounds)
            if start == 0, !Self.opensWithOpaqueCover(list.commands, of: damage.bounds) {
                // Each drawing path sets the clip it needs; only this fill relies on the root's.
                prepare(root)
                var white = XRenderColor.opaqueWhite
                fill(root, root.bounds, color: &white, op: PictOpSrc)
            }
            cull(0..<start)
            if Self.occlusionEnabled, let occluder = Self.occluder(in: summaries, after: start, damage: damage) {
                // What lies under the largest opaque fill is not drawn: only the bands around it are.
                let bands = Self.subtract(occluder.bars, from: damage.rects)
                statistics.occludedPixels = Int(saturating: damage.area) - Int(bands.totalArea)
                // Each band may lie under an opaque fill that does not cover the whole damage (the screen a
                // push covers, whose slid-away part the pushed screen hides; the bar above both): it starts
                // there, unless that skips a rasterized group, whose cache would take it for unused.
                var groups: [(start: Int, clip: [Rect])] = []
                for band in bands {
                    let cover = Self.firstVisibleCommand(in: summaries, before: occluder.index, covering: band)
                    let bandStart = cover > start && !Self.holdsRasterizedGroup(summaries[start..<cover]) ? cover : start
                    if let group = groups.firstIndex(where: { $0.start == bandStart }) {
                        groups[group].clip.append(band)
                    } else {
                        groups.append((bandStart, [band]))
                    }
                }
                if groups.isEmpty { cull(start..<occluder.index) }
                for group in groups.sorted(by: { $0.start < $1.start }) {
                    executeFolding(list.commands, group.start..<occluder.index, clip: group.clip)
                }
                // An overlay over the occluder (the shade over the screen a pop uncovers) folds into it.
                executeFolding(list.commands, occluder.index..<list.commands.count, clip: damage.rects)
            } else {
                executeFolding(list.commands, start..<list.commands.count, clip: damage.rects)
            }
            rasterizedLayers.endFrame(sparePixels: windowPixels)
        } else {
            statistics.commandsCulled = summaries.drawingCount
        }
        endWindowFills(staleBefore: staleBefore)
        endWindowScrolls(list)
        // The host owns the target and may composite from it: always leave it without a clip, and unknown.
        appliedClips[target] = nil
        removeClip(of: target)
        appliedClips[target] = nil
        transformLayers.endFrame(into: layers)
        // The spare rasterized layers are free layers too: the pool keeps what is left of two windows' worth.
        layers.maximumFreeBytes = max(0, 2 * windowBytes - rasterizedLayers.spareBytes)
        layers.endFrame()
        shadows.endFrame()
        cornerMasks.endFrame()
        textMasks.endFrame()
        images.endFrame()
        solids.endFrame()
        fonts.trim()
        // Measured and summarized for this list only: the analyses run inside `render` alone.
        frameExtents.removeAll(keepingCapacity: true)
        frameCommands = []
        summaries.removeAll(keepingCapacity: true)
    }

    // MARK: - Walking the list

    /// Executes `commands[range]` of this frame's list into `surface`, handing each group to its handler;
    /// while `drawsTinted`, each command is drawn in its colour under the overlay.
    func execute(_ commands: [DisplayCommand], _ range: Range<Int>, in surface: RenderSurface) {
        var i = range.lowerBound
        while i < range.upperBound {
            // The summaries tell groups from what draws: only those are read from the list.
            guard summaries[i].isPush else {
                if summaries[i].isGroupMarker {
                    // A pop: its group was handled at its push.
                } else if i < redundantFills.count, redundantFills[i] >= drawFloor {
                    statistics.commandsCulled += 1
                } else {
                    draw(commands[i], in: surface, occluder: occluder(after: i, range: range, surface: surface))
                }
                i += 1
                continue
            }
            let end = min(groupEnds[i], range.upperBound)
            switch commands[i] {
            case let .pushClip(rect, radius, corners):
                clipGroup(commands, (i + 1)..<end, rect: rect, radius: radius, corners: corners, in: surface)
            case let .pushOpacity(alpha, bounds):
                opacityGroup(commands, (i + 1)..<end, alpha: alpha, bounds: bounds, in: surface)
            case let .pushTransform(transform, bounds):
                transformGroup(commands, (i + 1)..<end, transform: transform, bounds: bounds, in: surface)
            case let .pushRasterized(bounds):
                rasterizedGroup(commands, (i + 1)..<end, bounds: bounds, in: surface)
            default:
                break
            }
            i = end + 1
        }
    }

    /// Counts one request of `kind` in `statistics`, with the pixels of `rect` (in `surface`'s pixels) inside
    /// its clip when `countsRequestPixels` is on.
    func tally(_ kind: RequestKind, _ rect: Rect, in surface: RenderSurface) {
        statistics.count(kind, pixels: countsRequestPixels ? surface.clippedArea(rect) : 0)
    }

    /// Counts the drawing commands of a skipped range of this frame's list as culled.
    func cull(_ range: Range<Int>) {
        statistics.commandsCulled += summaries[range].drawingCount
    }

    /// Sets the surface's clip on its picture unless it is already in place.
    func prepare(_ surface: RenderSurface) {
        guard appliedClips[surface.picture] != .rects(surface.clip) else { return }
        var rects = surface.clip.xRectangles
        XRenderSetPictureClipRectangles(display.pointer, surface.picture, 0, 0, &rects, Int32(rects.count))
        appliedClips[surface.picture] = .rects(surface.clip)
    }

    /// Removes the client clip of `picture` (`clip_mask` None) unless it has none already; the next
    /// `prepare` of a surface on it sets its clip again.
    func removeClip(of picture: Picture) {
        guard appliedClips[picture] != AppliedClip.none else { return }
        var attributes = XRenderPictureAttributes()
        attributes.clip_mask = Pixmap(None)
        XRenderChangePicture(display.pointer, picture, UInt(CPClipMask), &attributes)
        appliedClips[picture] = AppliedClip.none
    }
}
