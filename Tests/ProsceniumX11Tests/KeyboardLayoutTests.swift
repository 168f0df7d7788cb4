import CX11
import Foundation
import Proscenium
import ProsceniumX11
import Testing
import TestSupport

/// Keys typed through XTest on real keyboard layouts (`setxkbmap`) reach the first responder as the text
/// the layout gives them, through the window's input method: accented letters, AltGr symbols, Cyrillic,
/// German, and Compose sequences. Named keys come from their keysym, shortcuts as keys with modifiers,
/// every release pairs with its press, a held key's server repeats are marked as repeats, and focus leaving
/// the window lets go of held keys.
@MainActor @Suite("Keyboard layouts and input method", .serialized)
struct KeyboardLayoutTests {
    /// Records each press and each release.
    final class PressLog: View {
        var downs: [Press] = []
        var ups: [Press] = []
        override var canBecomeFirstResponder: Bool { true }
        override func pressesBegan(_ presses: Set<Press>, with event: Event?) { downs += presses }
        override func pressesEnded(_ presses: Set<Press>, with event: Event?) { ups += presses }
        /// The text of the character keys pressed, in order.
        var typed: String {
            downs.compactMap { if case let .character(text) = $0.key { text } else { nil } }.joined()
        }
    }

    /// Sets the keyboard map of the fixture's server with `setxkbmap arguments`.
    private func setKeyboardMap(_ arguments: [String], on fixture: HostFixture) async throws {
        _ = try await XClientTool.output(of: "setxkbmap", ["-display", fixture.server.displayName] + arguments)
    }

    private func withFocusedLog(layout: [String]? = nil,
                                _ body: @MainActor (HostFixture, XTestInput, PressLog) async throws -> Void) async throws {
        let fixture = try await HostFixture()
        defer { fixture.stop() }
        if let layout { try await setKeyboardMap(layout, on: fixture) }
        let log = PressLog(frame: Rect(x: 10, y: 10, width: 100, height: 30))
        fixture.root.addSubview(log)
        fixture.frame()
        #expect(log.becomeFirstResponder())
        XSetInputFocus(fixture.display.pointer, fixture.host.xWindow, RevertToParent, Time(CurrentTime))
        fixture.display.sync()
        fixture.frame()
        // A new connection after setxkbmap: it reads the new keymap.
        let input = try XTestInput(displayName: fixture.server.displayName)
        try await body(fixture, input, log)
    }

    @Test("French layout: é on its own key and € with AltGr arrive as UTF-8 text")
    func frenchLayout() async throws {
        try await withFocusedLog(layout: ["fr"]) { fixture, input, log in
            #expect(input.type(keysym: UInt(XK_eacute)))
            #expect(input.type(keysym: UInt(XK_EuroSign)))
            #expect(input.type(keysym: UInt(XK_a)))
            try await fixture.waitUntil("three keys arrive") { log.downs.count >= 3 }
            #expect(log.typed == "é€a")
        }
    }

    @Test("Russian and German layouts: ж and ß")
    func cyrillicAndGerman() async throws {
        try await withFocusedLog(layout: ["ru"]) { fixture, input, log in
            #expect(input.type(keysym: UInt(XK_Cyrillic_zhe)))
            #expect(input.type(keysym: UInt(XK_Cyrillic_ZHE)))
            try await fixture.waitUntil("two keys arrive") { log.downs.count >= 2 }
            #expect(log.typed == "жЖ")
        }
        try await withFocusedLog(layout: ["de"]) { fixture, input, log in
            #expect(input.type(keysym: UInt(XK_ssharp)))
            try await fixture.waitUntil("the key arrives") { log.downs.count >= 1 }
            #expect(log.typed == "ß")
        }
    }

