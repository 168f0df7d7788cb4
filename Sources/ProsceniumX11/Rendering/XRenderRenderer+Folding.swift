import CX11
import Glibc
import Proscenium

/// Folding a translucent overlay into the flat colour under it. A dimming view fading over a screen whose
/// background is one opaque colour costs the X server two read-and-write passes over every dimmed pixel:
/// the screen (or its cached layer) and then the overlay blended over it. Wherever nothing but that
/// background lies under the overlay, the two together are one known colour, so one write-only fill of it
/// does the same. That is most of a dimmed window: the margins around a presented card, and the side
/// columns whose tall, narrow rows the X server walks slowly.
///
/// The colour is worked out the way pixman blends 8-bit channels, so a folded pixel equals, bit for bit, the
/// one the two passes would have made (`FoldingTests` checks it for many colours and alphas).
extension XRenderRenderer {
    /// An overlay that can be folded into the background under it, for one range of top-level commands.
    struct FoldableOverlay: Equatable {
        /// The index of the overlay: its fill, or the one-fill opacity group that fades it.
        var start: Int
        /// The index after the overlay: its fill, or the pop of the one-fill opacity group that fades it.
        var end: Int
        /// The overlay's colour, faded by its group (straight alpha).
        var color: Color
        /// Where the background and the overlay both cover whole pixels, in target pixels.
        var area: Rect
        /// Where something drawn between the background and the overlay may show, in target pixels:
        /// merged into a few boxes, which is all that folding needs.
        var busy: [Rect]
        /// The opaque colour the overlay over the background makes, in 8-bit channels (0...255).
        var red: Int, green: Int, blue: Int
    }

    /// Whether overlays are folded; `PROSCENIUM_NO_FOLDING=1` turns it off, for A/B measurements.
    nonisolated static let foldingEnabled = getenv("PROSCENIUM_NO_FOLDING").map { String(cString: $0) != "1" } ?? true

    /// Busy areas are merged into at most this many boxes before being cut out of the folded area.
    nonisolated static let maximumBusyBoxes = 6
    /// Past this many rectangles, the folded area is not worth its clip: the range is drawn as usual.
    nonisolated static let maximumFoldedRectangles = 32

    /// Draws `commands[range]` into the target within `clip` (target pixels), folding its overlay into the
    /// background where it can: one fill where only the two meet; everywhere else the commands up to the
    /// overlay, tinted with the overlay left out where it covers them (see `executeUnderOverlay`), as they
    /// are elsewhere; then the rest of the range everywhere.
    func executeFolding(_ commands: [DisplayCommand], _ range: Range<Int>, clip: [Rect]) {
        // Each call draws a part of the damage from its own start (see `drawFloor`).
        drawFloor = range.lowerBound
        let whole = RenderSurface(picture: target, origin: .zero, clip: clip)
        guard foldsOverlays, let overlay = foldableOverlay(in: commands, range: range) else {
            return execute(commands, range, in: whole)
        }
        // Cut into too many pieces, nothing is folded, but what lies under the overlay may still be tinted.
        let (folded, rest) = Self.split(clip, folding: overlay) ?? ([], clip)
        // A black shadow drawn right after the overlay darkens the folded colour where it falls on it.
        let shadow = folded.isEmpty || overlay.end >= range.upperBound ? nil : foldableShadow(commands[overlay.end])
        var shadowed: [Rect] = []
        if !folded.isEmpty {
            let pixels = folded.totalArea
            statistics.foldedPixels += Int(pixels)
            var color = XRenderColor(red: UInt16(overlay.red * 257), green: UInt16(overlay.green * 257),
                                     blue: UInt16(overlay.blue * 257), alpha: 0xFFFF)
            var plain = folded
            if let shadow {
                plain.removeAll(keepingCapacity: true)
                shadowed.reserveCapacity(folded.count)
                for rect in folded {
                    let inside = rect.intersection(shadow.extent)
                    guard !inside.isEmpty else {
                        plain.append(rect)
                        continue
                    }
                    shadowed.append(inside)
                    rect.forEachPiece(subtracting: inside) { plain.append($0) }
                }
            }
            if !plain.isEmpty {
                // What nothing drawn later reaches goes straight to the window; the rest into the back buffer.
                let back = fillWindow(plain, color: &color, overlayEnd: overlay.end)
                if !back.isEmpty {
                    statistics.count(.fill, pixels: countsRequestPixels ? back.totalArea : 0)
                    var rects = back.xRectangles
                    // The rectangles are the whole area to fill: no clip needed (and none to set up in the server).
                    removeClip(of: target)
                    XRenderFillRectangles(display.pointer, PictOpSrc, target, &color, &rects, Int32(rects.count))
                }
            }
            if let shadow, !shadowed.isEmpty {
                // The folded colour and the shadow over it in one pass (see `ShadowCache.drawOverFlatColor`).
                let surface = RenderSurface(picture: target, origin: .zero, clip: shadowed)
                prepare(surface)
                statistics.shadowFoldedPixels += Int(shadowed.totalArea)
                statistics.count(.shadow, pixels: countsRequestPixels ? shadowed.totalArea : 0)
                // Limited as the shadow drawn as usual would be (by the whole clip): the same nine-patch, the
                // same cached mask, however the folded part is cut up.
                shadows.drawOverFlatColor(rect: shadow.rect, radius: shadow.radius, blurRadius: shadow.blur, alpha: shadow.alpha,
                                          red: UInt8(overlay.red), green: UInt8(overlay.green),
                                          blue: UInt8(overlay.blue), target: target, limit: whole.bounds)
            }
        }
        executeUnderOverlay(commands, from: range.lowerBound, overlay, clip: rest)
        if let shadow, !shadowed.isEmpty {
            // The shadow is drawn as usual only where the overlay was not folded, limited as before by the
            // whole clip's bounds: the same nine-patch and cached mask as the folded part's.
            if rest.contains(where: { $0.intersects(shadow.extent) }) {
                var unfolded = RenderSurface(picture: target, origin: .zero, clip: rest)
                unfolded.bounds = whole.bounds
                execute(commands, overlay.end..<(overlay.end + 1), in: unfolded)
            } else {
                cull(overlay.end..<(overlay.end + 1))
            }
            execute(commands, (overlay.end + 1)..<range.upperBound, in: whole)
        } else {
            execute(commands, overlay.end..<range.upperBound, in: whole)
        }
    }

