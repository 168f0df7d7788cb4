import CX11
import Proscenium

/// Groups: clips, opacity and transforms, each drawn directly when it can be and through an offscreen
/// layer when it must.
extension XRenderRenderer {
    /// A clip: rectangular clips (and rounded ones whose corners lie outside the damage) narrow the clip
    /// rectangles; otherwise the children render into a layer composited through a rounded-rect mask.
    func clipGroup(_ commands: [DisplayCommand], _ range: Range<Int>, rect: Rect, radius: Double,
                   corners: CornerMask = .all, in surface: RenderSurface) {
        let shape = surface.pixels(rect)
        let clip = surface.clip(to: shape.roundedToPixels)
        guard !clip.isEmpty else { return cull(range) }
        let inner = RenderSurface(picture: surface.picture, origin: surface.origin, clip: clip)
        let r = RoundedRectGeometry.clampedRadius(radius, for: shape)
        guard r >= 0.01, Self.corners(of: shape, radius: r, mask: corners).anyIntersects(inner.bounds) else {
            return execute(commands, range, in: inner)
        }
        let area = inner.bounds
        let (layer, layerSurface) = makeLayer(area: area, clip: clip, origin: surface.origin)
        execute(commands, range, in: layerSurface)
        unclipSource(layer.picture)
        prepare(surface)
        let traps = RoundedRectGeometry.fill(shape, radius: r, corners: corners, limit: area)
        compositeTrapezoids(traps, source: layer.picture,
                            sourceOrigin: (Int32(xCoordinate: area.minX), Int32(xCoordinate: area.minY)), onto: surface)
        layers.release(layer)
    }

    /// Group opacity: the children render into a layer covering the group's visible bounds, composited
    /// through a solid alpha mask.
    func opacityGroup(_ commands: [DisplayCommand], _ range: Range<Int>, alpha: Double, bounds: Rect,
                      in surface: RenderSurface) {
        guard alpha > 0 else { return cull(range) }
        guard alpha < 1 else { return execute(commands, range, in: surface) }
        // A group of one fill, border or shadow (a fading dimming view) looks the same drawn once with its
        // alpha scaled: one pass over its pixels instead of clearing a layer, drawing and compositing it.
        if range.count == 1, let faded = commands[range.lowerBound].fading(by: alpha) {
            return draw(faded, in: surface)
        }
        // So does one line-masked text (a label fading, a bar's title cross-fading), next to fills that draw
        // nothing (a plain button's clear background): each line is one mask composited once, so its
        // overlapping glyphs are not blended twice.
        if usesTextMasks, let index = Self.onlyVisibleCommand(of: commands, in: range), case let .text(layout, origin, color) = commands[index] {
            statistics.commandsCulled += summaries[range].drawingCount - 1
            return draw(.text(layout, origin: origin, color: color.faded(by: alpha)), in: surface)
        }
        let clip = surface.clip(to: surface.pixels(bounds).integral)
        guard !clip.isEmpty else { return cull(range) }
        let area = clip.boundingBox
        let (layer, layerSurface) = makeLayer(area: area, clip: clip, origin: surface.origin)
        execute(commands, range, in: layerSurface)
        unclipSource(layer.picture)
        prepare(surface)
        tally(.composite, area, in: surface)
        XRenderComposite(display.pointer, PictOpOver, layer.picture, solids.alphaMask(alpha), surface.picture,
                         0, 0, 0, 0, Int32(xCoordinate: area.minX), Int32(xCoordinate: area.minY),
                         UInt32(xSize: area.width), UInt32(xSize: area.height))
        layers.release(layer)
    }

