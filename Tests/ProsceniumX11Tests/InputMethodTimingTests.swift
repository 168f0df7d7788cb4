import CX11
import Foundation
import Proscenium
@testable import ProsceniumX11
import ProsceniumTesting
import Testing

/// Opening the X input method blocks the main thread for some 8 ms (the Compose table) plus round trips
/// that wait for whatever the server is drawing: at 4K, 20 ms, which dropped a frame of a presentation
/// running from launch. The host opens it once no frame has come for a while, or at once for a key.
@MainActor @Suite("The input method opens when the window is quiet")
struct InputMethodTimingTests {
    /// Draws a frame every few milliseconds for `seconds` (a background colour flipping, as an animation
    /// would), and answers the longest real time between two frames.
    static func keepDrawing(_ fixture: HostFixture, for seconds: Double) async throws -> Double {
        var longestGap = 0.0, last = Date()
        let end = Date().addingTimeInterval(seconds)
        var flip = false
        while Date() < end {
            flip.toggle()
            fixture.root.backgroundColor = flip ? .white : Color(white: 0.9)
            fixture.frame()
            longestGap = max(longestGap, Date().timeIntervalSince(last))
            last = Date()
            try await Task.sleep(for: .milliseconds(3))
        }
        return longestGap
    }

    @Test("not while frames keep coming, soon after they stop")
    func opensAfterTheLastFrame() async throws {
        let fixture = try await HostFixture()
        defer { fixture.stop() }
        // A loaded machine may have left the new window quiet long enough already: start from a closed one.
        fixture.host.keyboard.closeInputContext()
        let longestGap = try await Self.keepDrawing(fixture, for: 0.3)
        // A test machine may stall the loop for longer than the quiet spell; then the host rightly opened it.
        if longestGap < WindowHost.inputMethodQuiet * 0.8 {
            #expect(!fixture.host.keyboard.isAttached, "frames came at most \(longestGap) s apart")
        }
        try await fixture.waitUntil("the input method opens", timeout: 3) { fixture.host.keyboard.isAttached }
        #expect(fixture.host.keyboardHasInputMethod, "Xlib's built-in input method in a UTF-8 locale")
    }

    @Test("a key that comes first opens it at once, and focus given before it reaches the context")
    func aKeyOpensItAtOnce() async throws {
        let fixture = try await HostFixture()
        defer { fixture.stop() }
        fixture.host.keyboard.closeInputContext()
        XSetInputFocus(fixture.display.pointer, fixture.host.xWindow, RevertToParent, Time(CurrentTime))
        fixture.display.sync()
        let input = try XTestInput(displayName: fixture.server.displayName)
        #expect(input.key(UInt(XK_a)))
        // Frames keep coming, so only the key can have opened it.
        var opened = false
        let deadline = Date().addingTimeInterval(2)
        while !opened, Date() < deadline {
            fixture.root.backgroundColor = fixture.root.backgroundColor == .white ? Color(white: 0.9) : .white
            fixture.frame()
            opened = fixture.host.keyboard.isAttached
            try await Task.sleep(for: .milliseconds(3))
        }
        #expect(opened, "the key opened the input method")
        #expect(fixture.host.keyboard.hasFocusedContext, "the focus the window got before is the context's")
    }
}
