import CX11

/// Reads window properties back from the server, as a window manager would.
public enum WindowPropertyReader {
    /// The property's format, item count and data (free it with `XFree`), if it exists with `type`.
    public static func raw(_ display: OpaquePointer, _ window: CX11.Window, _ name: String, type: Atom) -> (format: Int32, count: Int, data: UnsafeMutablePointer<UInt8>)? {
        var actualType: Atom = 0
        var format: Int32 = 0
        var count: UInt = 0, remaining: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        let status = XGetWindowProperty(display, window, XInternAtom(display, name, 0), 0, 1024, 0, type,
                                        &actualType, &format, &count, &remaining, &data)
        guard status == Success, let data, actualType == type else { return nil }
        return (format, Int(count), data)
    }

    /// A text property of `type` (such as "UTF8_STRING").
    public static func string(_ display: OpaquePointer, _ window: CX11.Window, _ name: String, type: String) -> String? {
        guard let (_, count, data) = raw(display, window, name, type: XInternAtom(display, type, 0)) else { return nil }
        defer { XFree(data) }
        return String(decoding: UnsafeBufferPointer(start: data, count: count), as: UTF8.self)
    }

    /// 32-bit properties come back from Xlib as an array of C longs.
    public static func cardinals(_ display: OpaquePointer, _ window: CX11.Window, _ name: String) -> [Int] {
        guard let (_, count, data) = raw(display, window, name, type: XA_CARDINAL) else { return [] }
        defer { XFree(data) }
        return data.withMemoryRebound(to: CLong.self, capacity: count) { longs in (0..<count).map { Int(longs[$0]) } }
    }

    /// A property holding one window (such as `_NET_SUPPORTING_WM_CHECK`).
    public static func window(_ display: OpaquePointer, _ window: CX11.Window, _ name: String) -> CX11.Window? {
        guard let (_, count, data) = raw(display, window, name, type: XA_WINDOW) else { return nil }
        defer { XFree(data) }
        guard count == 1 else { return nil }
        return data.withMemoryRebound(to: CLong.self, capacity: 1) { CX11.Window(UInt(bitPattern: $0.pointee)) }
    }
}
