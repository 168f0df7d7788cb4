import CX11
import Glibc
import Proscenium

/// Scroll blits: a scrolled view's content is moved with one `XCopyArea`, and only the band that came into
/// view (and whatever changed) is drawn, as GTK's and Chromium's compositors move a scrolled layer's tiles
/// instead of painting them again. The core decides what may be copied (an opaque scroll view drawn
/// straight into the window, with nothing over it that does not move with it; see `FrameBuilder`) and
/// damages the rest.
///
/// When the window shows the last frame whole (`windowShowsLastFrame`), the copy is made in the window
/// itself: the band is drawn into the back buffer and copied out as any damage is, so each scrolled frame
/// moves the viewport's pixels once where a copy within the back buffer and its copy to the window moved
/// them twice (in the list scenario, nine tenths of the X server's time went to those two copies). The
/// back buffer then lacks the viewport's moved pixels: it is *stale* there, as with window fills. The first
/// frame that does not scroll a stale viewport copies it back from the window (or draws it whole, when
/// the window no longer shows the last frame), and `restoreBackBuffer()` draws the stale viewports again
/// from the last frame's list, for whoever reads the back buffer before that.
extension XRenderRenderer {
    /// `PROSCENIUM_NO_SCROLL_COPIES=1` redraws scrolled content instead, for A/B measurements.
    nonisolated static let scrollCopiesEnabled = getenv("PROSCENIUM_NO_SCROLL_COPIES").map { String(cString: $0) != "1" } ?? true
    /// `PROSCENIUM_NO_WINDOW_SCROLLS=1` keeps scroll copies within the back buffer, for A/B measurements.
    nonisolated static let windowScrollsEnabled = getenv("PROSCENIUM_NO_WINDOW_SCROLLS").map { String(cString: $0) != "1" } ?? true

    /// What scrolling in the window keeps between frames.
    struct WindowScrolls {
        /// Whether copies go within the window (`windowScrollsEnabled`); tests turn it off to compare.
        var enabled = XRenderRenderer.windowScrollsEnabled
        /// Set by the host before each frame (see `windowShowsLastFrame`).
        var windowIsCurrent = false
        /// The window `windowPicture` is on (see `windowDrawable`).
        var window: Drawable = 0
        /// Viewports (target pixels) whose pixels the window moved and the back buffer did not.
        var staleViewports: [Rect] = []
        /// The last frame's list, to draw stale viewports again from (in the target, which a new one
        /// replacing it would find without stale viewports).
        var lastList: DisplayList?
    }

    /// The X window `windowPicture` is on, which scrolled content is moved within; 0 (the default) keeps
    /// scroll copies within the back buffer.
    public var windowDrawable: Drawable {
        get { windowScrolls.window }
        set { windowScrolls.window = newValue }
    }

    /// Whether the window shows the last frame this renderer drew, whole: mapped, not covered by another
    /// window, not resized since. The host sets it before each frame; only then may scrolled content be
    /// moved within the window, whose pixels the copy reads.
    public var windowShowsLastFrame: Bool {
        get { windowScrolls.windowIsCurrent }
        set { windowScrolls.windowIsCurrent = newValue }
    }

