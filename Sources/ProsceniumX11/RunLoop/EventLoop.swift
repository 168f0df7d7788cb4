import CX11
import Dispatch
import Glibc
import Proscenium

/// Runs window hosts on Dispatch: a read source on the X connection's file descriptor handles events as
/// they arrive, each host's frame clock paces its frames, and `dispatchMain()` parks the main thread in
/// between.
///
/// Events are read per connection, not per window: one loop serves every `WindowHost` on its `Display`
/// (each event goes to the host of its window), and however many loops run on one connection, it has one
/// read source.
@MainActor public final class EventLoop {
    /// The connection whose events the loop reads.
    public let display: Display
    /// Kept alive while the loop exists, for a loop made for one host.
    private let host: WindowHost?
    private var isWatching = false

    /// A loop for the connection of `host` (and so for every other host on it too); nothing happens until
    /// `start()` or `run()`.
    public init(host: WindowHost) {
        self.display = host.display
        self.host = host
    }

    /// A loop for every window host on `display`; nothing happens until `start()` or `run()`.
    public init(display: Display) {
        self.display = display
        self.host = nil
    }

    /// Starts watching the connection; events are handled on the main queue from now on.
    public func start() {
        if !isWatching {
            isWatching = true
            display.events.startWatching()
        }
        // Events may already sit in Xlib's queue from the round trips made while setting up.
        display.processPendingEvents()
    }

    /// Stops watching the connection (for tests and embedders that run their own main loop).
    public func stop() {
        guard isWatching else { return }
        isWatching = false
        display.events.stopWatching()
    }

    isolated deinit {
        stop()
    }

    /// Starts the loop and never returns; the process ends from a handler (window closed or destroyed,
    /// server lost).
    public func run() -> Never {
        start()
        dispatchMain()
    }
}
