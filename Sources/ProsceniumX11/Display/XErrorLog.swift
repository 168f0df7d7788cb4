import CX11
import Glibc
import Synchronization

/// Process-wide Xlib error handling. Xlib's default handlers print and `exit` (protocol errors) or exit
/// without a word a program can control (I/O errors); these log protocol errors with `XGetErrorText` and
/// carry on, and turn a lost server into one line on stderr and exit status 1. Requests that may fail
/// harmlessly use `XErrorTrap` instead, which collects their errors for the caller.
enum XErrorLog {
    /// Display names by connection, so the I/O handler can say which server went away.
    private static let names = Mutex<[UInt: String]>([:])
    private static let installed = Mutex(false)

    static func install() {
        let first = installed.withLock { done in
            defer { done = true }
            return !done
        }
        guard first else { return }
        XSetErrorHandler { display, event in
            guard let display, let event else { return 0 }
            Console.writeError("proscenium: X error: \(XErrorLog.describe(display, event.pointee))\n")
            return 0
        }
        XSetIOErrorHandler { display in
            let name = display.flatMap { XErrorLog.name(of: $0) } ?? "?"
            Console.writeError("proscenium: lost the connection to X server '\(name)' — it exited or was killed; quitting\n")
            exit(1)
        }
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

    /// "BadWindow (invalid Window parameter), request 12.0, resource 0x200001".
    static func describe(_ display: OpaquePointer, _ event: XErrorEvent) -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        XGetErrorText(display, Int32(event.error_code), &buffer, Int32(buffer.count))
        let text = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return "\(text), request \(event.request_code).\(event.minor_code), resource 0x\(String(event.resourceid, radix: 16))"
    }
}
