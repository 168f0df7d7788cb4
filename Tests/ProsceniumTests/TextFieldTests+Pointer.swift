import Testing
import Proscenium

/// Clicks, drags, double and triple clicks, and the middle click.
@MainActor @Suite("Text field pointer")
struct TextFieldPointerTests {
    @Test func aClickPutsTheCaretAtTheNearestBoundary() {
        let scene = FieldScene(text: "hello")
        scene.click(atX: FieldScene.x(3) + 4)
        #expect(scene.field.selectedRange == 3..<3)
        scene.click(atX: FieldScene.x(3) + 6)
        #expect(scene.field.selectedRange == 4..<4, "past the middle of the character")
        scene.click(atX: 215)
        #expect(scene.field.selectedRange == 5..<5, "right of the text: the end")
        scene.click(atX: 22)
        #expect(scene.field.selectedRange == 0..<0, "in the inset: the start")
    }

    @Test("Shift+click moves the selection's head to the click and keeps its anchor; a drag from it goes on extending")
    func aShiftClickExtendsTheSelection() {
        let scene = FieldScene(text: "hello brave world")
        scene.click(atX: FieldScene.x(6) + 1)
        scene.click(atX: FieldScene.x(11) + 1, modifiers: [.shift])
        #expect(scene.field.selectedRange == 6..<11)
        #expect(scene.pasteboard.string(for: .primarySelection) == "brave")
        scene.click(atX: FieldScene.x(2) + 1, modifiers: [.shift])
        #expect(scene.field.selectedRange == 2..<6, "back past the anchor: the anchor stays")
        scene.drag(fromX: FieldScene.x(9) + 1, toX: FieldScene.x(13) + 1, modifiers: [.shift])
        #expect(scene.field.selectedRange == 6..<13, "the drag extends from the same anchor")
        scene.click(atX: FieldScene.x(3) + 1, modifiers: [.control])
        #expect(scene.field.selectedRange == 3..<3, "other modifiers click as a plain click")
    }

    @Test("Shift+click into a field not being edited extends from the caret it had")
    func aShiftClickFocusingTheFieldExtendsFromItsCaret() {
        let scene = FieldScene(text: "hello brave world")
        scene.field.selectedRange = 6..<6
        #expect(!scene.field.isEditing)
        scene.click(atX: FieldScene.x(11) + 1, modifiers: [.shift])
        #expect(scene.field.isEditing)
        #expect(scene.field.selectedRange == 6..<11)
    }

    @Test func aDragSelectsAndOffersThePrimarySelectionWhenItEnds() {
        let scene = FieldScene(text: "hello brave world")
        var duringDrag: String?
        scene.drag(fromX: FieldScene.x(2), toX: FieldScene.x(7)) {
            duringDrag = scene.pasteboard.string(for: .primarySelection)
        }
        #expect(scene.field.selectedRange == 2..<7)
        #expect(scene.field.selectedText == "llo b")
        #expect(duringDrag == nil, "not every step of the drag")
        #expect(scene.pasteboard.string(for: .primarySelection) == "llo b")
        scene.drag(fromX: FieldScene.x(5), toX: 0)
        #expect(scene.field.selectedRange == 0..<5, "leftwards, past the field's edge")
    }

    @Test func aDoubleClickSelectsTheWordAndATripleClickEverything() {
        let scene = FieldScene(text: "hello brave_1 world")
        scene.click(atX: FieldScene.x(8) + 2)
        scene.click(atX: FieldScene.x(8) + 2, after: 0.2)
        #expect(scene.field.selectedText == "brave_1")
        #expect(scene.pasteboard.string(for: .primarySelection) == "brave_1")
        scene.click(atX: FieldScene.x(8) + 2, after: 0.2)
        #expect(scene.field.selectedRange == 0..<19)
        scene.click(atX: FieldScene.x(5) + 2)
        scene.click(atX: FieldScene.x(5) + 2, after: 0.2)
        #expect(scene.field.selectedRange == 5..<6, "not in a word: the character alone")
    }

    @Test func aDragAfterADoubleClickExtendsByWords() {
        let scene = FieldScene(text: "hello brave world")
        scene.click(atX: FieldScene.x(8) + 2)
        scene.window.send(.pointerDown(Point(x: FieldScene.x(8) + 2, y: 38), button: 1, time: scene.time + 0.2))
        scene.window.send(.pointerMoved(Point(x: FieldScene.x(14), y: 38), time: scene.time + 0.3))
        scene.window.send(.pointerUp(Point(x: FieldScene.x(14), y: 38), button: 1, time: scene.time + 0.3))
        #expect(scene.field.selectedText == "brave world")
    }

    @Test func aMiddleClickPastesThePrimarySelectionAtTheClick() async {
        let scene = FieldScene(text: "hello")
        scene.pasteboard.setString("XY", for: .primarySelection)
        scene.window.send(.pointerDown(Point(x: FieldScene.x(2) + 1, y: 38), button: 2, time: 5))
        scene.window.send(.pointerUp(Point(x: FieldScene.x(2) + 1, y: 38), button: 2, time: 5.05))
        #expect(scene.field.isEditing, "the field takes focus")
        #expect(scene.field.selectedRange == 2..<2, "the caret moves to the click first")
        await scene.settle { scene.field.text != "hello" }
        #expect(scene.field.text == "heXYllo")
        #expect(scene.field.selectedRange == 4..<4)
    }

