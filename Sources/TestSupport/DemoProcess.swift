import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The demo executable run as a child process, with its JSON lines on stdout and its stderr collected;
/// used by the tests that run it as a user would and by the launch benchmarks.
///
/// Started with `posix_spawn` (standard input from `/dev/null`, its output into close-on-exec pipes, every
/// other descriptor closed in the child, a fresh signal state) and reaped by a thread of its own, not through
/// Foundation's `Process`: no launch has to wait for another (Foundation's children inherit what was open
/// when they were listed, see `ProcessLaunch`), and no run loop spins on a cooperative thread to see an exit.
public final class DemoProcess: @unchecked Sendable {
    private let lock = NSLock()
    private var outLines: [String] = []
    private var errText = ""
    private var partial = ""
    /// How many of standard output and error have not reached their end yet.
    private var openStreams = 2
    private let exitWatch: ExitWatch

    /// Starts `proscenium-demo` (or another of the package's executables, `product`, such as an example app)
    /// with `arguments`; `environment` entries override (nil: remove) the test's own. A `launcher` (an
    /// absolute path and its arguments, such as `unshare … sh -c SCRIPT sh`) runs the demo instead, with the
    /// demo's path and `arguments` appended to its own.
    public init(product: String = "proscenium-demo", arguments: [String] = [], environment: [String: String?],
                launcher: [String] = []) throws {
        let demo = try ProductLocator.executable(named: product)
        let command = launcher.isEmpty ? [demo] + arguments : launcher + [demo] + arguments
        guard let out = ChildSpawner.closeOnExecPipe() else {
            throw DemoProcessError.launch("pipe: \(String(cString: strerror(errno)))")
        }
        guard let err = ChildSpawner.closeOnExecPipe() else {
            let reason = String(cString: strerror(errno))
            close(out.read)
            close(out.write)
            throw DemoProcessError.launch("pipe: \(reason)")
        }
        // The developer's session bus would give the demo their desktop's dark style (the settings
        // portal): a test's demo has a bus only when the test gives it one.
        var environment = environment
        if environment.index(forKey: "DBUS_SESSION_BUS_ADDRESS") == nil { environment["DBUS_SESSION_BUS_ADDRESS"] = .some(nil) }
        let spawned = ChildSpawner.spawn(command, output: .descriptors(standardOutput: out.write, standardError: err.write),
                                         inherit: nil, environment: environment)
        // The child has its own copies of the writing ends; ours would keep the pipes from ever ending.
        close(out.write)
        close(err.write)
        let pid: pid_t
        switch spawned {
        case let .success(child): pid = child
        case let .failure(error):
            close(out.read)
            close(err.read)
            throw DemoProcessError.launch("\(command[0]): \(error)")
        }
        exitWatch = ExitWatch(pid: pid)
        // Each stream is read by a thread of its own with blocking reads until the demo closes it, not by a
        // Dispatch read source: closing a descriptor while its source's cancellation is still on the way
        // leaves Dispatch's manager thread a freed registration (it crashed the test process, rarely).
        Self.read(out.read, ended: { [weak self] in self?.streamEnded() }) { [weak self] data in
            guard let self else { return }
            self.lock.lock(); defer { self.lock.unlock() }
            self.partial += String(decoding: data, as: UTF8.self)
            while let newline = self.partial.firstIndex(of: "\n") {
                self.outLines.append(String(self.partial[..<newline]))
                self.partial = String(self.partial[self.partial.index(after: newline)...])
            }
        }
        Self.read(err.read, ended: { [weak self] in self?.streamEnded() }) { [weak self] data in
            guard let self else { return }
            self.lock.lock(); defer { self.lock.unlock() }
            self.errText += String(decoding: data, as: UTF8.self)
        }
    }

    private func streamEnded() {
        lock.lock(); defer { lock.unlock() }
        openStreams -= 1
    }

    /// Whether the process has exited and what it wrote has been read: both streams reached their end, or
    /// a second has passed since the exit was first seen (`exited`), for a child that holds them open.
    private func hasEnded(since exited: inout Date?) -> Bool {
        guard !isRunning else { return false }
        let now = Date()
        if exited == nil { exited = now }
        return hasReadEverything || now.timeIntervalSince(exited!) > 1
    }

    /// Whether everything the process wrote has been read: both streams reached their end.
    private var hasReadEverything: Bool { lock.lock(); defer { lock.unlock() }; return openStreams == 0 }

    /// Reads `descriptor` on a thread of its own until end of file, handing each chunk to `received`, then
    /// closes it and calls `ended`.
    private static func read(_ descriptor: Int32, ended: @escaping @Sendable () -> Void,
                             _ received: @escaping @Sendable (Data) -> Void) {
        let thread = Thread {
            var buffer = [UInt8](repeating: 0, count: 16_384)
            while true {
                let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
                if count < 0, errno == EINTR { continue }
                if count <= 0 { break }
                received(Data(buffer[0..<count]))
            }
            close(descriptor)
            ended()
        }
        thread.stackSize = 1 << 18
        thread.start()
    }

    deinit {
        exitWatch.signal(SIGTERM)
    }

    /// Whether the process still runs (it has not been reaped).
    public var isRunning: Bool { exitWatch.status == nil }

    /// The process id, for reading its CPU time.
    public var pid: Int32 { exitWatch.pid }

