import CX11
import Proscenium
import ProsceniumTesting
import Testing
import TestSupport
@testable import ProsceniumX11

/// Modifier keys held during a click, as the X server reports them in the button event's state: they reach
/// the core's `Event.modifierFlags`, so Shift+click extends a text field's selection.
@MainActor @Suite("Pointer modifiers", .serialized)
struct PointerModifierTests {
    @Test("Shift held through XTest while clicking: the field's selection runs from the caret to the click")
    func shiftClickExtendsAFieldsSelection() async throws {
        let controller = ViewController()
        controller.view.backgroundColor = .white
        let field = TextField(frame: Rect(x: 20, y: 20, width: 300, height: 36))
        field.text = "hello brave world"
        controller.view.addSubview(field)
        var flags: [KeyModifiers] = []
        let recorder = ModifierRecorder { flags.append($0) }
        recorder.frame = Rect(x: 20, y: 100, width: 100, height: 40)
        controller.view.addSubview(recorder)
        let tester = try await WindowTester.start(controller, size: Size(width: 400, height: 200))
        defer { tester.stop() }
        let input = try XTestInput(displayName: tester.server.displayName)

        // A click left of the text puts the caret at its start; a Shift+click right of it selects it all.
        try tester.tap(at: Point(x: 24, y: 38))
        try await tester.waitUntil("the click focuses the field") { field.isEditing }
        #expect(field.selectedRange == 0..<0)
        input.press(key: UInt(XK_Shift_L))
        try tester.tap(at: Point(x: 310, y: 38))
        input.release(key: UInt(XK_Shift_L))
        try await tester.waitUntil("the Shift+click selects") { field.selectedRange == 0..<17 }

        // Control and Alt arrive too; a plain click carries none.
        try tester.tap(at: Point(x: 60, y: 120))
        input.press(key: UInt(XK_Control_L))
        input.press(key: UInt(XK_Alt_L))
        try tester.tap(at: Point(x: 60, y: 120))
        input.release(key: UInt(XK_Alt_L))
        input.release(key: UInt(XK_Control_L))
        try await tester.waitUntil("two clicks on the recorder") { flags.count == 2 }
        #expect(flags == [[], [.control, .alternate]])
    }
}

/// The core protocol's button events (without XInput 2, or with `PROSCENIUM_NO_XINPUT2=1`) carry the
/// modifiers of their state too.
@MainActor @Suite("Pointer modifiers from core events")
struct CorePointerModifierTests {
    @Test("a core ButtonPress's state becomes the press's modifiers; its release carries none")
    func buttonStateBecomesModifiers() {
        let state = UInt32(ShiftMask | ControlMask | Mod1Mask | Mod4Mask | Button1Mask)
        let press = EventTranslator.button(1, pressed: true, at: Point(x: 3, y: 4), state: state, time: 2)
        #expect(press == .pointerDown(Point(x: 3, y: 4), button: 1, modifiers: [.shift, .control, .alternate, .command], time: 2))
        #expect(press?.inPoints(scale: 2) == .pointerDown(Point(x: 1.5, y: 2), button: 1, modifiers: [.shift, .control, .alternate, .command], time: 2))
        #expect(EventTranslator.button(1, pressed: false, at: .zero, state: state, time: 2) == .pointerUp(.zero, button: 1, time: 2))
        #expect(EventTranslator.button(3, pressed: true, at: .zero, state: 0, time: 2) == .pointerDown(.zero, button: 3, time: 2))
    }
}

/// Records the modifier flags of each touch that begins on it.
private final class ModifierRecorder: View {
    let record: (KeyModifiers) -> Void
    init(record: @escaping (KeyModifiers) -> Void) {
        self.record = record
        super.init(frame: .zero)
    }

    override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
        record(event?.modifierFlags ?? [])
    }
}
