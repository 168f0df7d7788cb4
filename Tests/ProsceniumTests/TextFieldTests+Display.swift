import Testing
import Proscenium

extension FieldScene {
    /// The commands of the last frame drawn.
    var commands: [DisplayCommand] { surface.lastList?.commands ?? [] }

    /// The caret the last frame drew: a 2-point fill in the tint colour.
    var drawnCaret: Rect? {
        for command in commands {
            if case let .fill(rect, _, color, _) = command, color == field.tintColor.resolvedColor(with: field.traitCollection), rect.width == 2 { return rect }
        }
        return nil
    }

    /// Each text the last frame drew, with its origin and colour.
    var drawnTexts: [(text: String, origin: Point, color: Color)] {
        commands.compactMap { command in
            guard case let .text(layout, origin, color) = command else { return nil }
            return (layout.lines.map(\.text).joined(separator: "\n"), origin, color)
        }
    }
}

/// The caret's blink on frame timers, scrolling, and what the field draws.
@MainActor @Suite("Text field display")
struct TextFieldDisplayTests {
    @Test func theCaretBlinksEveryHalfSecondWithNoFramesBetween() {
        let scene = FieldScene()
        #expect(scene.field.becomeFirstResponder())
        let start = scene.clock.now
        scene.clock.step()
        #expect(scene.field.isCaretVisible && scene.drawnCaret != nil)
        #expect(!scene.clock.needsFrame, "nothing to do until the blink")
        #expect(isClose(scene.clock.wakeTime ?? 0, start + 0.5, tolerance: 1e-6))
        let frames = scene.clock.frameCount
        scene.clock.run(for: 0.45)
        #expect(scene.clock.frameCount == frames, "the clock slept")
        #expect(scene.field.isCaretVisible)
        scene.clock.run(for: 0.05)
        #expect(scene.clock.frameCount == frames + 1, "one frame for the blink")
        #expect(!scene.field.isCaretVisible && scene.drawnCaret == nil)
        #expect(scene.window.lastDamage.rects.contains { $0.contains(Point(x: 29, y: 38)) }, "the caret's area redrawn")
        #expect(!scene.clock.needsFrame)
        #expect(isClose(scene.clock.wakeTime ?? 0, start + 1.0, tolerance: 1e-6))
        scene.clock.run(for: 0.5)
        #expect(scene.clock.frameCount == frames + 2)
        #expect(scene.field.isCaretVisible && scene.drawnCaret != nil)
    }

    @Test func typingAndMovingShowTheCaretAndRestartTheBlink() {
        let scene = FieldScene()
        scene.field.becomeFirstResponder()
        scene.clock.run(for: 0.55)
        #expect(!scene.field.isCaretVisible)
        scene.type("a")
        #expect(scene.field.isCaretVisible)
        scene.clock.run(for: 0.45)
        #expect(scene.field.isCaretVisible, "a full half second from the keystroke")
        scene.clock.run(for: 0.1)
        #expect(!scene.field.isCaretVisible)
        scene.press(.left)
        #expect(scene.field.isCaretVisible)
        scene.press(.right, .shift)
        #expect(scene.field.selectedRange == 0..<1)
        scene.press(.left)
        scene.clock.run(for: 0.1)
        #expect(scene.field.isCaretVisible && scene.drawnCaret?.minX == 28, "the caret drawn before the \"a\"")
    }

    @Test func nothingBlinksWhileTextIsSelected() {
        let scene = FieldScene(text: "selected")
        scene.field.becomeFirstResponder()  // selects all
        scene.clock.step()
        let frames = scene.clock.frameCount
        scene.clock.run(for: 3)
        #expect(scene.clock.frameCount == frames)
        #expect(scene.drawnCaret == nil)
        let highlight = scene.commands.contains { command in
            guard case let .fill(rect, _, color, _) = command else { return false }
            return color == scene.field.tintColor.withAlphaComponent(0.25).resolvedColor(with: scene.field.traitCollection) && rect.minX == 28 && rect.width == (8 * FieldScene.charWidth).rounded()
        }
        #expect(highlight, "the selection is drawn in a light tint behind the text")
    }

    @Test func theBlinkStopsWhenEditingEnds() {
        let scene = FieldScene()
        scene.field.becomeFirstResponder()
        scene.clock.run(for: 1.2)
        scene.field.resignFirstResponder()
        scene.clock.run(for: 1)
        #expect(!scene.field.isCaretVisible && scene.drawnCaret == nil)
        let frames = scene.clock.frameCount
        scene.clock.run(for: 3)
        #expect(scene.clock.frameCount == frames && scene.clock.wakeTime == nil)
    }

