import Testing
@testable import ProsceniumX11

/// The pieces a screen reader steps through, counted as AT-SPI counts (Unicode scalars): characters,
/// words from their start or their end, sentences, lines and paragraphs, and the rules Collection matches.
@Suite("AT-SPI text pieces and match rules")
struct ATSPITextSegmentsTests {
    private func text(_ segments: ATSPITextSegments, _ range: Range<Int>) -> String { segments.text(range) }

    @Test("offsets in scalars: a character of two scalars counts two, and offsets inside it land on it")
    func scalarOffsets() {
        let segments = ATSPITextSegments("e\u{301}té", lines: [])
        #expect(segments.characters.count == 3 && segments.scalarCount == 4)
        #expect(segments.scalarOffset(1) == 2 && segments.scalarOffset(3) == 4)
        #expect(segments.characterOffset(1) == 0 && segments.characterOffset(2) == 1 && segments.characterOffset(-1) == 3)
        #expect(segments.characterRange(2, -1) == 1..<3 && segments.characterRange(4, 0) == 0..<3)
    }

    @Test("words from their start take the space after them, from their end the space before; the word alone has neither")
    func words() {
        let segments = ATSPITextSegments("Hello big world", lines: [])
        #expect(text(segments, segments.piece(.wordStart, at: 7)) == "big ")
        #expect(text(segments, segments.piece(.wordEnd, at: 7)) == " big")
        #expect(text(segments, segments.piece(.wordEnd, at: 5)) == "Hello", "from the end before the offset to the end at it")
        #expect(text(segments, segments.piece(.wordStart, at: 7, step: -1)) == "Hello ")
        #expect(text(segments, segments.piece(.wordStart, at: 7, step: 1)) == "world")
        #expect(segments.piece(.wordStart, at: 12, step: 1).isEmpty, "nothing after the last word")
        #expect(segments.piece(granularity: 1, at: 7).map { text(segments, $0) } == "big")
        #expect(segments.piece(granularity: 0, at: 0).map { text(segments, $0) } == "H")
        #expect(segments.piece(granularity: 9, at: 0) == nil)
    }

    @Test("a screen reader's words are a text field's: each ideograph, each kana run, \"don't\" and \"3.14\" whole")
    func wordsAsTheFieldSteps() {
        let chinese = ATSPITextSegments("你好世界", lines: [])
        #expect(chinese.piece(granularity: 1, at: 1).map { text(chinese, $0) } == "好")
        let japanese = ATSPITextSegments("ひらがなカタカナ", lines: [])
        #expect(japanese.piece(granularity: 1, at: 5).map { text(japanese, $0) } == "カタカナ")
        let english = ATSPITextSegments("don't pay 3.14 now", lines: [])
        #expect(english.piece(granularity: 1, at: 2).map { text(english, $0) } == "don't")
        #expect(english.piece(granularity: 1, at: 11).map { text(english, $0) } == "3.14")
        #expect(text(english, english.piece(.wordStart, at: 11)) == "3.14 ")
        let quoted = ATSPITextSegments("他说'好'", lines: [])
        #expect(quoted.piece(granularity: 1, at: 2).map { text(quoted, $0) } == "说", "a quote between ideographs is no word")
    }

    @Test("at the text's end there is no character, the one before is the last, and the last word is the one there")
    func endOfText() {
        let segments = ATSPITextSegments("abc def", lines: [])
        #expect(segments.piece(.character, at: 7).isEmpty)
        #expect(text(segments, segments.piece(.character, at: 7, step: -1)) == "f")
        #expect(segments.piece(.character, at: 7, step: 1).isEmpty)
        #expect(text(segments, segments.piece(.wordStart, at: 7)) == "def")
    }

