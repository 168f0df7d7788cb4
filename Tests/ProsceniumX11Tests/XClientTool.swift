import Foundation
import ProsceniumTesting
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// Other X clients a test runs as a user's desktop would (xclip, setxkbmap, xprop, xdotool).
///
/// Each runs from a thread of its own, start to end: spawned with `posix_spawn` (every descriptor but its
/// own three closed in the child, its pipes close-on-exec here), so it takes no process-wide launch lock
/// and inherits nothing from launches on other threads, and no wait (for the lock, for its output, for
/// its exit) holds the main actor, where the window it talks to answers it. Nor does it need a thread of
/// the cooperative pool (two on a two-core machine) at any point, not even to start: the calls run on
/// the caller's actor up to the thread's start, and the pool may be busy with seconds of other tests'
/// work. Foundation's `Process` needs that lock (see `ProcessLaunch`), taken here on the main actor or a
/// cooperative thread, behind other tests' launches.
enum XClientTool {
    /// Runs `tool arguments` to its end and returns what it printed on standard output; throws when it
    /// exits with a failure, with what it printed on standard error, or when it runs for longer than
    /// `timeout` seconds (it is killed then).
    /// `environment` entries override (nil: remove) the test process's own variables.
    nonisolated(nonsending) static func output(of tool: String, _ arguments: [String], environment: [String: String?] = [:],
                                               timeout: Double = 30) async throws -> String {
        try await offMainActor { try run(tool, arguments, input: nil, environment: environment, timeout: timeout) }
    }

    /// Runs `tool arguments` with `input` on its standard input and returns once its first process has
    /// exited: `xclip -i` exits once it owns the selection, leaving a child of its own (with its standard
    /// output on /dev/null, so that nothing of ours stays open in it) that serves it until another client
    /// takes it.
    nonisolated(nonsending) static func start(_ tool: String, _ arguments: [String], input: String, timeout: Double = 30) async throws {
        _ = try await offMainActor { try run(tool, arguments, input: Array(input.utf8), environment: [:], timeout: timeout) }
    }

    /// Spawns the tool; writes `input` to its standard input, or reads its standard output to the end;
    /// and reaps it, killing it first when `timeout` runs out. Blocks: run it on a thread of its own.
    private static func run(_ tool: String, _ arguments: [String], input: [UInt8]?, environment: [String: String?],
                            timeout: Double) throws -> String {
        guard let path = ChildSpawner.findExecutable(tool) else { throw XClientToolError.notInstalled(tool) }
        let deadline = Date().addingTimeInterval(timeout)
        let errorLog = FileManager.default.temporaryDirectory
            .appendingPathComponent("proscenium-\(tool)-\(getpid())-\(UUID().uuidString).log").path
        var descriptors: [Int32] = []
        defer {
            for descriptor in descriptors { close(descriptor) }
            unlink(errorLog)
        }
        func opened(_ descriptor: Int32, _ what: String) throws -> Int32 {
            guard descriptor >= 0 else { throw XClientToolError.system(what, errno) }
            descriptors.append(descriptor)
            return descriptor
        }
        func pipe() throws -> (read: Int32, write: Int32) {
            guard let ends = ChildSpawner.closeOnExecPipe() else { throw XClientToolError.system("pipe", errno) }
            descriptors += [ends.read, ends.write]
            return ends
        }
        func closeNow(_ descriptor: Int32) {
            descriptors.removeAll { $0 == descriptor }
            close(descriptor)
        }
        let errorFile = try opened(open(errorLog, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600), "open \(errorLog)")
        let output = input == nil ? try pipe() : nil
        let standardOutput = try output?.write ?? opened(open("/dev/null", O_WRONLY | O_CLOEXEC), "open /dev/null")
        let standardInput = input == nil ? nil : try pipe()
        let spawned = ChildSpawner.spawn([path] + arguments,
                                         output: .descriptors(standardOutput: standardOutput, standardError: errorFile),
                                         inherit: nil, standardInput: standardInput?.read, environment: environment)
        // The child has its own copies; ours would keep its output from ever ending, its input from ending.
        if let output { closeNow(output.write) }
        if let standardInput { closeNow(standardInput.read) }
        guard case .success(let pid) = spawned else {
            if case .failure(let error) = spawned { throw XClientToolError.launch(tool, "\(error)") }
            return ""
        }
        // Until it is reaped below, the pid stays the tool's (a zombie at worst): killing it is safe.
        var text = ""
        var finished = true
        if let standardInput, let input {
            finished = writeAll(input, to: standardInput.write, until: deadline)
            closeNow(standardInput.write)
        }
        if let output, finished {
            let read = readAll(output.read, until: deadline)
            text = read.text
            finished = read.complete
        }
        if finished { finished = hasExited(pid, until: deadline) }
        if !finished { kill(pid, SIGKILL) }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        guard finished else { throw XClientToolError.timedOut(tool, timeout) }
        let signal = status & 0x7F, code = (status >> 8) & 0xFF
        guard signal == 0, code == 0 else {
            let message = (try? String(contentsOfFile: errorLog, encoding: .utf8)) ?? ""
            throw XClientToolError.failed(tool, signal == 0 ? "exit status \(code)" : "signal \(signal)", message)
        }
        return text
    }

