/// Text that assistive technology reads character by character, line by line, and finds on screen: a
/// label's or a text field's. Offsets count characters (`Character`s), as `TextField.selectedRange` does.
@MainActor protocol AccessibilityTextContent: View {
    /// The text shown.
    var accessibilityText: String { get }
    /// The selection and the caret, for text the user selects and edits; nil otherwise.
    var accessibilityTextSelection: (range: Range<Int>, caret: Int)? { get }
    /// The lines the text is drawn on, as ranges of offsets, top to bottom.
    var accessibilityTextLines: [Range<Int>] { get }
    /// Where character `offset` is drawn, in bounds coordinates (empty width at the end of the text).
    func accessibilityFrame(ofCharacterAt offset: Int) -> Rect
    /// The character drawn under `point` (bounds coordinates), nil when none is.
    func accessibilityCharacterOffset(at point: Point) -> Int?
}

extension Label: AccessibilityTextContent {
    var accessibilityText: String { text }
    var accessibilityTextSelection: (range: Range<Int>, caret: Int)? { nil }
    var accessibilityTextLines: [Range<Int>] { drawnLines.map(\.range) }

    func accessibilityFrame(ofCharacterAt offset: Int) -> Rect { frame(ofCharacterAt: offset, lines: drawnLines) }

    func accessibilityCharacterOffset(at point: Point) -> Int? {
        let lines = drawnLines
        for line in lines where !line.range.isEmpty {
            let box = frame(ofCharacterAt: line.range.lowerBound, lines: lines)
            guard point.y >= box.minY, point.y < box.maxY, point.x >= box.minX else { continue }
            // Characters' right edges only grow along a line: the first whose edge is right of the point,
            // found by bisection, so a long label costs a few measurements, not one per character.
            var low = line.range.lowerBound, high = line.range.upperBound
            while low < high {
                let mid = (low + high) / 2
                if frame(ofCharacterAt: mid, lines: lines).maxX <= point.x { low = mid + 1 } else { high = mid }
            }
            return low < line.range.upperBound ? low : nil
        }
        return nil
    }

    /// Where character `offset` is drawn, given the lines it is drawn on.
    private func frame(ofCharacterAt offset: Int, lines: [(line: TextLayout.Line, range: Range<Int>)]) -> Rect {
        // The lines as drawn: a label shorter than its text shows only those that fit.
        let layout = shownLayout()
        let origin = textOrigin(of: layout)
        let (ascent, descent) = textMeasurer.lineMetrics(for: font)
        let height = (ascent + descent).rounded(.up)
        // A character no line shows (a space a line broke at, text cut off) sits where the line before ends.
        guard let index = lines.lastIndex(where: { $0.range.lowerBound <= offset }) ?? (lines.isEmpty ? nil : 0) else {
            return Rect(x: origin.x, y: origin.y, width: 0, height: height)
        }
        let (line, range) = lines[index]
        let characters = Array(line.text)
        let inLine = min(max(offset - range.lowerBound, 0), range.count)
        let before = textMeasurer.width(of: String(characters[..<inLine]), font: font)
        let through = inLine < range.count ? textMeasurer.width(of: String(characters[...inLine]), font: font) : before
        return Rect(x: origin.x + line.x + before, y: origin.y + line.baseline - ascent, width: through - before, height: height)
    }

    /// The laid-out lines with the offsets of the text's characters each shows: a line's characters are
    /// found in the text in order, past the spaces and breaks the layout dropped between lines; an
    /// ellipsis stands for characters no line shows.
    private var drawnLines: [(line: TextLayout.Line, range: Range<Int>)] {
        let characters = Array(text)
        var position = 0
        var result: [(TextLayout.Line, Range<Int>)] = []
        for line in shownLayout().lines {
            let shown = Array(line.text)
            while position < characters.count, shown.first != characters[position], characters[position].isWhitespace {
                position += 1
            }
            let start = position
            var matched = 0
            while matched < shown.count, position < characters.count, shown[matched] == characters[position] {
                matched += 1
                position += 1
            }
            result.append((line, start..<position))
        }
        return result
    }
}

extension TextField: AccessibilityTextContent {
    var accessibilityText: String { shownText }
    var accessibilityTextSelection: (range: Range<Int>, caret: Int)? { (selectedRange, head) }
    var accessibilityTextLines: [Range<Int>] { [0..<storage.count] }

    func accessibilityFrame(ofCharacterAt offset: Int) -> Rect {
        let caret = caretRect(forOffset: offset)
        let next = offset < storage.count ? caretRect(forOffset: offset + 1).minX : caret.minX
        return Rect(x: caret.minX, y: caret.minY, width: next - caret.minX, height: caret.height)
    }

    func accessibilityCharacterOffset(at point: Point) -> Int? {
        guard !storage.isEmpty, textRect(forBounds: bounds).contains(point) else { return nil }
        return characterOffset(at: point)
    }
}
