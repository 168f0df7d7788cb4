import CX11
import Glibc
import Proscenium

/// Executes display lists with XRender into a back-buffer picture, drawing only inside the damage region.
///
/// Rounded shapes are anti-aliased trapezoids, shadows are cached blurred masks, text is Xft (or the
/// server's core "fixed" font when fontconfig knows no font), and groups (opacity, transforms, rounded
/// clips) render into pooled offscreen layers composited onto their parent.
@MainActor public final class XRenderRenderer: Renderer {
    /// The connection everything is drawn on; kept open as long as the renderer lives.
    public let display: Display
    /// What the last `render` call did.
    public internal(set) var statistics = RenderStatistics()
    /// What the last `render` call drew: its damage less what the back buffer already held (see
    /// `XRenderRenderer+Retention.swift`). Only this needs copying to the screen.
    public private(set) var drawnRegion = Proscenium.Region()
    /// The opaque fills the last frame left in the target.
    var retained: [RetainedFill] = []

    var target: Picture = 0
    var targetSize: Size = .zero
    let uploader: PixmapUploader
    let solids: SolidFillCache
    let layers: LayerPool
    let shadows: ShadowCache
    let images: ImageCache
    let transformLayers: TransformLayerCache
    let rasterizedLayers: RasterizedLayerCache
    let fonts: XftFontCache
    private let coreFont: CoreFontFallback
    /// What we last set as the client clip of a picture.
    enum AppliedClip: Equatable {
        /// No client clip (`clip_mask` None): the whole picture.
        case none
        /// These rectangles, in the picture's pixels.
        case rects([Rect])
    }

    /// The clip last set on each live surface picture, so unchanged clips are not sent again; pictures
    /// without an entry have an unknown clip. Entries go when the layer pool frees their picture.
    private var appliedClips: [Picture: AppliedClip] = [:]
    /// For each push command in the list being rendered, the index of its pop (or the list's end).
    private var groupEnds: [Int] = []

    /// A renderer drawing with `display`; call `setTarget(picture:size:)` before rendering.
    public init(display: Display) {
        self.display = display
        uploader = PixmapUploader(display: display)
        solids = SolidFillCache(display: display)
        layers = LayerPool(display: display)
        shadows = ShadowCache(display: display, uploader: uploader)
        images = ImageCache(display: display, uploader: uploader)
        transformLayers = TransformLayerCache()
        rasterizedLayers = RasterizedLayerCache(display: display)
        fonts = XftFontCache(display: display)
        coreFont = CoreFontFallback(display: display)
        layers.onDestroy = { [weak self] picture in self?.appliedClips[picture] = nil }
        rasterizedLayers.onDestroy = { [weak self] picture in self?.appliedClips[picture] = nil }
    }

    isolated deinit {
        transformLayers.removeAll(into: layers)
        fonts.close()
    }

    /// Sets the picture frames are drawn into (the window host's back buffer, which it owns) and its size.
    public func setTarget(picture: Picture, size: Size) {
        appliedClips[target] = nil
        target = picture
        targetSize = size
        retained = []  // a new target holds nothing of the last frame
        appliedClips[picture] = nil
        layers.maximumFreeBytes = 2 * windowBytes
    }

    /// One window's worth of ARGB pixels, in bytes.
    private var windowBytes: Int { Int(max(targetSize.width, 64) * max(targetSize.height, 64)) * 4 }

    /// Lets go of what only animation needs, once the window has been idle a while: the free layers
    /// beyond one window's worth (frames, which trim them, have stopped).
    public func releaseIdleResources() {
        layers.trim(toCount: LayerPool.maximumFreeLayers, bytes: windowBytes)
    }

    /// What the pooled free layers hold in the X server, in bytes.
    public var freeLayerBytes: Int { layers.freeBytes }

