import CX11
import Glibc
import Synchronization

/// Process-wide Xlib error handling. Xlib's default handlers print and `exit` (protocol errors) or exit
/// without a word a program can control (I/O errors); these log protocol errors with `XGetErrorText` and
/// carry on, and turn a lost server into one line on stderr and exit status 1. Requests that may fail
/// harmlessly use `XErrorTrap` instead, which collects their errors for the caller.
///
/// A protocol error is not fatal: another client may destroy our window under us, and every request on it
/// fails until we notice. Each kind of error (code and request) is logged the first time, then only at 10,
/// 100, 1000… occurrences, so a failing request made once per frame does not flood standard error.
enum XErrorLog {
    /// Display names by connection, so the I/O handler can say which server went away.
    private static let names = Mutex<[UInt: String]>([:])
    private static let installed = Mutex(false)
    /// How often each kind of protocol error has happened.
    private static let counts = Mutex<[ErrorKind: Int]>([:])

    /// An error code on a request (major and minor opcode).
    private struct ErrorKind: Hashable {
        var code: UInt8
        var major: UInt8
        var minor: UInt8
    }

    static func install() {
        let first = installed.withLock { done in
            defer { done = true }
            return !done
        }
        guard first else { return }
        XSetErrorHandler { display, event in
            guard let display, let event else { return 0 }
            XErrorLog.log(display, event.pointee)
            return 0
        }
        XSetIOErrorHandler { display in
            let name = display.flatMap { XErrorLog.name(of: $0) } ?? "?"
            Console.writeError("\(Console.programName): lost the connection to X server '\(name)' — it exited or was killed, or closed our connection; quitting\n")
            exit(1)
        }
    }

    /// Logs a protocol error the first time its kind happens, then at every power of ten.
    static func log(_ display: OpaquePointer, _ event: XErrorEvent) {
        // Another client destroyed a host's window; its DestroyNotify is on the way and says so.
        if VanishingWindowErrors.explains(display, event) { return }
        let kind = ErrorKind(code: event.error_code, major: event.request_code, minor: event.minor_code)
        let count = counts.withLock { counts in
            counts[kind, default: 0] += 1
            return counts[kind]!
        }
        guard let repeats = reportableCount(count) else { return }
        let suffix = repeats == 1 ? "" : " (\(repeats) times so far; repeats are not shown)"
        Console.writeError("\(Console.programName): X error: \(describe(display, event))\(suffix)\n")
    }

    /// `count` if an error seen that often is logged again (1, 10, 100, …), else nil.
    static func reportableCount(_ count: Int) -> Int? {
        var step = 1
        while step < count { step *= 10 }
        return step == count ? count : nil
    }

    static func register(_ display: OpaquePointer, name: String) {
        let key = UInt(bitPattern: display)
        names.withLock { $0[key] = name }
    }

    static func unregister(_ display: OpaquePointer) {
        let key = UInt(bitPattern: display)
        names.withLock { $0[key] = nil }
    }

    static func name(of display: OpaquePointer) -> String? {
        let key = UInt(bitPattern: display)
        return names.withLock { $0[key] }
    }

    /// "BadWindow (invalid Window parameter), request 12.0 (X_ConfigureWindow), resource 0x200001"; the
    /// request is named for core requests (extension requests have only their opcodes).
    static func describe(_ display: OpaquePointer, _ event: XErrorEvent) -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        XGetErrorText(display, Int32(event.error_code), &buffer, Int32(buffer.count))
        let text = string(buffer)
        var request = "\(event.request_code).\(event.minor_code)"
        if event.request_code < 128 {
            var name = [CChar](repeating: 0, count: 64)
            XGetErrorDatabaseText(display, "XRequest", "\(event.request_code)", "", &name, Int32(name.count))
            if !string(name).isEmpty { request += " (\(string(name)))" }
        }
        return "\(text), request \(request), resource 0x\(String(event.resourceid, radix: 16))"
    }

    private static func string(_ buffer: [CChar]) -> String {
        String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
