import CX11
import Synchronization

/// Collects the protocol errors one connection causes while a block runs, instead of letting the
/// process-wide handler log them (or Xlib's default handler exit); errors on other connections pass through.
enum XErrorTrap {
    /// What the C handler reads while a trap is active.
    private struct State {
        /// The connection whose errors are collected, as an address (pointers are not Sendable).
        var trapped: UInt?
        var errors: [String] = []
        var previous: XErrorHandler?
    }

    /// Held for the whole of a trap, so two threads never swap the process-wide handler at once.
    private static let serial = Mutex(())
    private static let state = Mutex(State())

    /// Runs `body` with a temporary error handler, syncs, restores the old handler, and returns the errors
    /// (as text, such as "BadAccess (attempt to access private resource denied), request 130.1, resource 0x…").
    static func run<T>(on display: OpaquePointer, _ body: () -> T) -> (result: T, errors: [String]) {
        serial.withLock { _ in
            // Errors from earlier requests belong to whoever made them, not to this trap.
            XSync(display, 0)
            let key = UInt(bitPattern: display)
            state.withLock { $0 = State(trapped: key) }
            let old = XSetErrorHandler(handleError)
            state.withLock { $0.previous = old }

            let result = body()
            XSync(display, 0)

            XSetErrorHandler(old)
            let caught = state.withLock { current in
                let errors = current.errors
                current = State()
                return errors
            }
            return (result, caught)
        }
    }

    private static let handleError: XErrorHandler = { display, event in
        guard let display, let event else { return 0 }
        let key = UInt(bitPattern: display)
        let (isTrapped, previous) = XErrorTrap.state.withLock { ($0.trapped == key, $0.previous) }
        guard isTrapped else { return previous?(display, event) ?? 0 }
        let description = XErrorLog.describe(display, event.pointee)
        XErrorTrap.state.withLock { $0.errors.append(description) }
        return 0
    }
}
