import CX11
import Glibc
import Proscenium

/// Not redrawing what has not changed under an opaque view that moved. A card springing into place moves
/// every frame, so the core damages all of it; but inside both its old and its new opaque interior, away
/// from what is drawn on top of it (its labels, its button), the pixels are its background colour in both
/// frames. The back buffer still holds them, so neither the drawing nor the copy to the window touches
/// them: a frame costs the bands around the card, its moving edges and its contents, not its area.
///
/// This holds whatever the core damaged, because the back buffer always holds the whole last frame: under
/// an opaque fill's interior the image is that fill's colour except where a later command draws.
extension XRenderRenderer {
    /// The opaque fill a frame left in the back buffer, as far as the next frame needs to know.
    struct RetainedFill: Equatable {
        /// The fill's opaque interior, in whole target pixels.
        var interior: Rect
        /// Its colour, which every pixel of `interior` has outside `above`.
        var color: Color
        /// Where later commands of that frame may have drawn over `interior`, in whole target pixels.
        var above: [Rect]
        /// The index of the fill's command in its frame's list: a rounded fill's two bars share it, and so
        /// they share what is drawn above them.
        var source = 0
        /// Whether this is the part of the fill under a foldable overlay, in its tinted colour: what is drawn
        /// above it then leaves the overlay out, unlike the fill's plain part (see `retainedFills`).
        var tinted = false
    }

    /// Whether retention is used; `PROSCENIUM_NO_RETENTION=1` turns it off, for A/B measurements.
    nonisolated static let retentionEnabled = getenv("PROSCENIUM_NO_RETENTION").map { String(cString: $0) != "1" } ?? true

    /// The part of `damage` that must be redrawn when the last frame left `previous` and this one draws
    /// `current`: all of it but, for each fill of the last frame and fill of this one of the same colour,
    /// the pixels inside both interiors that neither frame drew over, which keep the colour both give them.
    nonisolated static func damage(_ damage: Proscenium.Region, retaining previous: [RetainedFill],
                                   under current: [RetainedFill]) -> Proscenium.Region {
        var pairs: [Pair] = []
        for (n, now) in current.enumerated() {
            for (b, before) in previous.enumerated() where before.color == now.color {
                let hole = before.interior.intersection(now.interior)
                if !hole.isEmpty { pairs.append(Pair(hole: hole, before: b, now: n, sources: (before.source, now.source),
                                                       tinted: (before.tinted, now.tinted))) }
            }
        }
        var damage = damage
        var scratch = Scratch()
        for index in pairs.indices where !isRedundant(index, in: pairs) {
            let pair = pairs[index]
            damage = Self.damage(damage, keeping: pair.hole, except: previous[pair.before].above, current[pair.now].above,
                                 scratch: &scratch)
        }
        return damage
    }

    /// A fill of the last frame and one of this frame of the same colour, and the hole both interiors make.
    struct Pair {
        var hole: Rect
        /// Their indices in the last frame's and this frame's retained fills.
        var before: Int, now: Int
        /// Their commands' indices in their frames' lists.
        var sources: (before: Int, now: Int)
        /// Whether each is a tinted part (see `RetainedFill.tinted`).
        var tinted: (before: Bool, now: Bool) = (false, false)
    }

    /// Whether the pair at `index` keeps nothing another pair does not: one from the same two fills whose
    /// hole holds this one's (the first of equal holes stays). A pixel inside both holes lies in all four
    /// interiors, and what a fill's frame drew above it there does not depend on which bar asks, so the other
    /// pair keeps it whenever this one would. A card moving up has its bars' crossed pairs inside the
    /// vertical bars' pair: half the work of every frame of a spring.
    nonisolated static func isRedundant(_ index: Int, in pairs: [Pair]) -> Bool {
        let pair = pairs[index]
        for other in pairs.indices where other != index {
            let candidate = pairs[other]
            // A fill's tinted part and its plain part do not share what is drawn above them.
            guard candidate.sources == pair.sources, candidate.tinted == pair.tinted, candidate.hole.contains(pair.hole) else { continue }
            if candidate.hole != pair.hole || other < index { return true }
        }
        return false
    }

    /// The buffers `damage(_:keeping:except:_:scratch:)` cuts into, kept across a frame's pairs of fills.
    struct Scratch {
        var drawnInHole: [Rect] = [], pieces: [Rect] = [], parts: [Rect] = [], next: [Rect] = []
    }

