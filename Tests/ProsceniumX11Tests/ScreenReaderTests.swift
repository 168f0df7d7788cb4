import Foundation
import Proscenium
import ProsceniumTesting
import Testing
import TestSupport

/// The demo read by pyatspi — a screen reader's client library no one here wrote — over a private session
/// bus and the accessibility bus it starts: the home screen's buttons by name, role and place; an alert as
/// a modal dialog that hides the home screen, answered through AT-SPI; hostile calls answered with errors.
@MainActor @Suite("Screen readers", .serialized)
struct ScreenReaderTests {
    /// A private session bus with its own runtime directory (the accessibility bus's socket lives there,
    /// so two runs never share one).
    struct SessionBus: Sendable {
        let address: String
        let pid: Int32
        let runtimeDirectory: URL

        /// Starts a bus (off the main actor: launching and reading block).
        @concurrent static func start() async throws -> SessionBus {
            let runtimeDirectory = FileManager.default.temporaryDirectory.appendingPathComponent("proscenium-a11y-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: runtimeDirectory, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
            let daemon = Process()
            daemon.executableURL = URL(fileURLWithPath: "/usr/bin/dbus-daemon")
            daemon.arguments = ["--session", "--print-address=1", "--print-pid=1", "--fork"]
            daemon.environment = ["XDG_RUNTIME_DIR": runtimeDirectory.path, "PATH": "/usr/bin:/bin"]
            let output = try ProcessLaunch.runReadingOutput(daemon)
            // The forked daemon keeps the pipe open: read its two lines, not to the end.
            var text = ""
            while text.filter({ $0 == "\n" }).count < 2 {
                let chunk = output.availableData
                if chunk.isEmpty { break }
                text += String(decoding: chunk, as: UTF8.self)
            }
            try? output.close()
            let lines = text.split(separator: "\n").map(String.init)
            guard lines.count >= 2, let pid = Int32(lines[1]) else { throw ScreenReaderTestError.noBus(text) }
            return SessionBus(address: lines[0], pid: pid, runtimeDirectory: runtimeDirectory)
        }

        /// What a program on this bus needs: the bus, its runtime directory, and no other accessibility bus.
        var environment: [String: String?] {
            ["DBUS_SESSION_BUS_ADDRESS": address, "XDG_RUNTIME_DIR": runtimeDirectory.path, "AT_SPI_BUS_ADDRESS": nil,
             "NO_AT_BRIDGE": "1"]
        }

        /// Ends the bus and everything it started (the bus launcher, the accessibility bus, the registry):
        /// every process that inherited this bus's runtime directory. dbus-daemon does not end on SIGTERM.
        func stop() {
            let marker = Data("XDG_RUNTIME_DIR=\(runtimeDirectory.path)\0".utf8)
            let processes = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
            for entry in processes {
                guard let pid = Int32(entry), pid != getpid(),
                      let environment = FileManager.default.contents(atPath: "/proc/\(entry)/environ"),
                      environment.range(of: marker) != nil else { continue }
                kill(pid, SIGKILL)
            }
            kill(self.pid, SIGKILL)
            try? FileManager.default.removeItem(at: runtimeDirectory)
        }
    }

    enum ScreenReaderTestError: Error { case noBus(String), client(String) }

    /// Runs scripts/atspi-tree.py on `bus` with `arguments`; returns its JSON lines.
    private func read(_ bus: SessionBus, _ arguments: [String] = []) async throws -> [[String: Any]] {
        let (status, text) = try await Self.runClient(bus, arguments)
        let lines = text.split(separator: "\n")
        let objects = lines.compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        guard status == 0, !objects.isEmpty else { throw ScreenReaderTestError.client("status \(status): \(text)") }
        return objects
    }

