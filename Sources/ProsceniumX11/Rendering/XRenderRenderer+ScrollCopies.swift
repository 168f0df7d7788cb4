import CX11
import Glibc
import Proscenium

/// Scroll blits: a scrolled view's content is moved within the back buffer with one `XCopyArea`, and only
/// the band that came into view (and whatever changed) is drawn, as GTK's and Chromium's compositors move
/// a scrolled layer's tiles instead of painting them again. The core decides what may be copied (an opaque
/// scroll view drawn straight into the window, with nothing over it that does not move with it; see
/// `FrameBuilder`) and damages the rest; here the back buffer must hold the last frame where the copy
/// reads, or the viewport is drawn as damage instead.
extension XRenderRenderer {
    /// `PROSCENIUM_NO_SCROLL_COPIES=1` redraws scrolled content instead, for A/B measurements.
    nonisolated static let scrollCopiesEnabled = getenv("PROSCENIUM_NO_SCROLL_COPIES").map { String(cString: $0) != "1" } ?? true

    /// Executes `copies` in order within the back buffer. A copy whose viewport the back buffer lacks
    /// pixels of (a margin filled only into the window), or that the renderer cannot copy, adds its
    /// viewport to `damage` instead. Retained fills there no longer describe the back buffer: forgotten.
    func executeScrollCopies(_ copies: [ScrollCopy], size: Size, damage: inout Proscenium.Region) {
        let bounds = Rect(x: 0, y: 0, width: size.width, height: size.height)
        for copy in copies {
            let viewport = copy.viewport.intersection(bounds)
            guard !viewport.isEmpty else { continue }
            let destination = viewport.intersection(viewport.offsetBy(dx: copy.delta.dx, dy: copy.delta.dy))
            guard targetPixmap != 0, size == targetSize, !destination.isEmpty,
                  !staleFills.contains(where: { Self.touches($0.rects, [viewport]) }) else {
                damage.add(viewport)
                continue
            }
            let source = destination.offsetBy(dx: -copy.delta.dx, dy: -copy.delta.dy)
            XCopyArea(display.pointer, targetPixmap, targetPixmap, scrollCopyGC(), Int32(source.minX), Int32(source.minY),
                      UInt32(destination.width), UInt32(destination.height), Int32(destination.minX), Int32(destination.minY))
            scrolledRects.append(destination)
            retained.removeAll { $0.interior.intersects(viewport) }
            statistics.scrolledPixels += Int(destination.width * destination.height)
        }
    }

    /// A GC for copies within the back buffer, without graphics exposures: the source is a pixmap, always
    /// whole, and each copy would otherwise send a NoExpose event.
    private func scrollCopyGC() -> GC {
        if let scrollGC { return scrollGC }
        var values = XGCValues()
        values.graphics_exposures = 0
        let gc = XCreateGC(display.pointer, targetPixmap, UInt(GCGraphicsExposures), &values)!
        scrollGC = gc
        return gc
    }
}
