import CX11
import Foundation
import Proscenium
import ProsceniumX11
import Testing
import TestSupport

/// Keys typed through XTest arrive with their modifiers, and a held key's server repeats are marked as
/// repeats with a single key-up at the end.
@MainActor @Suite("Keys on X")
struct KeyInputTests {
    /// Records each press with its modifiers and repeat flag, and each key-up.
    final class PressLog: View {
        var downs: [(key: Key, modifiers: KeyModifiers, isRepeat: Bool)] = []
        var ups: [Key] = []
        override var canBecomeFirstResponder: Bool { true }
        override func pressesBegan(_ presses: Set<Press>, with event: Event?) {
            downs += presses.map { ($0.key, $0.modifiers, $0.isRepeat) }
        }
        override func pressesEnded(_ presses: Set<Press>, with event: Event?) { ups += presses.map(\.key) }
    }

    private func withFocusedLog(_ body: @MainActor (HostFixture, XTestInput, PressLog) async throws -> Void) async throws {
        let fixture = try await HostFixture()
        defer { fixture.stop() }
        let log = PressLog(frame: Rect(x: 10, y: 10, width: 100, height: 30))
        fixture.root.addSubview(log)
        fixture.frame()
        #expect(log.becomeFirstResponder())
        XSetInputFocus(fixture.display.pointer, fixture.host.xWindow, RevertToParent, Time(CurrentTime))
        fixture.display.sync()
        let input = try XTestInput(displayName: fixture.server.displayName)
        try await body(fixture, input, log)
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
            #expect(log.ups == [.tab, .tab])
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
            #expect(!log.downs[0].isRepeat)
            let repeats = log.downs.dropFirst().map(\.isRepeat)
            #expect(repeats.allSatisfy { $0 })
            #expect(log.ups == [.character("a")], "no releases between the repeats")
        }
    }
}
