import CX11
import Proscenium

/// The drawing commands themselves: fills (plain where pixel-aligned, trapezoids for rounded corners),
/// borders, shadows, Xft text and images, each into a surface's picture within its clip.
extension XRenderRenderer {
    /// Lines wider than this are drawn in pieces (`XftLongText`): Xft places glyphs with 16-bit offsets.
    nonisolated static let longLineWidth = 16_000.0

    /// `color` as `draw` paints it: tinted under this frame's overlay while `drawsTinted`, else as it is.
    func drawingColor(_ color: Color) -> Color {
        drawsTinted ? frameTints!(color) : color
    }

    /// Draws one command into `surface`; a shadow leaves out what `occluder` (surface pixels) hides.
    func draw(_ command: DisplayCommand, in surface: RenderSurface, occluder: Rect? = nil) {
        // Non-finite geometry (NaN, infinities) draws nothing; huge finite geometry is clamped below.
        // Culled against each clip rectangle, not only their bounds: a layer rendered part by part, or
        // bands around a card, have clips whose bounds span the window while a command meets none of them.
        guard let extent = Self.extent(of: command), extent.isFinite,
              case let pixels = surface.pixels(extent), pixels.intersects(surface.bounds),
              surface.clip.count == 1 || surface.clip.anyIntersects(pixels) else {
            statistics.commandsCulled += 1
            return
        }
        statistics.commandsDrawn += 1
        prepare(surface)
        let dpy = display.pointer
        switch command {
        case let .fill(rect, radius, color, corners):
            let color = drawingColor(color)
            guard color.alpha > 0 else { return }
            fillShape(surface.pixels(rect), radius: radius, corners: corners, color: color, in: surface)
        case let .border(rect, radius, width, color, corners):
            let color = drawingColor(color)
            guard color.alpha > 0, width > 0 else { return }
            let traps = RoundedRectGeometry.ring(surface.pixels(rect), radius: radius, corners: corners, width: width,
                                                 limit: surface.bounds)
            compositeTrapezoids(traps, source: solids.picture(for: color), onto: surface)
        case let .shadow(rect, radius, blur, offset, color):
            let color = drawingColor(color)
            guard color.alpha > 0 else { return }
            let shape = surface.pixels(rect.offsetBy(dx: offset.x, dy: offset.y))
            let blur = ShadowCache.sanitizedBlur(blur)
            if countsRequestPixels {
                var hidden = 0.0
                if let occluder { hidden = surface.clippedArea(occluder) }
                statistics.count(.shadow, pixels: surface.clippedArea(surface.pixels(extent)) - hidden)
            } else {
                statistics.count(.shadow, pixels: 0)
            }
            if blur < 0.5 {
                fillShape(shape, radius: radius, color: color, in: surface)
            } else {
                shadows.draw(rect: shape.roundedToPixels, radius: radius, blurRadius: blur,
                             source: solids.picture(for: color), target: surface.picture, limit: surface.bounds,
                             occluder: occluder)
            }
        case let .text(layout, origin, color):
            let color = drawingColor(color)
            guard color.alpha > 0 else { return }
            let font = fonts.font(for: layout.font)
            let white = usesTextMasks && font != nil ? solids.picture(for: .white) : 0
            let source = solids.picture(for: color)
            for line in layout.lines where !line.text.isEmpty {
                let x = Int32(xCoordinate: (origin.x + line.x - surface.origin.x).rounded())
                let y = Int32(xCoordinate: (origin.y + line.baseline - surface.origin.y).rounded())
                guard let font else {
                    coreFont.draw(line.text, x: x, y: y, source: source, onto: surface.picture)
                    continue
                }
                tally(.glyphs, Rect(x: Double(x), y: Double(y) - layout.font.size, width: line.width, height: layout.font.size * 1.3),
                      in: surface)
                if line.width > Self.longLineWidth {
                    // Beyond 16-bit coordinates: in pieces, those that reach the surface.
                    let bounds = surface.bounds
                    XftLongText.draw(line.text, font: font, on: dpy, op: PictOpOver, source: source, onto: surface.picture,
                                     x: Int((origin.x + line.x - surface.origin.x).rounded()), y: y,
                                     visible: Int(bounds.minX.rounded(.down))...Int(bounds.maxX.rounded(.up)))
                } else if usesTextMasks,
                   let mask = textMasks.mask(for: line.text, font: layout.font, xftFont: font,
                                             ink: { self.inkBox(of: line.text, in: layout.font, font) }, white: white) {
                    XRenderComposite(dpy, PictOpOver, source, mask.picture, surface.picture, 0, 0, 0, 0,
                                     x &- mask.x, y &- mask.y, mask.width, mask.height)
                } else {
                    let bytes = Array(line.text.utf8)
                    XftTextRenderUtf8(dpy, PictOpOver, source, font, surface.picture, 0, 0, x, y, bytes, Int32(bytes.count))
                }
            }
        case let .image(image, rect):
            tally(.composite, surface.pixels(rect), in: surface)
            images.draw(image, in: surface.pixels(rect), target: surface.picture, limit: surface.bounds)
        default:
            break
        }
    }