    /// A shadow that `executeFolding` may draw together with the folded colour under it.
    struct FoldableShadow {
        /// The shadow's rectangle on whole target pixels, as `draw` composites it, and its nine-patch.
        var rect: Rect, extent: Rect
        var radius: Double, blur: Double
        /// Its 8-bit alpha, as pixman takes it from the solid colour.
        var alpha: UInt8
    }

    /// Whether shadows are folded with the colour under them; `PROSCENIUM_NO_SHADOW_FOLDING=1` turns it off.
    nonisolated static let shadowFoldingEnabled = getenv("PROSCENIUM_NO_SHADOW_FOLDING").map { String(cString: $0) != "1" } ?? true

    /// `command` as a shadow `executeFolding` can draw in one pass with the folded colour: black (what a
    /// shadow's darkening is), blurred (a mask, not a fill), drawn into a target without alpha (the pass
    /// writes the mask into the unused alpha byte). Nil otherwise.
    func foldableShadow(_ command: DisplayCommand) -> FoldableShadow? {
        guard foldsShadows, targetIsOpaque, case let .shadow(rect, radius, blurRadius, offset, color) = command,
              color.red == 0, color.green == 0, color.blue == 0, color.alpha > 0, rect.isFinite, radius.isFinite else { return nil }
        let blur = ShadowCache.sanitizedBlur(blurRadius)
        guard blur >= 0.5 else { return nil }
        let alpha = UInt8(XRenderColor(premultiplying: color).alpha >> 8)
        guard alpha > 0 else { return nil }
        let shape = rect.offsetBy(dx: offset.x, dy: offset.y).roundedToPixels
        guard shape.isFinite, !shape.isEmpty else { return nil }
        let extent = ShadowCache.extent(of: shape, blurRadius: blur).intersection(Rect(origin: .zero, size: targetSize))
        guard !extent.isEmpty else { return nil }
        return FoldableShadow(rect: shape, extent: extent, radius: radius, blur: blur, alpha: alpha)
    }

