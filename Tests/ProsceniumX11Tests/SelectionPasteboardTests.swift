import CX11
import Foundation
import Proscenium
@testable import ProsceniumX11
import Testing
import TestSupport

/// The window's pasteboard is the X selections, shared with other clients: text copied in the window is
/// what `xclip -o` reads, and text another client put on the clipboard is what a paste reads, megabytes
/// included (sent in pieces, ICCCM's INCR, both ways), from an owner that takes its time too.
@MainActor @Suite("X selections as the pasteboard", .serialized)
struct SelectionPasteboardTests {
    /// Reads `name` through the window's pasteboard, processing X events until the answer arrives.
    private func read(_ name: PasteboardName, in fixture: HostFixture, timeout: Double = 5) async throws -> String? {
        var answer: String??
        fixture.host.window.pasteboard.readString(from: name) { answer = .some($0) }
        try await fixture.waitUntil("the selection's owner answers", timeout: timeout) { answer != nil }
        return answer ?? nil
    }

    /// What a background xclip printed, once it has finished.
    @MainActor final class Output { var text: String? }

    /// Runs `xclip -o` with `arguments` in the background (it waits on our window, which answers on the
    /// main actor) and processes X events until it has finished; returns what it printed.
    private func readWithXclip(_ arguments: [String], in fixture: HostFixture, timeout: Double = 10) async throws -> String {
        let output = Output()
        let arguments = ["-display", fixture.server.displayName, "-o"] + arguments
        Task { @MainActor in
            do { output.text = try await XClientTool.output(of: "xclip", arguments) } catch { output.text = "\(error)" }
        }
        try await fixture.waitUntil("xclip \(arguments.joined(separator: " ")) finishes", timeout: timeout) { output.text != nil }
        return output.text ?? ""
    }

    /// Puts `text` on CLIPBOARD from xclip, which keeps serving it from a child of its own, and waits
    /// until xclip owns it.
    private func copyWithXclip(_ text: String, in fixture: HostFixture) async throws {
        try await XClientTool.start("xclip", ["-display", fixture.server.displayName, "-i", "-selection", "clipboard"],
                                    input: text)
        let clipboard = fixture.display.atom("CLIPBOARD")
        try await fixture.waitUntil("xclip owns the clipboard") {
            let owner = XGetSelectionOwner(fixture.display.pointer, clipboard)
            return owner != fixture.host.selections.window && owner != CX11.Window(None)
        }
    }

    /// Text of `bytes` UTF-8 bytes or a little more, with characters of two and three bytes that the pieces
    /// of a transfer cut through.
    private static func largeText(bytes: Int) -> String {
        let line = "Grüße, мир € 日本 — line of a large paste 0123456789\n"
        return String(repeating: line, count: bytes / line.utf8.count + 1)
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
        await fixture.stop()
    }

    @Test("text another client put on CLIPBOARD is what the window's pasteboard reads; losing ownership forgets ours")
    func pasteFromAnotherClient() async throws {
        let fixture = try await HostFixture()
        defer { fixture.stop() }
        fixture.host.window.pasteboard.setString("ours", for: .clipboard)
        #expect(try await read(.clipboard, in: fixture) == "ours")
        // A request straight to the window gets our text while we own the clipboard...
        let requestor = try SelectionPeer(displayName: fixture.server.displayName)
        defer { requestor.close() }
        requestor.request("CLIPBOARD", from: fixture.host.selections.window, into: "ANSWER")
        var reply: String??
        try await fixture.waitUntil("the window answers") { reply = requestor.reply(); return reply != nil }
        #expect(reply == .some("ours"))

        try await copyWithXclip("theirs: naïve 日本", in: fixture)
        #expect(try await read(.clipboard, in: fixture) == "theirs: naïve 日本")
        // ...and is refused once xclip took it: the window let go of the text when it was told so.
        requestor.request("CLIPBOARD", from: fixture.host.selections.window, into: "ANSWER")
        reply = nil
        try await fixture.waitUntil("the window answers") { reply = requestor.reply(); return reply != nil }
        #expect(reply == .some(nil), "a window that lost the clipboard still hands out its old text")

        fixture.host.window.pasteboard.setString("ours again", for: .clipboard)
        #expect(try await readWithXclip(["-selection", "clipboard"], in: fixture) == "ours again")
        requestor.close()
        await fixture.stop()
    }

    @Test("a paste of megabytes that another client sends in pieces arrives whole")
    func largePasteFromAnotherClient() async throws {
        let fixture = try await HostFixture()
        defer { fixture.stop() }
        // xclip sends in pieces what is larger than a quarter of the largest request: some 1 MiB here.
        let text = Self.largeText(bytes: 3 << 20)
        try await copyWithXclip(text, in: fixture)
        let pasted = try await read(.clipboard, in: fixture, timeout: 20)
        let whole = pasted == text
        #expect(whole, "pasted \(pasted?.utf8.count ?? 0) of \(text.utf8.count) bytes")
        await fixture.stop()
    }

