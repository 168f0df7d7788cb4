import CX11
import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// An Xvfb server of the test's own, on a display number the server picks itself (`-displayfd`), so
/// tests run in parallel and need no `DISPLAY`. It is stopped by `stop()`, on deinit, at exit, and — via
/// a parent-death signal — when the test process dies abruptly. Stopping never blocks the caller's thread.
public final class PrivateXvfb: Sendable {
    /// The display to connect to, such as ":3".
    public let displayName: String
    /// The server's process id.
    public let pid: pid_t
    /// The screen width in pixels.
    public let width: Int
    /// The screen height in pixels.
    public let height: Int
    /// Seconds from spawning the server to a client connection succeeding.
    public let startupSeconds: Double

    private let logPath: String
    private let running = Mutex(true)

    private init(displayName: String, pid: pid_t, width: Int, height: Int, startupSeconds: Double, logPath: String) {
        self.displayName = displayName
        self.pid = pid
        self.width = width
        self.height = height
        self.startupSeconds = startupSeconds
        self.logPath = logPath
    }

    deinit {
        stop()
    }

    /// How long a test's X server may take to come up, in seconds, unless told otherwise. Generous: a test
    /// suite running in parallel on two cores may have a hundred and fifty servers up at once, and each new
    /// one tries every display number below its own before it listens. Alone, one is up in a fraction of a
    /// second.
    public static let defaultStartTimeout = 30.0

    /// Starts a server with one `width` x `height` x `depth` screen and returns once clients can connect.
    /// `disabledExtensions` names extensions the server must not offer (Xvfb's `-extension NAME`), such as
    /// "MIT-SHM" or "RENDER", for tests of hostile servers.
    public static func start(width: Int = 1280, height: Int = 800, depth: Int = 24,
                             disabledExtensions: [String] = [],
                             timeout: Double = defaultStartTimeout) async throws(PrivateXvfbError) -> PrivateXvfb {
        guard let xvfb = ChildSpawner.findExecutable("Xvfb") else { throw .notInstalled }
        var command = [xvfb, "-screen", "0", "\(width)x\(height)x\(depth)", "-nolisten", "tcp", "-noreset"]
        for name in disabledExtensions { command += ["-extension", name] }
        let server: XServerLaunch.Started
        do {
            server = try await XServerLaunch.start(command, name: "xvfb", timeout: timeout)
        } catch {
            throw .didNotStart(error.reason, log: error.log)
        }
        return PrivateXvfb(displayName: server.displayName, pid: server.pid, width: width, height: height,
                           startupSeconds: server.seconds, logPath: server.logPath)
    }

    /// Whether the server has not been stopped or killed through this object.
    public var isRunning: Bool { running.withLock { $0 } }

    /// Asks the server to quit (SIGTERM), forces it after 2 s (SIGKILL), and returns once it is reaped,
    /// waiting asleep: the caller's actor (the main actor the X tests share) runs other work meanwhile.
    /// Idempotent; joins a stop begun by `stop()` without `await`.
    public func stop() async {
        _ = markStopped()
        await ServerRegistry.terminate(pid, grace: 2)
    }

    /// Asks the server to quit as `stop() async` does, without waiting for it: it is reaped (and killed,
    /// when it outlives the 2 s) in the background. For a `defer` or a `deinit`, which cannot wait.
    public func stop() {
        guard markStopped() else { return }
        ServerRegistry.beginTerminating(pid, grace: 2)
    }

    /// Kills the server at once (SIGKILL), as a crash would, and returns once it is reaped and its socket
    /// file removed; for tests of a lost connection. Idempotent.
    public func kill() async {
        let first = markStopped()
        await ServerRegistry.terminate(pid, grace: 0)
        if first { removeStaleFiles() }
    }

    /// Kills the server at once (SIGKILL) as `kill() async` does; the reaping and the removal of its socket
    /// file follow in the background.
    public func kill() {
        guard markStopped() else { return }
        let ending = ServerRegistry.beginTerminating(pid, grace: 0)
        Task.detached { [self] in
            await ending?.value
            removeStaleFiles()
        }
    }

    /// What the server printed so far (startup messages, warnings).
    public var log: String {
        (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? ""
    }

    private func markStopped() -> Bool {
        running.withLock { isRunning in
            defer { isRunning = false }
            return isRunning
        }
    }

    /// A killed server leaves its socket file (and lock file, when it made one); remove them unless another
    /// server has claimed the display since.
    private func removeStaleFiles() {
        let number = displayName.dropFirst()
        let lock = "/tmp/.X\(number)-lock"
        if let owner = try? String(contentsOfFile: lock, encoding: .utf8) {
            guard owner.trimmingCharacters(in: .whitespacesAndNewlines) == String(pid) else { return }
            unlink(lock)
        }
        unlink("/tmp/.X11-unix/X\(number)")
    }
}

/// Runs `body` with a fresh private Xvfb and stops the server afterwards, also when `body` throws.
public func withPrivateXvfb<T>(width: Int = 1280, height: Int = 800, depth: Int = 24,
                               disabledExtensions: [String] = [],
                               isolation: isolated (any Actor)? = #isolation,
                               _ body: (PrivateXvfb) async throws -> T) async throws -> T {
    let server = try await PrivateXvfb.start(width: width, height: height, depth: depth,
                                             disabledExtensions: disabledExtensions)
    do {
        let result = try await body(server)
        await server.stop()
        return result
    } catch {
        await server.stop()
        throw error
    }
}

/// Why a private Xvfb could not be started.
public enum PrivateXvfbError: Error, CustomStringConvertible {
    /// No `Xvfb` on `PATH`.
    case notInstalled
    /// The server did not come up; `log` is what it printed.
    case didNotStart(String, log: String)

    /// The message to show: what failed, and what to do about it.
    public var description: String {
        switch self {
        case .notInstalled:
            return "Xvfb did not start: no Xvfb on PATH — install it (apt-get install xvfb)"
        case let .didNotStart(reason, log):
            let output = log.isEmpty ? "" : "\nXvfb output:\n" + log
            return "Xvfb did not start: \(reason)\(output)"
        }
    }
}
