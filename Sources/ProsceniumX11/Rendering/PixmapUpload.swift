import CX11

/// Copies client-side pixels into server pixmaps with `XPutImage` (Xlib splits large images into several
/// requests). Keeps one GC per depth, created on first use and freed in deinit.
@MainActor final class PixmapUploader {
    private let display: Display
    /// One GC per depth: two or three at most, so a list (a dictionary's first use costs the Swift runtime
    /// some 0.2M instructions of type lookup, in the frame that shows the first shadow).
    private var gcs: [(depth: Int32, gc: GC)] = []

    init(display: Display) {
        self.display = display
    }

    isolated deinit {
        for (_, gc) in gcs { XFreeGC(display.pointer, gc) }
    }

    /// A new pixmap of `depth` (8 or 32) with an XRender picture in `format`, `repeat` set as given.
    func createPicture(width: Int, height: Int, depth: Int32, format: UnsafeMutablePointer<XRenderPictFormat>,
                       repeatMode: Int32 = RepeatNone) -> (pixmap: Pixmap, picture: Picture) {
        let dpy = display.pointer
        let pixmap = XCreatePixmap(dpy, display.rootWindow, UInt32(max(1, width)), UInt32(max(1, height)), UInt32(depth))
        var attributes = XRenderPictureAttributes()
        attributes.`repeat` = repeatMode
        let picture = XRenderCreatePicture(dpy, pixmap, format, UInt(CPRepeat), &attributes)
        return (pixmap, picture)
    }

    /// Uploads an A8 mask: `bytes` has `width` bytes per row, top to bottom.
    func putA8(_ bytes: [UInt8], width: Int, height: Int, into pixmap: Pixmap) {
        guard width > 0, height > 0 else { return }
        precondition(bytes.count >= width * height, "an A8 image needs width x height bytes")
        let stride = (width + 3) & ~3
        // Rows already 4-byte aligned (a shadow's long strips) go as they are: no zeroed copy to fill in.
        if stride == width { return put(bytes, width: width, height: height, depth: 8, bitsPerPixel: 8, stride: stride, into: pixmap) }
        var padded = [UInt8](repeating: 0, count: stride * height)
        padded.withUnsafeMutableBufferPointer { padded in
            bytes.withUnsafeBufferPointer { bytes in
                for y in 0..<height {
                    (padded.baseAddress! + y * stride).update(from: bytes.baseAddress! + y * width, count: width)
                }
            }
        }
        put(padded, width: width, height: height, depth: 8, bitsPerPixel: 8, stride: stride, into: pixmap)
    }

    /// Uploads premultiplied ARGB32 pixels given as little-endian words (B, G, R, A bytes), `width` per row.
    func putARGB32(_ bytes: [UInt8], width: Int, height: Int, into pixmap: Pixmap) {
        put(bytes, width: width, height: height, depth: 32, bitsPerPixel: 32, stride: width * 4, into: pixmap)
    }

    /// `XPutImage` only reads the image's data, so the caller's bytes are lent to it as they are (a mutable
    /// buffer would copy an array whose storage is shared).
    private func put(_ bytes: [UInt8], width: Int, height: Int, depth: Int32, bitsPerPixel: Int32,
                     stride: Int, into pixmap: Pixmap) {
        guard width > 0, height > 0 else { return }
        let dpy = display.pointer
        let gc = gc(for: depth, drawable: pixmap)
        bytes.withUnsafeBufferPointer { buffer in
            UnsafeMutableRawPointer(mutating: buffer.baseAddress!).withMemoryRebound(to: CChar.self, capacity: buffer.count) { data in
                guard let image = XCreateImage(dpy, display.visual, UInt32(depth), ZPixmap, 0, data,
                                               UInt32(width), UInt32(height), bitsPerPixel == 8 ? 8 : 32,
                                               Int32(stride)) else { return }
                // Our buffers are little-endian words; Xlib swaps for a server that wants otherwise.
                image.pointee.byte_order = LSBFirst
                image.pointee.bitmap_bit_order = LSBFirst
                XPutImage(dpy, pixmap, gc, image, 0, 0, 0, 0, UInt32(width), UInt32(height))
                image.pointee.data = nil
                XFree(image)
            }
        }
    }

    private func gc(for depth: Int32, drawable: Drawable) -> GC {
        if let kept = gcs.first(where: { $0.depth == depth }) { return kept.gc }
        let gc = XCreateGC(display.pointer, drawable, 0, nil)!
        gcs.append((depth, gc))
        return gc
    }
}
