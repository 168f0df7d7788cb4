import Dispatch
import Glibc
import Synchronization

/// Ends the demo cleanly on SIGINT and SIGTERM: the signals are ignored at the process level and heard by
/// Dispatch sources on a queue of their own, which hand them to the main queue, so the handler runs between
/// frames (never in the middle of writing a screenshot) and the exit path logs `exit` and `stats` like any
/// other end. When the main thread cannot take it within `stuckSeconds` (blocked on an X server that
/// stopped answering), the demo says so and exits with status 1, rather than ignoring the signal for good.
@MainActor enum Shutdown {
    private static var sources: [DispatchSourceSignal] = []
    /// How long the main thread may take to start handling a signal before the demo exits without it.
    nonisolated static let stuckSeconds = 3.0
    /// Set once the main thread starts handling a signal, or ending the demo for another reason.
    private nonisolated static let handling = Atomic<Bool>(false)

    /// The demo is ending (whatever ended it): a signal heard meanwhile is not taken for a stuck main thread.
    static func demoIsEnding() {
        handling.store(true, ordering: .sequentiallyConsistent)
    }

    /// Routes SIGINT and SIGTERM to `handler`, and makes a closed standard output an `EPIPE` error instead
    /// of a SIGPIPE that would kill the process.
    static func install(_ handler: @escaping @MainActor () -> Void) {
        signal(SIGPIPE, SIG_IGN)
        let queue = DispatchQueue(label: "proscenium.signals")
        for number in [SIGINT, SIGTERM] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler(handler: signalHeard(on: queue, handler))
            source.activate()
            sources.append(source)
        }
    }

    /// What a signal source runs, on its own queue (not the main actor's): the handler goes to the main
    /// queue, and a check after `stuckSeconds` exits if the main thread never started it.
    private nonisolated static func signalHeard(on queue: DispatchQueue, _ handler: @escaping @MainActor () -> Void)
        -> @Sendable () -> Void {
        {
            DispatchQueue.main.async {
                MainActor.assumeIsolated {
                    handling.store(true, ordering: .sequentiallyConsistent)
                    handler()
                }
            }
            queue.asyncAfter(deadline: .now() + stuckSeconds) {
                guard !handling.load(ordering: .sequentiallyConsistent) else { return }
                let message = "proscenium-demo: the main thread did not take the signal within \(Int(stuckSeconds)) s (waiting for an X server that does not answer?); exiting\n"
                _ = message.withCString { write(2, $0, strlen($0)) }
                _exit(1)
            }
        }
    }
}
