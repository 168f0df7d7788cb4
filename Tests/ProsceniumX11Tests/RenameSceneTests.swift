import CX11
import Foundation
import Proscenium
import ProsceniumX11
import Testing
import TestSupport

/// The gallery's rename alert, live, as a user meets it: the demo on its real clock in the test's own Xvfb,
/// keys typed through XTest on the layouts `setxkbmap` sets, text moved through the X selections by
/// xclip, another client. The field has the keyboard as soon as the alert is up; Return renames and the
/// event log's `text` line carries the field's contents in UTF-8.
@MainActor @Suite("Rename scene, live", .serialized)
struct RenameSceneTests {
    /// The demo showing the rename alert, with keyboard focus on its window.
    private func withRenameAlert(_ body: @MainActor (PrivateXvfb, DemoProcess, Rect, Point, CX11.Window) async throws -> Void) async throws {
        try await withPrivateXvfb(width: 1280, height: 800) { server in
            let demo = try DemoProcess(arguments: ["--scene", "rename", "--log-events"], environment: ["DISPLAY": server.displayName])
            defer { demo.stop() }
            let ready = try await demo.event("ready")
            let window = try #require((ready["window"] as? String).flatMap { UInt($0.dropFirst(2), radix: 16) })
            try await waitUntil("the alert is up") {
                demo.events("transition").contains { $0["phase"] as? String == "presentationDidEnd" }
            }
            try await waitUntil("the tree after the transition") { demo.frame(of: "name-field") != nil }
            let field = try #require(demo.frame(of: "name-field"))
            let display = try Display(name: server.displayName)
            XSetInputFocus(display.pointer, CX11.Window(window), RevertToParent, Time(CurrentTime))
            var x: Int32 = 0, y: Int32 = 0
            var child: CX11.Window = 0
            XTranslateCoordinates(display.pointer, CX11.Window(window), display.rootWindow, 0, 0, &x, &y, &child)
            display.sync()
            try await body(server, demo, field, Point(x: Double(x), y: Double(y)), CX11.Window(window))
        }
    }

    private func setxkbmap(_ arguments: [String], on server: PrivateXvfb) async throws {
        _ = try await XClientTool.output(of: "setxkbmap", ["-display", server.displayName] + arguments)
    }

    /// Waits until a client other than the demo (xclip) owns `selection`.
    private func waitForOwner(of selection: String, on displayName: String, notWindow demoWindow: CX11.Window) async throws {
        let display = try Display(name: displayName)
        let atom = display.atom(selection)
        try await waitUntil("xclip owns \(selection)") {
            let owner = XGetSelectionOwner(display.pointer, atom)
            return owner != demoWindow && owner != CX11.Window(None)
        }
    }

    private func submittedText(_ demo: DemoProcess) async throws -> String {
        try await waitUntil("the text event") { !demo.events("text").isEmpty }
        return try #require(demo.events("text").last?["text"] as? String)
    }

    @Test("é and € on a French layout, ж on Russian, ß on German and ñ by Compose are typed into the field; Return renames")
    func typesAnyScript() async throws {
        try await withRenameAlert { server, demo, _, _, window in
            try await setxkbmap(["fr"], on: server)
            var input = try XTestInput(displayName: server.displayName)
            // The field starts as "Untitled", all selected: the first key replaces it.
            #expect(input.type(keysym: UInt(XK_eacute)))
            #expect(input.type(keysym: UInt(XK_EuroSign)))
            try await demoHasHandledEarlierEvents(window, on: server)
            try await setxkbmap(["ru"], on: server)
            input = try XTestInput(displayName: server.displayName)
            #expect(input.type(keysym: UInt(XK_Cyrillic_zhe)))
            try await demoHasHandledEarlierEvents(window, on: server)
            try await setxkbmap(["de"], on: server)
            input = try XTestInput(displayName: server.displayName)
            #expect(input.type(keysym: UInt(XK_ssharp)))
            try await demoHasHandledEarlierEvents(window, on: server)
            try await setxkbmap(["us", "-option", "compose:ralt"], on: server)
            input = try XTestInput(displayName: server.displayName)
            for keysym in [XK_Multi_key, XK_asciitilde, XK_n] { #expect(input.type(keysym: UInt(keysym))) }
            #expect(input.key(UInt(XK_Return)))
            #expect(try await submittedText(demo) == "é€жßñ")
            try await waitUntil("the alert goes away") {
                demo.events("transition").contains { $0["phase"] as? String == "dismissalDidEnd" }
            }
        }
    }

    @Test("copy from the field is what xclip reads; xclip's clipboard pastes with Ctrl+V; a middle click pastes PRIMARY")
    func clipboardAndPrimary() async throws {
        try await withRenameAlert { server, demo, field, origin, window in
            let display = server.displayName
            let input = try XTestInput(displayName: display)
            @MainActor func chord(_ keysym: Int32) {
                input.press(key: UInt(XK_Control_L))
                input.key(UInt(keysym))
                input.release(key: UInt(XK_Control_L))
            }
            // Ctrl+C with all selected: another client reads the field's text.
            chord(XK_c)
            var copied = ""
            for _ in 0..<50 where copied != "Untitled" {
                try await Task.sleep(for: .milliseconds(100))
                // Until the demo has handled Ctrl+C, xclip finds no owner and fails.
                copied = (try? await XClientTool.output(of: "xclip", ["-display", display, "-o", "-selection", "clipboard"])) ?? ""
            }
            #expect(copied == "Untitled")
            // Another client's clipboard text replaces the selection on Ctrl+V.
            try await XClientTool.start("xclip", ["-display", display, "-i", "-selection", "clipboard"], input: "Grüße мир")
            try await waitForOwner(of: "CLIPBOARD", on: display, notWindow: window)
            chord(XK_a)
            chord(XK_v)
            // Then PRIMARY from another client goes in where the middle click lands (the field's end).
            try await XClientTool.start("xclip", ["-display", display, "-i", "-selection", "primary"], input: " (2)")
            try await waitForOwner(of: "PRIMARY", on: display, notWindow: window)
            input.click(at: Point(x: origin.x + field.maxX - 4, y: origin.y + field.midY), button: 2)
            try await Task.sleep(for: .milliseconds(300))
            #expect(input.key(UInt(XK_Return)))
            #expect(try await submittedText(demo) == "Grüße мир (2)")
        }
    }
}
