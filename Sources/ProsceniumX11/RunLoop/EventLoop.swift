import CX11
import Dispatch
import Glibc
import Proscenium

/// Runs a window host on Dispatch: a read source on the X connection's file descriptor handles events as
/// they arrive, the host's frame clock paces frames, and `dispatchMain()` parks the main thread in between.
@MainActor public final class EventLoop {
    private let host: WindowHost
    private var readSource: DispatchSourceRead?

    /// A loop for `host`; nothing happens until `start()` or `run()`.
    public init(host: WindowHost) {
        self.host = host
    }

    /// Starts watching the connection; events are handled on the main queue from now on.
    public func start() {
        let source = DispatchSource.makeReadSource(fileDescriptor: host.display.connectionNumber, queue: .main)
        source.setEventHandler { [weak self] in
            MainActor.assumeIsolated { self?.host.processPendingEvents() }
        }
        source.activate()
        readSource = source
        // Events may already sit in Xlib's queue from the round trips made while setting up.
        host.processPendingEvents()
    }

    /// Stops watching the connection (for tests and embedders that run their own main loop).
    public func stop() {
        readSource?.cancel()
        readSource = nil
    }

    isolated deinit {
        readSource?.cancel()
    }

    /// Starts the loop and never returns; the process ends from a handler (window closed, server lost).
    public func run() -> Never {
        start()
        dispatchMain()
    }
}