    @Test("a Compose sequence types ñ through the input method, its keys swallowed until then")
    func composeSequence() async throws {
        try await withFocusedLog(layout: ["us", "-option", "compose:ralt"]) { fixture, input, log in
            #expect(fixture.host.keyboardHasInputMethod, "Xlib's built-in input method in a UTF-8 locale")
            #expect(input.type(keysym: UInt(XK_Multi_key)))
            #expect(input.type(keysym: UInt(XK_asciitilde)))
            #expect(input.type(keysym: UInt(XK_n)))
            #expect(input.type(keysym: UInt(XK_x)))
            try await fixture.waitUntil("the composed character and x arrive") { log.typed.count >= 2 }
            #expect(log.typed == "ñx")
        }
    }

    @Test("a Compose sequence begun in one view and left for another is dropped: the next view gets its own keys")
    func composeDroppedWhenFocusMoves() async throws {
        try await withFocusedLog(layout: ["us", "-option", "compose:ralt"]) { fixture, input, log in
            let other = PressLog(frame: Rect(x: 10, y: 50, width: 100, height: 30))
            fixture.root.addSubview(other)
            #expect(input.type(keysym: UInt(XK_Multi_key)))
            #expect(input.type(keysym: UInt(XK_asciitilde)))
            fixture.display.sync()
            try await Task.sleep(for: .milliseconds(100))
            fixture.frame()
            #expect(other.becomeFirstResponder())
            #expect(input.type(keysym: UInt(XK_n)))
            try await fixture.waitUntil("the key arrives") { other.downs.count >= 1 }
            #expect(other.typed == "n" && log.typed.isEmpty, "\(other.typed) \(log.typed)")
        }
    }