    /// `damage` less what lies inside `hole` but outside both `drawn` and `alsoDrawn` (the places drawn over
    /// the fill in the last frame and in this one).
    ///
    /// This runs for every pair of same-coloured fills on every frame of a springing card, so it cuts
    /// rectangles with `Rect.forEachPiece(subtracting:_:)` into `scratch`, not into new arrays.
    nonisolated static func damage(_ damage: Proscenium.Region, keeping hole: Rect, except drawn: [Rect], _ alsoDrawn: [Rect],
                                   scratch: inout Scratch) -> Proscenium.Region {
        guard !hole.isEmpty, damage.intersects(hole) else { return damage }
        // The scratch buffers are moved in (and back out at the end), so they stay uniquely referenced.
        var drawnInHole: [Rect] = [], pieces: [Rect] = [], parts: [Rect] = [], next: [Rect] = []
        swap(&drawnInHole, &scratch.drawnInHole)
        swap(&pieces, &scratch.pieces)
        swap(&parts, &scratch.parts)
        swap(&next, &scratch.next)
        defer {
            swap(&drawnInHole, &scratch.drawnInHole)
            swap(&pieces, &scratch.pieces)
            swap(&parts, &scratch.parts)
            swap(&next, &scratch.next)
        }
        drawnInHole.removeAll(keepingCapacity: true)
        pieces.removeAll(keepingCapacity: true)
        for rect in drawn where rect.intersects(hole) { drawnInHole.append(rect) }
        for rect in alsoDrawn where rect.intersects(hole) { drawnInHole.append(rect) }
        // Bands and content pieces are kept apart: merging them would redraw the card between them.
        var kept = Proscenium.Region(maximumRectangles: 24)
        // Pieces of content overlap (a label's old and new places): each keeps only what the others before
        // it do not cover, so that they never merge into a box reaching over the kept hole or across a band.
        // (Bands lie outside the hole and pieces inside, so pieces need comparing with pieces only.)
        for damaged in damage.rects {
            let inside = damaged.intersection(hole)
            guard !inside.isEmpty else {
                kept.add(damaged)
                continue
            }
            damaged.forEachPiece(subtracting: hole) { kept.add($0) }
            for drawn in drawnInHole {
                let first = inside.intersection(drawn)
                guard !first.isEmpty else { continue }
                parts.removeAll(keepingCapacity: true)
                parts.append(first)
                cut(&parts, by: pieces, meeting: first, spare: &next)
                pieces += parts
            }
        }
        for piece in pieces { kept.add(piece) }
        return kept
    }

    /// The places of a list's top-level commands from `start` on (see `topLevelExtents`), for reuse.
    struct Extents {
        var start: Int
        var places: [(index: Int, rect: Rect)]
    }

    /// At most this many fills are retained per frame: each one cuts the damage into more rectangles.
    nonisolated static let maximumRetainedFills = 6

    /// The top-level opaque fills of `commands` whose interiors keep the most pixels clear of what is
    /// drawn after them (at least a 64th of the target each), with the places drawn after each.
    /// `known` may give the places of the top-level commands from some index on, already measured.
    ///
    /// Under a foldable `overlay`, a fill before it also counts where the overlay covers it, in its colour
    /// blended under the overlay, which is what the two make there however they are drawn (blended, folded or
    /// tinted: see `XRenderRenderer+Tinting.swift`): in the slow tail of a spring the shade over a screen
    /// changes by less than an 8-bit step, and the screen under it need not be drawn again.
    /// `extentAt` answers where the command at an index draws (see `frameExtent(at:)`).
    nonisolated static func retainedFills(in commands: [CommandSummary], target: Rect, known: Extents? = nil,
                                          under overlay: FoldableOverlay? = nil, extentAt: (Int) -> Rect?) -> [RetainedFill] {
        let minimum = target.width * target.height / 64
        var candidates: [(index: Int, interior: Rect, color: Color, tinted: Bool)] = []
        candidates.reserveCapacity(16)
        var depth = 0
        // Nothing before the last opaque cover of the whole target shows (a window's background under the
        // root view's): such fills keep nothing, and measuring all that follows them would cost every frame.
        let visible = firstVisibleCommand(in: commands, covering: target)
        for index in commands.indices {
            if commands[index].isPush { depth += 1; continue }
            if commands[index].isGroupMarker { depth -= 1; continue }
            guard depth == 0, index >= visible, commands[index].kind == .fill, commands[index].color.alpha >= 1 else { continue }
            let color = commands[index].color, corners = commands[index].corners
            for interior in opaqueBars(of: commands[index].rect, radius: corners.isEmpty ? 0 : commands[index].cornerRadius) {
                let interior = interior.intersection(target)
                if !interior.isEmpty, interior.width * interior.height >= minimum { candidates.append((index, interior, color, false)) }
                guard let overlay, index < overlay.start else { continue }
                let under = interior.intersection(overlay.area)
                if !under.isEmpty, under.width * under.height >= minimum {
                    candidates.append((index, under, tint(color, under: overlay.color), true))
                }
            }
        }
        // Only what is drawn after the first candidate can cover one: a home screen's many commands
        // under the card are not measured.
        guard let first = candidates.first?.index else { return [] }
        // Places from before the first candidate are never above one (see the loop), so known ones serve.
        let extents = known.flatMap { $0.start <= first + 1 ? $0.places : nil }
            ?? topLevelExtents(of: commands, from: first + 1, target: target, extentAt: extentAt)
        var found: [(fill: RetainedFill, kept: Double)] = []
        // What lies above each candidate is gathered in one buffer, and copied out only for those kept.
        var above: [Rect] = []
        above.reserveCapacity(extents.count)
        for candidate in candidates {
            above.removeAll(keepingCapacity: true)
            var covered = 0.0
            // The overlay itself is not above a tinted candidate: it is in the colour.
            let skipped = candidate.tinted ? overlay.map { $0.start..<$0.end } ?? 0..<0 : 0..<0
            for extent in extents where extent.index > candidate.index && !skipped.contains(extent.index) {
                let piece = extent.rect.intersection(candidate.interior)
                guard !piece.isEmpty else { continue }
                above.append(piece)
                covered += piece.width * piece.height
            }
            let kept = candidate.interior.width * candidate.interior.height - covered
            if kept >= minimum {
                found.append((RetainedFill(interior: candidate.interior, color: candidate.color, above: Array(above),
                                           source: candidate.index, tinted: candidate.tinted), kept))
            }
        }
        return found.sorted { $0.kept > $1.kept }.prefix(maximumRetainedFills).map(\.fill)
    }

