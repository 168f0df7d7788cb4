import CX11
import CXRes

/// What one client holds in the X server, read with the X-Resource extension: a soak checks that the
/// pixmaps and pictures it makes are freed again.
public struct XResourceCounts: Sendable, Equatable, CustomStringConvertible {
    /// Resources of each type the server names ("PIXMAP", "PICTURE", "GLYPHSET", ...).
    public var byType: [String: Int]
    /// Bytes of pixmap memory held, as the server accounts it.
    public var pixmapBytes: Int

    public var pixmaps: Int { byType["PIXMAP"] ?? 0 }
    public var pictures: Int { byType["PICTURE"] ?? 0 }
    public var total: Int { byType.values.reduce(0, +) }

    public var description: String {
        "\(pixmaps) pixmaps (\(pixmapBytes / 1024) KiB), \(pictures) pictures, \(total) resources in all"
    }

    /// The counts for the client that owns `resource` (any XID it created, such as its window), asked on
    /// `display`; nil when the server lacks X-Resource. On the main actor, where the toolkit uses X: libXext's
    /// bookkeeping of each extension's displays is not safe from two threads at once (see `ScreenCapture`).
    @MainActor public static func query(display: OpaquePointer, clientOwning resource: XID) -> XResourceCounts? {
        var eventBase: Int32 = 0, errorBase: Int32 = 0
        guard XResQueryExtension(display, &eventBase, &errorBase) != 0 else { return nil }
        var count: Int32 = 0
        var types: UnsafeMutablePointer<XResType>?
        guard XResQueryClientResources(display, resource, &count, &types) != 0, let types else { return nil }
        defer { XFree(types) }
        var byType: [String: Int] = [:]
        for index in 0..<Int(count) {
            let type = types[index]
            guard let name = XGetAtomName(display, type.resource_type) else { continue }
            byType[String(cString: name)] = Int(type.count)
            XFree(name)
        }
        var bytes: UInt = 0
        _ = XResQueryClientPixmapBytes(display, resource, &bytes)
        return XResourceCounts(byType: byType, pixmapBytes: Int(bytes))
    }
}
