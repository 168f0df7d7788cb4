import Glibc
import Proscenium

/// Tinting what lies under a translucent overlay instead of blending the overlay over it. A navigation
/// push shades the screen it covers while that screen slides: every frame, each of its pixels is drawn
/// and then read and written again to blend the shade over it, and folding (see
/// `XRenderRenderer+Folding.swift`) cannot help because the screen is not one flat colour. Blending a
/// colour over an opaque pixel is an affine map of that pixel, and an affine map whose weights add up to
/// one passes through every Over of solid colours and coverage masks: drawing each command with its colour
/// already blended under the overlay gives the same picture with the overlay left out. So where the
/// overlay covers, the commands under it are drawn tinted and the overlay is not drawn at all.
///
/// Opaque square fills come out bit for bit as the two passes make them (the tint is worked out as
/// pixman blends 8-bit channels, as folding's colour is). Translucent fills, anti-aliased edges and glyphs
/// are rounded by pixman in a different order: a pixel where one of them lies on opaque content may differ
/// by up to two steps of a channel, and each more stacked on the same pixel may add about one (`TintingTests`
/// checks both), far below what the eye sees on a screen darkening as it slides, or the goldens' tolerance.
/// Only solid colours can be tinted: a range with an image or a cached layer (rasterized or transformed
/// groups) under the overlay is drawn as usual.
extension XRenderRenderer {
    /// Whether overlays are tinted into what lies under them; `PROSCENIUM_NO_TINTING=1` turns it off, for
    /// A/B measurements.
    nonisolated static let tintingEnabled = getenv("PROSCENIUM_NO_TINTING").map { String(cString: $0) != "1" } ?? true

    /// Draws `commands[start..<overlay.end]` within `clip` (target pixels, outside the overlay's folded
    /// area): where the overlay covers, the commands before it tinted and the overlay left out; elsewhere as
    /// they are, overlay included.
    func executeUnderOverlay(_ commands: [DisplayCommand], from start: Int, _ overlay: FoldableOverlay, clip: [Rect]) {
        var inside: [Rect] = [], outside: [Rect] = []
        if tintsOverlays { Self.split(clip, by: [overlay.area], outside: &outside, inside: &inside) }
        guard !inside.isEmpty, Self.canTint(summaries, start..<overlay.start) else {
            return execute(commands, start..<overlay.end, in: RenderSurface(picture: target, origin: .zero, clip: clip))
        }
        if !outside.isEmpty {
            execute(commands, start..<overlay.end, in: RenderSurface(picture: target, origin: .zero, clip: outside))
        }
        statistics.tintedPixels += Int(inside.totalArea)
        let tinted = tintedCommands(commands, under: overlay)
        // Where a fill is the last thing drawn, its tinted colour goes straight to the window.
        let back = fillFinalFillsIntoWindow(tinted.summaries, start..<overlay.start, overlayEnd: overlay.end, clip: inside)
        if back.isEmpty {
            cull(start..<overlay.start)
        } else {
            execute(tinted.commands, start..<overlay.start, in: RenderSurface(picture: target, origin: .zero, clip: back))
        }
        cull(overlay.start..<overlay.end)
    }

    /// This frame's `commands` before `overlay` in their colours under it, and their summaries, made once a
    /// frame however many parts of the damage draw under the overlay.
    func tintedCommands(_ commands: [DisplayCommand], under overlay: FoldableOverlay)
        -> (commands: [DisplayCommand], summaries: [CommandSummary]) {
        if let known = tintedThisFrame, known.overlayStart == overlay.start { return (known.commands, known.summaries) }
        // One set of tints for both: each colour is worked out once.
        var tints = Tints(overlay: overlay.color)
        let tinted = Self.tinted(commands, 0..<overlay.start, with: &tints)
        let tintedSummaries = Self.tinted(summaries, 0..<overlay.start, with: &tints)
        tintedThisFrame = (overlay.start, tinted, tintedSummaries)
        return (tinted, tintedSummaries)
    }

    /// Whether every command in `range` can be drawn tinted: not an image, nor a group drawn from a cached
    /// layer.
    nonisolated static func canTint(_ commands: [CommandSummary], _ range: Range<Int>) -> Bool {
        !commands[range].contains { command in
            switch command.kind {
            case .image, .pushTransform, .popTransform, .pushRasterized, .popRasterized: true
            default: false
            }
        }
    }

    /// The commands before `range.upperBound`, with the fills, borders, shadows and texts in `range` in their
    /// colours under the overlay of `tints` (see `tint(_:under:)`); what cannot be tinted stays as it is (see
    /// `canTint`). The list's later commands are left out: what is drawn tinted lies before its overlay.
    nonisolated static func tinted(_ commands: [DisplayCommand], _ range: Range<Int>, with tints: inout Tints) -> [DisplayCommand] {
        var result: [DisplayCommand] = []
        result.reserveCapacity(range.upperBound)
        result.append(contentsOf: commands[0..<range.lowerBound])
        for index in range {
            switch commands[index] {
            case let .fill(rect, radius, color, corners):
                result.append(.fill(rect: rect, cornerRadius: radius, color: tints(color), corners: corners))
            case let .border(rect, radius, width, color, corners):
                result.append(.border(rect: rect, cornerRadius: radius, width: width, color: tints(color), corners: corners))
            case let .shadow(rect, radius, blur, offset, color):
                result.append(.shadow(rect: rect, cornerRadius: radius, blurRadius: blur, offset: offset, color: tints(color)))
            case let .text(layout, origin, color):
                result.append(.text(layout, origin: origin, color: tints(color)))
            case let command:
                result.append(command)
            }
        }
        return result
    }

    /// The summaries before `range.upperBound`, with the fills' colours in `range` as they look under the overlay
    /// of `tints`: only fills' colours are read from the summaries under an overlay (see `finalFills`).
    nonisolated static func tinted(_ summaries: [CommandSummary], _ range: Range<Int>, with tints: inout Tints) -> [CommandSummary] {
        var result = Array(summaries[0..<range.upperBound])
        for index in range where result[index].kind == .fill {
            result[index].color = tints(result[index].color)
        }
        return result
    }

    /// Colours tinted under one overlay, each worked out once: colours repeat (a list's rows, their separators).
    struct Tints {
        let overlay: Color
        private var known: [(color: Color, tinted: Color)] = []

        init(overlay: Color) {
            self.overlay = overlay
        }

        mutating func callAsFunction(_ color: Color) -> Color {
            for entry in known where entry.color == color { return entry.tinted }
            let tinted = XRenderRenderer.tint(color, under: overlay)
            known.append((color, tinted))
            return tinted
        }
    }

    /// `color` as it looks under `overlay` (straight alpha): its colour channels blended under the overlay
    /// as pixman blends an 8-bit pixel of that colour, its alpha kept. Whatever `color` is drawn over, if that
    /// was tinted too, the result is the overlay blended over what `color` alone would have made.
    nonisolated static func tint(_ color: Color, under overlay: Color) -> Color {
        let (red, green, blue) = over(overlay, onOpaque: color.withAlphaComponent(1))
        return Color(red: Double(red) / 255, green: Double(green) / 255, blue: Double(blue) / 255, alpha: color.alpha)
    }
}