    /// A transformed group: the children render in local coordinates into a layer, which is composited
    /// through the inverse transform with bilinear filtering. Layers of whole groups are cached.
    func transformGroup(_ commands: [DisplayCommand], _ range: Range<Int>, transform: AffineTransform, bounds: Rect,
                        in surface: RenderSurface) {
        if transform.isTranslation {
            var moved = surface
            moved.origin = Point(x: surface.origin.x - transform.tx, y: surface.origin.y - transform.ty)
            return execute(commands, range, in: moved)
        }
        let visible = surface.bounds.offsetBy(dx: surface.origin.x, dy: surface.origin.y)
        // What the layer can reach: the bounds rounded out to whole local pixels (the layer's area), scaled.
        let onParent = transform.apply(to: bounds.integral)
        guard transform.isFinite, let inverse = transform.inverted, inverse.isFinite, bounds.isFinite, !bounds.isEmpty,
              onParent.isFinite, onParent.intersects(visible) else {
            return cull(range)
        }
        let whole = bounds.integral
        let body = commands[range]
        if let cached = transformLayers.layer(for: body, bounds: bounds) {
            statistics.layersReused += 1
            compositeTransformed(cached, localArea: whole, transform: transform, inverse: inverse, onto: surface)
            return
        }
        let cacheable = transformLayers.canStore(pixels: Int(saturating: whole.width * whole.height))
        let localArea = cacheable ? whole
            : inverse.apply(to: onParent.intersection(visible)).integral.insetBy(dx: -1, dy: -1).intersection(whole)
        // A group shrunk so far that its visible part needs a huge layer is not drawn.
        guard !localArea.isEmpty, localArea.width <= Self.maximumLayerSide, localArea.height <= Self.maximumLayerSide,
              localArea.width * localArea.height <= Self.maximumLayerPixels else {
            return cull(range)
        }
        let full = Rect(x: 0, y: 0, width: localArea.width, height: localArea.height)
        let (layer, layerSurface) = makeLayer(area: localArea, clip: [full.offsetBy(dx: localArea.minX, dy: localArea.minY)],
                                              origin: .zero, clearingWholeLayer: true)
        execute(commands, range, in: layerSurface)
        compositeTransformed(layer, localArea: localArea, transform: transform, inverse: inverse, onto: surface)
        if cacheable {
            transformLayers.store(layer, for: body, bounds: bounds)
        } else {
            layers.release(layer)
        }
    }

    /// The largest side of an offscreen layer: X coordinates are 16-bit.
    static let maximumLayerSide = 16384.0
    /// The most pixels an offscreen layer may have (128 MB of ARGB32).
    static let maximumLayerPixels = 32_000_000.0

    /// Composites a layer holding `localArea` of a group's local space onto the surface through `transform`.
    private func compositeTransformed(_ layer: Layer, localArea: Rect, transform: AffineTransform,
                                      inverse: AffineTransform, onto surface: RenderSurface) {
        let dpy = display.pointer
        let destination = surface.pixels(transform.apply(to: localArea)).integral.intersection(surface.bounds)
        guard !destination.isEmpty else { return }
        // Surface pixel -> command space -> local space -> layer pixel.
        let map = AffineTransform(translationX: surface.origin.x, y: surface.origin.y)
            .concatenating(inverse)
            .concatenating(AffineTransform(translationX: -localArea.minX, y: -localArea.minY))
        var xTransform = XTransform(map)
        XRenderSetPictureTransform(dpy, layer.picture, &xTransform)
        XRenderSetPictureFilter(dpy, layer.picture, "bilinear", nil, 0)
        unclipSource(layer.picture)
        prepare(surface)
        tally(.composite, destination, in: surface)
        XRenderComposite(dpy, PictOpOver, layer.picture, 0, surface.picture,
                         Int32(xCoordinate: destination.minX), Int32(xCoordinate: destination.minY), 0, 0,
                         Int32(xCoordinate: destination.minX), Int32(xCoordinate: destination.minY),
                         UInt32(xSize: destination.width), UInt32(xSize: destination.height))
        var identity = XTransform.identity
        XRenderSetPictureTransform(dpy, layer.picture, &identity)
        XRenderSetPictureFilter(dpy, layer.picture, "nearest", nil, 0)
    }

    /// Readies a layer drawn into to be a composite's source: removes the client clip its drawing left.
    ///
    /// The X server's `miComputeCompositeRegion`, which glamor and EXA use, clips a composite to its
    /// source's clip too, moved by (xDst − xSrc) and without the source's transform. A layer's clip is that
    /// of its last drawing — a nested group's narrower clip, the part of a rasterized layer this frame
    /// rendered, a transformed layer's pixels before the transform moves them — and the layer composited
    /// with it lands only there: the rest of the group goes missing, or the target keeps the last frame's
    /// pixels under it (a scaling popover trailed copies of its earlier frames). Xvfb's fb code ignores
    /// source clips, so only glamor (Xorg on most desktops) showed it.
    func unclipSource(_ picture: Picture) {
        removeClip(of: picture)
    }