    /// The whole pixels a fill of `rect` with corners of `radius` covers opaquely, as one rectangle for
    /// square corners or two crossing bars for round ones: the corners' reach is only missing at the
    /// corners, and a card's straight sides move with it like its middle.
    nonisolated static func opaqueBars(of rect: Rect, radius: Double) -> [Rect] {
        guard radius > 0 else { return opaqueInterior(of: rect, radius: 0).map { [$0] } ?? [] }
        guard rect.isFinite, radius.isFinite else { return [] }
        let reach = radius + 1
        return [rect.insetBy(dx: 0, dy: reach), rect.insetBy(dx: reach, dy: 0)].compactMap { opaqueInterior(of: $0, radius: 0) }
    }

    /// Where each drawing command may touch the target, in whole pixels with a pixel to spare for
    /// anti-aliasing and filtering, with the index it is drawn at. A transformed group counts as one
    /// extent, its transformed bounds, at its push.
    /// `start` must lie outside every transformed group; the walk stops before `end` (the list's end by default).
    /// `measure` answers where the command at an index draws, so the renderer measures each command of a
    /// frame once however many of its analyses ask (see `frameExtent(at:)`).
    nonisolated static func topLevelExtents(of commands: [CommandSummary], from start: Int = 0, through end: Int? = nil,
                                            target: Rect, extentAt measure: (Int) -> Rect?) -> [(index: Int, rect: Rect)] {
        let start = max(start, 0)
        let range = start..<max(start, min(end ?? commands.count, commands.count))
        var result: [(index: Int, rect: Rect)] = []
        result.reserveCapacity(range.count)
        var transformDepth = 0
        for index in range {
            var extent: Rect?
            switch commands[index].kind {
            case .pushTransform:
                // A group whose bounds are not finite may still draw: count all of the target.
                if transformDepth == 0 { extent = commands[index].drawsAnywhere ? target : commands[index].rect }
                transformDepth += 1
            case .popTransform:
                transformDepth -= 1
            case .pushClip, .pushOpacity, .pushRasterized, .popClip, .popOpacity, .popRasterized:
                break
            case .fill, .border, .shadow, .text, .image:
                if transformDepth == 0 { extent = measure(index) }
            }
            // Non-finite geometry draws nothing (see `draw`).
            guard let extent, extent.isFinite else { continue }
            let pixels = extent.insetBy(dx: -1, dy: -1).integral.intersection(target)
            if !pixels.isEmpty { result.append((index, pixels)) }
        }
        return result
    }

