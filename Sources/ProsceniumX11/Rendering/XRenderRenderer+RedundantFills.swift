import Glibc
import Proscenium

/// Not repainting pixels that already have the colour: a table's cells are usually as white as the table
/// under them, and each row's background is a fill over pixels the table's background has just filled with
/// the same colour. Wherever an opaque square fill lies inside an earlier one of the same colour, drawn into
/// the same layer, and nothing drawn between the two reaches it, it changes no pixel and is skipped — which,
/// on every frame of a push, is a third of what the sliding list costs the X server.
extension XRenderRenderer {
    /// Whether such fills are skipped; `PROSCENIUM_NO_REDUNDANT_FILLS=1` draws them, for A/B measurements.
    nonisolated static let redundantFillsEnabled = getenv("PROSCENIUM_NO_REDUNDANT_FILLS").map { String(cString: $0) != "1" } ?? true

    /// How far back a fill looks for the one it repeats: past this many commands it is drawn.
    nonisolated static let redundantFillLookBack = 48

    /// For each command of `commands`, the index of the earlier fill it repeats, or -1: an opaque square
    /// fill on whole pixels that paints only pixels an earlier fill of its colour painted, in the same layer
    /// (inside the same groups drawn through a layer — opacity, rasterized, transformed, rounded clips —, none
    /// of them with a transform, and no opacity, rasterized or transformed group between the two: a rounded
    /// clip's group between them, whose contents are measured one by one, composites only what they draw)
    /// and within that fill's clip, with nothing drawn between them reaching it.
    /// Empty when no fill repeats one. Drawing skips a fill only where the one it repeats was drawn too (see
    /// `drawFloor`).
    /// `measure` answers where the command at an index draws (see `frameExtent(at:)`).
    nonisolated static func redundantFills(in commands: [CommandSummary], extentAt measure: (Int) -> Rect?) -> [Int] {
        var result: [Int] = []
        // For each command: the push of the innermost group drawn through a layer around it (-1 for none),
        // whether a transform is open around it, and the square clip it is drawn within.
        var layerOf = [Int](repeating: -1, count: commands.count)
        var transformed = [Bool](repeating: false, count: commands.count)
        var clipOf = [Rect?](repeating: nil, count: commands.count)
        var open: [(index: Int, layer: Bool, transform: Bool, clip: Rect?)] = []
        for (index, command) in commands.enumerated() {
            let outer = open.last
            layerOf[index] = open.last(where: { $0.layer })?.index ?? -1
            transformed[index] = open.contains { $0.transform }
            clipOf[index] = outer?.clip
            switch command.kind {
            case .pushClip where command.cornerRadius < 0.01 || command.corners.isEmpty:
                let clip = command.rect.roundedToPixels
                open.append((index, false, false, outer?.clip.map { $0.intersection(clip) } ?? clip))
            case .pushClip, .pushOpacity, .pushRasterized:
                open.append((index, true, false, outer?.clip))
            case .pushTransform:
                open.append((index, true, true, nil))
            case .popClip, .popOpacity, .popTransform, .popRasterized:
                _ = open.popLast()
            case .fill:
                let rect = command.rect
                guard command.color.alpha >= 1, command.cornerRadius < 0.01 || command.corners.isEmpty, rect.isFinite,
                      rect.isPixelAligned, !transformed[index] else { continue }
                let pixels = rect.roundedToPixels
                if let repeated = earlierFill(repeatedBy: pixels, color: command.color, at: index, in: commands, layerOf: layerOf,
                                              clipOf: clipOf, extent: measure) {
                    if result.isEmpty { result = [Int](repeating: -1, count: commands.count) }
                    result[index] = repeated
                }
            default:
                break
            }
        }
        return result
    }

    /// The index of the earlier fill a fill of `pixels` in `color` at `index` repeats (see `redundantFills`).
    private nonisolated static func earlierFill(repeatedBy pixels: Rect, color: Color, at index: Int, in commands: [CommandSummary],
                                                layerOf: [Int], clipOf: [Rect?], extent measure: (Int) -> Rect?) -> Int? {
        var earlier = index - 1
        while earlier >= max(0, index - redundantFillLookBack) {
            defer { earlier -= 1 }
            let command = commands[earlier]
            switch command.kind {
            case .pushClip, .popClip:
                // A square clip only limits where things are drawn (what it held was checked command by command);
                // a rounded one is a layer, which the layer check below tells apart.
                continue
            case .pushOpacity, .popOpacity, .pushRasterized, .popRasterized, .pushTransform, .popTransform:
                // Composited through a layer, or in another space: what lies under may not be one colour.
                return nil
            case .fill where command.color == color && layerOf[earlier] == layerOf[index]
                && (command.cornerRadius < 0.01 || command.corners.isEmpty) && command.rect.isPixelAligned:
                let painted = command.rect.roundedToPixels.intersection(clipOf[earlier] ?? command.rect.roundedToPixels)
                if painted.contains(pixels) { return earlier }
                if let reach = measure(earlier), reach.intersects(pixels) { return nil }
            default:
                guard let reach = measure(earlier), reach.isFinite else { return nil }
                if reach.insetBy(dx: -1, dy: -1).intersects(pixels) { return nil }
            }
        }
        return nil
    }
}
