import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// The helper servers this process started and has not reaped yet, with their log files, so both can be
/// cleaned up at exit.
///
/// Ending one never blocks its caller: the signal goes at once, and the wait for the exit (the grace
/// period, then SIGKILL, then the reaping) runs as a task that sleeps between looks. Every X test shares
/// the main actor, and a server stopped there with a blocking wait held all of them for up to the grace.
package enum ServerRegistry {
    /// A registered child: its log, and the task ending it once that has begun.
    private struct Entry {
        var log: String
        var ending: Task<Void, Never>?
    }

    private static let entries = Mutex<[pid_t: Entry]>([:])

    /// Registers the exit hook on first use.
    private static let exitHookInstalled: Bool = {
        atexit { ServerRegistry.terminateAll() }
        return true
    }()

    /// Registers a running child and the log file to delete once it is gone.
    package static func add(_ pid: pid_t, log: String) {
        _ = exitHookInstalled
        entries.withLock { $0[pid] = Entry(log: log) }
    }

    /// How the child ended if it has (reaping it), such as "it exited with status 1", or nil while it runs.
    package static func exitStatus(_ pid: pid_t) -> String? {
        guard entries.withLock({ $0[pid] != nil }) else {
            return "it was stopped while starting, probably because this process is exiting"
        }
        var status: Int32 = 0
        let result = waitpid(pid, &status, WNOHANG)
        guard result == pid || (result < 0 && errno == ECHILD) else { return nil }
        // The caller still reads the log to say why, and deletes it.
        entries.withLock { _ = $0.removeValue(forKey: pid) }
        if result < 0 { return "it exited" }
        return describe(status)
    }

    /// Ends the child and returns once it is reaped and its log deleted: SIGTERM, up to `grace` seconds for
    /// it to exit, then SIGKILL (at once when `grace` is 0). Does nothing for unknown pids, so a recycled pid
    /// is never signalled; joins an ending already under way.
    package static func terminate(_ pid: pid_t, grace: Double = 2) async {
        await beginTerminating(pid, grace: grace)?.value
    }

    /// Signals the child now and leaves the rest of `terminate(_:grace:)` to a task of its own, which it
    /// returns (nil for an unknown pid); for callers that cannot wait, such as a `defer` or a `deinit`.
    @discardableResult
    package static func beginTerminating(_ pid: pid_t, grace: Double = 2) -> Task<Void, Never>? {
        entries.withLock { entries in
            guard var entry = entries[pid] else { return nil }
            if let ending = entry.ending { return ending }
            kill(pid, grace > 0 ? SIGTERM : SIGKILL)
            let ending = Task.detached { await reap(pid, grace: grace) }
            entry.ending = ending
            entries[pid] = entry
            return ending
        }
    }

    /// Waits asleep for the signalled child to exit, kills it after `grace`, and forgets it.
    private static func reap(_ pid: pid_t, grace: Double) async {
        defer {
            if let log = entries.withLock({ $0.removeValue(forKey: pid)?.log }) { unlink(log) }
        }
        if grace > 0, await hasExited(pid, within: grace) { return }
        kill(pid, SIGKILL)
        if await hasExited(pid, within: 5) { return }
        // Not gone 5 s after SIGKILL: stuck in the kernel (a hung NFS read, say). A thread of its own waits
        // for it, so it never stays a zombie, and nobody waits with it.
        let thread = Thread {
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        }
        thread.stackSize = 1 << 16
        thread.start()
    }

    /// Whether the child exited (and is now reaped) within `seconds`, looking every few milliseconds.
    private static func hasExited(_ pid: pid_t, within seconds: Double) async -> Bool {
        let deadline = ContinuousClock.now + .seconds(seconds)
        var pause = 1
        while true {
            var status: Int32 = 0
            let result = waitpid(pid, &status, WNOHANG)
            // ECHILD: reaped already (by `exitStatus`, or by the exit hook).
            if result == pid || (result < 0 && errno != EINTR) { return true }
            if ContinuousClock.now >= deadline { return false }
            try? await Task.sleep(for: .milliseconds(pause))
            pause = min(pause * 2, 20)
        }
    }

    /// At exit: every child still registered, whether or not its ending began, gets SIGTERM, a second, then
    /// SIGKILL, and is reaped here (the process is ending, so this may block).
    package static func terminateAll() {
        let pids = entries.withLock { entries in
            defer { entries.removeAll() }
            return entries.map { ($0.key, $0.value.log) }
        }
        for (pid, _) in pids { kill(pid, SIGTERM) }
        let deadline = Date().addingTimeInterval(1)
        var remaining = pids
        while !remaining.isEmpty, Date() < deadline {
            remaining.removeAll { pid, log in
                var status: Int32 = 0
                let result = waitpid(pid, &status, WNOHANG)
                guard result == pid || (result < 0 && errno != EINTR) else { return false }
                unlink(log)
                return true
            }
            if !remaining.isEmpty { usleep(5_000) }
        }
        for (pid, log) in remaining {
            kill(pid, SIGKILL)
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0, errno == EINTR {}
            unlink(log)
        }
    }

    private static func describe(_ status: Int32) -> String {
        let signal = status & 0x7F
        if signal == 0 { return "it exited with status \((status >> 8) & 0xFF)" }
        return "it was killed by signal \(signal)"
    }
}
