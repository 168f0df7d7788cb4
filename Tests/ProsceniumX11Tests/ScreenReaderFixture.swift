import Foundation
import Proscenium
import ProsceniumTesting
import Testing
import TestSupport

/// A private session bus with its own runtime directory (the accessibility bus's socket lives there,
/// so two runs never share one).
struct ScreenReaderBus: Sendable {
    let address: String
    let pid: Int32
    let runtimeDirectory: URL

    /// Starts a bus (off the main actor: launching and reading block).
    @concurrent static func start() async throws -> ScreenReaderBus {
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
        return ScreenReaderBus(address: lines[0], pid: pid, runtimeDirectory: runtimeDirectory)
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

    /// The client (scripts/atspi-tree.py) with `arguments` on this bus, not yet started.
    func client(_ arguments: [String]) -> Process {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("scripts/atspi-tree.py")
        let client = Process()
        client.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        client.arguments = [script.path, "proscenium-demo"] + arguments
        var inherited = ProcessInfo.processInfo.environment
        for (key, value) in environment { inherited[key] = value }
        inherited["DISPLAY"] = nil
        client.environment = inherited
        return client
    }

    /// Runs the client to its end, off the main actor; its status and standard output.
    @concurrent func runClient(_ arguments: [String]) async throws -> (Int32, String) {
        let client = client(arguments)
        let output = try ProcessLaunch.runReadingOutput(client)
        let data = output.readDataToEndOfFile()
        client.waitUntilExit()
        return (client.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}

enum ScreenReaderTestError: Error { case noBus(String), client(String) }

/// The JSON objects the client printed, one a line.
func clientJSONLines(_ text: String) -> [[String: Any]] {
    text.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
}

/// What the screen-reader suites share: the demo on a private X server and a private session bus (with the
/// accessibility bus and registry it starts), and scripts/atspi-tree.py — pyatspi, a screen reader's client
/// library no one here wrote — reading it, run to its end or, listening for events, alongside the test.
@MainActor protocol ScreenReaderFixture {}

extension ScreenReaderFixture {
    /// Runs the client on `bus` with `arguments` to its end; its JSON lines.
    func read(_ bus: ScreenReaderBus, _ arguments: [String] = []) async throws -> [[String: Any]] {
        let (status, text) = try await bus.runClient(arguments)
        let objects = clientJSONLines(text)
        guard status == 0, !objects.isEmpty else { throw ScreenReaderTestError.client("status \(status): \(text)") }
        return objects
    }

    /// Starts the client listening for at most `seconds` (`--listen`), returns once it says it listens, and
    /// gives back a way to wait for the events it hears.
    func listen(_ bus: ScreenReaderBus, seconds: Double) async throws -> ListeningClient {
        try await ListeningClient.start(bus.client(["--listen", "\(seconds)"]))
    }

    /// Every node of a tree from the script, depth first.
    func nodes(_ tree: [String: Any]) -> [[String: Any]] {
        [tree] + ((tree["children"] as? [[String: Any]]) ?? []).flatMap(nodes)
    }

    /// The first node named `name` with role `role`.
    func named(_ name: String, role: String, in tree: [String: Any]) -> [String: Any]? {
        nodes(tree).first { $0["name"] as? String == name && $0["role"] as? String == role }
    }

    /// Waits until the demo logged `count` transition events of `phase`.
    func waitForTransition(_ phase: String, count: Int = 1, in demo: DemoProcess) async throws {
        let deadline = Date().addingTimeInterval(10)
        while demo.events("transition").filter({ $0["phase"] as? String == phase }).count < count, Date() < deadline {
            try await Task.sleep(for: .milliseconds(20))
        }
        try #require(demo.events("transition").filter { $0["phase"] as? String == phase }.count >= count,
                     "no \(phase): \(demo.events("transition"))")
    }

    /// Runs `body` with the demo (`--log-events` and `arguments`, at `scale`) on a private X server with a
    /// private session bus; the demo must still run, with no problem logged, at the end.
    func withDemo(scale: Double = 1, arguments: [String] = [], _ body: (DemoProcess, ScreenReaderBus, PrivateXvfb) async throws -> Void) async throws {
        let bus = try await ScreenReaderBus.start()
        defer { bus.stop() }
        try await withPrivateXvfb(width: 1400, height: 900) { server in
            var environment = bus.environment
            environment["DISPLAY"] = server.displayName
            if scale != 1 { environment["PROSCENIUM_SCALE"] = "\(scale)" }
            let demo = try DemoProcess(arguments: ["--log-events"] + arguments, environment: environment)
            defer { demo.stop() }
            _ = try await demo.event("ready")
            try await body(demo, bus, server)
            #expect(demo.isRunning && demo.events("problem").isEmpty, "\(demo.errorOutput)")
        }
    }
}

/// The client listening for events alongside a test: started, it has said it listens; `events(until:)`
/// reads the events as they arrive, until the test has heard what it waits for or the client's time ran out.
final class ListeningClient: Sendable {
    private let process: Process
    private let output: FileHandle
    private let input: FileHandle
    private let heard: String

    private init(process: Process, output: FileHandle, input: FileHandle, heard: String) {
        self.process = process
        self.output = output
        self.input = input
        self.heard = heard
    }

    /// Starts `process` and reads its output until it says it listens (off the main actor: reading blocks).
    /// Its standard input is a pipe kept open: closing it stops the client.
    @concurrent static func start(_ process: Process) async throws -> ListeningClient {
        let (input, output) = try ProcessLaunch.runWithPipes(process)
        var text = ""
        while !text.contains("\"listening\"") {
            let chunk = output.availableData
            if chunk.isEmpty { throw ScreenReaderTestError.client("the client ended before listening: \(text)") }
            text += String(decoding: chunk, as: UTF8.self)
        }
        return ListeningClient(process: process, output: output, input: input, heard: text)
    }

    /// The events heard, read as they arrive until `enough` holds for them or the client's time ran out;
    /// then the client is stopped, and what it heard meanwhile is kept too, so that an event too many still
    /// shows. Waiting on the events rather than on a clock keeps a slow machine from cutting the last ones off.
    @concurrent func events(until enough: @Sendable ([[String: Any]]) -> Bool) async throws -> [[String: Any]] {
        var text = heard
        var events = Self.completeEvents(text)
        while !enough(events) {
            let chunk = output.availableData
            if chunk.isEmpty { break }
            text += String(decoding: chunk, as: UTF8.self)
            events = Self.completeEvents(text)
        }
        try? input.close()
        text += String(decoding: output.readDataToEndOfFile(), as: UTF8.self)
        events = Self.completeEvents(text)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw ScreenReaderTestError.client("status \(process.terminationStatus): \(text)") }
        return events
    }

    /// The events on the whole lines of `text` (the last line may still be arriving).
    private static func completeEvents(_ text: String) -> [[String: Any]] {
        let whole = text.lastIndex(of: "\n").map { String(text[...$0]) } ?? ""
        return clientJSONLines(whole).compactMap { $0["event"] as? [String: Any] }
    }
}