    @Test func aWindowWithoutTheKeyboardShowsNoCaretAndWakesNoFrames() {
        let scene = FieldScene()
        scene.field.becomeFirstResponder()
        scene.clock.run(for: 0.7)
        scene.window.resignKey()
        // The wake already asked of the clock for the next blink still comes, once, with nothing to do.
        scene.clock.run(for: 1)
        #expect(!scene.window.isKeyWindow && scene.field.isEditing, "the field keeps its place as first responder")
        #expect(!scene.field.isCaretVisible && scene.drawnCaret == nil)
        let frames = scene.clock.frameCount
        scene.clock.run(for: 3)
        #expect(scene.clock.frameCount == frames && scene.clock.wakeTime == nil, "no blink in a window in the background")
        scene.window.becomeKey()
        scene.clock.step()
        #expect(scene.field.isCaretVisible && scene.drawnCaret != nil, "the caret is back at once")
        scene.clock.run(for: 0.6)
        #expect(!scene.field.isCaretVisible, "and blinks again")
    }

    @Test func theBlinkStopsWhenTheFieldLeavesTheWindow() {
        let scene = FieldScene()
        scene.field.becomeFirstResponder()
        scene.clock.run(for: 0.7)
        scene.field.removeFromSuperview()
        #expect(!scene.field.isEditing && scene.window.firstResponder == nil)
        scene.clock.run(for: 1)
        let frames = scene.clock.frameCount
        scene.clock.run(for: 3)
        #expect(scene.clock.frameCount == frames && scene.clock.wakeTime == nil)
    }

    @Test func longTextScrollsToKeepTheCaretInView() {
        let scene = FieldScene()
        let field = scene.field
        field.becomeFirstResponder()
        scene.type(String(repeating: "m", count: 40))
        let area = field.textRect(forBounds: field.bounds)
        #expect(area == Rect(x: 8, y: 0, width: 184, height: 36))
        var caret = field.caretRect(forOffset: 40)
        #expect(field.scrollOffset > 0)
        #expect(caret.minX >= area.minX && caret.maxX <= area.maxX, "caret at \(caret)")
        #expect(caret.maxX >= area.maxX - 1, "scrolled no more than needed")
        scene.clock.step()
        #expect(scene.drawnTexts.first?.origin.x == (28 - field.scrollOffset).rounded())
        #expect(scene.commands.contains(.pushClip(rect: Rect(x: 28, y: 20, width: 184, height: 36), cornerRadius: 0)),
                "the text is clipped to the inset area")
        let scrolled = field.scrollOffset
        scene.press(.left, repeats: 4)
        #expect(field.scrollOffset == scrolled, "moving within view does not scroll")
        scene.press(.home)
        #expect(field.scrollOffset == 0 && field.caretRect(forOffset: 0).minX == 8)
        scene.press(.end)
        caret = field.caretRect(forOffset: 40)
        #expect(caret.minX >= area.minX && caret.maxX <= area.maxX)
        scene.press(.backspace, repeats: 29)
        #expect(field.scrollOffset == 0, "short text again: no scroll left over")
        field.text = String(repeating: "w", count: 50)
        caret = field.caretRect(forOffset: 50)
        #expect(caret.maxX <= area.maxX && caret.minX >= area.minX, "setting text scrolls to its end caret too")
    }

    @Test("a field not being edited shows the start of a long text; editing shows its end caret, and ending goes back to the start")
    func aFieldNotEditedShowsTheStart() {
        let scene = FieldScene()
        let field = scene.field
        field.text = String(repeating: "m", count: 40)
        scene.clock.step()
        #expect(field.scrollOffset == 0 && scene.drawnTexts.first?.origin.x == 28, "the start, never focused")
        field.becomeFirstResponder()
        let area = field.textRect(forBounds: field.bounds)
        #expect(field.scrollOffset > 0 && field.caretRect(forOffset: 40).maxX <= area.maxX, "editing: the caret at the end in view")
        field.resignFirstResponder()
        #expect(field.scrollOffset == 0, "done editing: the start again")
    }

    @Test func thePlaceholderShowsGreyedWhileTheTextIsEmpty() {
        let scene = FieldScene()
        scene.field.placeholder = "Search"
        scene.clock.step()
        #expect(scene.drawnTexts.map(\.text) == ["Search"])
        #expect(scene.drawnTexts.first.map { $0.color != scene.field.textColor && $0.color.alpha < 0.5 } == true)
        scene.field.becomeFirstResponder()
        scene.type("a")
        scene.clock.step()
        #expect(scene.drawnTexts.map(\.text) == ["a"])
        #expect(scene.drawnTexts.first?.color == .black)
    }

    @Test func looksLikeARoundedFieldAndSizesToFit() {
        // Measured in a window whose surface measures with the estimating measurer: a field in no window
        // would use the process-wide one, which the X tests running beside this one replace with Xft's.
        let scene = FieldScene(text: "hello")
        let field = scene.field
        #expect(field.backgroundColor?.resolvedColor(with: field.traitCollection) == .white && field.borderWidth == 1 && field.cornerRadius == 6)
        let size = field.sizeThatFits(Size(width: 1000, height: 1000))
        #expect((34...36).contains(size.height))
        #expect(size.width == (5 * FieldScene.charWidth + 18).rounded(.up))
        #expect(field.sizeThatFits(Size(width: 40, height: 100)).width == 40)
        field.isEnabled = false
        #expect(field.backgroundColor != .white)
    }
}