    /// Writes all of `bytes`, unless the reader goes (EPIPE) or `deadline` passes; false on the deadline.
    private static func writeAll(_ bytes: [UInt8], to descriptor: Int32, until deadline: Date) -> Bool {
        // A tool that quits before reading all of it fails the write with EPIPE, not the test process with
        // SIGPIPE: the signal is blocked on this thread (its own), and dropped when it ends.
        var pipeSignal = sigset_t()
        sigemptyset(&pipeSignal)
        sigaddset(&pipeSignal, SIGPIPE)
        pthread_sigmask(SIG_BLOCK, &pipeSignal, nil)
        var offset = 0
        while offset < bytes.count {
            guard wait(for: descriptor, events: Int16(POLLOUT), until: deadline) else { return false }
            let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress! + offset, $0.count - offset) }
            if written < 0, errno == EINTR || errno == EAGAIN { continue }
            if written <= 0 { return true }
            offset += written
        }
        return true
    }

    /// Everything read from `descriptor` until its end, and whether the end came before `deadline`.
    private static func readAll(_ descriptor: Int32, until deadline: Date) -> (text: String, complete: Bool) {
        var data = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            guard wait(for: descriptor, events: Int16(POLLIN), until: deadline) else {
                return (String(decoding: data, as: UTF8.self), false)
            }
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            if count <= 0 { break }
            data += buffer[0..<count]
        }
        return (String(decoding: data, as: UTF8.self), true)
    }

    /// Whether `descriptor` became ready for `events` (or its other end went) before `deadline`.
    private static func wait(for descriptor: Int32, events: Int16, until deadline: Date) -> Bool {
        while true {
            let milliseconds = Int32(max(0, min(deadline.timeIntervalSinceNow * 1000, 1_000)))
            var poller = pollfd(fd: descriptor, events: events, revents: 0)
            let ready = poll(&poller, 1, milliseconds)
            if ready > 0 { return true }
            if ready < 0, errno != EINTR { return true }  // let the read or write report it
            if Date() >= deadline { return false }
        }
    }

    /// Whether the child exited before `deadline`, looking without reaping it (`WNOWAIT`), so its pid
    /// stays its own for a kill.
    private static func hasExited(_ pid: pid_t, until deadline: Date) -> Bool {
        while true {
            var info = siginfo_t()
            let result = waitid(P_PID, id_t(pid), &info, WEXITED | WNOHANG | WNOWAIT)
            if result == 0, info._sifields._sigchld.si_pid == pid { return true }
            if result < 0, errno != EINTR { return true }
            if Date() >= deadline { return false }
            usleep(2_000)
        }
    }
}

/// Why an `XClientTool` run failed.
enum XClientToolError: Error, CustomStringConvertible {
    case notInstalled(String)
    case system(String, Int32)
    case launch(String, String)
    case failed(String, String, String)
    case timedOut(String, Double)

    var description: String {
        switch self {
        case let .notInstalled(tool): return "\(tool) is not on PATH"
        case let .system(call, code): return "\(call): \(String(cString: strerror(code)))"
        case let .launch(tool, reason): return "\(tool) could not be started: \(reason)"
        case let .failed(tool, how, stderr): return "\(tool) failed (\(how)): \(stderr)"
        case let .timedOut(tool, seconds): return "\(tool) did not finish within \(seconds) s and was killed"
        }
    }
}