    /// Executes `copies` in order, within the window when it shows the last frame, else within the back
    /// buffer. A copy the renderer cannot make, or whose viewport the back buffer lacks pixels of (a margin
    /// filled only into the window, a viewport scrolled only in the window), adds its viewport to `damage`
    /// instead; so does a stale viewport this frame does not scroll. Retained fills in a copied viewport
    /// no longer describe the back buffer: forgotten.
    func executeScrollCopies(_ copies: [ScrollCopy], size: Size, damage: inout Proscenium.Region) {
        let bounds = Rect(x: 0, y: 0, width: size.width, height: size.height)
        let stale = windowScrolls.staleViewports
        var scrolledInWindow: [Rect] = []
        let inWindow = windowScrolls.enabled && windowScrolls.windowIsCurrent && windowScrolls.window != 0 && targetPixmap != 0
            && size == targetSize
        for copy in copies {
            let viewport = copy.viewport.intersection(bounds)
            guard !viewport.isEmpty else { continue }
            let destination = viewport.intersection(viewport.offsetBy(dx: copy.delta.dx, dy: copy.delta.dy))
            let backBufferLacks = staleFills.contains(where: { Self.touches($0.rects, [viewport]) }) || Self.touches(stale, [viewport])
            guard targetPixmap != 0, size == targetSize, !destination.isEmpty, inWindow || !backBufferLacks else {
                damage.add(viewport)
                continue
            }
            let source = destination.offsetBy(dx: -copy.delta.dx, dy: -copy.delta.dy)
            let drawable = inWindow ? windowScrolls.window : targetPixmap
            XCopyArea(display.pointer, drawable, drawable, scrollCopyGC(), Int32(source.minX), Int32(source.minY),
                      UInt32(destination.width), UInt32(destination.height), Int32(destination.minX), Int32(destination.minY))
            if inWindow {
                scrolledInWindow.append(viewport)
                statistics.scrolledInWindowPixels += Int(destination.width * destination.height)
            } else {
                scrolledRects.append(destination)
            }
            retained.removeAll { $0.interior.intersects(viewport) }
            statistics.scrolledPixels += Int(destination.width * destination.height)
        }
        // A stale viewport that did not scroll again is copied back from the window, which holds the last
        // frame (else drawn whole); one that did stays stale.
        for viewport in stale where !scrolledInWindow.contains(viewport) {
            if inWindow {
                XCopyArea(display.pointer, windowScrolls.window, targetPixmap, scrollCopyGC(), Int32(viewport.minX), Int32(viewport.minY),
                          UInt32(viewport.width), UInt32(viewport.height), Int32(viewport.minX), Int32(viewport.minY))
            } else {
                damage.add(viewport)
            }
        }
        windowScrolls.staleViewports = scrolledInWindow
    }

    /// Ends a frame's scrolling bookkeeping: keeps its list for `restoreScrolledViewports()`, and forgets
    /// the retained fills of stale viewports (the frame worked them out as drawn; the back buffer lacks them).
    func endWindowScrolls(_ list: DisplayList) {
        guard windowScrolls.enabled, windowScrolls.window != 0 else { return }
        windowScrolls.lastList = list
        let stale = windowScrolls.staleViewports
        guard !stale.isEmpty else { return }
        retained.removeAll { Self.touches(stale, [$0.interior]) }
    }

    /// Draws the viewports scrolled only in the window into the back buffer from the last frame's list (the
    /// frame the window shows), leaving what the last frame reported (statistics, what it drew) as it was.
    func restoreScrolledViewports() {
        let stale = windowScrolls.staleViewports
        guard !stale.isEmpty else { return }
        windowScrolls.staleViewports = []
        guard target != 0, var list = windowScrolls.lastList else { return }
        list.scrollCopies = []
        var region = Proscenium.Region()
        for viewport in stale { region.add(viewport) }
        let reported = (statistics, drawnRegion, copyRects, scrolledRects)
        let fills = fillsWindow
        fillsWindow = false
        render(list, damage: region, size: targetSize)
        fillsWindow = fills
        (statistics, drawnRegion, copyRects, scrolledRects) = reported
    }

    /// A GC for scroll copies, without graphics exposures: a copy within the back buffer reads a pixmap,
    /// always whole, and one within the window is made only while no other window covers it; each copy
    /// would otherwise send a NoExpose event.
    private func scrollCopyGC() -> GC {
        if let scrollGC { return scrollGC }
        var values = XGCValues()
        values.graphics_exposures = 0
        let gc = XCreateGC(display.pointer, targetPixmap, UInt(GCGraphicsExposures), &values)!
        scrollGC = gc
        return gc
    }
}
