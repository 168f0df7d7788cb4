import CX11
import Proscenium

/// Reads a window's pixels back from the X server into an RGBA `Image`, for screenshots and pixel tests.
///
/// On the main actor, like every other use of X in the toolkit: libXext keeps one process-wide list of
/// displays per extension (MIT-SHM's among them) and adds, finds and drops entries without enough locking,
/// so two threads using the same extension on two connections at once corrupt the heap, with or without
/// `XInitThreads` (a few threads opening connections and querying MIT-SHM or SYNC abort within a second).
@MainActor public enum ScreenCapture {
    /// The top-left `width` x `height` pixels of `drawable` (a window or pixmap XID) on `display`.
    ///
    /// Uses MIT-SHM (`XShmGetImage`) when the server offers it and lets it attach, otherwise `XGetImage`;
    /// pass `method` to force one. For repeated captures keep a `ScreenCapturer`, which reuses its segment.
    public static func capture(display: OpaquePointer, drawable: UInt, width: Int, height: Int,
                               method: CaptureMethod = .automatic) throws(ScreenCaptureError) -> Image {
        let capturer = ScreenCapturer(display: display, method: method)
        defer { capturer.releaseSharedMemory() }
        return try capturer.capture(drawable: drawable, width: width, height: height)
    }
}
