import Testing
import Proscenium

// Text fields under a manual clock with the estimating measurer: a 17-pixel character is 9.35 points
// wide, so character boundary k of an unscrolled field at x = 20 lies at window x = 28 + 9.35 k.

/// A window holding one 200×36 text field at (20, 20), with a memory pasteboard, after its first frame.
@MainActor final class FieldScene {
    let clock = ManualFrameClock(startTime: 0)
    let window: Window
    let surface = ProbeSurface()
    let pasteboard = MemoryPasteboard()
    let field: TextField
    private(set) var time = 1.0

    static let charWidth = 17 * 0.55

    init(text: String = "", controller: ViewController? = nil) {
        window = Window(size: Size(width: 400, height: 300), clock: clock)
        window.surface = surface
        window.pasteboard = pasteboard
        field = TextField(text: text, frame: Rect(x: 20, y: 20, width: 200, height: 36))
        if let controller {
            window.rootViewController = controller
            controller.view.addSubview(field)
        } else {
            window.addSubview(field)
        }
        clock.step()
    }

    /// The window x of character boundary `offset` in the unscrolled field.
    static func x(_ offset: Int) -> Double { 28 + Double(offset) * charWidth }

    /// Presses and releases `key`; with `repeats`, the system repeats it that many times before release.
    func press(_ key: Key, _ modifiers: KeyModifiers = [], repeats: Int = 0) {
        time += 0.01
        window.send(.keyDown(key, modifiers: modifiers, time: time))
        for _ in 0..<repeats { window.send(.keyDown(key, modifiers: modifiers, isRepeat: true, time: time)) }
        window.send(.keyUp(key, modifiers: modifiers, time: time))
    }

    /// Types each character of `string` as its own key press.
    func type(_ string: String) {
        for character in string { press(character == " " ? .space : .character(String(character))) }
    }

    /// A primary click at window x (mid-height of the field); `after` seconds since the last input, so
    /// clicks further apart than 0.4 s are single clicks.
    func click(atX x: Double, after delay: Double = 1, modifiers: KeyModifiers = []) {
        time += delay
        window.send(.pointerDown(Point(x: x, y: 38), button: 1, modifiers: modifiers, time: time))
        window.send(.pointerUp(Point(x: x, y: 38), button: 1, time: time))
    }

    /// Presses at `fromX`, drags to `toX` in two moves, and releases there.
    func drag(fromX: Double, toX: Double, modifiers: KeyModifiers = [], beforeRelease: (() -> Void)? = nil) {
        time += 1
        window.send(.pointerDown(Point(x: fromX, y: 38), button: 1, modifiers: modifiers, time: time))
        window.send(.pointerMoved(Point(x: (fromX + toX) / 2, y: 38), time: time + 0.05))
        window.send(.pointerMoved(Point(x: toX, y: 38), time: time + 0.1))
        beforeRelease?()
        window.send(.pointerUp(Point(x: toX, y: 38), button: 1, time: time + 0.15))
        time += 0.15
    }

    /// Focuses the field with the caret at the end of its text (focus from code selects all).
    func focusWithCaretAtEnd() {
        field.becomeFirstResponder()
        press(.end)
    }

    /// Lets the main actor run what the pasteboard scheduled, until `condition` holds (or it gives up).
    func settle(until condition: () -> Bool) async {
        for _ in 0..<100 where !condition() { await Task.yield() }
    }
}

/// A delegate that records what the field tells it and answers as configured.
@MainActor final class FieldDelegateProbe: TextFieldDelegate {
    var log: [String] = []
    var changes: [(Range<Int>, String)] = []
    var allowsBegin = true
    var allowsEnd = true
    var allowsChange: (Range<Int>, String) -> Bool = { _, _ in true }

