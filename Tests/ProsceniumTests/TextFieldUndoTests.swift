import Testing
@testable import Proscenium

/// Undo and redo in a text field, as in GTK's entries: Ctrl+Z takes back the last edit — a run of typing
/// or of single deletes at the caret as one step — Ctrl+Shift+Z or Ctrl+Y does it again; and the
/// desktop's older clipboard keys: Shift+Delete cuts, Ctrl+Insert copies, Shift+Insert pastes.
@MainActor @Suite("Text field undo")
struct TextFieldUndoTests {
    final class Refuser: TextFieldDelegate {
        var refuses = false
        func textField(_ textField: TextField, shouldChangeCharactersIn range: Range<Int>, replacementString string: String) -> Bool {
            !refuses
        }
    }

    @Test("Tab then a key replaces the whole text; Ctrl+Z brings it back, selected; Ctrl+Shift+Z and Ctrl+Y type it again")
    func aStrayKeyIsUndone() {
        let scene = FieldScene(text: "keep me")
        _ = scene.field.becomeFirstResponder()
        #expect(scene.field.selectedRange == 0..<7, "focused from the keyboard: all selected")
        var changes = 0
        scene.field.addAction(for: .editingChanged) { _ in changes += 1 }
        scene.type("xyz")
        #expect(scene.field.text == "xyz")
        scene.press(.character("z"), .control)
        #expect(scene.field.text == "keep me" && scene.field.selectedRange == 0..<7, "one step: \(scene.field.text)")
        #expect(changes == 4, "undoing is an edit the app hears")
        scene.press(.character("Z"), [.control, .shift])
        #expect(scene.field.text == "xyz" && scene.field.selectedRange == 3..<3)
        scene.press(.character("z"), .control)
        scene.press(.character("y"), .control)
        #expect(scene.field.text == "xyz")
        scene.press(.character("y"), .control)
        #expect(scene.field.text == "xyz", "nothing more to redo")
    }

    @Test("a pause, a space or a caret move ends a run of typing; a run of Backspaces is one step")
    func runs() {
        let scene = FieldScene()
        _ = scene.field.becomeFirstResponder()
        scene.type("hello world")
        scene.clock.run(for: 1.5)
        scene.type("s")
        scene.press(.backspace, repeats: 2)
        #expect(scene.field.text == "hello wor")
        scene.press(.character("z"), .control)
        #expect(scene.field.text == "hello worlds", "the three Backspaces at once")
        scene.press(.character("z"), .control)
        #expect(scene.field.text == "hello world", "the s after the pause on its own")
        scene.press(.character("z"), .control)
        #expect(scene.field.text == "hello ", "the second word")
        scene.press(.character("z"), .control)
        #expect(scene.field.text == "hello", "the space")
        scene.press(.left)
        scene.type("!")
        scene.press(.character("z"), .control)
        #expect(scene.field.text == "hello")
        scene.press(.character("z"), .control)
        scene.press(.character("z"), .control)
        #expect(scene.field.text == "", "back to the start, and no further")
    }

    @Test("the delegate is asked as for any edit: a refused undo leaves text and history as they were; text set in code starts a new history")
    func delegateAndCode() {
        let scene = FieldScene()
        let delegate = Refuser()
        scene.field.delegate = delegate
        _ = scene.field.becomeFirstResponder()
        scene.type("abc")
        delegate.refuses = true
        scene.press(.character("z"), .control)
        #expect(scene.field.text == "abc")
        delegate.refuses = false
        scene.press(.character("z"), .control)
        #expect(scene.field.text == "", "the step was kept for when the delegate agrees")
        scene.type("new")
        scene.field.text = "set by the app"
        scene.press(.character("z"), .control)
        #expect(scene.field.text == "set by the app", "code's text is not the user's to undo")
    }

    @Test("Shift+Delete cuts the selection, Ctrl+Insert copies it, Shift+Insert pastes")
    func clipboardKeys() async {
        let scene = FieldScene(text: "hello")
        _ = scene.field.becomeFirstResponder()
        scene.press(.insert, .control)
        #expect(scene.pasteboard.string(for: .clipboard) == "hello" && scene.field.text == "hello")
        scene.press(.delete, .shift)
        #expect(scene.field.text == "" && scene.pasteboard.string(for: .clipboard) == "hello")
        scene.press(.insert, .shift)
        await Task.yield()
        await Task.yield()
        #expect(scene.field.text == "hello")
        scene.press(.delete, .shift)
        #expect(scene.field.text == "hello", "no selection: Shift+Delete deletes the character after the caret, of which there is none")
    }
}