    /// The colour a foldable overlay makes over its background, as a fill retention can keep: in the slow
    /// tail of a spring the dimming's alpha still changes every frame, but by less than one 8-bit step, so
    /// the margins' folded pixels keep their value while the card moves. Nil without such an overlay.
    ///
    /// The pixels of `area` outside `busy` (what lies between background and overlay) and outside what is
    /// drawn after the overlay are exactly that colour, folded or blended (`FoldingTests`), so retention may
    /// leave them alone wherever the last frame left the same colour.
    ///
    /// Also answers the places of the top-level commands after the overlay, which retention's fills (the
    /// card's, drawn after it) need too, and the overlay, whose tinted colours retention keeps as well.
    func foldedFill(in commands: [DisplayCommand], target: Rect) -> (fill: RetainedFill, extents: Extents, overlay: FoldableOverlay)? {
        let start = Self.firstVisibleCommand(in: summaries, covering: target)
        guard let overlay = foldableOverlay(in: commands, range: start..<commands.count) else { return nil }
        var above: [Rect] = []
        for box in overlay.busy where box.intersects(overlay.area) { above.append(box.intersection(overlay.area)) }
        let extents = Self.topLevelExtents(of: summaries, from: overlay.end, target: target, extentAt: frameExtent(at:))
        for drawn in extents where drawn.rect.intersects(overlay.area) {
            above.append(drawn.rect.intersection(overlay.area))
        }
        let color = Color(red: Double(overlay.red) / 255, green: Double(overlay.green) / 255,
                          blue: Double(overlay.blue) / 255, alpha: 1)
        return (RetainedFill(interior: overlay.area, color: color, above: Self.droppingHeld(above), source: overlay.end - 1),
                Extents(start: overlay.end, places: extents), overlay)
    }

    /// `rects` without those another one holds (the first of equal ones stays): where they reach is all
    /// retention needs, and a card's shadow holds the card and everything on it. Each rectangle left out
    /// spares retention cutting the damage by it.
    nonisolated static func droppingHeld(_ rects: [Rect]) -> [Rect] {
        var kept: [Rect] = []
        kept.reserveCapacity(rects.count)
        for index in rects.indices {
            let rect = rects[index]
            let held = rects.indices.contains { other in
                other != index && rects[other].contains(rect) && (rects[other] != rect || other < index)
            }
            if !held { kept.append(rect) }
        }
        return kept
    }

    /// `foldableOverlay(in:range:groupEnds:target:busy:)` for this frame's list, worked out once a frame for
    /// each start: retention asks about the whole list, drawing about the part under an occluder, and the
    /// first overlay after the same background is the answer for both when it lies inside both.
    func foldableOverlay(in commands: [DisplayCommand], range: Range<Int>) -> FoldableOverlay? {
        if let known = overlaysThisFrame[range.lowerBound] {
            if let overlay = known.overlay, overlay.end <= range.upperBound { return overlay }
            if known.overlay == nil, known.searched >= range.upperBound { return nil }
        }
        let overlay = Self.foldableOverlay(in: summaries, range: range, groupEnds: groupEnds,
                                           target: Rect(origin: .zero, size: targetSize)) { busyBoxes(of: commands, $0, target: $1) }
        overlaysThisFrame[range.lowerBound] = (overlay, range.upperBound)
        return overlay
    }

    /// The overlay of `commands[range]` that can be folded: the range starts with an opaque, square-cornered
    /// fill (on its own, or first in a rasterized group), and the overlay is the first top-level
    /// translucent square-cornered fill after it, drawn as it is or faded by an opacity group of one;
    /// whatever lies between the two is busy, and `busy` gives where it draws (see `busyBoxes(of:_:target:)`).
    /// Nil when the range has no such pair.
    nonisolated static func foldableOverlay(in commands: [CommandSummary], range: Range<Int>, groupEnds: [Int],
                                            target: Rect, busy: (Range<Int>, Rect) -> [Rect]) -> FoldableOverlay? {
        guard range.count >= 2 else { return nil }
        let first = range.lowerBound
        let baseIndex: Int, contentStart: Int
        if commands[first].kind == .pushRasterized {
            baseIndex = first + 1
            contentStart = first + 2
        } else {
            baseIndex = first
            contentStart = first + 1
        }
        guard baseIndex < range.upperBound, commands[baseIndex].isSquareFill, commands[baseIndex].color.alpha >= 1 else { return nil }
        let baseRect = commands[baseIndex].rect, base = commands[baseIndex].color
        // The first top-level translucent square fill after the background, faded or not.
        var index = contentStart
        var depth = first == baseIndex ? 0 : 1
        var found: (index: Int, end: Int, rect: Rect, color: Color)?
        while index < range.upperBound {
            // An overlay the range ends inside of (an occluder's group cuts the list there) is not this range's.
            if depth == 0, let overlay = Self.overlayFill(commands, at: index, groupEnds: groupEnds), overlay.end <= range.upperBound {
                found = (index, overlay.end, overlay.rect, overlay.color)
                break
            }
            if commands[index].isPush { depth += 1 } else if commands[index].isGroupMarker { depth -= 1 }
            index += 1
        }
        guard let found else { return nil }
        let area = (opaqueInterior(of: found.rect, radius: 0) ?? .zero)
            .intersection(opaqueInterior(of: baseRect, radius: 0) ?? .zero).intersection(target)
        guard !area.isEmpty else { return nil }
        let (red, green, blue) = Self.over(found.color, onOpaque: base)
        return FoldableOverlay(start: found.index, end: found.end, color: found.color, area: area,
                               busy: busy(contentStart..<found.index, target), red: red, green: green, blue: blue)
    }