    @Test("named keys come from the keysym; Ctrl and Alt shortcuts arrive as keys with modifiers")
    func namedKeysAndShortcuts() async throws {
        try await withFocusedLog { fixture, input, log in
            for keysym in [XK_Delete, XK_Home, XK_End, XK_Page_Up, XK_Page_Down, XK_F5, XK_BackSpace] {
                #expect(input.key(UInt(keysym)))
            }
            input.press(key: UInt(XK_Control_L))
            input.key(UInt(XK_c))
            input.press(key: UInt(XK_Shift_L))
            input.key(UInt(XK_v))
            input.release(key: UInt(XK_Shift_L))
            input.release(key: UInt(XK_Control_L))
            input.press(key: UInt(XK_Alt_L))
            input.key(UInt(XK_x))
            input.release(key: UInt(XK_Alt_L))
            try await fixture.waitUntil("ten keys arrive") { log.downs.count >= 10 }
            #expect(log.downs.map(\.key) == [.delete, .home, .end, .pageUp, .pageDown, .function(5), .backspace,
                                             .character("c"), .character("V"), .character("x")])
            #expect(log.downs[7].modifiers == [.control])
            #expect(log.downs[8].modifiers == [.control, .shift])
            #expect(log.downs[9].modifiers == [.alternate])
            #expect(log.downs.allSatisfy { !$0.isRepeat })
        }
    }

    @Test("Shift+a with Shift released first: one key-up, for the key the press delivered")
    func releasePairsByKeycode() async throws {
        try await withFocusedLog { fixture, input, log in
            input.press(key: UInt(XK_Shift_L))
            input.press(key: UInt(XK_a))
            input.release(key: UInt(XK_Shift_L))
            input.release(key: UInt(XK_a))
            input.key(UInt(XK_b))
            try await fixture.waitUntil("both keys come up") { log.ups.count >= 2 }
            fixture.frame()
            #expect(log.downs.map(\.key) == [.character("A"), .character("b")])
            #expect(log.ups.map(\.key) == [.character("A"), .character("b")])
        }
    }

    @Test("focus leaving the window releases held keys; the next press is not a repeat")
    func focusOutReleasesHeldKeys() async throws {
        try await withFocusedLog { fixture, input, log in
            let dpy = fixture.display.pointer
            input.press(key: UInt(XK_Escape))
            try await fixture.waitUntil("the key goes down") { log.downs.count == 1 }
            XSetInputFocus(dpy, fixture.display.rootWindow, RevertToParent, Time(CurrentTime))
            fixture.display.sync()
            try await fixture.waitUntil("focus-out releases it") { log.ups.count == 1 }
            #expect(log.ups.first?.key == .escape)
            #expect(!fixture.host.window.isKeyWindow, "the window lost the keyboard")
            input.release(key: UInt(XK_Escape))
            XSetInputFocus(dpy, fixture.host.xWindow, RevertToParent, Time(CurrentTime))
            fixture.display.sync()
            input.key(UInt(XK_Escape))
            try await fixture.waitUntil("the second press arrives") { log.downs.count == 2 && log.ups.count == 2 }
            #expect(log.downs[1].isRepeat == false, "a stale held key made the next press a repeat")
            #expect(fixture.host.window.isKeyWindow, "and has it again")
        }
    }

    @Test("focus that followed the pointer, then set on the window itself, never left it: held keys stay down")
    func focusHandedFromThePointerToTheWindowStays() async throws {
        try await withFocusedLog { fixture, input, log in
            let dpy = fixture.display.pointer
            // Focus follows the pointer (PointerRoot, as with no window manager), and the pointer is in the window.
            input.move(to: fixture.tester.screenPoint(Point(x: 50, y: 25)))
            XSetInputFocus(dpy, CX11.Window(1), RevertToParent, Time(CurrentTime))
            fixture.display.sync()
            input.press(key: UInt(XK_Escape))
            try await fixture.waitUntil("the key goes down") { log.downs.count == 1 }
            // A window manager focusing the window explicitly: a FocusOut (NotifyPointer) and a FocusIn together.
            XSetInputFocus(dpy, fixture.host.xWindow, RevertToParent, Time(CurrentTime))
            fixture.display.sync()
            // A second key, which arrives after the focus events: by then they have been handled.
            input.press(key: UInt(XK_a))
            try await fixture.waitUntil("the second key goes down") { log.downs.count == 2 }
            #expect(log.ups.isEmpty, "the held key was not released by the focus change")
            #expect(fixture.host.window.isKeyWindow)
            input.release(key: UInt(XK_a))
            input.release(key: UInt(XK_Escape))
            try await fixture.waitUntil("both keys come up") { log.ups.count == 2 }
        }
    }

    @Test("another client grabbing the keyboard for a moment (a global shortcut) releases held keys but leaves the window key")
    func aGrabLeavesTheWindowKey() async throws {
        try await withFocusedLog { fixture, input, log in
            input.press(key: UInt(XK_Escape))
            try await fixture.waitUntil("the key goes down") { log.downs.count == 1 }
            let other = try #require(XOpenDisplay(fixture.server.displayName))
            defer { XCloseDisplay(other) }
            #expect(XGrabKeyboard(other, XDefaultRootWindow(other), 0, GrabModeAsync, GrabModeAsync, Time(CurrentTime)) == GrabSuccess)
            XSync(other, 0)
            try await fixture.waitUntil("the grab releases the held key") { log.ups.count == 1 }
            #expect(fixture.host.window.isKeyWindow, "still the key window during the grab")
            XUngrabKeyboard(other, Time(CurrentTime))
            XSync(other, 0)
            input.release(key: UInt(XK_Escape))
            input.key(UInt(XK_a))
            try await fixture.waitUntil("keys arrive again") { log.downs.count == 2 }
            #expect(fixture.host.window.isKeyWindow)
        }
    }

    @Test("key and pointer timestamps are on the frame clock's time base")
    func timestampsOnClockBase() async throws {
        try await withFocusedLog { fixture, input, log in
            fixture.clock.advance(by: 1000)
            input.key(UInt(XK_a))
            input.key(UInt(XK_b))
            try await fixture.waitUntil("two keys arrive") { log.downs.count >= 2 }
            let now = fixture.clock.now
            for press in log.downs { #expect(abs(press.timestamp - now) <= 1, "\(press.timestamp) vs \(now)") }
            #expect(log.downs[1].timestamp >= log.downs[0].timestamp)
        }
    }

    @Test("Shift-Tab arrives as Tab with the shift modifier")
    func shiftTab() async throws {
        try await withFocusedLog { fixture, input, log in
            input.press(key: UInt(XK_Shift_L))
            input.key(UInt(XK_Tab))
            input.release(key: UInt(XK_Shift_L))
            input.key(UInt(XK_Tab))
            try await fixture.waitUntil("both tabs arrive") { log.downs.count >= 2 }
            #expect(log.downs.map(\.key) == [.tab, .tab])
            #expect(log.downs[0].modifiers.contains(.shift))
            #expect(!log.downs[1].modifiers.contains(.shift))
            try await fixture.waitUntil("both come up") { log.ups.count >= 2 }
            #expect(log.ups.map(\.key) == [.tab, .tab])
        }
    }

    @Test("a held key repeats as presses marked isRepeat, with one key-up at the end")
    func heldKeyRepeats() async throws {
        try await withFocusedLog { fixture, input, log in
            input.press(key: UInt(XK_a))
            // The server starts repeating after its auto-repeat delay (660 ms by default).
            try await fixture.waitUntil("the key repeats", timeout: 3) { log.downs.count >= 3 }
            input.release(key: UInt(XK_a))
            try await fixture.waitUntil("the key comes up") { !log.ups.isEmpty }
            #expect(fixture.host.keyboardHasDetectableAutoRepeat, "Xvfb has XKB's detectable auto-repeat")
            #expect(!log.downs[0].isRepeat)
            #expect(log.downs.dropFirst().allSatisfy { $0.isRepeat })
            #expect(log.ups.map(\.key) == [.character("a")], "no releases between the repeats")
        }
    }

    @Test("Shift pressed while a key repeats: the a that went down comes up, the repeats type A, and A comes up at the release")
    func shiftDuringARepeat() async throws {
        try await withFocusedLog { fixture, input, log in
            input.press(key: UInt(XK_a))
            try await fixture.waitUntil("the key repeats", timeout: 3) { log.downs.count >= 2 }
            input.press(key: UInt(XK_Shift_L))
            let before = log.downs.count
            try await fixture.waitUntil("it repeats shifted", timeout: 3) { log.downs.count >= before + 2 }
            input.release(key: UInt(XK_a))
            input.release(key: UInt(XK_Shift_L))
            try await fixture.waitUntil("both keys come up") { log.ups.count >= 2 }
            #expect(log.downs.last?.key == .character("A"))
            #expect(log.ups.map(\.key) == [.character("a"), .character("A")], "every press released: \(log.ups.map(\.key))")
            let firstA = try #require(log.downs.firstIndex { $0.key == .character("A") })
            #expect(!log.downs[firstA].isRepeat && log.downs[(firstA + 1)...].allSatisfy(\.isRepeat))
        }
    }

    @Test("two composed characters: each a press of its own with its release, neither taken for a repeat")
    func composedCharactersPairUp() async throws {
        try await withFocusedLog(layout: ["us", "-option", "compose:ralt"]) { fixture, input, log in
            for _ in 0..<2 {
                #expect(input.type(keysym: UInt(XK_Multi_key)))
                #expect(input.type(keysym: UInt(XK_asciitilde)))
                #expect(input.type(keysym: UInt(XK_n)))
            }
            try await fixture.waitUntil("both composed characters arrive") { log.typed.count >= 2 }
            try await fixture.waitUntil("both come up") { log.ups.count >= 2 }
            #expect(log.typed == "ññ")
            #expect(log.downs.allSatisfy { !$0.isRepeat })
            #expect(log.ups.map(\.key) == [.character("ñ"), .character("ñ")])
        }
    }
}
