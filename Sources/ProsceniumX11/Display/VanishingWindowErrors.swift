import CX11
import Synchronization

/// The errors that only mean "another client destroyed our window", which `XErrorLog` does not log.
///
/// Any client may destroy any window (`xdotool windowclose` does). Requests a host made on its window after
/// that, but before it read the `DestroyNotify`, fail; their errors reach Xlib's handler while Xlib reads
/// the connection, ahead of our handling the event that explains them. A host registers the resources that
/// live and die with its window and the error codes that say they are gone (BadWindow and BadDrawable for
/// the window, RENDER's BadPicture for a picture on it); such an error on such a resource is expected, not a
/// fault, until the host is gone. Any other error on them is still logged.
enum VanishingWindowErrors {
    private struct Key: Hashable {
        var display: UInt
        var resource: UInt
    }

    /// The error codes that mean "gone", by connection (an address: pointers are not Sendable) and resource.
    private static let expected = Mutex<[Key: Set<UInt8>]>([:])

    /// Errors `codes` on `resource` of `display` are not logged from now on.
    static func expect(_ codes: Set<UInt8>, on resource: XID, of display: OpaquePointer) {
        let key = Key(display: UInt(bitPattern: display), resource: UInt(resource))
        expected.withLock { $0[key, default: []].formUnion(codes) }
    }

    /// Errors on `resource` are logged again (its owner is gone, and the id may be handed out anew).
    static func forget(_ resource: XID, of display: OpaquePointer) {
        let key = Key(display: UInt(bitPattern: display), resource: UInt(resource))
        expected.withLock { $0[key] = nil }
    }

    /// Whether `event` only says that a registered resource no longer exists.
    static func explains(_ display: OpaquePointer, _ event: XErrorEvent) -> Bool {
        let key = Key(display: UInt(bitPattern: display), resource: UInt(event.resourceid))
        return expected.withLock { $0[key]?.contains(event.error_code) ?? false }
    }

    /// The codes that mean a window is gone.
    static let windowCodes: Set<UInt8> = [UInt8(BadWindow), UInt8(BadDrawable)]

    /// The code that means a picture is gone: RENDER's BadPicture, numbered from the extension's first error.
    static func pictureCodes(on display: OpaquePointer) -> Set<UInt8> {
        var eventBase: Int32 = 0, errorBase: Int32 = 0
        guard XRenderQueryExtension(display, &eventBase, &errorBase) != 0 else { return [] }
        return [UInt8(truncatingIfNeeded: errorBase + Int32(BadPicture))]
    }
}