    /// Where the command at `index` of this frame's list may draw (`inkExtent(of:)`), measured once a frame:
    /// retention, folding, redundant fills and the window's final fills each ask about most of the list (drawn
    /// tinted, a command draws in the same places). Only inside `render`, which measures and summarizes its list.
    func frameExtent(at index: Int) -> Rect? {
        precondition(index < frameExtents.count, "frameExtent(at:) asked outside render")
        switch frameExtents[index] {
        case .measured(let rect): return rect
        case .nothing: return nil
        case .unmeasured:
            let extent = inkExtent(of: frameCommands[index])
            frameExtents[index] = extent.map(MeasuredExtent.measured) ?? .nothing
            return extent
        }
    }

    /// What `frameExtent(at:)` knows of a command of this frame's list.
    enum MeasuredExtent {
        /// Not asked about yet this frame.
        case unmeasured
        /// It draws nothing (a group marker).
        case nothing
        /// It may draw inside this rectangle.
        case measured(Rect)
    }

    /// Where `command` may draw, text included as the font draws it: a layout measured elsewhere (another
    /// display's fonts, a fallback) may be narrower than the glyphs, and retention must not miss any ink.
    func inkExtent(of command: DisplayCommand) -> Rect? {
        guard case let .text(layout, origin, _) = command, let box = Self.extent(of: command) else { return Self.extent(of: command) }
        // The box relative to the whole pixel under the origin, which the pen is placed from. Kept for
        // origins right of and below the window's: the pen's place rounds halves away from zero, so a box
        // measured there moves with the origin's whole pixels only on that side of zero.
        let whole = Point(x: origin.x.rounded(.down), y: origin.y.rounded(.down))
        let fraction = Point(x: origin.x - whole.x, y: origin.y - whole.y)
        let key = Self.address(of: layout.lines)
        let keeps = whole.x >= 0 && whole.y >= 0
        if keeps, let known = inkExtents[key], known.fraction == fraction, known.layout == layout {
            return known.box.offsetBy(dx: whole.x, dy: whole.y)
        }
        guard let font = fonts.font(for: layout.font) else { return box }
        var ink = box
        for line in layout.lines where !line.text.isEmpty {
            let glyphs = inkBox(of: line.text, in: layout.font, font)
            // The ink box relative to the pen at the baseline, where `draw` puts the pen.
            let x = (origin.x + line.x).rounded() - Double(glyphs.x), y = (origin.y + line.baseline).rounded() - Double(glyphs.y)
            ink = ink.union(Rect(x: x, y: y, width: Double(glyphs.width), height: Double(glyphs.height)))
        }
        guard keeps else { return ink }
        if inkExtents.count >= Self.maximumInkBoxes { inkExtents.removeAll(keepingCapacity: true) }
        inkExtents[key] = InkExtent(layout: layout, fraction: fraction, box: ink.offsetBy(dx: -whole.x, dy: -whole.y))
        return ink
    }

    /// A text's ink extent relative to the whole pixel under its origin, for the fraction of a pixel the
    /// origin lies past it. Every analysis of every frame asks for the ink of every text, most of them
    /// unchanged, or only moved.
    struct InkExtent {
        /// The layout it was measured for: kept, so that the address of its lines, the key, stays its own.
        var layout: TextLayout
        /// How far past its whole pixel the origin was.
        var fraction: Point
        /// The extent, relative to the origin's whole pixel.
        var box: Rect
    }

    /// The ink box of `text` in `font` relative to the pen, as Xft measures it; remembered, because every
    /// frame asks again for the same labels.
    func inkBox(of text: String, in font: Proscenium.Font, _ xftFont: UnsafeMutablePointer<XftFont>) -> XGlyphInfo {
        let key = InkKey(font: font, text: text)
        if let ink = inkBoxes[key] { return ink }
        var ink = XGlyphInfo()
        let bytes = Array(text.utf8)
        XftTextExtentsUtf8(display.pointer, xftFont, bytes, Int32(bytes.count), &ink)
        if inkBoxes.count >= Self.maximumInkBoxes { inkBoxes.removeAll(keepingCapacity: true) }
        inkBoxes[key] = ink
        return ink
    }

    /// The address of `lines`' storage. Worked out off the main actor: a closure made on it checks the
    /// executor each time it runs, and this runs for every text of every analysis.
    nonisolated static func address(of lines: [TextLayout.Line]) -> Int {
        lines.withUnsafeBufferPointer { Int(bitPattern: $0.baseAddress) }
    }

    /// What an ink box is remembered by: the text and the font asked for.
    struct InkKey: Hashable {
        var font: Proscenium.Font
        var text: String
    }

    /// Past this many remembered ink boxes, they are all forgotten (a label counting up makes new ones).
    nonisolated static let maximumInkBoxes = 512
}
