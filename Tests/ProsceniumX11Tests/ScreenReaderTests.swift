import Foundation
import Proscenium
import ProsceniumTesting
import Testing
import TestSupport

/// The demo read by pyatspi — a screen reader's client library no one here wrote — over a private session
/// bus and the accessibility bus it starts: the home screen's buttons by name, role and place; an alert as
/// a modal dialog that hides the home screen, answered through AT-SPI; hostile calls answered with errors.
@MainActor @Suite("Screen readers", .serialized)
struct ScreenReaderTests: ScreenReaderFixture {
    @Test("the home screen: the application, its window and the buttons by name and role, where they are on screen; at scale 2 in device pixels", arguments: [1.0, 2.0])
    func homeScreen(scale: Double) async throws {
        try await withDemo(scale: scale) { demo, bus, _ in
            let tree = try await read(bus)[0]
            #expect(tree["role"] as? String == "application" && tree["toolkit"] as? String == "Proscenium")
            let window = try #require((tree["children"] as? [[String: Any]])?.first)
            #expect(window["role"] as? String == "frame" && (window["states"] as? [String])?.contains("showing") == true)
            for name in ["Bouncy", "Side panel", "Sheet", "Alert", "Navigation", "Controls"] {
                #expect(named(name, role: "push button", in: tree) != nil, "\(name) is not a push button in \(tree)")
            }
            #expect(named("Proscenium", role: "label", in: tree) != nil)
            let alert = try #require(named("Alert", role: "push button", in: tree))
            #expect(alert["actions"] as? [String] == ["click"])
            let views = try #require(demo.events("tree").first?["views"] as? [[String: Any]])
            let frame = try #require(views.first { $0["id"] as? String == "present-alert" }?["frame"] as? [Double])
            let expected = frame.map { Int(($0 * scale).rounded()) }
            #expect(alert["window"] as? [Int] == expected, "the button's extents in the window, in device pixels")
            let screen = try #require(alert["screen"] as? [Int])
            #expect(screen[2] == expected[2] && screen[3] == expected[3])
        }
    }

    @Test("an alert is a modal alert named by its title with its message and buttons, OK the focused default button, the home screen out of reach; OK through AT-SPI dismisses it")
    func alertThroughATSPI() async throws {
        try await withDemo { demo, bus, _ in
            #expect(try await read(bus, ["--press", "Alert"]).last?["pressed"] as? Bool == true)
            try await waitForTransition("presentationDidEnd", in: demo)
            let tree = try await read(bus)[0]
            let window = try #require((tree["children"] as? [[String: Any]])?.first)
            let dialogs = (window["children"] as? [[String: Any]]) ?? []
            #expect(dialogs.count == 1, "only the alert is in reach: \(dialogs.map { $0["name"] ?? "" })")
            let dialog = try #require(dialogs.first)
            #expect(dialog["role"] as? String == "alert" && dialog["name"] as? String == "Discard changes?")
            #expect((dialog["states"] as? [String])?.contains("modal") == true)
            #expect(named("The draft will be lost.", role: "label", in: dialog) != nil)
            #expect(named("OK", role: "push button", in: dialog) != nil && named("Cancel", role: "push button", in: dialog) != nil)
            let okStates = (named("OK", role: "push button", in: dialog)?["states"] as? [String]) ?? []
            #expect(okStates.contains("is default") && okStates.contains("focused"), "OK is the default button, focused: \(okStates)")
            #expect(named("Bouncy", role: "push button", in: tree) == nil, "the home screen is not reachable through the alert")

            #expect(try await read(bus, ["--press", "OK"]).last?["pressed"] as? Bool == true)
            try await waitForTransition("dismissalDidEnd", in: demo)
            #expect(named("Bouncy", role: "push button", in: try await read(bus)[0]) != nil, "the home screen is back in reach")
        }
    }

