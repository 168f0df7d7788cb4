import CX11
import Foundation
import Proscenium
@testable import ProsceniumX11
import ProsceniumTesting
import Testing
import TestSupport

/// Opening the X input method blocks the main thread for some 8 ms (the Compose table) plus round trips
/// that wait for whatever the server is drawing: at 4K, 20 ms, which dropped a frame of a presentation
/// running from launch. The host opens it once no frame has come for a while, or at once for a key, and makes
/// the cursors then too (the first one loads the cursor theme).
@MainActor @Suite("The input method opens when the window is quiet")
struct InputMethodTimingTests {
    /// Draws one frame (a background colour flipping, as an animation would).
    static func drawFrame(_ fixture: HostFixture) {
        fixture.root.backgroundColor = fixture.root.backgroundColor == .white ? Color(white: 0.9) : .white
        fixture.frame()
    }

    /// Waits for the host to open the input context (its timer then is done), draws a frame and closes the
    /// context: the next frame arms the host's timer afresh. How long the fixture took to start, on a loaded
    /// machine, then makes no difference.
    static func startClosed(_ fixture: HostFixture) async throws {
        try await fixture.waitUntil("the input method opens after the first frame", timeout: 5) {
            fixture.host.keyboard.isAttached
        }
        drawFrame(fixture)
        fixture.host.keyboard.closeInputContext()
    }

    /// From a closed input context (see `startClosed`), draws a frame every few milliseconds for `seconds`
    /// or until `stop` holds; answers the longest real time between two frames from the one drawn before
    /// closing on, and how long it drew.
    static func closeThenKeepDrawing(_ fixture: HostFixture, for seconds: Double,
                                     until stop: () -> Bool = { false }) async throws -> (longestGap: Double, drew: Double) {
        try await startClosed(fixture)
        var longestGap = 0.0, last = Date()
        let start = Date(), end = start.addingTimeInterval(seconds)
        while Date() < end, !stop() {
            try await Task.sleep(for: .milliseconds(3))
            drawFrame(fixture)
            longestGap = max(longestGap, Date().timeIntervalSince(last))
            last = Date()
        }
        return (longestGap, Date().timeIntervalSince(start))
    }

    /// How many times a measurement is tried before the test fails for want of one without a gap.
    static let attempts = 10

    /// Whether frames came close enough together (at most `longestGap` apart) for the quiet rule never to
    /// have applied: a main actor held up by other work, or a sleep that woke late, leaves a gap in which
    /// the host rightly opens the input method, and says nothing about the rule under test.
    static func wasGapless(_ longestGap: Double) -> Bool {
        longestGap < WindowHost.inputMethodQuiet * 0.8
    }

    @Test("not while frames keep coming, soon after they stop")
    func opensAfterTheLastFrame() async throws {
        let fixture = try await HostFixture()
        defer { fixture.stop() }
        var gaps: [Double] = []
        for _ in 0..<Self.attempts {
            let (longestGap, _) = try await Self.closeThenKeepDrawing(fixture, for: 0.3)
            guard Self.wasGapless(longestGap) else {
                gaps.append(longestGap)
                continue
            }
            #expect(!fixture.host.keyboard.isAttached, "frames came at most \(longestGap) s apart")
            try await fixture.waitUntil("the input method opens", timeout: 3) { fixture.host.keyboard.isAttached }
            #expect(fixture.host.keyboardHasInputMethod, "Xlib's built-in input method in a UTF-8 locale")
            await fixture.stop()
            return
        }
        Issue.record("no run of frames without a gap in \(Self.attempts) tries; the longest gaps were \(gaps) s")
    }

    @Test("the cursors are made when the window is first quiet, not at the first hover")
    func cursorsAreMadeWhenQuiet() async throws {
        let fixture = try await HostFixture()
        defer { fixture.stop() }
        InputMethodTimingTests.drawFrame(fixture)
        try await fixture.waitUntil("the window is quiet", timeout: 5) { fixture.host.keyboard.isAttached }
        // No pointer has been over the window: only the quiet spell can have made them.
        #expect(fixture.host.cursors.count == Proscenium.Cursor.allCases.count)
    }

    @Test("a key that comes first opens it at once, and focus given before it reaches the context")
    func aKeyOpensItAtOnce() async throws {
        let fixture = try await HostFixture()
        defer { fixture.stop() }
        try await Self.startClosed(fixture)
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
        #expect(fixture.host.keyboard.contextHasFocus, "the focus the window got before it opened is given to it")
    }

    @Test("frames that never stop keep it closed two seconds at most")
    func opensWhileFramesNeverStop() async throws {
        let fixture = try await HostFixture()
        defer { fixture.stop() }
        var gaps: [Double] = []
        for _ in 0..<Self.attempts {
            // Draws until it opens; the time it took says something only when no gap between frames let
            // the quiet rule in, so a run with a gap is tried again.
            let (longestGap, drew) = try await Self.closeThenKeepDrawing(fixture, for: WindowHost.inputMethodLatest + 10) {
                fixture.host.keyboard.isAttached
            }
            #expect(fixture.host.keyboard.isAttached, "opened while frames kept coming (drew for \(drew) s)")
            guard Self.wasGapless(longestGap) else {
                gaps.append(longestGap)
                continue
            }
            // The main queue ran every few milliseconds: the host's timer, on it too, was not held back long.
            #expect(drew >= WindowHost.inputMethodLatest - 0.1, "frames came at most \(longestGap) s apart")
            #expect(drew < WindowHost.inputMethodLatest + 3, "frames came at most \(longestGap) s apart")
            await fixture.stop()
            return
        }
        Issue.record("no run of frames without a gap in \(Self.attempts) tries; the longest gaps were \(gaps) s")
    }

    @Test("a Compose sequence typed before the input method opened composes, its first key included")
    func composeBeforeTheInputMethodOpened() async throws {
        let fixture = try await HostFixture()
        defer { fixture.stop() }
        _ = try await XClientTool.output(of: "setxkbmap", ["-display", fixture.server.displayName, "us", "-option", "compose:ralt"])
        let log = KeyboardLayoutTests.PressLog(frame: Rect(x: 10, y: 10, width: 100, height: 30))
        fixture.root.addSubview(log)
        fixture.frame()
        #expect(log.becomeFirstResponder())
        try await Self.startClosed(fixture)
        XSetInputFocus(fixture.display.pointer, fixture.host.xWindow, RevertToParent, Time(CurrentTime))
        fixture.display.sync()
        // A new connection after setxkbmap: it reads the new keymap.
        let input = try XTestInput(displayName: fixture.server.displayName)
        #expect(input.type(keysym: UInt(XK_Multi_key)))
        #expect(input.type(keysym: UInt(XK_asciitilde)))
        #expect(input.type(keysym: UInt(XK_n)))
        // Frames keep coming, so the input method opens for the first key, not on a quiet spell.
        let deadline = Date().addingTimeInterval(3)
        while log.typed.isEmpty, Date() < deadline {
            Self.drawFrame(fixture)
            try await Task.sleep(for: .milliseconds(3))
        }
        #expect(log.typed == "ñ")
    }
}
