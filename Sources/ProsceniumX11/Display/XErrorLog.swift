import CX11
import Foundation

/// Process-wide Xlib error handling. Xlib's default handlers print and `exit` (protocol errors) or exit
/// without a word a program can control (I/O errors); these log protocol errors with `XGetErrorText` and
/// carry on, and turn a lost server into one line on stderr and exit status 1.
enum XErrorLog {
    /// Display names by connection, so the I/O handler can say which server went away.
    nonisolated(unsafe) private static var names: [OpaquePointer: String] = [:]
    private static let lock = NSLock()
    nonisolated(unsafe) private static var installed = false

    /// When set, protocol errors are recorded here instead of logged: see `trap(_:_:)`.
    nonisolated(unsafe) private static var trapped: [XErrorEvent]?

    static func install() {
        lock.lock(); defer { lock.unlock() }
        guard !installed else { return }
        installed = true
        XSetErrorHandler { display, event in
            guard let display, let event else { return 0 }
            XErrorLog.handle(display, event.pointee)
            return 0
        }
        XSetIOErrorHandler { display in
            let name = display.flatMap { XErrorLog.name(of: $0) } ?? "?"
            FileHandle.standardError.write(Data("proscenium: lost the connection to X server '\(name)' — it exited or was killed; quitting\n".utf8))
            exit(1)
        }
    }

    static func register(_ display: OpaquePointer, name: String) {
        lock.lock(); defer { lock.unlock() }
        names[display] = name
    }

    static func unregister(_ display: OpaquePointer) {
        lock.lock(); defer { lock.unlock() }
        names[display] = nil
    }

    static func name(of display: OpaquePointer) -> String? {
        lock.lock(); defer { lock.unlock() }
        return names[display]
    }

    /// Runs `body`, syncs, and returns the protocol errors it caused instead of logging them; for requests
    /// that may fail harmlessly (a window that is already gone, an optional extension).
    static func trap(_ display: OpaquePointer, _ body: () -> Void) -> [XErrorEvent] {
        XSync(display, 0)
        lock.lock(); trapped = []; lock.unlock()
        body()
        XSync(display, 0)
        lock.lock(); defer { trapped = nil; lock.unlock() }
        return trapped ?? []
    }

    private static func handle(_ display: OpaquePointer, _ event: XErrorEvent) {
        lock.lock()
        if trapped != nil {
            trapped?.append(event)
            lock.unlock()
            return
        }
        lock.unlock()
        FileHandle.standardError.write(Data("proscenium: X error: \(describe(display, event))\n".utf8))
    }

    /// "BadWindow (invalid Window parameter), request 12.0, resource 0x200001".
    static func describe(_ display: OpaquePointer, _ event: XErrorEvent) -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        XGetErrorText(display, Int32(event.error_code), &buffer, Int32(buffer.count))
        let text = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return "\(text), request \(event.request_code).\(event.minor_code), resource 0x\(String(event.resourceid, radix: 16))"
    }
}
