import Foundation
import ProsceniumTesting
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// An X server whose RENDER is glamor's — done in OpenGL, as Xorg does it on most Intel and AMD desktops —
/// rather than Xvfb's pixman: Debian's Xephyr with `-glamor`, nested in a private Xvfb of its own (Mesa's
/// software GL is enough). Glamor follows the protocol where pixman is lenient (it clips a composite to
/// its source picture's clip, for one), so frames that look right on Xvfb are checked here too.
///
/// Stopped, with its Xvfb, by `stop()`, on deinit, at exit, and by a parent-death signal when the test
/// process dies.
public final class GlamorServer: Sendable {
    /// The glamor display to connect to, such as ":4".
    public let displayName: String
    /// The Xvfb Xephyr's window lives on.
    public let host: PrivateXvfb
    /// Xephyr's process id.
    public let pid: pid_t
    private let running = Mutex(true)

    private init(displayName: String, host: PrivateXvfb, pid: pid_t) {
        self.displayName = displayName
        self.host = host
        self.pid = pid
    }

    deinit {
        stop()
    }

    /// Starts a private Xvfb and Xephyr on it with one `width` x `height` x 24 glamor screen, and returns
    /// once clients can connect. Throws, never skips, when Xephyr is missing or glamor cannot start (no GL).
    public static func start(width: Int = 1280, height: Int = 800,
                             timeout: Double = PrivateXvfb.defaultStartTimeout) async throws -> GlamorServer {
        guard let xephyr = ChildSpawner.findExecutable("Xephyr") else { throw GlamorServerError.notInstalled }
        let host = try await PrivateXvfb.start(width: width, height: height)
        // Xephyr's screen is not shown on the host (-glamor-skip-present): clients read its pixels back all
        // the same, and the host is spared a copy of every frame.
        let command = [xephyr, "-glamor", "-glamor-skip-present", "-screen", "\(width)x\(height)x24",
                       "-nolisten", "tcp", "-noreset"]
        do {
            let server = try await XServerLaunch.start(command, name: "xephyr", environment: ["DISPLAY": host.displayName],
                                                       timeout: timeout)
            return GlamorServer(displayName: server.displayName, host: host, pid: server.pid)
        } catch {
            await host.stop()
            throw GlamorServerError.didNotStart(error.reason, log: error.log)
        }
    }

    /// Stops Xephyr (SIGTERM, SIGKILL after 2 s), then its Xvfb, returning once both are reaped and
    /// waiting asleep. Idempotent.
    public func stop() async {
        guard markStopped() else { return }
        await ServerRegistry.terminate(pid, grace: 2)
        await host.stop()
    }

    /// Stops the servers as `stop() async` does, in the background: for a `defer`, which cannot wait.
    public func stop() {
        guard markStopped() else { return }
        let ending = ServerRegistry.beginTerminating(pid, grace: 2)
        let host = self.host
        Task.detached {
            await ending?.value
            await host.stop()
        }
    }

    /// Whether this call is the first to stop the servers.
    private func markStopped() -> Bool {
        running.withLock { isRunning in
            defer { isRunning = false }
            return isRunning
        }
    }
}

/// Why a glamor server could not be started.
public enum GlamorServerError: Error, CustomStringConvertible {
    /// No `Xephyr` on `PATH`.
    case notInstalled
    /// Xephyr did not come up (without GL it exits at once); `log` is what it printed.
    case didNotStart(String, log: String)

    public var description: String {
        switch self {
        case .notInstalled:
            return "no Xephyr on PATH: run scripts/install-deps.sh (apt-get install xserver-xephyr)"
        case let .didNotStart(reason, log):
            return "Xephyr -glamor did not start: \(reason)" + (log.isEmpty ? "" : "\nXephyr output:\n" + log)
        }
    }
}
