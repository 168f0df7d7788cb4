import CX11
import Proscenium

/// Where commands draw while the renderer walks a display list: a picture (the back buffer or an
/// offscreen layer), the command-space point at its pixel (0, 0), and the clip in its pixels.
struct RenderSurface {
    var picture: Picture
    /// Command coordinates of the picture's top-left pixel; subtract it to get pixel coordinates.
    var origin: Point
    /// Clip rectangles in whole pixels of the picture; drawing outside them is skipped.
    var clip: [Rect]
    /// The bounding box of `clip`: commands that miss it are culled.
    var bounds: Rect

    init(picture: Picture, origin: Point, clip: [Rect]) {
        self.picture = picture
        self.origin = origin
        self.clip = clip
        bounds = clip.reduce(Rect.zero) { $0.union($1) }
    }

    /// A rectangle in command coordinates converted to this surface's pixels.
    func pixels(_ rect: Rect) -> Rect {
        rect.offsetBy(dx: -origin.x, dy: -origin.y)
    }

    /// How many pixels of `rect` (in pixels) lie inside the clip.
    func clippedArea(_ rect: Rect) -> Double {
        guard rect.isFinite else { return 0 }
        // The overlaps' areas as `Rect.intersection` works them out, with `rect`'s edges found once: this
        // runs for every request of every frame, for the statistics.
        let left = rect.minX, top = rect.minY, right = rect.maxX, bottom = rect.maxY
        var total = 0.0
        for clipRect in clip {
            let x0 = max(clipRect.minX, left), y0 = max(clipRect.minY, top)
            let x1 = min(clipRect.maxX, right), y1 = min(clipRect.maxY, bottom)
            if x1 > x0, y1 > y0 { total += (x1 - x0) * (y1 - y0) }
        }
        return total
    }

    /// The clip narrowed to `rect` (in pixels).
    func clip(to rect: Rect) -> [Rect] {
        var result: [Rect] = []
        result.reserveCapacity(clip.count)
        for clipRect in clip {
            let r = clipRect.intersection(rect)
            if !r.isEmpty { result.append(r) }
        }
        return result
    }
}