    /// Where `list[range]` (top-level commands, and a rasterized group's contents) may draw, in target pixels,
    /// merged into at most `maximumBusyBoxes` boxes. The answers for the last frame's commands are kept: a
    /// home screen under a fading dimming is the same every frame, and its texts' ink is not measured anew.
    func busyBoxes(of list: [DisplayCommand], _ range: Range<Int>, target: Rect) -> [Rect] {
        // Two are kept: retention asks about the list from its first cover of the window, drawing from its
        // first cover of the damage, and the two may start at different commands.
        let commands = list[range]
        for cached in recentBusyBoxes where cached.target == target && cached.commands == commands { return cached.boxes }
        var busy = Proscenium.Region(maximumRectangles: Self.maximumBusyBoxes)
        for drawn in Self.topLevelExtents(of: summaries, from: range.lowerBound, through: range.upperBound, target: target,
                                          extentAt: frameExtent(at:)) {
            busy.add(drawn.rect)
        }
        if recentBusyBoxes.count >= 2 { recentBusyBoxes.removeFirst() }
        recentBusyBoxes.append((commands, target, busy.rects))
        return busy.rects
    }

    /// The translucent, square-cornered fill at `index`, drawn as it is or faded by a one-fill opacity group
    /// there, with the index after it; nil for anything else.
    nonisolated static func overlayFill(_ commands: [CommandSummary], at index: Int, groupEnds: [Int])
        -> (rect: Rect, color: Color, end: Int)? {
        var fill = index, end = index + 1, alpha = 1.0
        if commands[index].kind == .pushOpacity {
            alpha = commands[index].alpha
            guard groupEnds[index] == index + 2, alpha > 0, alpha < 1 else { return nil }
            fill = index + 1
            end = index + 3
        }
        guard commands[fill].isSquareFill, commands[fill].rect.isFinite else { return nil }
        let color = alpha < 1 ? commands[fill].color.faded(by: alpha) : commands[fill].color
        guard color.alpha > 0, color.alpha < 1 else { return nil }
        return (commands[fill].rect, color, end)
    }

    /// `clip` cut into the part folded into one fill (inside the overlay's area, outside everything busy)
    /// and the rest; nil when folding would cut the clip into too many pieces to pay.
    nonisolated static func split(_ clip: [Rect], folding overlay: FoldableOverlay) -> (folded: [Rect], rest: [Rect])? {
        var folded: [Rect] = []
        var rest: [Rect] = []
        folded.reserveCapacity(4 * clip.count)
        rest.reserveCapacity(4 * clip.count)
        // Cut in two buffers reused for every rectangle and box, not a new array per cut (every frame of a
        // fade splits its whole clip).
        var pieces: [Rect] = [], next: [Rect] = []
        for rect in clip {
            let inside = rect.intersection(overlay.area)
            guard !inside.isEmpty else {
                rest.append(rect)
                continue
            }
            rect.forEachPiece(subtracting: inside) { rest.append($0) }
            pieces.removeAll(keepingCapacity: true)
            pieces.append(inside)
            for box in overlay.busy {
                let covered = inside.intersection(box)
                guard !covered.isEmpty else { continue }
                rest.append(covered)
                next.removeAll(keepingCapacity: true)
                for piece in pieces { piece.forEachPiece(subtracting: box) { next.append($0) } }
                swap(&pieces, &next)
            }
            folded += pieces
            if folded.count > maximumFoldedRectangles { return nil }
        }
        return (folded, rest)
    }

    /// The 8-bit channels of the premultiplied `overlay` composited Over an opaque `base`, exactly as pixman
    /// does it for 8-bit formats: both colours reach it as 16-bit XRender colours cut to their top 8 bits,
    /// and `d × (255 − α)` is divided by 255 with rounding (`MUL_UN8`).
    nonisolated static func over(_ overlay: Color, onOpaque base: Color) -> (red: Int, green: Int, blue: Int) {
        let source = XRenderColor(premultiplying: overlay), below = XRenderColor(premultiplying: base)
        let inverseAlpha = 255 - Int(source.alpha >> 8)
        func channel(_ s: UInt16, _ d: UInt16) -> Int {
            let t = Int(d >> 8) * inverseAlpha + 0x80
            return min(255, Int(s >> 8) + (((t >> 8) + t) >> 8))
        }
        return (channel(source.red, below.red), channel(source.green, below.green), channel(source.blue, below.blue))
    }
}