    /// Runs the client to its end, off the main actor; its status and standard output.
    @concurrent private static func runClient(_ bus: SessionBus, _ arguments: [String]) async throws -> (Int32, String) {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("scripts/atspi-tree.py")
        let client = Process()
        client.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        client.arguments = [script.path, "proscenium-demo"] + arguments
        var environment = ProcessInfo.processInfo.environment
        for (key, value) in bus.environment { environment[key] = value }
        environment["DISPLAY"] = nil
        client.environment = environment
        let output = try ProcessLaunch.runReadingOutput(client)
        let data = output.readDataToEndOfFile()
        client.waitUntilExit()
        return (client.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    /// Every node of a tree from the script, depth first, with its depth.
    private func nodes(_ tree: [String: Any]) -> [[String: Any]] {
        [tree] + ((tree["children"] as? [[String: Any]]) ?? []).flatMap(nodes)
    }

    private func named(_ name: String, role: String, in tree: [String: Any]) -> [String: Any]? {
        nodes(tree).first { $0["name"] as? String == name && $0["role"] as? String == role }
    }

    private func waitForTransition(_ phase: String, count: Int = 1, in demo: DemoProcess) async throws {
        let deadline = Date().addingTimeInterval(10)
        while demo.events("transition").filter({ $0["phase"] as? String == phase }).count < count, Date() < deadline {
            try await Task.sleep(for: .milliseconds(20))
        }
        try #require(demo.events("transition").filter { $0["phase"] as? String == phase }.count >= count,
                     "no \(phase): \(demo.events("transition"))")
    }

    private func withDemo(scale: Double = 1, _ body: (DemoProcess, SessionBus) async throws -> Void) async throws {
        let bus = try await SessionBus.start()
        defer { bus.stop() }
        try await withPrivateXvfb(width: 1400, height: 900) { server in
            var environment = bus.environment
            environment["DISPLAY"] = server.displayName
            if scale != 1 { environment["PROSCENIUM_SCALE"] = "\(scale)" }
            let demo = try DemoProcess(arguments: ["--log-events"], environment: environment)
            defer { demo.stop() }
            _ = try await demo.event("ready")
            try await body(demo, bus)
            #expect(demo.isRunning && demo.events("problem").isEmpty, "\(demo.errorOutput)")
        }
    }

    @Test("the home screen: the application, its window and the buttons by name and role, where they are on screen; at scale 2 in device pixels", arguments: [1.0, 2.0])
    func homeScreen(scale: Double) async throws {
        try await withDemo(scale: scale) { demo, bus in
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

    @Test("an alert is a modal dialog named by its title with its message and buttons, the home screen out of reach; OK through AT-SPI dismisses it")
    func alertThroughATSPI() async throws {
        try await withDemo { demo, bus in
            #expect(try await read(bus, ["--press", "Alert"]).last?["pressed"] as? Bool == true)
            try await waitForTransition("presentationDidEnd", in: demo)
            let tree = try await read(bus)[0]
            let window = try #require((tree["children"] as? [[String: Any]])?.first)
            let dialogs = (window["children"] as? [[String: Any]]) ?? []
            #expect(dialogs.count == 1, "only the alert is in reach: \(dialogs.map { $0["name"] ?? "" })")
            let dialog = try #require(dialogs.first)
            #expect(dialog["role"] as? String == "dialog" && dialog["name"] as? String == "Discard changes?")
            #expect((dialog["states"] as? [String])?.contains("modal") == true)
            #expect(named("The draft will be lost.", role: "label", in: dialog) != nil)
            #expect(named("OK", role: "push button", in: dialog) != nil && named("Cancel", role: "push button", in: dialog) != nil)
            #expect(named("Bouncy", role: "push button", in: tree) == nil, "the home screen is not reachable through the alert")

            #expect(try await read(bus, ["--press", "OK"]).last?["pressed"] as? Bool == true)
            try await waitForTransition("dismissalDidEnd", in: demo)
            #expect(named("Bouncy", role: "push button", in: try await read(bus)[0]) != nil, "the home screen is back in reach")
        }
    }

    @Test("hostile calls — wrong signatures, unknown paths, interfaces and methods, huge indices — get D-Bus errors; the demo goes on and idles at no CPU")
    func hostileCalls() async throws {
        try await withDemo { demo, bus in
            let results = try #require(try await read(bus, ["--hostile"]).first { $0["hostile"] != nil }?["hostile"] as? [[String: String]])
            #expect(results.count > 15)
            let expectedErrors = ["GetChildAtIndex(s)", "GetChildAtIndex()", "NoSuchMethod()", "Anything()", "Get(i)", "Set(ssv)", "GetRole()"]
            for call in expectedErrors {
                #expect(results.contains { $0["call"]?.hasSuffix(call) == true }, "\(call) was sent")
                for result in results where result["call"]?.hasSuffix(call) == true {
                    #expect(result["outcome"]?.hasPrefix("org.freedesktop.DBus.Error.") == true, "\(result)")
                }
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
