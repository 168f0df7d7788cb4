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
        prepareTints(under: overlay)
        // Where a fill is the last thing drawn, its tinted colour goes straight to the window.
        let back = fillFinalFillsIntoWindow(summaries, start..<overlay.start, overlayEnd: overlay.end, clip: inside)
        if back.isEmpty {
            cull(start..<overlay.start)
        } else {
            // The commands themselves are drawn as they are, each colour tinted as it is drawn: a tinted copy
            // of the list would copy every command before the overlay, every frame.
            drawsTinted = true
            defer { drawsTinted = false }
            execute(commands, start..<overlay.start, in: RenderSurface(picture: target, origin: .zero, clip: back))
        }
        cull(overlay.start..<overlay.end)
    }

    /// Makes `frameTints` the tints under `overlay`, keeping the colours already worked out when a frame
    /// draws under the same overlay again: `draw` and the window's final fills read them.
    func prepareTints(under overlay: FoldableOverlay) {
        if frameTints?.overlay != overlay.color { frameTints = Tints(overlay: overlay.color) }
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

    /// Colours tinted under one overlay, each worked out once: colours repeat (a list's rows, their separators).
    struct Tints {
        let overlay: Color
        private var known: [(color: Color, tinted: Color)] = []

        init(overlay: Color) {
            self.overlay = overlay
            known.reserveCapacity(16)
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