    /// A cleared layer for the pixel rectangle `area` of a surface whose command-space origin is `origin`,
    /// with `clip` (in the same pixels) moved into the layer. Transformed layers are cleared entirely,
    /// because bilinear sampling near their edges reads pixels beyond `area`.
    private func makeLayer(area: Rect, clip: [Rect], origin: Point, clearingWholeLayer: Bool = false) -> (Layer, RenderSurface) {
        statistics.layersRendered += 1
        let layer = layers.acquire(width: Int(saturating: area.width), height: Int(saturating: area.height))
        let layerClip = clip.offsetBy(dx: -area.minX, dy: -area.minY)
        let surface = RenderSurface(picture: layer.picture,
                                    origin: Point(x: origin.x + area.minX, y: origin.y + area.minY), clip: layerClip)
        removeClip(of: layer.picture)
        var transparent = XRenderColor.transparent
        let clearArea = clearingWholeLayer ? Rect(x: 0, y: 0, width: Double(layer.width), height: Double(layer.height))
            : Rect(x: 0, y: 0, width: area.width, height: area.height)
        statistics.count(.fill, pixels: countsRequestPixels ? clearArea.width * clearArea.height : 0)
        XRenderFillRectangle(display.pointer, PictOpSrc, layer.picture, &transparent, 0, 0,
                             UInt32(xSize: clearArea.width), UInt32(xSize: clearArea.height))
        return (layer, surface)
    }

    /// The four corner squares of a rounded rectangle, where a rounded clip differs from a rectangular one.
    nonisolated static func corners(of rect: Rect, radius r: Double, mask: CornerMask = .all) -> [Rect] {
        [(CornerMask.topLeft, Rect(x: rect.minX, y: rect.minY, width: r, height: r)),
         (.topRight, Rect(x: rect.maxX - r, y: rect.minY, width: r, height: r)),
         (.bottomLeft, Rect(x: rect.minX, y: rect.maxY - r, width: r, height: r)),
         (.bottomRight, Rect(x: rect.maxX - r, y: rect.maxY - r, width: r, height: r))]
            .filter { mask.contains($0.0) }.map(\.1)
    }
}

extension AffineTransform {
    /// True when all six coefficients are finite.
    var isFinite: Bool {
        a.isFinite && b.isFinite && c.isFinite && d.isFinite && tx.isFinite && ty.isFinite
    }
}

extension XRenderRenderer {
    /// The index of the one command of `range` that draws something, when all the others are fills,
    /// borders or shadows of no alpha; nil otherwise (groups inside included).
    nonisolated static func onlyVisibleCommand(of commands: [DisplayCommand], in range: Range<Int>) -> Int? {
        var found: Int?
        for index in range {
            switch commands[index] {
            case let .fill(_, _, color, _), let .border(_, _, _, color, _), let .shadow(_, _, _, _, color):
                if color.alpha <= 0 { continue }
            default:
                break
            }
            guard found == nil else { return nil }
            found = index
        }
        return found
    }
}

extension Color {
    /// This colour with its opacity multiplied by `alpha`: what an opacity group of `alpha` makes of a shape
    /// of one colour drawn alone in it.
    func faded(by alpha: Double) -> Color { withAlphaComponent(self.alpha * alpha) }
}

extension DisplayCommand {
    /// This command drawn with `alpha` more transparency, when that looks the same as compositing it
    /// alone through an opacity group: shapes of one colour. Nil for text (glyphs may overlap), images
    /// and group markers.
    func fading(by alpha: Double) -> DisplayCommand? {
        switch self {
        case let .fill(rect, radius, color, corners):
            return .fill(rect: rect, cornerRadius: radius, color: color.faded(by: alpha), corners: corners)
        case let .border(rect, radius, width, color, corners):
            return .border(rect: rect, cornerRadius: radius, width: width,
                           color: color.faded(by: alpha), corners: corners)
        case let .shadow(rect, radius, blur, offset, color):
            return .shadow(rect: rect, cornerRadius: radius, blurRadius: blur, offset: offset,
                           color: color.faded(by: alpha))
        default:
            return nil
        }
    }
}
