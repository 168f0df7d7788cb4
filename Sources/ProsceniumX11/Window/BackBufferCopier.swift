import CX11
import Proscenium

/// Copies a frame's drawn rectangles from the back buffer to the window in two requests, whatever their
/// number: the rectangles become the clip of a GC kept for this, and one `XCopyArea` covers their bounding
/// box. A push moves a list of rows, so a frame's copies are some twenty thin bands; a request for each
/// would cost the server a clip computation, a GC validation and a resource lookup apiece.
@MainActor final class BackBufferCopier {
    private let display: Display
    /// The GC whose clip is set to the rectangles before each clipped copy; no exposure events: the source
    /// is a pixmap, so the server would only ever answer with a NoExpose, waking the read source for nothing.
    private let clippedGC: GC

    init(display: Display, drawable: Drawable) {
        self.display = display
        var values = XGCValues()
        values.graphics_exposures = 0
        clippedGC = XCreateGC(display.pointer, drawable, UInt(GCGraphicsExposures), &values)
    }

    /// Frees the GC; the copier is not used after this.
    func free() {
        XFreeGC(display.pointer, clippedGC)
    }

    /// Copies `rects` (device pixels, disjoint, as a clip's rectangles must be) from `source` to the same
    /// places in `destination`. A single rectangle goes with `plainGC`, unclipped, in one request.
    func copy(_ rects: [Rect], from source: Drawable, to destination: Drawable, plainGC: GC) {
        guard let first = rects.first else { return }
        let dpy = display.pointer
        if rects.count == 1 {
            XCopyArea(dpy, source, destination, plainGC, Int32(first.minX), Int32(first.minY),
                      UInt32(first.width), UInt32(first.height), Int32(first.minX), Int32(first.minY))
            return
        }
        // Unsorted: the renderer's rectangles come in no particular order, and the server must not assume one.
        var xRects = rects.xRectangles
        XSetClipRectangles(dpy, clippedGC, 0, 0, &xRects, Int32(xRects.count), Unsorted)
        let box = rects.boundingBox
        XCopyArea(dpy, source, destination, clippedGC, Int32(box.minX), Int32(box.minY),
                  UInt32(box.width), UInt32(box.height), Int32(box.minX), Int32(box.minY))
    }
}
