import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Reaps one child on a thread of its own (a blocking wait for its pid alone) and keeps its exit status:
/// the code it exited with, or the number of the signal that ended it (as Foundation's
/// `terminationStatus` gives them).
///
/// The thread first waits for the exit without reaping (`waitid` with `WNOWAIT`), notes it, and only then
/// reaps: until the note, the pid is still the child's (a zombie at worst), so `signal(_:)` can never
/// reach a process that was given the pid afterwards.
final class ExitWatch: @unchecked Sendable {
    let pid: pid_t
    private let condition = NSCondition()
    private var hasExited = false
    private var reaped: Int32?

    init(pid: pid_t) {
        self.pid = pid
        let thread = Thread { [self] in
            var info = siginfo_t()
            while waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) < 0, errno == EINTR {}
            condition.lock()
            hasExited = true
            condition.unlock()
            var raw: Int32 = 0
            var result: pid_t
            repeat { result = waitpid(pid, &raw, 0) } while result < 0 && errno == EINTR
            // Reaped by someone else (ECHILD) cannot happen to a pid only this thread waits for; -1 if it did.
            let status: Int32 = result == pid ? Self.decode(raw) : -1
            condition.lock()
            reaped = status
            condition.broadcast()
            condition.unlock()
        }
        thread.stackSize = 1 << 16
        thread.start()
    }

    /// The exit status once the child is reaped; nil while it runs.
    var status: Int32? {
        condition.lock(); defer { condition.unlock() }
        return reaped
    }

    /// Sends `signal` to the child unless it has exited already.
    func signal(_ signal: Int32) {
        condition.lock(); defer { condition.unlock() }
        if !hasExited { kill(pid, signal) }
    }

    /// Waits for the child to be reaped, up to `timeout` seconds (nil: for as long as it takes); its status,
    /// or nil on timeout. Blocks the calling thread: for benchmarks and threads of their own.
    func wait(timeout: Double?) -> Int32? {
        condition.lock(); defer { condition.unlock() }
        let deadline = timeout.map { Date().addingTimeInterval($0) }
        while reaped == nil {
            if let deadline {
                if !condition.wait(until: deadline) { break }
            } else {
                condition.wait()
            }
        }
        return reaped
    }

    /// Waits asleep, looking every few milliseconds, for the child to be reaped, up to `timeout` seconds;
    /// its status, or nil on timeout. The caller's thread and actor stay free meanwhile.
    nonisolated(nonsending) func exited(timeout: Double) async -> Int32? {
        let deadline = ContinuousClock.now + .seconds(timeout)
        var pause = 1
        while true {
            if let status { return status }
            if ContinuousClock.now >= deadline { return nil }
            try? await Task.sleep(for: .milliseconds(pause))
            pause = min(pause * 2, 10)
        }
    }

    /// `waitpid`'s status word as an exit code, or as the signal's number for a child a signal ended.
    private static func decode(_ raw: Int32) -> Int32 {
        let signal = raw & 0x7f
        return signal == 0 ? (raw >> 8) & 0xff : signal
    }
}