    func textFieldShouldBeginEditing(_ textField: TextField) -> Bool { log.append("shouldBegin"); return allowsBegin }
    func textFieldDidBeginEditing(_ textField: TextField) { log.append("didBegin") }
    func textFieldShouldEndEditing(_ textField: TextField) -> Bool { log.append("shouldEnd"); return allowsEnd }
    func textFieldDidEndEditing(_ textField: TextField) { log.append("didEnd") }
    func textField(_ textField: TextField, shouldChangeCharactersIn range: Range<Int>, replacementString string: String) -> Bool {
        changes.append((range, string))
        return allowsChange(range, string)
    }
    func textFieldShouldReturn(_ textField: TextField) -> Bool { log.append("return"); return true }
}

/// Typing and the editing keys.
@MainActor @Suite("Text field typing")
struct TextFieldTypingTests {
    @Test func typesLatinOtherScriptsAndMultiCharacterCommits() {
        let scene = FieldScene()
        #expect(scene.field.becomeFirstResponder())
        scene.type("Hi ")
        scene.press(.character("É"), .shift)
        scene.type("é€жß")
        scene.press(.character("ñö"))  // an input method commits two characters at once
        scene.press(.character("👍🏽"))
        #expect(scene.field.text == "Hi Éé€жßñö👍🏽")
        #expect(scene.field.selectedRange == 11..<11, "the caret follows, counted in characters")
        scene.press(.character("q"), .control)
        scene.press(.character("w"), .alternate)
        scene.press(.space, .control)
        #expect(scene.field.text == "Hi Éé€жßñö👍🏽", "shortcuts type nothing")
    }

    @Test func backspaceDeleteHomeAndEnd() {
        let scene = FieldScene(text: "abcde")
        scene.focusWithCaretAtEnd()
        scene.press(.backspace)
        #expect(scene.field.text == "abcd")
        scene.press(.home)
        #expect(scene.field.selectedRange == 0..<0)
        scene.press(.backspace)
        #expect(scene.field.text == "abcd", "nothing before the caret")
        scene.press(.delete)
        #expect(scene.field.text == "bcd")
        scene.type("x")
        #expect(scene.field.text == "xbcd" && scene.field.selectedRange == 1..<1)
        scene.press(.end)
        scene.press(.delete)
        #expect(scene.field.text == "xbcd", "nothing after the caret")
        scene.press(.backspace, repeats: 2)
        #expect(scene.field.text == "x", "a held Backspace deletes on")
    }

    @Test func backspaceDeletesWholeGraphemes() {
        let scene = FieldScene(text: "ae\u{301}👍🏽")
        scene.focusWithCaretAtEnd()
        #expect(scene.field.selectedRange == 3..<3)
        scene.press(.backspace)
        #expect(scene.field.text == "ae\u{301}")
        scene.press(.backspace)
        #expect(scene.field.text == "a")
    }

    @Test func controlBackspaceAndArrowsWorkByWords() {
        let scene = FieldScene(text: "one two_2 three")
        scene.focusWithCaretAtEnd()
        scene.press(.left, .control)
        #expect(scene.field.selectedRange == 10..<10)
        scene.press(.left, .control)
        #expect(scene.field.selectedRange == 4..<4, "the underscore and digit belong to the word")
        scene.press(.right, [.control, .shift])
        #expect(scene.field.selectedText == "two_2")
        scene.press(.end)
        scene.press(.backspace, .control)
        #expect(scene.field.text == "one two_2 ")
    }

    @Test func shiftArrowsSelectAndPlainArrowsCollapse() {
        let scene = FieldScene(text: "hello world")
        scene.focusWithCaretAtEnd()
        scene.press(.left, .shift, repeats: 2)
        #expect(scene.field.selectedRange == 8..<11)
        #expect(scene.field.selectedText == "rld")
        scene.press(.left)
        #expect(scene.field.selectedRange == 8..<8, "Left collapses to the selection's start")
        scene.press(.home, .shift)
        #expect(scene.field.selectedRange == 0..<8)
        scene.press(.right)
        #expect(scene.field.selectedRange == 8..<8, "Right collapses to the selection's end")
        scene.press(.right, .shift)
        scene.press(.right, .shift)
        scene.press(.left, .shift)
        #expect(scene.field.selectedRange == 8..<9, "the anchor stays, the caret end moves")
        scene.press(.end, .shift)
        #expect(scene.field.selectedText == "rld")
    }

