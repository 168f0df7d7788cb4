import CX11
import Proscenium

/// The anti-aliased masks of rounded corners, rasterized once per radius and corner and kept on the server.
///
/// A card moving on a spring lands on whole pixels every frame, so its corners are the same shapes at new
/// places: compositing a kept mask with the card's colour gives exactly the pixels that rasterizing the
/// corner's trapezoids anew would (the mask is made from the same trapezoids, moved by whole pixels), for
/// a fraction of the X server's work and none of the client's geometry.
@MainActor final class CornerMaskCache {
    /// A radius in 64ths of a pixel, and which corner.
    private struct Key: Hashable {
        var radius64ths: Int
        var corner: UInt8
    }

    /// One corner's mask: an a8 picture `side` pixels square, the corner's curve in it.
    struct Mask {
        var picture: Picture
        var pixmap: Pixmap
        var side: Int
    }

    private let display: Display
    private var masks: [Key: Mask] = [:]
    /// Masks rasterized so far (a cache miss each).
    private(set) var rasterized = 0
    /// Past this many masks at the end of a frame, all are freed and made again as needed (not during a
    /// frame: the masks handed out are in use until it ends).
    static let capacity = 64
    /// Corners larger than this (in pixels) are not kept: their masks would cost more than they save.
    static let maximumSide = 128

    init(display: Display) {
        self.display = display
    }

    isolated deinit {
        removeAll()
    }

    /// Masks held now.
    var count: Int { masks.count }

    /// The mask of `corner` (one of the four) of a rectangle with whole-pixel edges rounded by `radius`,
    /// covering the `ceil(radius)`-pixel square in that corner; nil for a radius too large to keep.
    func mask(radius: Double, corner: CornerMask, white: Picture) -> Mask? {
        let side = Int(radius.rounded(.up))
        guard radius >= 1, side <= Self.maximumSide else { return nil }
        let key = Key(radius64ths: Int((radius * 64).rounded()), corner: UInt8(truncatingIfNeeded: corner.rawValue))
        if let mask = masks[key] { return mask }
        let dpy = display.pointer
        let pixmap = XCreatePixmap(dpy, display.rootWindow, UInt32(side), UInt32(side), 8)
        let picture = XRenderCreatePicture(dpy, pixmap, display.a8Format, 0, nil)
        var transparent = XRenderColor.transparent
        XRenderFillRectangle(dpy, PictOpSrc, picture, &transparent, 0, 0, UInt32(side), UInt32(side))
        // A rectangle large enough that the radius is not clamped, placed so that its `corner` square lies
        // at the mask's origin; its trapezoids there, added into the mask, are that corner's coverage.
        let s = Double(side), big = 2 * s + 16
        let x = corner == .topRight || corner == .bottomRight ? s - big : 0
        let y = corner == .bottomLeft || corner == .bottomRight ? s - big : 0
        let traps = RoundedRectGeometry.fill(Rect(x: x, y: y, width: big, height: big), radius: radius, corners: corner,
                                             limit: Rect(x: 0, y: 0, width: s, height: s))
        if !traps.isEmpty {
            XRenderCompositeTrapezoids(dpy, PictOpAdd, white, picture, display.a8Format, 0, 0, traps, Int32(traps.count))
        }
        rasterized += 1
        let mask = Mask(picture: picture, pixmap: pixmap, side: side)
        masks[key] = mask
        return mask
    }

    /// Ends a frame: frees every mask when there are more than `capacity` (radii animating, say).
    func endFrame() {
        if masks.count > Self.capacity { removeAll() }
    }

    /// Frees every mask.
    func removeAll() {
        for mask in masks.values {
            XRenderFreePicture(display.pointer, mask.picture)
            XFreePixmap(display.pointer, mask.pixmap)
        }
        masks.removeAll()
    }
}
