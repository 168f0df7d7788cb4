import Proscenium

/// A node's text as AT-SPI counts it — in Unicode scalars, where the core counts characters — and cut
/// into the pieces screen readers step through: characters, words, sentences, lines, paragraphs.
struct ATSPITextSegments {
    let characters: [Character]
    /// The scalar offset where each character starts, and the text's length in scalars at the end.
    private let scalarStarts: [Int]
    /// The lines the text is drawn on, in characters.
    private let lines: [Range<Int>]

    init(_ text: String, lines: [Range<Int>]) {
        characters = Array(text)
        var starts: [Int] = []
        starts.reserveCapacity(characters.count + 1)
        var offset = 0
        for character in characters {
            starts.append(offset)
            offset += character.unicodeScalars.count
        }
        starts.append(offset)
        scalarStarts = starts
        self.lines = lines.isEmpty ? [0..<characters.count] : lines
    }

    /// The text's length in scalars.
    var scalarCount: Int { scalarStarts[characters.count] }

    /// The scalar offset of character `offset`.
    func scalarOffset(_ offset: Int) -> Int { scalarStarts[min(max(offset, 0), characters.count)] }

    /// The character holding scalar `offset` (clamped to the text); -1 and past the end mean the end.
    func characterOffset(_ offset: Int32) -> Int {
        let offset = Int(offset)
        if offset < 0 || offset >= scalarCount { return characters.count }
        var low = 0, high = characters.count
        while low < high {
            let mid = (low + high + 1) / 2
            if scalarStarts[mid] <= offset { low = mid } else { high = mid - 1 }
        }
        return low
    }

    /// Characters `range` as a string.
    func text(_ range: Range<Int>) -> String {
        let range = min(max(range.lowerBound, 0), characters.count)..<min(max(range.upperBound, 0), characters.count)
        return String(characters[range])
    }

    /// Scalars `start..<end` as characters (an end of -1 is the text's end).
    func characterRange(_ start: Int32, _ end: Int32) -> Range<Int> {
        let lower = characterOffset(start), upper = end < 0 ? characters.count : characterOffset(end)
        return min(lower, upper)..<max(lower, upper)
    }

    // MARK: Boundaries

    /// AT-SPI's text boundary types: where the pieces `GetTextAtOffset` steps by begin and end.
    enum Boundary: UInt32 {
        case character = 0, wordStart, wordEnd, sentenceStart, sentenceEnd, lineStart, lineEnd
    }

    /// The offsets where `boundary`'s pieces begin, with the text's start and end.
    private func boundaries(_ boundary: Boundary) -> [Int] {
        let count = characters.count
        var result = [0]
        switch boundary {
        case .character: result = Array(0...count)
        case .wordStart, .wordEnd:
            let starts = boundary == .wordStart
            // The words a text field's word moves step by (see `TextWords`).
            for index in 1..<max(count, 1) where index < count {
                if starts ? TextWords.startsWord(at: index, in: characters) : TextWords.endsWord(at: index, in: characters) {
                    result.append(index)
                }
            }
        case .sentenceStart, .sentenceEnd:
            for index in 0..<count where ".!?".contains(characters[index]) {
                var end = index + 1
                if boundary == .sentenceStart { while end < count, characters[end].isWhitespace { end += 1 } }
                if end < count { result.append(end) }
            }
        case .lineStart: result += lines.dropFirst().map(\.lowerBound)
        case .lineEnd: result += lines.dropLast().map(\.upperBound)
        }
        result.append(count)
        return Array(Set(result)).sorted()
    }

    /// The piece holding `offset`, the one before it or the one after it. As ATK counts: a piece that
    /// ends at a boundary (a word's end) runs from the boundary before `offset` to the one at or after it;
    /// a piece that starts at one, from the one at or before `offset`. At the text's end there is no
    /// character, but the last word, sentence or line is the one there.
    func piece(_ boundary: Boundary, at offset: Int, step: Int = 0) -> Range<Int> {
        let marks = boundaries(boundary)
        let offset = min(max(offset, 0), characters.count)
        let endsAtBoundaries = [.wordEnd, .sentenceEnd, .lineEnd].contains(boundary)
        var index = endsAtBoundaries ? (marks.lastIndex { $0 < offset } ?? 0) : (marks.lastIndex { $0 <= offset } ?? 0)
        if boundary != .character, index == marks.count - 1, index > 0 { index -= 1 }
        index += step
        guard index >= 0, index + 1 < marks.count else { return offset..<offset }
        return marks[index]..<marks[index + 1]
    }

    /// AT-SPI's granularities for `GetStringAtOffset`: the piece itself, without what separates pieces.
    func piece(granularity: UInt32, at offset: Int) -> Range<Int>? {
        switch granularity {
        case 0: return piece(.character, at: offset)
        case 1:
            let start = piece(.wordStart, at: offset)
            var end = start.upperBound
            while end > start.lowerBound, TextWords.kind(at: end - 1, in: characters) == nil { end -= 1 }
            return start.lowerBound..<end
        case 2: return piece(.sentenceStart, at: offset)
        case 3: return piece(.lineStart, at: offset)
        case 4:
            let offset = min(max(offset, 0), characters.count)
            var start = offset, end = offset
            while start > 0, characters[start - 1] != "\n" { start -= 1 }
            while end < characters.count, characters[end] != "\n" { end += 1 }
            return start..<end
        default: return nil
        }
    }
}
