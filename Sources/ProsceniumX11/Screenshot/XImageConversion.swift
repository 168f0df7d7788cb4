import CX11
import Proscenium

/// Turns a ZPixmap `XImage` from a TrueColor drawable (16 or 32 bits a pixel: depths 15, 16, 24, 30 and
/// 32) into a straight-alpha RGBA `Image`.
enum XImageConversion {
    /// Channel masks to assume when the XImage carries none (XGetImage on a pixmap leaves them zero).
    typealias Masks = (red: UInt, green: UInt, blue: UInt)

    /// Converts the top-left `width` x `height` pixels of `ximage`.
    static func image(from ximage: UnsafeMutablePointer<XImage>, width: Int, height: Int,
                      fallbackMasks: Masks) throws(ScreenCaptureError) -> Image {
        let x = ximage.pointee
        guard x.format == ZPixmap, x.bits_per_pixel == 32 || x.bits_per_pixel == 16 else {
            throw .unsupportedFormat("\(x.bits_per_pixel) bits per pixel, format \(x.format); expected a 16- or 32-bit ZPixmap")
        }
        guard Int(x.width) >= width, Int(x.height) >= height, let data = x.data else {
            throw .unsupportedFormat("the XImage is \(x.width)x\(x.height) without data for \(width)x\(height)")
        }
        var masks: Masks = (x.red_mask, x.green_mask, x.blue_mask)
        if masks.red | masks.green | masks.blue == 0 { masks = fallbackMasks }
        let layout = PixelLayout(masks: masks, hasAlpha: x.depth == 32, bigEndian: x.byte_order == MSBFirst,
                                 bytesPerPixel: Int(x.bits_per_pixel / 8))
        guard let layout else {
            let hex = [masks.red, masks.green, masks.blue].map { "0x" + String($0, radix: 16) }
            throw .unsupportedFormat("channel masks \(hex.joined(separator: "/")) are not contiguous")
        }
        let source = UnsafeRawPointer(data)
        let stride = Int(x.bytes_per_line)
        let pixels = [UInt8](unsafeUninitializedCapacity: width * height * 4) { buffer, count in
            let destination = UnsafeMutableRawPointer(buffer.baseAddress!)
            for row in 0..<height {
                layout.convertRow(from: source + row * stride, to: destination + row * width * 4, count: width)
            }
            count = width * height * 4
        }
        return Image(width: width, height: height, pixels: pixels)
    }
}

/// Where each channel sits in a 16- or 32-bit pixel, and how to turn a row of such pixels into RGBA bytes.
private struct PixelLayout {
    let red: Channel, green: Channel, blue: Channel
    /// The bits left over in a depth-32 pixel: premultiplied alpha.
    let alpha: Channel?
    let bigEndian: Bool
    /// 4, or 2 for high colour (depth 15 or 16).
    let bytesPerPixel: Int

    init?(masks: XImageConversion.Masks, hasAlpha: Bool, bigEndian: Bool, bytesPerPixel: Int = 4) {
        guard let red = Channel(mask: masks.red), let green = Channel(mask: masks.green),
              let blue = Channel(mask: masks.blue) else { return nil }
        self.red = red; self.green = green; self.blue = blue
        self.alpha = hasAlpha ? Channel(mask: 0xFFFF_FFFF & ~(masks.red | masks.green | masks.blue)) : nil
        self.bigEndian = bigEndian
        self.bytesPerPixel = bytesPerPixel
    }

    /// The common X layout (0xAARRGGBB, least significant byte first) without alpha, which gets a fast path.
    private var isPlainXRGB: Bool {
        bytesPerPixel == 4 && !bigEndian && alpha == nil && red.mask == 0xFF0000 && green.mask == 0xFF00 && blue.mask == 0xFF
    }

    func convertRow(from source: UnsafeRawPointer, to destination: UnsafeMutableRawPointer, count: Int) {
        if isPlainXRGB, source.isAligned(for: UInt32.self) {
            // Whole 32-bit words, with a plain loop: this is the common case and must be quick in debug builds.
            let from = source.assumingMemoryBound(to: UInt32.self)
            let to = destination.assumingMemoryBound(to: UInt32.self)
            var i = 0
            while i < count {
                // Memory order R G B A is the little-endian value 0xAABBGGRR. On a little-endian machine
                // the byte-order conversions are no-ops, but generic calls in a debug build: left out.
                #if _endian(little)
                let p = from[i]
                to[i] = 0xFF00_0000 | (p & 0xFF) &<< 16 | (p & 0xFF00) | (p &>> 16 & 0xFF)
                #else
                let p = UInt32(littleEndian: from[i])
                to[i] = (0xFF00_0000 | (p & 0xFF) &<< 16 | (p & 0xFF00) | (p &>> 16 & 0xFF)).littleEndian
                #endif
                i &+= 1
            }
            return
        }
        let out = destination.assumingMemoryBound(to: UInt8.self)
        for i in 0..<count {
            let p = pixel(at: i, in: source)
            var r = red.value(in: p), g = green.value(in: p), b = blue.value(in: p)
            var a: UInt = 255
            if let alpha {
                a = alpha.value(in: p)
                if a == 0 {
                    r = 0; g = 0; b = 0
                } else if a < 255 {
                    r = min(255, (r * 255 + a / 2) / a)
                    g = min(255, (g * 255 + a / 2) / a)
                    b = min(255, (b * 255 + a / 2) / a)
                }
            }
            out[i * 4] = UInt8(r); out[i * 4 + 1] = UInt8(g); out[i * 4 + 2] = UInt8(b); out[i * 4 + 3] = UInt8(a)
        }
    }
}

extension PixelLayout {
    /// The `index`th pixel of a row, in the image's byte order.
    fileprivate func pixel(at index: Int, in row: UnsafeRawPointer) -> UInt {
        if bytesPerPixel == 2 {
            let raw = row.loadUnaligned(fromByteOffset: index * 2, as: UInt16.self)
            return UInt(bigEndian ? UInt16(bigEndian: raw) : UInt16(littleEndian: raw))
        }
        let raw = row.loadUnaligned(fromByteOffset: index * 4, as: UInt32.self)
        return UInt(bigEndian ? UInt32(bigEndian: raw) : UInt32(littleEndian: raw))
    }
}

/// One channel of a pixel: a contiguous run of bits, scaled to 0...255.
private struct Channel: Equatable {
    let mask: UInt
    let shift: UInt
    let maximum: UInt

    init?(mask: UInt) {
        guard mask != 0 else { return nil }
        let shift = UInt(mask.trailingZeroBitCount)
        let maximum = mask >> shift
        // Contiguous: the shifted mask is all ones.
        guard maximum & (maximum + 1) == 0 else { return nil }
        self.mask = mask
        self.shift = shift
        self.maximum = maximum
    }

    func value(in pixel: UInt) -> UInt {
        let v = (pixel & mask) >> shift
        return maximum == 255 ? v : (v * 255 + maximum / 2) / maximum
    }
}

private extension UnsafeRawPointer {
    /// Whether the pointer is suitably aligned for `T`.
    func isAligned<T>(for type: T.Type) -> Bool {
        Int(bitPattern: self) % MemoryLayout<T>.alignment == 0
    }
}
