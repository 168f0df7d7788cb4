import Testing
import Proscenium

/// A password field (`isSecureTextEntry`): bullets on screen and for screen readers, the real text for the
/// app; its text stays in it (no copy, cut, primary selection or undo) and is one word.
@MainActor @Suite("Text field secure entry")
struct TextFieldSecureEntryTests {
    private func passwordScene(_ text: String = "") -> FieldScene {
        let scene = FieldScene(text: text)
        scene.field.isSecureTextEntry = true
        scene.clock.step()
        return scene
    }

    @Test("typed characters are drawn as one bullet each, the text is what was typed, the caret follows the bullets")
    func showsBullets() {
        let scene = passwordScene()
        #expect(scene.field.becomeFirstResponder())
        scene.type("hunter 2é")
        scene.clock.step()
        #expect(scene.field.text == "hunter 2é")
        #expect(scene.drawnTexts.map(\.text) == [String(repeating: "\u{2022}", count: 9)])
        #expect(scene.field.caretRect(forOffset: 9).minX == scene.field.caretRect(forOffset: 0).minX + (9 * FieldScene.charWidth).rounded())

        // Turned off, the same text shows; on again, bullets.
        scene.field.isSecureTextEntry = false
        scene.clock.step()
        #expect(scene.drawnTexts.map(\.text) == ["hunter 2é"])
        scene.field.isSecureTextEntry = true
        scene.clock.step()
        #expect(scene.drawnTexts.map(\.text) == [String(repeating: "\u{2022}", count: 9)])
    }

    @Test("copy and cut leave the clipboard and the text alone, a selection is not offered as the primary selection; paste works")
    func textStaysInTheField() async {
        let scene = passwordScene("secret")
        scene.pasteboard.setString("before", for: .clipboard)
        #expect(scene.field.becomeFirstResponder())
        #expect(scene.field.selectedRange == 0..<6, "focus selects all")
        scene.press(.character("c"), [.control])
        scene.press(.character("x"), [.control])
        scene.press(.delete, [.shift])
        scene.press(.insert, [.control])
        #expect(scene.pasteboard.string(for: .clipboard) == "before")
        #expect(scene.field.text == "secret")
        scene.drag(fromX: FieldScene.x(1), toX: FieldScene.x(4))
        #expect(scene.field.selectedRange == 1..<4)
        #expect(scene.pasteboard.string(for: .primarySelection) == nil)

        scene.press(.character("v"), [.control])
        await scene.settle { scene.field.text != "secret" }
        #expect(scene.field.text == "sbeforeet")
    }

    @Test("the whole text is one word: Ctrl+Left and Ctrl+Right go to its ends, Ctrl+Backspace deletes up to the caret, a double click selects it all")
    func oneWord() {
        let scene = passwordScene("open sesame now")
        #expect(scene.field.becomeFirstResponder())
        scene.press(.end)
        scene.press(.left, [.control])
        #expect(scene.field.selectedRange == 0..<0)
        scene.press(.right, [.control])
        #expect(scene.field.selectedRange == 15..<15)
        scene.click(atX: FieldScene.x(7) + 2)
        scene.click(atX: FieldScene.x(7) + 2, after: 0.2)
        #expect(scene.field.selectedRange == 0..<15)
        scene.click(atX: FieldScene.x(9) + 2)
        scene.press(.backspace, [.control])
        #expect(scene.field.text == "me now")
    }

    @Test("no undo history: Ctrl+Z after typing changes nothing, and turning secure entry on forgets what came before")
    func noUndo() {
        let scene = FieldScene()
        #expect(scene.field.becomeFirstResponder())
        scene.type("visible")
        scene.field.isSecureTextEntry = true
        scene.press(.character("z"), [.control])
        #expect(scene.field.text == "visible", "the history from before is gone")
        scene.type("pw")
        scene.press(.character("z"), [.control])
        #expect(scene.field.text == "visiblepw")
    }

    @Test("copying or cutting through the accessibility tree leaves a password field and the clipboard alone")
    func accessibilityCopyAndCut() throws {
        let scene = passwordScene("pa55")
        scene.pasteboard.setString("before", for: .clipboard)
        let tree = AccessibilityTree(window: scene.window)
        let id = AccessibilityTree.id(of: scene.field)
        #expect(!tree.copyText(in: 0..<4, of: id))
        #expect(!tree.copyText(in: 0..<4, of: id, cutting: true))
        #expect(scene.pasteboard.string(for: .clipboard) == "before")
        #expect(scene.field.text == "pa55")
    }

    @Test("turned into a password field, a field gives up the primary selection it offered; not one another field offered since")
    func primarySelectionWithdrawn() {
        let scene = FieldScene(text: "hunter2")
        let other = TextField(text: "other text", frame: Rect(x: 20, y: 100, width: 200, height: 36))
        scene.window.addSubview(other)
        #expect(scene.field.becomeFirstResponder())
        scene.field.selectAll()
        #expect(scene.pasteboard.string(for: .primarySelection) == "hunter2")
        scene.field.isSecureTextEntry = true
        #expect(scene.pasteboard.string(for: .primarySelection) == nil, "the revealed password is no longer offered")

        scene.field.isSecureTextEntry = false
        scene.field.selectedRange = 0..<0
        scene.field.selectAll()
        #expect(scene.pasteboard.string(for: .primarySelection) == "hunter2")
        #expect(other.becomeFirstResponder())
        other.selectAll()
        #expect(scene.pasteboard.string(for: .primarySelection) == "other text")
        scene.field.isSecureTextEntry = true
        #expect(scene.pasteboard.string(for: .primarySelection) == "other text", "another field's selection stays")

        // Out of its window when it turns secure: withdrawn from the pasteboard it was offered on.
        scene.field.isSecureTextEntry = false
        #expect(scene.field.becomeFirstResponder())
        scene.field.selectedRange = 0..<0
        scene.field.selectAll()
        #expect(scene.pasteboard.string(for: .primarySelection) == "hunter2")
        scene.field.removeFromSuperview()
        scene.field.isSecureTextEntry = true
        #expect(scene.pasteboard.string(for: .primarySelection) == nil)
    }

    @Test("a password field with the search field trait still reads as a password field")
    func secureWinsOverSearch() throws {
        let scene = passwordScene("x")
        scene.field.accessibilityTraits.insert(.searchField)
        let node = try #require(AccessibilityTree(window: scene.window)[AccessibilityTree.id(of: scene.field)])
        #expect(node.role == .secureTextField)
    }

    @Test("screen readers get a password text of bullets, with the caret and selection where they are")
    func accessibility() throws {
        let scene = passwordScene("pa55")
        let tree = AccessibilityTree(window: scene.window)
        let node = try #require(tree[AccessibilityTree.id(of: scene.field)])
        #expect(node.role == .secureTextField)
        #expect(node.value == "\u{2022}\u{2022}\u{2022}\u{2022}")
        #expect(node.text == "\u{2022}\u{2022}\u{2022}\u{2022}")
        #expect(node.isEditable && node.caretOffset == 4)
        scene.field.isSecureTextEntry = false
        #expect(AccessibilityTree(window: scene.window)[AccessibilityTree.id(of: scene.field)]?.role == .textField)
    }
}