    /// Fills a pixel-space (rounded) rectangle: `XRenderFillRectangle` when it is pixel-aligned with square
    /// corners, fills and kept corner masks when it is pixel-aligned with rounded ones, otherwise fills and
    /// anti-aliased trapezoids.
    func fillShape(_ rect: Rect, radius: Double, corners: CornerMask = .all, color: Color, in surface: RenderSurface) {
        let op = color.alpha >= 1 ? PictOpSrc : PictOpOver
        // On whole pixels to within a hair: drawn as exactly whole pixels, its size too (requests truncate).
        let aligned = rect.isPixelAligned
        let whole = aligned ? rect.roundedToPixels : rect
        if RoundedRectGeometry.clampedRadius(radius, for: whole) < 0.01 || corners.isEmpty, aligned {
            var xColor = XRenderColor(premultiplying: color)
            fill(surface, whole.intersection(surface.bounds), color: &xColor, op: op)
        } else if usesCornerMasks, aligned,
                  fillOnWholePixels(whole, radius: RoundedRectGeometry.clampedRadius(radius, for: whole), corners: corners,
                                    color: color, op: op, in: surface) {
            return
        } else if let split = RoundedRectGeometry.fillPieces(rect, radius: radius, corners: corners, limit: surface.bounds) {
            var xColor = XRenderColor(premultiplying: color)
            for rect in split.fills { fill(surface, rect.intersection(surface.bounds), color: &xColor, op: op) }
            let source = solids.picture(for: color)
            for piece in split.pieces { compositeTrapezoids(piece, source: source, onto: surface) }
        } else {
            let traps = RoundedRectGeometry.fill(rect, radius: radius, corners: corners, limit: surface.bounds)
            compositeTrapezoids(traps, source: solids.picture(for: color), onto: surface)
        }
    }

    /// A rounded rectangle with whole-pixel edges as plain fills and kept corner masks: the `ceil(radius)`
    /// square in each corner of an edge that has a rounded one is composited through its corner's mask (or
    /// filled, where that corner is square), everything else is filled with `op` — the pixels `fillPieces`
    /// and its trapezoids give, without working out a trapezoid. False, having drawn nothing, when the
    /// corners are too large to keep or leave no straight edge between them.
    func fillOnWholePixels(_ rect: Rect, radius r: Double, corners: CornerMask, color: Color, op: Int32,
                           in surface: RenderSurface) -> Bool {
        let side = r.rounded(.up)
        guard r >= 1, rect.width > 2 * side, rect.height > 2 * side, side <= Double(CornerMaskCache.maximumSide) else {
            return false
        }
        let top = corners.isDisjoint(with: .top) ? 0 : side, bottom = corners.isDisjoint(with: .bottom) ? 0 : side
        var squares: [(square: Rect, corner: CornerMask)] = []
        if top > 0 {
            squares += [(Rect(x: rect.minX, y: rect.minY, width: side, height: side), .topLeft),
                        (Rect(x: rect.maxX - side, y: rect.minY, width: side, height: side), .topRight)]
        }
        if bottom > 0 {
            squares += [(Rect(x: rect.minX, y: rect.maxY - side, width: side, height: side), .bottomLeft),
                        (Rect(x: rect.maxX - side, y: rect.maxY - side, width: side, height: side), .bottomRight)]
        }
        // Every mask first (one too large means drawing nothing); a square corner has none and is filled.
        let white = solids.picture(for: .white)
        var masked: [(square: Rect, mask: CornerMaskCache.Mask?)] = []
        for (square, corner) in squares {
            guard corners.contains(corner) else {
                masked.append((square, nil))
                continue
            }
            guard let mask = cornerMasks.mask(radius: r, corner: corner, white: white) else { return false }
            masked.append((square, mask))
        }
        let source = solids.picture(for: color)
        var xColor = XRenderColor(premultiplying: color)
        for piece in [Rect(x: rect.minX, y: rect.minY + top, width: rect.width, height: rect.height - top - bottom),
                      Rect(x: rect.minX + side, y: rect.minY, width: rect.width - 2 * side, height: top),
                      Rect(x: rect.minX + side, y: rect.maxY - bottom, width: rect.width - 2 * side, height: bottom)]
        where piece.height > 0 {
            fill(surface, piece.intersection(surface.bounds), color: &xColor, op: op)
        }
        for (square, mask) in masked {
            let visible = square.intersection(surface.bounds)
            guard !visible.isEmpty else { continue }
            guard let mask else {
                fill(surface, visible, color: &xColor, op: op)
                continue
            }
            tally(.corner, visible, in: surface)
            XRenderComposite(display.pointer, PictOpOver, source, mask.picture, surface.picture, 0, 0,
                             Int32(xCoordinate: visible.minX - square.minX), Int32(xCoordinate: visible.minY - square.minY),
                             Int32(xCoordinate: visible.minX), Int32(xCoordinate: visible.minY),
                             UInt32(xSize: visible.width), UInt32(xSize: visible.height))
        }
        return true
    }

    /// Composites `source` through the anti-aliased mask of `traps` onto the surface. `sourceOrigin` is
    /// where the source's pixel (0, 0) lies in the surface (solid sources ignore it).
    func compositeTrapezoids(_ traps: [XTrapezoid], source: Picture, sourceOrigin: (x: Int32, y: Int32) = (0, 0),
                             onto surface: RenderSurface) {
        guard let first = traps.first else { return }
        // XRender aligns the source with the first trapezoid's left edge start, rounded down.
        let xDst = first.left.p1.x >> 16, yDst = first.left.p1.y >> 16
        tally(.trapezoids, Self.bounds(of: traps), in: surface)
        XRenderCompositeTrapezoids(display.pointer, PictOpOver, source, surface.picture, display.a8Format,
                                   xDst - sourceOrigin.x, yDst - sourceOrigin.y, traps, Int32(traps.count))
    }

    /// `XRenderFillRectangle` over a pixel rectangle.
    func fill(_ surface: RenderSurface, _ rect: Rect, color: inout XRenderColor, op: Int32) {
        guard !rect.isEmpty else { return }
        tally(.fill, rect, in: surface)
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
