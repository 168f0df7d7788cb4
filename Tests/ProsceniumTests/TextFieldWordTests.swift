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

/// A drag selecting text that rests past the field's edge keeps selecting, as GTK's entries do: the
/// hidden end of a long URL is reached without waggling the mouse.
@MainActor @Suite("Text field drag past the edge")
struct TextFieldAutoScrollTests {
    @Test("held past the right edge, the selection grows a character every 0.05 s and the text scrolls; let go, it stops")
    func selectionGrowsPastTheEdge() {
        let scene = FieldScene(text: String(repeating: "m", count: 60))
        scene.drag(fromX: FieldScene.x(1), toX: 250) {
            let reached = scene.field.selectedRange.upperBound
            let scrolled = scene.field.scrollOffset
            scene.clock.run(for: 0.5)
            #expect(scene.field.selectedRange.upperBound >= reached + 8, "\(reached) → \(scene.field.selectedRange)")
            #expect(scene.field.scrollOffset > scrolled, "the text scrolled on")
        }
        let released = scene.field.selectedRange
        scene.clock.run(for: 0.5)
        #expect(scene.field.selectedRange == released, "no more once let go")
        #expect(released.lowerBound == 1)
    }

    @Test("back inside the text, the pointer alone decides again")
    func backInside() {
        let scene = FieldScene(text: String(repeating: "m", count: 60))
        let time = scene.time + 1
        scene.window.send(.pointerDown(Point(x: FieldScene.x(1), y: 38), button: 1, time: time))
        scene.window.send(.pointerMoved(Point(x: 250, y: 38), time: time + 0.05))
        scene.window.send(.pointerMoved(Point(x: 100, y: 38), time: time + 0.1))
        let inside = scene.field.selectedRange
        scene.clock.run(for: 0.5)
        #expect(scene.field.selectedRange == inside)
        scene.window.send(.pointerUp(Point(x: 100, y: 38), button: 1, time: time + 0.2))
    }
}
