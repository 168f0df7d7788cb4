import CX11
import Foundation
import Proscenium
import ProsceniumX11
import Testing
import TestSupport

/// The window's pasteboard is the X selections, shared with other clients: text copied in the window is
/// what `xclip -o` reads, and text another client put on the clipboard is what a paste reads.
@MainActor @Suite("X selections as the pasteboard", .serialized)
struct SelectionPasteboardTests {
    /// Reads `name` through the window's pasteboard, processing X events until the answer arrives.
    private func read(_ name: PasteboardName, in fixture: HostFixture) async throws -> String? {
        var answer: String??
        fixture.host.window.pasteboard.readString(from: name) { answer = .some($0) }
        try await fixture.waitUntil("the selection's owner answers") { answer != nil }
        return answer ?? nil
    }

    /// What a background xclip printed, once it has finished.
    @MainActor final class Output { var text: String? }

    /// Runs `xclip -o` with `arguments` in the background (it waits on our window, which answers on the
    /// main actor) and processes X events until it has finished; returns what it printed.
    private func readWithXclip(_ arguments: [String], in fixture: HostFixture) async throws -> String {
        let output = Output()
        let arguments = ["-display", fixture.server.displayName, "-o"] + arguments
        Task { @MainActor in output.text = (try? await XClientTool.output(of: "xclip", arguments)) ?? "" }
        try await fixture.waitUntil("xclip \(arguments.joined(separator: " ")) finishes", timeout: 10) { output.text != nil }
        return output.text ?? ""
    }

    @Test("text copied in the window is what another client reads from CLIPBOARD, in UTF-8")
    func copyToAnotherClient() async throws {
        let fixture = try await HostFixture()
        defer { fixture.stop() }
        fixture.host.window.pasteboard.setString("Grüße, мир €", for: .clipboard)
        #expect(try await readWithXclip(["-selection", "clipboard"], in: fixture) == "Grüße, мир €")
        // PRIMARY is its own selection.
        fixture.host.window.pasteboard.setString("selected", for: .primarySelection)
        #expect(try await readWithXclip(["-selection", "primary"], in: fixture) == "selected")
        #expect(try await readWithXclip(["-selection", "clipboard"], in: fixture) == "Grüße, мир €")
        // Another client asking for the targets gets the text types.
        let targets = try await readWithXclip(["-selection", "clipboard", "-t", "TARGETS"], in: fixture)
        #expect(targets.contains("UTF8_STRING") && targets.contains("STRING"))
    }

    @Test("text another client put on CLIPBOARD is what the window's pasteboard reads; losing ownership forgets ours")
    func pasteFromAnotherClient() async throws {
        let fixture = try await HostFixture()
        defer { fixture.stop() }
        fixture.host.window.pasteboard.setString("ours", for: .clipboard)
        #expect(try await read(.clipboard, in: fixture) == "ours")
        // xclip forks a child that owns the selection until another client takes it.
        try XClientTool.start("xclip", ["-display", fixture.server.displayName, "-i", "-selection", "clipboard"],
                              input: "theirs: naïve 日本")
        let clipboard = fixture.display.atom("CLIPBOARD")
        try await fixture.waitUntil("xclip owns the clipboard") {
            let owner = XGetSelectionOwner(fixture.display.pointer, clipboard)
            return owner != fixture.host.xWindow && owner != CX11.Window(None)
        }
        #expect(try await read(.clipboard, in: fixture) == "theirs: naïve 日本")
        fixture.host.window.pasteboard.setString("ours again", for: .clipboard)
        #expect(try await readWithXclip(["-selection", "clipboard"], in: fixture) == "ours again")
    }

    @Test("a selection nobody owns reads as nil")
    func emptySelection() async throws {
        let fixture = try await HostFixture()
        defer { fixture.stop() }
        #expect(try await read(.primarySelection, in: fixture) == nil)
    }
}