    /// Frees everything the renderer keeps in the X server between frames (cached and pooled layers,
    /// shadow masks, image uploads, solid fills, fonts): for when memory is short, or to see what is left
    /// that no cache accounts for. Later frames make again what they need.
    public func purgeCaches() {
        transformLayers.removeAll(into: layers)
        rasterizedLayers.removeAll()
        layers.removeAllFree()
        shadows.removeAll()
        images.removeAll()
        solids.removeAll()
        fonts.close()
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
        guard target != 0 else { return }
        let bounds = Rect(x: 0, y: 0, width: size.width, height: size.height)
        var damage = damage.intersection(bounds)
        statistics.damagePixels = Int(saturating: damage.area)
        if Self.retentionEnabled {
            let current = size == targetSize ? Self.retainedFills(in: list.commands, target: bounds, extent: inkExtent(of:)) : []
            damage = Self.damage(damage, retaining: retained, under: current)
            retained = current
            statistics.retainedPixels = statistics.damagePixels - Int(saturating: damage.area)
        }
        drawnRegion = damage
        appliedClips[target] = nil
        let root = RenderSurface(picture: target, origin: .zero, clip: damage.rects)
        if !damage.isEmpty {
            groupEnds = Self.groupEnds(of: list.commands)
            prepare(root)
            // Everything below an opaque fill that covers the whole damage is hidden: start there. The
            // window's and the root view's backgrounds usually are such fills, which saves the X server
            // two or three passes over every damaged pixel.
            let start = Self.firstVisibleCommand(in: list.commands, covering: damage.bounds)
            if start == 0 {
                var white = XRenderColor.opaqueWhite
                fill(root, root.bounds, color: &white, op: PictOpSrc)
            }
            cull(list.commands, 0..<start)
            if Self.occlusionEnabled, let occluder = Self.occluder(in: list.commands, after: start, damage: damage) {
                // What lies under the largest opaque fill is not drawn: only the bands around it are.
                let bands = Self.subtract(occluder.interior, from: damage.rects)
                statistics.occludedPixels = Int(saturating: damage.area) - Int(bands.reduce(0) { $0 + $1.width * $1.height })
                if !bands.isEmpty {
                    execute(list.commands, start..<occluder.index, in: RenderSurface(picture: target, origin: .zero, clip: bands))
                } else {
                    cull(list.commands, start..<occluder.index)
                }
                execute(list.commands, occluder.index..<list.commands.count, in: root)
            } else {
                execute(list.commands, start..<list.commands.count, in: root)
            }
            rasterizedLayers.endFrame()
        } else {
            statistics.commandsCulled = list.commands.count(where: { !$0.isGroupMarker })
        }
        // The host owns the target and may composite from it: always leave it without a clip, and unknown.
        appliedClips[target] = nil
        removeClip(of: target)
        appliedClips[target] = nil
        transformLayers.endFrame(into: layers)
        layers.endFrame()
        shadows.endFrame()
        images.endFrame()
        fonts.trim()
    }

    // MARK: - Walking the list

