import Proscenium
import Testing

/// Truncation and wrapping of known strings at known widths, measured by a font whose every character is
/// 10 pixels wide, so that each expected line can be counted by hand.
@MainActor @Suite("Truncating and wrapping text")
struct TextTruncationTests {
    final class Monospaced: TextMeasuring {
        func width(of text: String, font: Font) -> Double { Double(text.count) * 10 }
        func lineMetrics(for font: Font) -> (ascent: Double, descent: Double) { (12, 4) }
    }

    let measurer = Monospaced()
    let font = Font.systemFont(ofSize: 15)

    func lines(_ text: String, width: Double?, lines: Int = 1, mode: LineBreakMode) -> [String] {
        TextLayout.make(text, font: font, width: width, wrap: lines != 1, numberOfLines: lines, lineBreakMode: mode,
                        measurer: measurer).lines.map(\.text)
    }

    @Test("one line 60 pixels wide: tail, head and middle keep five characters and the ellipsis")
    func singleLineTruncation() {
        #expect(lines("Hello world", width: 60, mode: .byTruncatingTail) == ["Hello…"])
        #expect(lines("Hello world", width: 60, mode: .byTruncatingHead) == ["…world"])
        #expect(lines("Hello world", width: 60, mode: .byTruncatingMiddle) == ["Hel…ld"])
        // A space before the ellipsis is dropped: "Hello …" would say less in the same room.
        #expect(lines("Hello world", width: 70, mode: .byTruncatingTail) == ["Hello…"])
        #expect(lines("Hello world", width: 110, mode: .byTruncatingTail) == ["Hello world"])
        #expect(lines("Hello world", width: 60, mode: .byClipping) == ["Hello world"])
        // Not even one character fits: the ellipsis alone.
        #expect(lines("Hello", width: 5, mode: .byTruncatingTail) == ["…"])
    }

    @Test("two lines 80 pixels wide: words wrap, and the second line says that text was left out")
    func wrappedTruncation() {
        #expect(lines("one two three four", width: 80, lines: 2, mode: .byTruncatingTail) == ["one two", "three…"])
        #expect(lines("one two three four", width: 80, lines: 0, mode: .byTruncatingTail) == ["one two", "three", "four"])
        #expect(lines("one two three four", width: 80, lines: 2, mode: .byWordWrapping) == ["one two", "three"])
        #expect(lines("abcdefghij", width: 40, lines: 0, mode: .byCharWrapping) == ["abcd", "efgh", "ij"])
        // A word wider than the line is broken between its characters (clipping leaves it whole), and only
        // the last line is cut.
        #expect(lines("abcdefghij klm", width: 40, lines: 0, mode: .byWordWrapping) == ["abcd", "efgh", "ij", "klm"])
        #expect(lines("abcdefghij klm", width: 40, lines: 0, mode: .byClipping) == ["abcdefghij", "klm"])
        #expect(lines("abcdefghij klm nopq", width: 40, lines: 3, mode: .byTruncatingTail) == ["abcd", "efgh", "ij…"])
    }

    @Test("a label truncates at its width and wraps by words with numberOfLines 0; its intrinsic size is its text's")
    func labelTruncatesAndWraps() {
        let window = Window(size: Size(width: 400, height: 300), clock: ManualFrameClock())
        let surface = MeasuringSurface(measurer: measurer)
        window.surface = surface
        let label = Label(text: "Hello world", frame: Rect(x: 0, y: 0, width: 60, height: 20))
        window.addSubview(label)
        #expect(label.lineBreakMode == .byTruncatingTail)
        #expect(label.layout(forWidth: 60).lines.map(\.text) == ["Hello…"])
        #expect(label.intrinsicContentSize == Size(width: 110, height: 16))
        label.numberOfLines = 0
        label.text = "one two three four"
        #expect(label.layout(forWidth: 80).lines.map(\.text) == ["one two", "three", "four"])
        label.preferredMaxLayoutWidth = 80
        #expect(label.intrinsicContentSize == Size(width: 70, height: 48))
    }

    /// A surface that only measures.
    final class MeasuringSurface: WindowSurface {
        let textMeasurer: (any TextMeasuring)?
        init(measurer: any TextMeasuring) { textMeasurer = measurer }
        func present(_ list: DisplayList, damage: Region, size: Size) {}
        func setCursor(_ cursor: Cursor) {}
    }

    @Test("every line ending breaks a line: a file's \\r\\n, an old Mac's \\r, U+2028, as \\n does")
    func lineEndings() {
        for ending in ["\n", "\r\n", "\r", "\u{2028}"] {
            #expect(lines("one" + ending + "two", width: nil, lines: 0, mode: .byWordWrapping) == ["one", "two"], "\(ending.unicodeScalars.map(\.value))")
        }
    }

    @Test("a label's sizeThatFits(.zero) is its natural size, as UIKit's: a width of 0 means no limit")
    func sizeThatFitsZero() {
        let label = Label(text: "Hello world")
        label.numberOfLines = 0
        #expect(label.sizeThatFits(.zero) == label.intrinsicContentSize && label.sizeThatFits(.zero).width > 0)
    }

    @Test("a space at the end of a wrapped line hangs past it instead of making an empty line")
    func trailingSpaceHangs() {
        #expect(lines("Hello world ", width: 110, lines: 0, mode: .byWordWrapping) == ["Hello world"])
        #expect(lines("Hello world  again", width: 110, lines: 0, mode: .byWordWrapping) == ["Hello world", "again"])
    }

    @Test("a label's natural width counts the ellipsis that says lines were dropped, so drawn at it the kept line is whole")
    func naturalWidthCountsTheEllipsis() {
        let natural = TextLayout.make("Hello\nWorld", font: font, width: nil, wrap: false, numberOfLines: 1,
                                      lineBreakMode: .byTruncatingTail, measurer: measurer)
        #expect(natural.lines.map(\.text) == ["Hello…"] && natural.size.width == 60)
        #expect(lines("Hello\nWorld", width: natural.size.width, mode: .byTruncatingTail) == ["Hello…"])
    }
}
