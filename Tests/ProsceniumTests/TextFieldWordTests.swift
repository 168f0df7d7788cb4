import Testing
@testable import Proscenium

/// Word moves and deletes beyond Latin text, as GTK's follow Unicode's word rules: each Han ideograph is
/// a word, kana runs end where the script changes, and "don't" or "3.14" stay one word.
@MainActor @Suite("Text field words")
struct TextFieldWordTests {
    @Test("Ctrl+Backspace in Chinese deletes one ideograph, not the sentence")
    func ideographs() {
        let scene = FieldScene(text: "你好世界")
        scene.focusWithCaretAtEnd()
        scene.press(.backspace, .control)
        #expect(scene.field.text == "你好世")
        scene.press(.left, .control)
        #expect(scene.field.selectedRange == 2..<2)
    }

    @Test("a run of hiragana and one of katakana are two words; a Latin word after them a third")
    func kana() {
        let scene = FieldScene(text: "ひらがなカタカナ abc")
        scene.focusWithCaretAtEnd()
        scene.press(.left, .control)
        #expect(scene.field.selectedRange == 9..<9, "abc")
        scene.press(.left, .control)
        #expect(scene.field.selectedRange == 4..<4, "カタカナ")
        scene.press(.left, .control)
        #expect(scene.field.selectedRange == 0..<0, "ひらがな")
    }

    @Test("an apostrophe between letters and a point between digits join their word")
    func joiners() {
        let scene = FieldScene(text: "don't 3.14 'quoted'")
        scene.focusWithCaretAtEnd()
        #expect(scene.field.wordRange(at: 1) == 0..<5, "don't")
        #expect(scene.field.wordRange(at: 7) == 6..<10, "3.14")
        #expect(scene.field.wordRange(at: 13) == 12..<18, "quoted, without the quotes around it")
        scene.press(.backspace, .control)
        #expect(scene.field.text == "don't 3.14 '", "the word before the caret and the quote after it")
        scene.press(.backspace, .control)
        #expect(scene.field.text == "don't ", "3.14 as one word, not 14: \(scene.field.text)")
    }
}
