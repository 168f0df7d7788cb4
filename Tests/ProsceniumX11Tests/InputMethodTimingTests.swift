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
    /// Draws one frame (a background colour flipping, as an animation would).
    static func drawFrame(_ fixture: HostFixture) {
        fixture.root.backgroundColor = fixture.root.backgroundColor == .white ? Color(white: 0.9) : .white
        fixture.frame()
    }

    /// Closes the input context right after a frame, then draws a frame every few milliseconds for `seconds`;
    /// answers the longest real time between two frames from that first one on. (A loaded machine may have
    /// left the new window quiet long enough already: the test starts from a closed context, just drawn.)
    static func closeThenKeepDrawing(_ fixture: HostFixture, for seconds: Double) async throws -> Double {
        drawFrame(fixture)
        fixture.host.keyboard.closeInputContext()
        var longestGap = 0.0, last = Date()
        let end = Date().addingTimeInterval(seconds)
        while Date() < end {
            try await Task.sleep(for: .milliseconds(3))
            drawFrame(fixture)
            longestGap = max(longestGap, Date().timeIntervalSince(last))
            last = Date()
        }
        return longestGap
    }

    @Test("not while frames keep coming, soon after they stop")
    func opensAfterTheLastFrame() async throws {
        let fixture = try await HostFixture()
        defer { fixture.stop() }
        let longestGap = try await Self.closeThenKeepDrawing(fixture, for: 0.3)
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
        Self.drawFrame(fixture)
        fixture.host.keyboard.closeInputContext()
        XSetInputFocus(fixture.display.pointer, fixture.host.xWindow, RevertToParent, Time(CurrentTime))
        fixture.display.sync()
        let input = try XTestInput(displayName: fixture.server.displayName)
        #expect(input.key(UInt(XK_a)))
        // Frames keep coming, so only the key can have opened it.
        var opened = false
        let deadline = Date().addingTimeInterval(2)
        while !opened, Date() < deadline {
            Self.drawFrame(fixture)
            opened = fixture.host.keyboard.isAttached
            try await Task.sleep(for: .milliseconds(3))
        }
        #expect(opened, "the key opened the input method")
        #expect(fixture.host.keyboard.hasFocusedContext, "the focus the window got before is the context's")
    }
}