    /// How long a stopped demo has to exit after SIGTERM before it gets SIGKILL.
    public static let stopGrace = 5.0

    /// Ends the process if it still runs (SIGTERM; SIGKILL after `stopGrace` seconds) and returns once it
    /// is reaped, waiting asleep: the caller's actor (the main actor the X tests share) runs meanwhile.
    nonisolated(nonsending) public func stop() async {
        exitWatch.signal(SIGTERM)
        if await exitWatch.exited(timeout: Self.stopGrace) != nil { return }
        exitWatch.signal(SIGKILL)
        _ = await exitWatch.exited(timeout: Self.stopGrace)
    }

    /// Ends the process as `stop() async` does without waiting for it (for a `defer`, which cannot wait):
    /// SIGTERM now, SIGKILL from a timer if it still runs `stopGrace` seconds later; its own thread reaps it.
    public func stop() {
        guard isRunning else { return }
        exitWatch.signal(SIGTERM)
        let watch = exitWatch
        DispatchQueue.global().asyncAfter(deadline: .now() + Self.stopGrace) { watch.signal(SIGKILL) }
    }

    /// Lines written to standard output so far.
    public var lines: [String] { lock.lock(); defer { lock.unlock() }; return outLines }
    /// Everything written to standard error so far.
    public var errorOutput: String { lock.lock(); defer { lock.unlock() }; return errText }

    /// What the process is doing, for a test's message when a wait runs out: the kernel's state for it
    /// (running, asleep and where, or exited but not yet noticed) and the last things it wrote.
    public var diagnosis: String {
        var state = "unknown"
        if let letter = ProcessStat(pid: pid)?.state {
            let wchan = (try? String(contentsOfFile: "/proc/\(pid)/wchan", encoding: .utf8)) ?? ""
            switch letter {
            case "R": state = "running"
            case "S", "D": state = "asleep in \(wchan.isEmpty ? "?" : wchan)"
            case "Z": state = "exited, but its end not noticed (a zombie: does another child hold its descriptors?)"
            default: state = String(letter)
            }
        } else if let status = exitWatch.status {
            state = "exited with \(status)"
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
        var exited: Date?
        while Date() < deadline {
            // Decided before the lines are read: a process that wrote its last line and exited meanwhile
            // gets one more look at them.
            let finished = hasEnded(since: &exited)
            for line in lines {
                if let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                   object["type"] as? String == name { return object }
            }
            if finished { break }
            usleep(1_000)  // fine-grained: the launch benchmark times the first frame with it
        }
        throw DemoProcessError.noEvent(name, stderr: errorOutput)
    }

    /// The first stdout JSON object whose "type" is `name`, waiting up to `timeout` seconds asleep, so the
    /// caller's actor (the main actor, whose queue runs other tests' frame clocks) stays free meanwhile.
    nonisolated(nonsending) public func event(_ name: String, timeout: Double = 20) async throws -> [String: Any] {
        let deadline = Date().addingTimeInterval(timeout)
        var exited: Date?
        while Date() < deadline {
            let finished = hasEnded(since: &exited)
            if let object = events(name).first { return object }
            if finished { break }
            try await Task.sleep(for: .milliseconds(2))
        }
        if let object = events(name).first { return object }
        throw DemoProcessError.noEvent(name, stderr: errorOutput)
    }

    /// How long, after the exit, the reading of what the process wrote last may take: its pipes end at its
    /// exit (no child of its keeps them), but the threads reading them may be slow to run on a busy machine.
    static let outputGrace = 5.0

    /// Waits asleep (see `event(_:timeout:)`) for the process to exit and for all it wrote to be read;
    /// returns its status and how long the wait for the exit took, or nil on timeout.
    nonisolated(nonsending) public func exit(timeout: Double) async -> (status: Int32, seconds: Double)? {
        let start = Date()
        while isRunning {
            if Date().timeIntervalSince(start) > timeout { return nil }
            try? await Task.sleep(for: .milliseconds(2))
        }
        let seconds = Date().timeIntervalSince(start)
        let deadline = Date().addingTimeInterval(Self.outputGrace)
        while !hasReadEverything, Date() < deadline { try? await Task.sleep(for: .milliseconds(2)) }
        return (exitWatch.status ?? -1, seconds)
    }

    /// Waits for the process to exit and for all it wrote to be read; returns its status and how long the
    /// wait for the exit took, or nil on timeout. Blocks: for benchmarks.
    public func waitForExit(timeout: Double) -> (status: Int32, seconds: Double)? {
        let start = Date()
        guard let status = exitWatch.wait(timeout: timeout) else { return nil }
        let seconds = Date().timeIntervalSince(start)
        let deadline = Date().addingTimeInterval(Self.outputGrace)
        while !hasReadEverything, Date() < deadline { usleep(1_000) }
        return (status, seconds)
    }
}

/// The demo did not do what a test or benchmark waited for.
public enum DemoProcessError: Error, CustomStringConvertible {
    case noEvent(String, stderr: String)
    /// The demo could not be started (a pipe or `posix_spawn` failed), with why.
    case launch(String)

    public var description: String {
        switch self {
        case let .noEvent(name, stderr): return "the demo never reported '\(name)'; its stderr: \(stderr)"
        case let .launch(reason): return "the demo could not be started: \(reason)"
        }
    }
}
