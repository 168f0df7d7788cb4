/// How text that does not fit is broken into lines and cut, as UIKit's `NSLineBreakMode`.
public enum LineBreakMode: Sendable, Hashable {
    /// Lines break between words (a word wider than the line between its characters); lines past the last
    /// are left out, with no ellipsis.
    case byWordWrapping
    /// Lines break between characters, so no line is wider than the width.
    case byCharWrapping
    /// Lines break between words; a word wider than the line, and one line too long, run past the edge with
    /// no ellipsis, for a clipping view to cut.
    case byClipping
    /// Lines break between words; the last line shows its end, its start replaced by "…".
    case byTruncatingHead
    /// Lines break between words; the last line shows its start, its end replaced by "…" (UILabel's default).
    case byTruncatingTail
    /// Lines break between words; the last line shows its start and end, "…" in its middle.
    case byTruncatingMiddle

    /// Whether text cut off is marked with an ellipsis.
    var truncates: Bool { self == .byTruncatingHead || self == .byTruncatingTail || self == .byTruncatingMiddle }
}

extension TextLayout {
    /// The ellipsis a truncated line shows: U+2026.
    static let ellipsis = "\u{2026}"

    /// `line` cut to fit `width` with an ellipsis where `mode` puts it: the longest such cut, found by
    /// halving (each try is one measurement). The line as it is when it fits; the ellipsis alone when not
    /// even one character does.
    @MainActor static func truncated(_ line: String, toFit width: Double, mode: LineBreakMode, font: Font,
                                     measurer: any TextMeasuring, forced: Bool = false) -> String {
        if !forced, measurer.width(of: line, font: font) <= width { return line }
        let characters = Array(line)
        func cut(keeping count: Int) -> String {
            switch mode {
            case .byTruncatingHead:
                return ellipsis + String(characters.suffix(count)).drop { $0 == " " }
            case .byTruncatingMiddle:
                let head = (count + 1) / 2, tail = count / 2
                return String(String(characters.prefix(head)).reversed().drop { $0 == " " }.reversed()) + ellipsis
                    + String(characters.suffix(tail)).drop { $0 == " " }
            default:
                return String(String(characters.prefix(count)).reversed().drop { $0 == " " }.reversed()) + ellipsis
            }
        }
        // The most characters kept whose cut still fits; a forced cut (text dropped after this line) keeps
        // at most all of them.
        var low = 0, high = characters.count
        while low < high {
            let middle = (low + high + 1) / 2
            if measurer.width(of: cut(keeping: middle), font: font) <= width { low = middle } else { high = middle - 1 }
        }
        return cut(keeping: low)
    }

    /// `paragraph` broken between characters into lines no wider than `width` (at least one character each).
    @MainActor static func characterLines(of paragraph: Substring, width: Double, font: Font, measurer: any TextMeasuring) -> [String] {
        filledLines(of: paragraph.map(String.init), joinedBy: "", width: width, font: font, measurer: measurer)
    }

    /// `pieces` (words or characters) joined by `separator` into lines filled greedily up to `width`; a
    /// piece wider than a line gets a line of its own. Spaces at a line's end (empty pieces between words)
    /// hang past it, as UIKit's do, rather than make a line of their own.
    @MainActor static func filledLines(of pieces: [String], joinedBy separator: String, width: Double, font: Font,
                                       measurer: any TextMeasuring) -> [String] {
        var lines: [String] = []
        var current = ""
        for piece in pieces {
            let candidate = current.isEmpty ? piece : current + separator + piece
            if !current.isEmpty, !piece.isEmpty, measurer.width(of: candidate, font: font) > width {
                lines.append(current)
                current = piece
            } else {
                current = candidate
            }
        }
        lines.append(current)
        return lines
    }
}
