import CX11

extension Display {
    /// Replaces `property` of `window` with 32-bit `values` of `type` (`CARDINAL`, `ATOM`…), which Xlib
    /// takes as C longs whatever their width.
    func setProperty(_ property: Atom, of window: CX11.Window, type: Atom, values: [CLong]) {
        var values = values
        let count = Int32(values.count)
        values.withUnsafeMutableBytes { bytes in
            _ = XChangeProperty(pointer, window, property, type, 32, PropModeReplace,
                                bytes.baseAddress!.assumingMemoryBound(to: UInt8.self), count)
        }
    }

    /// The atoms named `names`, as the values of an `ATOM` list property.
    func atomValues(_ names: [String]) -> [CLong] {
        names.map { CLong(bitPattern: atom($0)) }
    }
}

extension Display {
    /// The type and 32-bit values of `property` of `window` (Xlib hands them over as C longs), at most
    /// `limit` of them; nil when the property is absent, of another format, or the window is gone.
    func longProperty(_ property: Atom, on window: CX11.Window, limit: Int = 64) -> (type: Atom, values: [CLong])? {
        var type: Atom = 0, format: Int32 = 0
        var count: UInt = 0, after: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        let status = XGetWindowProperty(pointer, window, property, 0, limit, 0, Atom(AnyPropertyType),
                                        &type, &format, &count, &after, &data)
        defer { if let data { XFree(data) } }
        guard status == Success, format == 32, let data else { return nil }
        let values = data.withMemoryRebound(to: CLong.self, capacity: Int(count)) { Array(UnsafeBufferPointer(start: $0, count: Int(count))) }
        return (type, values)
    }

    /// The 32-bit values of `property` of `window`, at most `limit` of them; empty as `longProperty` is nil.
    func longValues(of property: Atom, on window: CX11.Window, limit: Int = 64) -> [CLong] {
        longProperty(property, on: window, limit: limit)?.values ?? []
    }
}