    /// Executes `commands[range]` into `surface`, handing each group to its handler.
    func execute(_ commands: [DisplayCommand], _ range: Range<Int>, in surface: RenderSurface) {
        var i = range.lowerBound
        while i < range.upperBound {
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
            case .popClip, .popOpacity, .popTransform, .popRasterized:
                break
            default:
                draw(commands[i], in: surface, occluder: occluder(after: i, in: commands, range: range, surface: surface))
            }
            i = commands[i].isPush ? end + 1 : i + 1
        }
    }

    /// For a shadow followed at once by an opaque fill of the same shape (a view's shadow, then its
    /// background), the pixels that fill is sure to cover, in surface pixels: the shadow need not be
    /// composited there. Nil for any other command.
    func occluder(after index: Int, in commands: [DisplayCommand], range: Range<Int>, surface: RenderSurface) -> Rect? {
        guard case let .shadow(shadowRect, _, _, _, _) = commands[index], index + 1 < range.upperBound,
              case let .fill(fillRect, radius, color, _) = commands[index + 1],
              fillRect == shadowRect, color.alpha >= 1, radius.isFinite else { return nil }
        // Inside the corners' reach, and a pixel more for anti-aliased edges, the fill is fully opaque.
        let inner = surface.pixels(fillRect).insetBy(dx: radius + 1, dy: radius + 1)
        let x0 = inner.minX.rounded(.up), y0 = inner.minY.rounded(.up)
        let x1 = inner.maxX.rounded(.down), y1 = inner.maxY.rounded(.down)
        guard x1 > x0, y1 > y0 else { return nil }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// The index of the last top-level opaque, square-cornered fill that covers `area`, or 0: nothing
    /// before it can show through. A top-level rasterized group that starts with such a fill counts as
    /// one, so that drawing starts at the group and can composite its layer.
    nonisolated static func firstVisibleCommand(in commands: [DisplayCommand], covering area: Rect) -> Int {
        var open: [(index: Int, rasterized: Bool)] = []
        var start = 0
        for (index, command) in commands.enumerated() {
            switch command {
            case .pushRasterized: open.append((index, true))
            case .pushClip, .pushOpacity, .pushTransform: open.append((index, false))
            case .popClip, .popOpacity, .popTransform, .popRasterized: _ = open.popLast()
            case .fill where isOpaqueCover(command, of: area):
                if open.isEmpty {
                    start = index
                } else if open.count == 1, open[0].rasterized, open[0].index == index - 1 {
                    start = index - 1
                }
            default: break
            }
        }
        return start
    }

    /// Counts the drawing commands of a skipped range as culled.
    func cull(_ commands: [DisplayCommand], _ range: Range<Int>) {
        statistics.commandsCulled += commands[range].count(where: { !$0.isGroupMarker })
    }

    /// Index of the matching pop for every push (the list's count when unmatched); other entries unused.
    static func groupEnds(of commands: [DisplayCommand]) -> [Int] {
        var ends = [Int](repeating: commands.count, count: commands.count)
        var open: [Int] = []
        for (index, command) in commands.enumerated() {
            if command.isPush {
                open.append(index)
            } else if command.isGroupMarker, let start = open.popLast() {
                ends[start] = index
            }
        }
        return ends
    }

    // MARK: - Drawing commands

    func draw(_ command: DisplayCommand, in surface: RenderSurface, occluder: Rect? = nil) {
        // Non-finite geometry (NaN, infinities) draws nothing; huge finite geometry is clamped below.
        guard let extent = Self.extent(of: command), extent.isFinite,
              surface.pixels(extent).intersects(surface.bounds) else {
            statistics.commandsCulled += 1
            return
        }
        statistics.commandsDrawn += 1
        prepare(surface)
        let dpy = display.pointer
        switch command {
        case let .fill(rect, radius, color, corners):
            guard color.alpha > 0 else { return }
            fillShape(surface.pixels(rect), radius: radius, corners: corners, color: color, in: surface)
        case let .border(rect, radius, width, color, corners):
            guard color.alpha > 0, width > 0 else { return }
            let traps = RoundedRectGeometry.ring(surface.pixels(rect), radius: radius, corners: corners, width: width,
                                                 limit: surface.bounds)
            compositeTrapezoids(traps, source: solids.picture(for: color), onto: surface)
        case let .shadow(rect, radius, blur, offset, color):
            guard color.alpha > 0 else { return }
            let shape = surface.pixels(rect.offsetBy(dx: offset.x, dy: offset.y))
            let blur = ShadowCache.sanitizedBlur(blur)
            statistics.count(.shadow, pixels: surface.clippedArea(surface.pixels(extent))
                - (occluder.map { surface.clippedArea($0) } ?? 0))
            if blur < 0.5 {
                fillShape(shape, radius: radius, color: color, in: surface)
            } else {
                shadows.draw(rect: shape.roundedToPixels, radius: radius, blurRadius: blur,
                             source: solids.picture(for: color), target: surface.picture, limit: surface.bounds,
                             occluder: occluder)
            }
        case let .text(layout, origin, color):
            guard color.alpha > 0 else { return }
            let font = fonts.font(for: layout.font)
            let source = solids.picture(for: color)
            for line in layout.lines where !line.text.isEmpty {
                let x = Int32(xCoordinate: (origin.x + line.x - surface.origin.x).rounded())
                let y = Int32(xCoordinate: (origin.y + line.baseline - surface.origin.y).rounded())
                guard let font else {
                    coreFont.draw(line.text, x: x, y: y, source: source, onto: surface.picture)
                    continue
                }
                let bytes = Array(line.text.utf8)
                statistics.count(.glyphs, pixels: surface.clippedArea(
                    Rect(x: Double(x), y: Double(y) - layout.font.size, width: line.width, height: layout.font.size * 1.3)))
                XftTextRenderUtf8(dpy, PictOpOver, source, font, surface.picture, 0, 0, x, y, bytes, Int32(bytes.count))
            }
        case let .image(image, rect):
            statistics.count(.composite, pixels: surface.clippedArea(surface.pixels(rect)))
            images.draw(image, in: surface.pixels(rect), target: surface.picture, limit: surface.bounds)
        default:
            break
        }
    }

    /// Fills a pixel-space (rounded) rectangle: `XRenderFillRectangle` when it is pixel-aligned with square
    /// corners, otherwise anti-aliased trapezoids.
    func fillShape(_ rect: Rect, radius: Double, corners: CornerMask = .all, color: Color, in surface: RenderSurface) {
        if RoundedRectGeometry.clampedRadius(radius, for: rect) < 0.01 || corners.isEmpty, rect.isPixelAligned {
            var xColor = XRenderColor(premultiplying: color)
            fill(surface, rect.intersection(surface.bounds), color: &xColor, op: color.alpha >= 1 ? PictOpSrc : PictOpOver)
        } else if let split = RoundedRectGeometry.fillPieces(rect, radius: radius, corners: corners, limit: surface.bounds) {
            var xColor = XRenderColor(premultiplying: color)
            for rect in split.fills {
                fill(surface, rect.intersection(surface.bounds), color: &xColor, op: color.alpha >= 1 ? PictOpSrc : PictOpOver)
            }
            let source = solids.picture(for: color)
            for piece in split.pieces { compositeTrapezoids(piece, source: source, onto: surface) }
        } else {
            let traps = RoundedRectGeometry.fill(rect, radius: radius, corners: corners, limit: surface.bounds)
            compositeTrapezoids(traps, source: solids.picture(for: color), onto: surface)
        }
    }

    /// Composites `source` through the anti-aliased mask of `traps` onto the surface. `sourceOrigin` is
    /// where the source's pixel (0, 0) lies in the surface (solid sources ignore it).
    func compositeTrapezoids(_ traps: [XTrapezoid], source: Picture, sourceOrigin: (x: Int32, y: Int32) = (0, 0),
                             onto surface: RenderSurface) {
        guard let first = traps.first else { return }
        // XRender aligns the source with the first trapezoid's left edge start, rounded down.
        let xDst = first.left.p1.x >> 16, yDst = first.left.p1.y >> 16
        statistics.count(.trapezoids, pixels: surface.clippedArea(Self.bounds(of: traps)))
        XRenderCompositeTrapezoids(display.pointer, PictOpOver, source, surface.picture, display.a8Format,
                                   xDst - sourceOrigin.x, yDst - sourceOrigin.y, traps, Int32(traps.count))
    }

    /// `XRenderFillRectangle` over a pixel rectangle.
    func fill(_ surface: RenderSurface, _ rect: Rect, color: inout XRenderColor, op: Int32) {
        guard !rect.isEmpty else { return }
        statistics.count(.fill, pixels: surface.clippedArea(rect))
        XRenderFillRectangle(display.pointer, op, surface.picture, &color, Int32(xCoordinate: rect.minX),
                             Int32(xCoordinate: rect.minY), UInt32(xSize: rect.width), UInt32(xSize: rect.height))
    }

    /// The pixel box enclosing `traps`.
    nonisolated static func bounds(of traps: [XTrapezoid]) -> Rect {
        var minX = Int32.max, maxX = Int32.min, minY = Int32.max, maxY = Int32.min
        for t in traps {
            minY = min(minY, t.top); maxY = max(maxY, t.bottom)
            minX = min(minX, t.left.p1.x, t.left.p2.x); maxX = max(maxX, t.right.p1.x, t.right.p2.x)
        }
        guard minX <= maxX, minY <= maxY else { return .zero }
        let scale = 1.0 / 65536
        return Rect(x: Double(minX) * scale, y: Double(minY) * scale,
                    width: Double(maxX - minX) * scale, height: Double(maxY - minY) * scale).integral
    }

    /// Sets the surface's clip on its picture unless it is already in place.
    func prepare(_ surface: RenderSurface) {
        guard appliedClips[surface.picture] != .rects(surface.clip) else { return }
        var rects = surface.clip.map(\.xRectangle)
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

    /// The area a drawing command may touch, in its own coordinates; nil for group markers.
    nonisolated static func extent(of command: DisplayCommand) -> Rect? {
        switch command {
        case let .fill(rect, _, _, _), let .border(rect, _, _, _, _), let .image(_, rect):
            return rect
        case let .shadow(rect, _, blur, offset, _):
            let margin = Double(ShadowMaskRasterizer.margin(blurRadius: ShadowCache.sanitizedBlur(blur))) + 1
            return rect.offsetBy(dx: offset.x, dy: offset.y).insetBy(dx: -margin, dy: -margin)
        case let .text(layout, origin, _):
            // Lines are placed by their alignment, so a centred or right-aligned line lies beyond the
            // block's measured width: the extent is the union of the lines' own boxes. Glyphs may overhang
            // the advance box a little on every side.
            let pad = (layout.font.size * 0.3).rounded(.up)
            var box = Rect(origin: origin, size: layout.size)
            for line in layout.lines {
                box = box.union(Rect(x: origin.x + line.x, y: origin.y, width: line.width, height: layout.size.height))
            }
            return box.insetBy(dx: -pad, dy: -pad)
        default:
            return nil
        }
    }
}

extension DisplayCommand {
    /// True for the commands that open a group.
    var isPush: Bool {
        switch self {
        case .pushClip, .pushOpacity, .pushTransform, .pushRasterized: return true
        default: return false
        }
    }

    /// True for push and pop commands, which draw nothing themselves.
    var isGroupMarker: Bool {
        switch self {
        case .pushClip, .pushOpacity, .pushTransform, .pushRasterized,
             .popClip, .popOpacity, .popTransform, .popRasterized: return true
        default: return false
        }
    }
}
