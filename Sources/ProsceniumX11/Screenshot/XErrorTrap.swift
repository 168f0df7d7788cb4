import CX11
import Foundation

/// Collects the protocol errors one connection causes while a block runs, instead of letting the
/// process-wide handler log them (or Xlib's default handler exit); errors on other connections pass through.
enum XErrorTrap {
    /// Held for the whole of a trap, so two threads never swap the process-wide handler at once.
    private static let serial = NSLock()
    /// Guards the three variables below, which the C handler reads.
    private static let stateLock = NSLock()
    nonisolated(unsafe) private static var trapped: OpaquePointer?
    nonisolated(unsafe) private static var errors: [String] = []
    nonisolated(unsafe) private static var previous: XErrorHandler?

    /// Runs `body` with a temporary error handler, syncs, restores the old handler, and returns the errors
    /// (as text, such as "BadAccess (attempt to access private resource denied), request 130.1").
    static func run<T>(on display: OpaquePointer, _ body: () -> T) -> (result: T, errors: [String]) {
        serial.lock()
        defer { serial.unlock() }
        // Errors from earlier requests belong to whoever made them, not to this trap.
        XSync(display, 0)
        stateLock.lock()
        trapped = display
        errors = []
        stateLock.unlock()
        let old = XSetErrorHandler(handleError)
        stateLock.lock()
        previous = old
        stateLock.unlock()

        let result = body()
        XSync(display, 0)

        XSetErrorHandler(old)
        stateLock.lock()
        defer { stateLock.unlock() }
        let caught = errors
        trapped = nil
        errors = []
        previous = nil
        return (result, caught)
    }

    private static let handleError: XErrorHandler = { display, event in
        guard let display, let event else { return 0 }
        XErrorTrap.stateLock.lock()
        if display == XErrorTrap.trapped {
            XErrorTrap.errors.append(XErrorTrap.describe(display, event.pointee))
            XErrorTrap.stateLock.unlock()
            return 0
        }
        let forward = XErrorTrap.previous
        XErrorTrap.stateLock.unlock()
        return forward?(display, event) ?? 0
    }

    /// "BadMatch (invalid parameter attributes), request 73.0".
    private static func describe(_ display: OpaquePointer, _ event: XErrorEvent) -> String {
        var buffer = [CChar](repeating: 0, count: 160)
        XGetErrorText(display, Int32(event.error_code), &buffer, Int32(buffer.count))
        let text = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return "\(text), request \(event.request_code).\(event.minor_code)"
    }
}