    @Test("megabytes copied in the window, more than one request carries, are what another client reads")
    func largeCopyToAnotherClient() async throws {
        let fixture = try await HostFixture()
        defer { fixture.stop() }
        // Larger than the largest request the server takes, BIG-REQUESTS included: no single property
        // write could carry it.
        let largestRequest = Int(XExtendedMaxRequestSize(fixture.display.pointer)) * 4
        let text = Self.largeText(bytes: largestRequest + (1 << 20))
        fixture.host.window.pasteboard.setString(text, for: .clipboard)
        let copied = try await readWithXclip(["-selection", "clipboard"], in: fixture, timeout: 60)
        let whole = copied == text
        #expect(whole, "xclip read \(copied.utf8.count) of \(text.utf8.count) bytes")
        await fixture.stop()
    }

    @Test("an owner that answers after a second and a half is still heard")
    func slowOwner() async throws {
        let fixture = try await HostFixture()
        defer { fixture.stop() }
        let owner = try SelectionPeer(displayName: fixture.server.displayName)
        defer { owner.close() }
        #expect(owner.own("CLIPBOARD"))
        var answer: String??
        fixture.host.window.pasteboard.readString(from: .clipboard) { answer = .some($0) }
        var request: XSelectionRequestEvent?
        try await fixture.waitUntil("the request reaches the owner") { request = owner.nextRequest(); return request != nil }
        // Busy for a while, as a swapping or starting client is; the window's main actor runs meanwhile.
        try await Task.sleep(for: .milliseconds(1500))
        owner.answer(try #require(request), with: "slow but sure")
        try await fixture.waitUntil("the paste ends", timeout: 10) { answer != nil }
        #expect(answer == .some("slow but sure"))
        owner.close()
        await fixture.stop()
    }

    @Test("an answer that comes after the paste gave up is deleted from the window, unread")
    func lateAnswer() async throws {
        let fixture = try await HostFixture()
        defer { fixture.stop() }
        fixture.host.selections.answerTimeout = 0.2
        let owner = try SelectionPeer(displayName: fixture.server.displayName)
        defer { owner.close() }
        #expect(owner.own("CLIPBOARD"))
        var answer: String??
        fixture.host.window.pasteboard.readString(from: .clipboard) { answer = .some($0) }
        var request: XSelectionRequestEvent?
        try await fixture.waitUntil("the request reaches the owner") { request = owner.nextRequest(); return request != nil }
        try await fixture.waitUntil("the paste gives up") { answer != nil }
        #expect(answer == .some(nil))
        let late = try #require(request)
        owner.answer(late, with: "too late")
        // Asked on the owner's connection, after its answer: the property exists until the window deletes it.
        try await fixture.waitUntil("the late answer is deleted") { !owner.hasProperty(late.property, on: fixture.host.selections.window) }
        owner.close()
        await fixture.stop()
    }

    @Test("a late answer to a paste given up on is not taken for the answer to the next paste")
    func lateAnswerIsNotTheNextOne() async throws {
        let fixture = try await HostFixture()
        defer { fixture.stop() }
        fixture.host.selections.answerTimeout = 0.3
        let owner = try SelectionPeer(displayName: fixture.server.displayName)
        defer { owner.close() }
        #expect(owner.own("CLIPBOARD"))
        fixture.host.selections.lastEventTime = 5000  // a key press's time stamp, as a paste has
        var first: String??
        fixture.host.window.pasteboard.readString(from: .clipboard) { first = .some($0) }
        var stale: XSelectionRequestEvent?
        try await fixture.waitUntil("the first request reaches the owner") { stale = owner.nextRequest(); return stale != nil }
        try await fixture.waitUntil("the first paste gives up") { first != nil }
        // The user pastes again, with a later key press.
        #expect(try #require(stale).time == 5000)
        fixture.host.selections.lastEventTime = 6000
        fixture.host.selections.answerTimeout = 5
        var second: String??
        fixture.host.window.pasteboard.readString(from: .clipboard) { second = .some($0) }
        var fresh: XSelectionRequestEvent?
        try await fixture.waitUntil("the second request reaches the owner") { fresh = owner.nextRequest(); return fresh != nil }
        owner.answer(try #require(stale), with: "stale")
        try await Task.sleep(for: .milliseconds(200))
        fixture.frame()
        #expect(second == nil, "the stale answer is not the second paste's")
        owner.answer(try #require(fresh), with: "fresh")
        try await fixture.waitUntil("the second paste ends") { second != nil }
        #expect(second == .some("fresh"))
        owner.close()
        await fixture.stop()
    }

    @Test("a selection nobody owns reads as nil")
    func emptySelection() async throws {
        let fixture = try await HostFixture()
        defer { fixture.stop() }
        #expect(try await read(.primarySelection, in: fixture) == nil)
        await fixture.stop()
    }
}