    @Test("sentences, lines as the label draws them, and paragraphs")
    func sentencesLinesParagraphs() {
        let segments = ATSPITextSegments("One. Two? Three\nFour", lines: [0..<9, 10..<15, 16..<20])
        #expect(text(segments, segments.piece(.sentenceStart, at: 6)) == "Two? ")
        #expect(text(segments, segments.piece(.lineStart, at: 12)) == "Three\n")
        #expect(text(segments, segments.piece(.lineEnd, at: 12)) == " Three")
        #expect(segments.piece(granularity: 3, at: 12).map { text(segments, $0) } == "Three\n")
        #expect(segments.piece(granularity: 4, at: 2).map { text(segments, $0) } == "One. Two? Three")
    }

    @Test("a match rule: states all, roles any, interfaces none, attributes; inverted; malformed rules refused")
    func matchRules() throws {
        typealias V = DBusArguments.Value
        func rule(states: [Int32], _ stateKind: Int32, roles: [Int32], _ roleKind: Int32, interfaces: [String], _ interfaceKind: Int32,
                  attributes: [(String, String)] = [], _ attributeKind: Int32 = 1, invert: Bool = false) -> V {
            .structure([.array(states.map { .int32($0) }), .int32(stateKind),
                        .array(attributes.map { .structure([.string($0.0), .string($0.1)]) }), .int32(attributeKind),
                        .array(roles.map { .int32($0) }), .int32(roleKind),
                        .array(interfaces.map { .string($0) }), .int32(interfaceKind), .bool(invert)])
        }
        // Focusable (11) and showing (25): bits 11 and 25 of the first word. Push button is role 43: word 1, bit 11.
        let focusableShowing = Int32(1 << 11 | 1 << 25)
        let pushButton: [Int32] = [0, 1 << 11, 0, 0]
        let button = try #require(ATSPIMatchRule(rule(states: [focusableShowing, 0], 1, roles: pushButton, 2,
                                                      interfaces: ["org.a11y.atspi.Text"], 3)))
        let attributes = ["toolkit": "Proscenium"]
        #expect(button.matches(states: [8, 11, 25], role: 43, interfaces: ["org.a11y.atspi.Action"], attributes: attributes))
        #expect(!button.matches(states: [8, 25], role: 43, interfaces: [], attributes: attributes), "not focusable")
        #expect(!button.matches(states: [11, 25], role: 29, interfaces: [], attributes: attributes), "a label")
        #expect(!button.matches(states: [11, 25], role: 43, interfaces: ["org.a11y.atspi.Text"], attributes: attributes), "has Text")
        let inverted = try #require(ATSPIMatchRule(rule(states: [focusableShowing, 0], 1, roles: pushButton, 2, interfaces: [], 1, invert: true)))
        #expect(!inverted.matches(states: [11, 25], role: 43, interfaces: [], attributes: attributes))
        let byAttribute = try #require(ATSPIMatchRule(rule(states: [], 1, roles: [], 1, interfaces: [], 1, attributes: [("id", "ok")], 1)))
        #expect(byAttribute.matches(states: [], role: 43, interfaces: [], attributes: ["id": "ok"]))
        #expect(!byAttribute.matches(states: [], role: 43, interfaces: [], attributes: attributes))
        #expect(ATSPIMatchRule(.structure([.int32(1)])) == nil && ATSPIMatchRule(nil) == nil)
        #expect(ATSPIMatchRule(rule(states: [], 9, roles: [], 1, interfaces: [], 1)) == nil, "an unknown match type")
        let invalid = try #require(ATSPIMatchRule(rule(states: [], 0, roles: [], 1, interfaces: [], 1)))
        #expect(!invalid.matches(states: [11], role: 43, interfaces: [], attributes: attributes), "an invalid match type matches nothing")
        let shortNames = try #require(ATSPIMatchRule(rule(states: [], 1, roles: [], 1, interfaces: ["Action"], 1)))
        #expect(shortNames.matches(states: [], role: 43, interfaces: ["org.a11y.atspi.Action"], attributes: attributes),
                "interfaces named short, in any case, as at-spi2-core names them")
    }
}
