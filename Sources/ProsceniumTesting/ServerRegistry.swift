import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// The helper servers this process started and has not reaped yet, with their log files, so both can be
/// cleaned up at exit.
package enum ServerRegistry {
    private static let pids = Mutex<[pid_t: String]>([:])

    /// Registers the exit hook on first use.
    private static let exitHookInstalled: Bool = {
        atexit { ServerRegistry.terminateAll() }
        return true
    }()

    /// Registers a running child and the log file to delete once it is gone.
    package static func add(_ pid: pid_t, log: String) {
        _ = exitHookInstalled
        pids.withLock { $0[pid] = log }
    }

    /// How the child ended if it has (reaping it), such as "it exited with status 1", or nil while it runs.
    package static func exitStatus(_ pid: pid_t) -> String? {
        guard pids.withLock({ $0[pid] != nil }) else {
            return "it was stopped while starting, probably because this process is exiting"
        }
        var status: Int32 = 0
        let result = waitpid(pid, &status, WNOHANG)
        guard result == pid || (result < 0 && errno == ECHILD) else { return nil }
        pids.withLock { _ = $0.removeValue(forKey: pid) }
        if result < 0 { return "it exited" }
        return describe(status)
    }

    /// Sends SIGTERM, waits up to `grace` seconds, then SIGKILL, reaps, and deletes the log. Does nothing
    /// for unknown pids, so a recycled pid is never signalled.
    package static func terminate(_ pid: pid_t, grace: Double = 2) {
        guard let log = pids.withLock({ $0.removeValue(forKey: pid) }) else { return }
        defer { unlink(log) }
        var status: Int32 = 0
        if grace > 0 {
            kill(pid, SIGTERM)
            let steps = Int(grace * 200)
            for _ in 0..<steps {
                let result = waitpid(pid, &status, WNOHANG)
                if result == pid || (result < 0 && errno != EINTR) { return }
                usleep(5_000)
            }
        }
        kill(pid, SIGKILL)
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
    }

    package static func terminateAll() {
        for pid in pids.withLock({ Array($0.keys) }) { terminate(pid, grace: 1) }
    }

    private static func describe(_ status: Int32) -> String {
        let signal = status & 0x7F
        if signal == 0 { return "it exited with status \((status >> 8) & 0xFF)" }
        return "it was killed by signal \(signal)"
    }
}
