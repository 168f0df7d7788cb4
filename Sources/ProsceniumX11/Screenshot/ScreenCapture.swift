import CX11
import Proscenium

/// Reads a window's pixels back from the X server into an RGBA `Image`, for screenshots and pixel tests.
public enum ScreenCapture {
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
