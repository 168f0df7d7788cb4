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
