import CX11
import Proscenium

/// Rasterized groups (`View.shouldRasterize`): a still subtree drawn once into a layer, then composited.
extension XRenderRenderer {
    /// Composites the group's cached layer into the damage, rendering first what the layer lacks there,
    /// once the group has held still for two frames; draws the group directly when it changes, when it is
    /// nested in another offscreen layer (that layer is the cache), or when it is too large to keep.
    func rasterizedGroup(_ commands: [DisplayCommand], _ range: Range<Int>, bounds: Rect, in surface: RenderSurface) {
        guard surface.picture == target, bounds.isFinite, !range.isEmpty else { return execute(commands, range, in: surface) }
        let area = surface.pixels(bounds).integral.intersection(Rect(origin: .zero, size: targetSize))
        guard !area.isEmpty else { return cull(range) }
        // The group's push is just before its range.
        let identity = RasterizedGroupIdentity.identity(ofGroupAt: range.lowerBound - 1, in: groupIdentities)
        guard area.intersects(surface.bounds) else {
            // Out of this frame's damage: nothing to draw, but the group still counts as seen.
            _ = rasterizedLayers.lookup(commands[range], area: area, origin: surface.origin, identity: identity)
            return cull(range)
        }
        // A group that starts with an opaque square fill over its whole area is an opaque layer: a copy.
        let opaque = Self.isOpaqueCover(commands[range.lowerBound],
                                        of: area.offsetBy(dx: surface.origin.x, dy: surface.origin.y))
        let layer: Layer
        switch rasterizedLayers.lookup(commands[range], area: area, origin: surface.origin, identity: identity) {
        case .drawDirectly:
            return execute(commands, range, in: surface)
        case let .cached(cached):
            statistics.layersReused += 1
            layer = cached
        case .render:
            statistics.layersRendered += 1
            layer = rasterizedLayers.makeLayer(width: Int(area.width), height: Int(area.height))
            rasterizedLayers.store(layer, area: area, origin: surface.origin, commands: commands[range])
        }
        let visible = area.intersection(surface.bounds)
        // Only where this frame composites from the layer need it hold the group: render what it lacks there.
        var needed = surface.clip(to: visible)
        for index in needed.indices { needed[index] = needed[index].offsetBy(dx: -area.minX, dy: -area.minY) }
        let missing = rasterizedLayers.missing(needed, in: layer)
        if missing.isEmpty {
            cull(range)
        } else {
            let origin = Point(x: surface.origin.x + area.minX, y: surface.origin.y + area.minY)
            // A group that starts with an opaque fill of whole pixels over all of it (a screen's background)
            // writes every pixel it is clipped to with its first request: clearing them first is a wasted pass.
            let coveredAtOnce = opaque && Self.extent(of: commands[range.lowerBound]).map { $0.offsetBy(dx: -origin.x, dy: -origin.y).isPixelAligned } == true
            if !coveredAtOnce { rasterizedLayers.clear(missing, of: layer) }
            execute(commands, range, in: RenderSurface(picture: layer.picture, origin: origin, clip: missing))
        }
        unclipSource(layer.picture)
        prepare(surface)
        tally(.composite, visible, in: surface)
        XRenderComposite(display.pointer, opaque ? PictOpSrc : PictOpOver, layer.picture, 0, surface.picture,
                         Int32(xCoordinate: visible.minX - area.minX), Int32(xCoordinate: visible.minY - area.minY), 0, 0,
                         Int32(xCoordinate: visible.minX), Int32(xCoordinate: visible.minY),
                         UInt32(xSize: visible.width), UInt32(xSize: visible.height))
    }

    /// Whether `command` is an opaque fill with square corners covering `area` (command space), so that
    /// nothing drawn before it shows through there.
    nonisolated static func isOpaqueCover(_ command: DisplayCommand, of area: Rect) -> Bool {
        guard case .fill = command else { return false }
        return CommandSummary(command).isOpaqueCover(of: area)
    }
}
