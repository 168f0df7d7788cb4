import CX11
import Proscenium

// MARK: - Screenshots and synthetic input

extension WindowHost {
    /// The window's pixels as the X server has them.
    public func captureImage() throws(ScreenCaptureError) -> Image {
        defer { drainQueuedEventsSoon() }
        display.sync()
        return try ScreenCapture.capture(display: display.pointer, drawable: xWindow,
                                         width: Int(size.width), height: Int(size.height))
    }

    /// The last rendered frame as the back buffer holds it: right even when the window is larger than the
    /// screen, where reading the window itself fails. A window nobody can see (covered, minimised,
    /// unmapped) draws no frames unless `drawsWhileHidden`: this is then the last frame drawn before.
    public func captureBackBuffer() throws(ScreenCaptureError) -> Image {
        defer { drainQueuedEventsSoon() }
        renderer.restoreBackBuffer()
        display.sync()
        return try ScreenCapture.capture(display: display.pointer, drawable: backPixmap,
                                         width: Int(backSize.width), height: Int(backSize.height))
    }

    /// Captures the window from the X server and writes a PNG; a failed write leaves no file behind.
    public func writeScreenshot(to path: String) throws {
        try PNGCodec.write(captureImage(), to: path)
    }

    // MARK: - Synthetic input

    /// Clicks at a window point through the XTest extension, so the press and release travel through the
    /// X server and arrive like a user's (for scripted demo runs). Returns false without XTest, once the
    /// window was destroyed, or for a point X's 16-bit coordinates cannot reach.
    @discardableResult
    public func click(at point: Point, button: UInt32 = 1) -> Bool {
        guard !isDestroyed else { return false }
        let point = Point(x: point.x * scale, y: point.y * scale)
        // X coordinates are 16-bit: a point past them is no point in any window.
        guard point.x.isFinite, point.y.isFinite, abs(point.x) <= 32767, abs(point.y) <= 32767 else { return false }
        let dpy = display.pointer
        var eventBase: Int32 = 0, errorBase: Int32 = 0, major: Int32 = 0, minor: Int32 = 0
        guard XTestQueryExtension(dpy, &eventBase, &errorBase, &major, &minor) != 0 else { return false }
        var rootX: Int32 = 0, rootY: Int32 = 0
        var child: CX11.Window = 0
        XTranslateCoordinates(dpy, xWindow, display.rootWindow, Int32(point.x), Int32(point.y), &rootX, &rootY, &child)
        XTestFakeMotionEvent(dpy, display.screen, rootX, rootY, 0)
        XTestFakeButtonEvent(dpy, button, 1, 0)
        XTestFakeButtonEvent(dpy, button, 0, 0)
        XFlush(dpy)
        return true
    }

    /// The value of the window's `_NET_WM_SYNC_REQUEST_COUNTER`, read from the server; nil without XSync.
    public func syncCounterValue() -> Int64? {
        syncCounter?.currentValue()
    }
}