    @Test func controlASelectsAllAndTypingReplacesIt() {
        let scene = FieldScene(text: "replace me")
        scene.focusWithCaretAtEnd()
        scene.press(.character("a"), .control)
        #expect(scene.field.selectedRange == 0..<10)
        scene.type("Z")
        #expect(scene.field.text == "Z")
        scene.press(.character("A"), [.control, .shift])
        #expect(scene.field.selectedRange == 0..<1, "Shift may make the shortcut's letter upper case")
        scene.press(.space)
        #expect(scene.field.text == " ")
    }

    @Test func spaceTypesAndReturnOnlyAsksTheDelegate() {
        let controller = ProbeViewController()
        let scene = FieldScene(text: "", controller: controller)
        let delegate = FieldDelegateProbe()
        scene.field.delegate = delegate
        var actions = 0, returns = 0
        scene.field.addAction { _ in actions += 1 }
        scene.field.addAction(for: .editingDidEndOnExit) { _ in returns += 1 }
        scene.window.controlActionObserver = { _ in actions += 1 }
        scene.field.becomeFirstResponder()
        scene.type("a b")
        scene.press(.return)
        scene.press(.return, repeats: 3)
        #expect(scene.field.text == "a b")
        #expect(delegate.log.filter { $0 == "return" }.count == 2, "once per press, not per repeat")
        #expect(actions == 0, "a text field has no primary action")
        #expect(returns == 2, "Return, which the delegate let through, ends editing on exit once per press")
        #expect(controller.keys.isEmpty, "Return and space stop at the field")
        #expect(scene.field.isEditing)
    }

    @Test func theDelegateCanVetoEditsAndSeesTheirRanges() {
        let scene = FieldScene(text: "ab")
        let delegate = FieldDelegateProbe()
        delegate.allowsChange = { _, string in !string.contains(where: \.isNumber) }
        scene.field.delegate = delegate
        var changed: [String] = []
        scene.field.addEditingChangedAction { changed.append($0.text) }
        scene.focusWithCaretAtEnd()
        scene.type("1c")
        #expect(scene.field.text == "abc")
        scene.press(.left, .shift, repeats: 1)
        scene.press(.backspace)
        #expect(scene.field.text == "a")
        #expect(delegate.changes.map(\.0) == [2..<2, 2..<2, 1..<3])
        #expect(delegate.changes.map(\.1) == ["1", "c", ""])
        #expect(changed == ["abc", "a"], "editing changed runs for the accepted edits only")
        scene.field.text = "set in code 42"
        #expect(delegate.changes.count == 3 && changed.count == 2, "setting text asks and tells nobody")
        #expect(scene.field.selectedRange == 14..<14, "the caret goes to the end")
    }

    @Test("the same text set again moves the caret to the end; a canonically equal one replaces the scalars")
    func settingTheSameTextMovesTheCaret() {
        let field = TextField(text: "cafe\u{301}")
        field.selectedRange = 1..<1
        field.text = field.text
        #expect(field.selectedRange == 4..<4, "the caret at the end")
        field.text = "caf\u{E9}"
        #expect(Array(field.text.unicodeScalars) == Array("caf\u{E9}".unicodeScalars))
    }

    @Test func settingTextKeepsItOneLine() {
        let field = TextField(text: "two\nlines\tand\u{7}bell")
        #expect(field.text == "two lines andbell")
    }
}

