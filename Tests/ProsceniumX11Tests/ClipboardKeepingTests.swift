import CX11
import Foundation
import Proscenium
@testable import ProsceniumX11
import Testing
import TestSupport

/// What was copied outlives the window it was copied in, and the app: the selections are owned by a window
/// of their own that lives while any of the app's windows does, and at exit the text goes to the desktop's
/// clipboard manager, which serves it from then on.
@MainActor @Suite("Copied text outlives its window and the app", .serialized)
struct ClipboardKeepingTests {
    @Test("text copied in a window is still on the clipboard once that window has closed: the app's other window and other clients paste it")
    func copiedTextOutlivesItsWindow() async throws {
        let session = try await TwoWindows.start()
        defer { session.stop() }
        session.hosts[0].window.pasteboard.setString("kept: Grüße", for: .clipboard)
        session.dropFirstHost()
        let owner = XGetSelectionOwner(session.observer.pointer, session.observer.atom("CLIPBOARD"))
        #expect(owner != CX11.Window(None), "closing the window let go of the clipboard")
        var answer: String??
        session.hosts[0].window.pasteboard.readString(from: .clipboard) { answer = .some($0) }
        try await session.waitUntil("the other window reads the clipboard") { answer != nil }
        #expect(answer == .some("kept: Grüße"))
        let pasted = Task { try await XClientTool.output(of: "xclip", ["-display", session.server.displayName, "-o", "-selection", "clipboard"]) }
        var printed: String?
        Task { printed = (try? await pasted.value) ?? "failed" }
        try await session.waitUntil("xclip reads the clipboard") { printed != nil }
        #expect(printed == "kept: Grüße")
    }

    @Test("at exit the text goes to the clipboard manager, which then serves it itself")
    func theClipboardManagerKeepsTheTextAfterExit() async throws {
        let fixture = try await HostFixture()
        defer { fixture.stop() }
        let manager = try FakeClipboardManager(displayName: fixture.server.displayName)
        defer { manager.stop() }
        fixture.host.window.pasteboard.setString("Grüße, мир €", for: .clipboard)
        #expect(fixture.host.selections.handOverToClipboardManager(timeout: 5))
        #expect(manager.saved == "Grüße, мир €")
        let dpy = fixture.display.pointer
        #expect(XGetSelectionOwner(dpy, fixture.display.atom("CLIPBOARD")) != fixture.host.selections.window,
                "the manager took the clipboard over")
        // The manager answers on its own thread: xclip reads from it with nothing of ours involved.
        let pasted = try await XClientTool.output(of: "xclip", ["-display", fixture.server.displayName, "-o", "-selection", "clipboard"])
        #expect(pasted == "Grüße, мир €")
    }

    @Test("with no clipboard manager, or nothing of ours on the clipboard, there is nothing to hand over and no wait")
    func noManagerNoWait() async throws {
        let fixture = try await HostFixture()
        defer { fixture.stop() }
        fixture.host.window.pasteboard.setString("nobody keeps this", for: .clipboard)
        let start = Date()
        #expect(!fixture.host.selections.handOverToClipboardManager(timeout: 5))
        let manager = try FakeClipboardManager(displayName: fixture.server.displayName)
        defer { manager.stop() }
        fixture.host.window.pasteboard.setString(nil, for: .clipboard)
        #expect(!fixture.host.selections.handOverToClipboardManager(timeout: 5))
        #expect(Date().timeIntervalSince(start) < 1, "it returned at once")
        #expect(manager.saved == nil)
    }
}