    @Test func aMiddleClickPastesTheFieldsOwnSelectionElsewhereInIt() async {
        let scene = FieldScene(text: "abc def")
        scene.drag(fromX: FieldScene.x(0), toX: FieldScene.x(3))
        scene.window.send(.pointerDown(Point(x: 215, y: 38), button: 2, time: 20))
        await scene.settle { scene.field.text != "abc def" }
        #expect(scene.field.text == "abc defabc")
    }

    @Test func aMiddleClickIsNoTouchAndLeavesAPrimaryTouchAlone() async {
        let scene = FieldScene(text: "")
        let probe = TouchProbeView(frame: Rect(x: 20, y: 100, width: 100, height: 50))
        scene.window.addSubview(probe)
        scene.pasteboard.setString("pasted", for: .primarySelection)
        scene.window.send(.pointerDown(Point(x: 50, y: 120), button: 1, time: 1))
        scene.window.send(.pointerDown(Point(x: 100, y: 38), button: 2, time: 1.1))
        scene.window.send(.pointerUp(Point(x: 100, y: 38), button: 2, time: 1.2))
        scene.window.send(.pointerMoved(Point(x: 60, y: 125), time: 1.3))
        scene.window.send(.pointerUp(Point(x: 60, y: 125), button: 1, time: 1.4))
        #expect(probe.phases == [.began, .moved, .ended])
        await scene.settle { !scene.field.text.isEmpty }
        #expect(scene.field.text == "pasted")
        scene.window.send(.pointerDown(Point(x: 50, y: 120), button: 2, time: 3))
        #expect(probe.phases == [.began, .moved, .ended], "a middle click on a plain view is no touch either")
    }
}

/// Copy, cut and paste through the window's pasteboard, and the primary selection.
@MainActor @Suite("Text field pasteboard")
struct TextFieldPasteboardTests {
    @Test func copyCutAndPaste() async {
        let scene = FieldScene(text: "hello world")
        scene.focusWithCaretAtEnd()
        scene.press(.character("c"), .control)
        #expect(scene.pasteboard.string(for: .clipboard) == nil, "nothing selected, nothing copied")
        scene.press(.left, .shift, repeats: 4)
        scene.press(.character("c"), .control)
        #expect(scene.pasteboard.string(for: .clipboard) == "world")
        #expect(scene.field.text == "hello world")
        scene.press(.left, .shift)
        scene.press(.character("X"), [.control, .shift])
        #expect(scene.pasteboard.string(for: .clipboard) == " world")
        #expect(scene.field.text == "hello")
        scene.press(.home)
        scene.press(.character("v"), .control)
        #expect(scene.field.text == "hello", "the paste arrives asynchronously")
        await scene.settle { scene.field.text != "hello" }
        #expect(scene.field.text == " worldhello")
        #expect(scene.field.selectedRange == 6..<6)
    }

    @Test func pastingReplacesTheSelectionAndFlattensLines() async {
        let scene = FieldScene(text: "old")
        scene.field.becomeFirstResponder()  // selects all
        scene.pasteboard.setString("line one\nline two\r\n", for: .clipboard)
        scene.press(.character("v"), .control)
        await scene.settle { scene.field.text != "old" }
        #expect(scene.field.text == "line one line two ")
    }

    @Test func aPasteThatArrivesAfterEditingEndedIsDropped() async {
        let scene = FieldScene(text: "keep")
        scene.focusWithCaretAtEnd()
        scene.pasteboard.setString("late", for: .clipboard)
        scene.press(.character("v"), .control)
        scene.field.resignFirstResponder()
        for _ in 0..<20 { await Task.yield() }
        #expect(scene.field.text == "keep")
    }

    @Test func aNonEmptySelectionBecomesThePrimarySelection() {
        let scene = FieldScene(text: "hello world")
        scene.field.selectsAllOnFocus = false
        scene.field.becomeFirstResponder()
        #expect(scene.pasteboard.string(for: .primarySelection) == nil)
        scene.press(.left, .shift, repeats: 1)
        #expect(scene.pasteboard.string(for: .primarySelection) == "ld")
        scene.press(.left, .shift)
        #expect(scene.pasteboard.string(for: .primarySelection) == "rld")
        scene.press(.right)
        #expect(scene.pasteboard.string(for: .primarySelection) == "rld", "a caret does not clear it")
        scene.press(.character("a"), .control)
        #expect(scene.pasteboard.string(for: .primarySelection) == "hello world")
        scene.field.selectedRange = 0..<5
        #expect(scene.pasteboard.string(for: .primarySelection) == "hello")
    }
}

extension TextFieldPointerTests {
    @Test("a click into a long text not being edited puts the caret where it lands, with the start of the text still in view")
    func aClickIntoALongFieldPlacesTheCaretWhereItLands() {
        let scene = FieldScene()
        let field = scene.field
        field.text = String(repeating: "m", count: 40)
        scene.clock.step()
        let target = 3
        let caret = field.caretRect(forOffset: target)
        let point = field.convert(Point(x: caret.midX, y: field.bounds.midY), to: nil)
        scene.window.send(.pointerDown(point, button: 1, time: scene.clock.now))
        scene.window.send(.pointerUp(point, button: 1, time: scene.clock.now))
        #expect(field.isEditing && field.selectedRange == target..<target, "caret at \(field.selectedRange)")
        #expect(field.scrollOffset == 0, "the field did not jump to the tail of the text")
    }
}