/// Becoming and ending editing: clicks, Tab, Escape and the delegate's say.
@MainActor @Suite("Text field focus")
struct TextFieldFocusTests {
    @Test func aClickMakesItFirstResponderWithTheCaretAtTheClick() {
        let scene = FieldScene(text: "hello")
        let delegate = FieldDelegateProbe()
        scene.field.delegate = delegate
        #expect(!scene.field.isEditing)
        scene.click(atX: FieldScene.x(2) + 3)
        #expect(scene.field.isFirstResponder && scene.field.isEditing)
        #expect(scene.field.selectedRange == 2..<2, "a click does not select all")
        #expect(delegate.log == ["shouldBegin", "didBegin"])
        #expect(scene.pasteboard.string(for: .primarySelection) == nil, "focusing by click claims nothing")
    }

    @Test func tabFocusesTheFieldAndSelectsAllAndTabLeaves() {
        let controller = ViewController()
        let scene = FieldScene(text: "prefilled", controller: controller)
        let field = scene.field
        let button = Button(title: "OK", frame: Rect(x: 20, y: 70, width: 100, height: 44))
        controller.view.addSubview(button)
        scene.press(.tab)
        #expect(scene.window.firstResponder === field && field.isEditing)
        #expect(field.selectedRange == 0..<9, "keyboard focus selects all, as GTK does")
        scene.press(.tab)
        #expect(scene.window.firstResponder === button)
        #expect(!field.isEditing)
        scene.type("x")
        #expect(field.text == "prefilled")
        field.selectsAllOnFocus = false
        scene.press(.tab, .shift)
        #expect(field.isEditing && field.selectedRange == 9..<9, "or the caret goes to the end")
    }

    @Test func escapeEndsEditingOutsideAPresentation() {
        let fixture = PresentationFixture()
        let field = TextField(frame: Rect(x: 10, y: 10, width: 200, height: 36))
        let delegate = FieldDelegateProbe()
        field.delegate = delegate
        fixture.root.view.addSubview(field)
        #expect(field.becomeFirstResponder())
        fixture.window.send(.keyDown(.escape, time: 0))
        #expect(!field.isFirstResponder && !field.isEditing)
        #expect(delegate.log == ["shouldBegin", "didBegin", "shouldEnd", "didEnd"])
    }

    @Test func escapeInsideAPresentationGoesOnToDismissIt() {
        let fixture = PresentationFixture()
        let presented = ViewController()
        presented.modalPresentationStyle = .formSheet
        fixture.root.present(presented, animated: false)
        let field = TextField(frame: Rect(x: 10, y: 10, width: 200, height: 36))
        presented.view.addSubview(field)
        #expect(field.becomeFirstResponder())
        fixture.window.send(.keyDown(.escape, time: 0))
        #expect(presented.isBeingDismissed, "the window got the Escape")
        fixture.runUntilIdle()
        #expect(fixture.window.presentedViewControllers.isEmpty)
        #expect(!field.isEditing)
    }

    @Test func theDelegateCanRefuseToBeginOrEndEditing() {
        let fixture = PresentationFixture()
        let field = TextField(frame: Rect(x: 10, y: 10, width: 200, height: 36))
        let other = TextField(frame: Rect(x: 10, y: 60, width: 200, height: 36))
        let delegate = FieldDelegateProbe()
        field.delegate = delegate
        fixture.root.view.addSubview(field)
        fixture.root.view.addSubview(other)
        delegate.allowsBegin = false
        fixture.window.send(.pointerDown(Point(x: 50, y: 28), button: 1, time: 0))
        fixture.window.send(.pointerUp(Point(x: 50, y: 28), button: 1, time: 0))
        #expect(!field.isEditing && fixture.window.firstResponder == nil)
        delegate.allowsBegin = true
        delegate.allowsEnd = false
        #expect(field.becomeFirstResponder())
        #expect(!other.becomeFirstResponder())
        fixture.window.send(.keyDown(.tab, time: 1))
        #expect(field.isEditing && !other.isEditing, "focus stays while the delegate says no")
        field.isEnabled = false
        #expect(!field.isEditing, "a disabled field lets go whatever the delegate says")
    }
}
