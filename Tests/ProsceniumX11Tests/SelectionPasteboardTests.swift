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
    /// Runs xclip on the fixture's server with `arguments`, feeding it `input`; returns what it printed.
    /// Reading runs off the main actor: xclip waits for our window, which answers on the main queue.
    private nonisolated static func xclip(_ arguments: [String], display: String, input: String? = nil) async throws -> String {
        try await Task.detached {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["xclip", "-display", display] + arguments
            let output = Pipe(), stdin = Pipe()
            // xclip -i forks a child that owns the selection and would hold our pipe open: no output then.
            process.standardOutput = input == nil ? output : FileHandle.nullDevice
            process.standardInput = stdin
            try process.run()
            if let input { stdin.fileHandleForWriting.write(Data(input.utf8)) }
            try stdin.fileHandleForWriting.close()
            // xclip -i's background child keeps the parent's exit from being noticed here: callers wait
            // for it to own the selection instead.
            guard input == nil else { return "" }
            let data = output.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return String(decoding: data, as: UTF8.self)
        }.value
    }

    /// Reads `name` through the window's pasteboard, processing X events until the answer arrives.
    private func read(_ name: PasteboardName, in fixture: HostFixture) async throws -> String? {
        var answer: String??
        fixture.host.window.pasteboard.readString(from: name) { answer = .some($0) }
        try await fixture.waitUntil("the selection's owner answers") { answer != nil }
        return answer ?? nil
    }

    /// What a background xclip printed, once it has finished.
    @MainActor final class Output { var text: String? }

    /// Starts xclip in the background (it waits on our window, which answers on the main actor) and
    /// processes X events until it has finished; returns what it printed.
    private func runXclip(_ arguments: [String], input: String? = nil, in fixture: HostFixture) async throws -> String {
        let output = Output()
        let display = fixture.server.displayName
        Task { @MainActor in output.text = (try? await Self.xclip(arguments, display: display, input: input)) ?? "" }
        try await fixture.waitUntil("xclip \(arguments.joined(separator: " ")) finishes", timeout: 10) { output.text != nil }
        return output.text ?? ""
    }

    @Test("text copied in the window is what another client reads from CLIPBOARD, in UTF-8")
    func copyToAnotherClient() async throws {
        let fixture = try await HostFixture()
        defer { fixture.stop() }
        fixture.host.window.pasteboard.setString("Grüße, мир €", for: .clipboard)
        #expect(try await runXclip(["-o", "-selection", "clipboard"], in: fixture) == "Grüße, мир €")
        // PRIMARY is its own selection.
        fixture.host.window.pasteboard.setString("selected", for: .primarySelection)
        #expect(try await runXclip(["-o", "-selection", "primary"], in: fixture) == "selected")
        #expect(try await runXclip(["-o", "-selection", "clipboard"], in: fixture) == "Grüße, мир €")
        // Another client asking for the targets gets the text types.
        let targets = try await runXclip(["-o", "-selection", "clipboard", "-t", "TARGETS"], in: fixture)
        #expect(targets.contains("UTF8_STRING") && targets.contains("STRING"))
    }

    @Test("text another client put on CLIPBOARD is what the window's pasteboard reads; losing ownership forgets ours")
    func pasteFromAnotherClient() async throws {
        let fixture = try await HostFixture()
        defer { fixture.stop() }
        fixture.host.window.pasteboard.setString("ours", for: .clipboard)
        #expect(try await read(.clipboard, in: fixture) == "ours")
        // xclip forks a child that owns the selection until another client takes it.
        _ = try await runXclip(["-i", "-selection", "clipboard"], input: "theirs: naïve 日本", in: fixture)
        let clipboard = fixture.display.atom("CLIPBOARD")
        try await fixture.waitUntil("xclip owns the clipboard") {
            let owner = XGetSelectionOwner(fixture.display.pointer, clipboard)
            return owner != fixture.host.xWindow && owner != CX11.Window(None)
        }
        #expect(try await read(.clipboard, in: fixture) == "theirs: naïve 日本")
        fixture.host.window.pasteboard.setString("ours again", for: .clipboard)
        #expect(try await runXclip(["-o", "-selection", "clipboard"], in: fixture) == "ours again")
    }

    @Test("a selection nobody owns reads as nil")
    func emptySelection() async throws {
        let fixture = try await HostFixture()
        defer { fixture.stop() }
        #expect(try await read(.primarySelection, in: fixture) == nil)
    }
}
