import Foundation

/// The demo executable run as a child process, with its JSON lines on stdout and its stderr collected;
/// used by the tests that run it as a user would and by the launch benchmarks.
public final class DemoProcess: @unchecked Sendable {
    private let process = Process()
    private let lock = NSLock()
    private var outLines: [String] = []
    private var errText = ""
    private var partial = ""

    /// Starts `proscenium-demo` with `arguments`; `environment` entries override (nil: remove) the test's own.
    /// A `launcher` (an absolute path and its arguments, such as `unshare … sh -c SCRIPT sh`) runs the demo
    /// instead, with the demo's path and `arguments` appended to its own.
    public init(arguments: [String] = [], environment: [String: String?], launcher: [String] = []) throws {
        let demo = try ProductLocator.executable(named: "proscenium-demo")
        if let program = launcher.first {
            process.executableURL = URL(fileURLWithPath: program)
            process.arguments = Array(launcher.dropFirst()) + [demo] + arguments
        } else {
            process.executableURL = URL(fileURLWithPath: demo)
            process.arguments = arguments
        }
        var env = ProcessInfo.processInfo.environment
        for (key, value) in environment { env[key] = value }
        process.environment = env
        let (stdout, stderr) = try ProcessLaunch.serialized { [process] in
            let stdout = Pipe(), stderr = Pipe()
            process.standardOutput = stdout
            process.standardError = stderr
            try process.run()
            return (stdout, stderr)
        }
        // Each stream is read by a thread of its own with blocking reads until the demo closes it, not by
        // FileHandle's readabilityHandler: that one is a Dispatch read source, and closing the pipe while
        // its cancellation is still on the way leaves Dispatch's manager thread a freed registration (it
        // crashed the test process, rarely, under load).
        Self.read(stdout.fileHandleForReading) { [weak self] data in
            guard let self else { return }
            self.lock.lock(); defer { self.lock.unlock() }
            self.partial += String(decoding: data, as: UTF8.self)
            while let newline = self.partial.firstIndex(of: "\n") {
                self.outLines.append(String(self.partial[..<newline]))
                self.partial = String(self.partial[self.partial.index(after: newline)...])
            }
        }
        Self.read(stderr.fileHandleForReading) { [weak self] data in
            guard let self else { return }
            self.lock.lock(); defer { self.lock.unlock() }
            self.errText += String(decoding: data, as: UTF8.self)
        }
    }

    /// Reads `handle` on a thread of its own until end of file, handing each chunk to `received`.
    private static func read(_ handle: FileHandle, _ received: @escaping @Sendable (Data) -> Void) {
        let thread = Thread {
            while true {
                let data = handle.availableData
                if data.isEmpty { return }
                received(data)
            }
        }
        thread.stackSize = 1 << 18
        thread.start()
    }

    deinit {
        if process.isRunning { process.terminate() }
    }

    /// Whether the process still runs (as far as Foundation has noticed).
    public var isRunning: Bool { process.isRunning }

    /// The process id, for reading its CPU time.
    public var pid: Int32 { process.processIdentifier }

    /// Ends the process if it still runs and waits for it.
    public func stop() {
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
    }

    /// Lines written to standard output so far.
    public var lines: [String] { lock.lock(); defer { lock.unlock() }; return outLines }
    /// Everything written to standard error so far.
    public var errorOutput: String { lock.lock(); defer { lock.unlock() }; return errText }

    /// What the process is doing, for a test's message when a wait runs out: the kernel's state for it
    /// (running, asleep and where, or exited but not yet noticed) and the last things it wrote.
    public var diagnosis: String {
        let pid = process.processIdentifier
        var state = "unknown"
        if let letter = ProcessStat(pid: pid)?.state {
            let wchan = (try? String(contentsOfFile: "/proc/\(pid)/wchan", encoding: .utf8)) ?? ""
            switch letter {
            case "R": state = "running"
            case "S", "D": state = "asleep in \(wchan.isEmpty ? "?" : wchan)"
            case "Z": state = "exited, but its end not noticed (a zombie: does another child hold its descriptors?)"
            default: state = String(letter)
            }
        } else if !process.isRunning {
            state = "exited with \(process.terminationStatus)"
        }
        let last = lines.suffix(3).joined(separator: "\n    ")
        return "pid \(pid) \(state); last stdout lines:\n    \(last)\n  stderr: \(errorOutput.suffix(800))"
    }

    /// Every stdout JSON object so far whose "type" is `name` (the demo's `--log-events` lines).
    public func events(_ name: String) -> [[String: Any]] {
        lines.compactMap { line in
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                  object["type"] as? String == name else { return nil }
            return object
        }
    }

    /// The first stdout JSON object whose "type" is `name`, waiting up to `timeout` seconds.
    public func waitForEvent(_ name: String, timeout: Double = 20) throws -> [String: Any] {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            for line in lines {
                if let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                   object["type"] as? String == name { return object }
            }
            if !process.isRunning { break }
            usleep(1_000)  // fine-grained: the launch benchmark times the first frame with it
        }
        throw DemoProcessError.noEvent(name, stderr: errorOutput)
    }

    /// The first stdout JSON object whose "type" is `name`, waiting up to `timeout` seconds asleep, so the
    /// caller's actor (the main actor, whose queue runs other tests' frame clocks) stays free meanwhile.
    nonisolated(nonsending) public func event(_ name: String, timeout: Double = 20) async throws -> [String: Any] {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if let object = events(name).first { return object }
            if !process.isRunning { break }
            try await Task.sleep(for: .milliseconds(2))
        }
        if let object = events(name).first { return object }
        throw DemoProcessError.noEvent(name, stderr: errorOutput)
    }

    /// Waits asleep (see `event(_:timeout:)`) for the process to exit; returns its status and how long the
    /// wait took, or nil on timeout.
    nonisolated(nonsending) public func exit(timeout: Double) async -> (status: Int32, seconds: Double)? {
        let start = Date()
        while process.isRunning {
            if Date().timeIntervalSince(start) > timeout { return nil }
            try? await Task.sleep(for: .milliseconds(2))
        }
        let seconds = Date().timeIntervalSince(start)
        // Let the pipes deliver what the process wrote last.
        try? await Task.sleep(for: .milliseconds(50))
        return (process.terminationStatus, seconds)
    }

    /// Waits for the process to exit; returns its status and how long the wait took, or nil on timeout.
    public func waitForExit(timeout: Double) -> (status: Int32, seconds: Double)? {
        let start = Date()
        while process.isRunning {
            if Date().timeIntervalSince(start) > timeout { return nil }
            usleep(2_000)
        }
        // Let the pipes deliver what the process wrote last.
        usleep(50_000)
        return (process.terminationStatus, Date().timeIntervalSince(start))
    }
}

/// The demo did not do what a test or benchmark waited for.
public enum DemoProcessError: Error, CustomStringConvertible {
    case noEvent(String, stderr: String)

    public var description: String {
        switch self {
        case let .noEvent(name, stderr): return "the demo never reported '\(name)'; its stderr: \(stderr)"
        }
    }
}
