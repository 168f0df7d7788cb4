import CX11
import Proscenium
import ProsceniumTesting
import Testing
import TestSupport

/// Keyboard shortcuts typed on a real keyboard: XTest presses the keys, the X server's keymap decides what
/// they are, and the controller's `keyCommands` run, while the field being typed into keeps its own keys.
@MainActor @Suite("Key commands from the keyboard", .serialized)
struct KeyCommandKeyboardTests {
    /// A screen with a field and shortcuts: Ctrl+Shift+N, Alt+1, Ctrl+Page Down, Ctrl+A and Ctrl+S.
    final class Screen: ViewController {
        let field = TextField(frame: Rect(x: 20, y: 20, width: 300, height: 36))
        var ran: [String] = []

        override func viewDidLoad() {
            view.backgroundColor = .white
            field.text = "draft"
            view.addSubview(field)
        }

        override var keyCommands: [KeyCommand]? {
            [("New window", Key.character("n"), KeyModifiers([.control, .shift])), ("First tab", .character("1"), .alternate),
             ("Next tab", .pageDown, .control), ("Select everything", .character("a"), .control),
             ("Save", .character("s"), .control)].map { title, input, modifiers in
                KeyCommand(title: title, input: input, modifierFlags: modifiers) { [unowned self] in ran.append($0.title) }
            }
        }
    }

    @Test("Ctrl+Shift+N, Alt+1 and Ctrl+Page Down run their commands; Ctrl+A, editing, stays the field's; typing still types")
    func shortcutsThroughTheKeyboard() async throws {
        let screen = Screen()
        let tester = try await WindowTester.start(screen, size: Size(width: 400, height: 200))
        defer { tester.stop() }
        try tester.tap(at: Point(x: 300, y: 38))
        try await tester.waitUntil("the click focuses the field") { screen.field.isEditing }

        try tester.press(keysym: UInt(XK_n), holding: [UInt(XK_Control_L), UInt(XK_Shift_L)])
        try tester.press(keysym: UInt(XK_1), holding: [UInt(XK_Alt_L)])
        try tester.press(keysym: UInt(XK_Page_Down), holding: [UInt(XK_Control_L)])
        try tester.press(keysym: UInt(XK_a), holding: [UInt(XK_Control_L)])
        try tester.type("!")
        try tester.press(keysym: UInt(XK_s), holding: [UInt(XK_Control_L)])
        try await tester.waitUntil("four commands run") { screen.ran.count >= 4 }
        #expect(screen.ran == ["New window", "First tab", "Next tab", "Save"])
        #expect(screen.field.text == "!", "Ctrl+A selected the field's text, which \"!\" replaced: \(screen.field.text)")
    }
}