    @Test("hostile calls — wrong signatures, unknown paths, interfaces and methods, huge indices — get D-Bus errors; the demo goes on and idles at no CPU")
    func hostileCalls() async throws {
        try await withDemo { demo, bus, _ in
            let results = try #require(try await read(bus, ["--hostile"]).first { $0["hostile"] != nil }?["hostile"] as? [[String: String]])
            #expect(results.count > 15)
            let expectedErrors = ["GetChildAtIndex(s)", "GetChildAtIndex()", "NoSuchMethod()", "Anything()", "Get(i)", "Set(ssv)", "GetRole()"]
            for call in expectedErrors {
                #expect(results.contains { $0["call"]?.hasSuffix(call) == true }, "\(call) was sent")
                for result in results where result["call"]?.hasSuffix(call) == true {
                    #expect(result["outcome"]?.hasPrefix("org.freedesktop.DBus.Error.") == true, "\(result)")
                }
            }
            for call in ["Text.GetTextAtOffset(iu)", "Text.SetSelection(iii)", "Collection.GetMatchesFrom(o(aiia{ss}iaiiasib)uuib)",
                         "EditableText.DeleteText(ii)"] {
                #expect(results.contains { $0["call"]?.hasSuffix(call) == true }, "\(call) was sent to a node with Text")
            }
            #expect(results.allSatisfy { $0["outcome"] == "answered" || $0["outcome"]?.hasPrefix("org.freedesktop.DBus.Error.") == true },
                    "\(results)")
            #expect(demo.isRunning)
            // As the other idle checks: time for the last answers to go out on a loaded machine, then a second.
            try await Task.sleep(for: .seconds(2.5))
            let before = ProcessCPU.seconds(pid: demo.pid)
            try await Task.sleep(for: .seconds(1))
            let idle = ProcessCPU.seconds(pid: demo.pid) - before
            #expect(idle < 0.005, "\(idle * 1000) ms of CPU in an idle second with the bus up")
        }
    }
}

/// The accessibility registry restarted under a running app (it crashed, or the session restarted it):
/// the app embeds itself again when the new registry announces itself, as GTK's bridge does.
@MainActor @Suite("Screen readers across a registry restart", .serialized)
struct RegistryRestartTests: ScreenReaderFixture {
    /// Kills the accessibility registry started for `bus` (every process under its runtime directory
    /// that is the registry); whether one was found.
    private func killRegistry(of bus: ScreenReaderBus) -> Bool {
        let marker = Data("XDG_RUNTIME_DIR=\(bus.runtimeDirectory.path)\0".utf8)
        var killed = false
        for entry in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] {
            guard let pid = Int32(entry), let command = FileManager.default.contents(atPath: "/proc/\(entry)/cmdline"),
                  String(decoding: command, as: UTF8.self).contains("at-spi2-registryd"),
                  let environment = FileManager.default.contents(atPath: "/proc/\(entry)/environ"),
                  environment.range(of: marker) != nil else { continue }
            kill(pid, SIGKILL)
            killed = true
        }
        return killed
    }

    @Test("after the registry is killed and a new one starts, a screen reader finds the app again")
    func theAppEmbedsAgain() async throws {
        try await withDemo { _, bus, _ in
            let before = try await read(bus)[0]
            #expect(before["role"] as? String == "application")
            #expect(before["copies"] as? Int == 1, "the registry started by the app's own Embed lists it once")
            #expect(killRegistry(of: bus), "no registry ran for the bus")
            // The client's next look starts a new registry; the app hears it and embeds itself again.
            var found = false
            let deadline = Date().addingTimeInterval(20)
            while !found, Date() < deadline {
                if let tree = try? await read(bus).first, tree["role"] as? String == "application",
                   named("Bouncy", role: "push button", in: tree) != nil {
                    found = true
                    #expect(tree["copies"] as? Int == 1, "embedded once in the new registry")
                } else {
                    try await Task.sleep(for: .milliseconds(200))
                }
            }
            #expect(found, "the new registry never learned of the app")
        }
    }
}
