import Dispatch
import Glibc

/// Ends the demo cleanly on SIGINT and SIGTERM: the signals are ignored at the process level and handled
/// by Dispatch sources on the main queue, so the handler runs between frames (never in the middle of
/// writing a screenshot) and the exit path logs `exit` and `stats` like any other end.
@MainActor enum Shutdown {
    private static var sources: [DispatchSourceSignal] = []

    /// Routes SIGINT and SIGTERM to `handler`, and makes a closed standard output an `EPIPE` error instead
    /// of a SIGPIPE that would kill the process.
    static func install(_ handler: @escaping @MainActor () -> Void) {
        signal(SIGPIPE, SIG_IGN)
        for number in [SIGINT, SIGTERM] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .main)
            source.setEventHandler { MainActor.assumeIsolated { handler() } }
            source.activate()
            sources.append(source)
        }
    }
}
