import CJPEG
import Glibc
import Proscenium

/// Reads JPEG files as opaque RGBA `Image`s, through libjpeg-turbo. A corrupt or truncated file, or one
/// larger than X can draw, is a `PNGError` naming it (the image errors are one type, whatever the format),
/// and nothing is left allocated.
public enum JPEGCodec {
    /// Whether `bytes` begin as a JPEG does (the SOI marker and the next marker's first byte).
    public static func isJPEG(_ bytes: some Collection<UInt8>) -> Bool {
        bytes.starts(with: [0xFF, 0xD8, 0xFF])
    }

    /// Decodes the JPEG file at `path`.
    public static func read(contentsOf path: String) throws(PNGError) -> Image {
        let bytes = try ImageFileReading.bytes(of: path)
        do throws(PNGError) {
            return try decode(bytes)
        } catch {
            throw .cannotRead(path: path, reason: error.reason)
        }
    }

    /// Decodes JPEG bytes held in memory.
    public static func decode(_ bytes: [UInt8]) throws(PNGError) -> Image {
        var pixels: UnsafeMutablePointer<UInt8>?
        var width: Int32 = 0, height: Int32 = 0, orientation: Int32 = 1
        var message = [CChar](repeating: 0, count: Int(JMSG_LENGTH_MAX) + 1)
        let ok = bytes.withUnsafeBufferPointer { buffer in
            proscenium_jpeg_decode(buffer.baseAddress, UInt(buffer.count), PNGCodec.maximumSide, PNGCodec.maximumPixels,
                                   &pixels, &width, &height, &orientation, &message)
        }
        guard ok != 0, let pixels else {
            throw .codecFailed(String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        defer { free(pixels) }
        let count = Int(width) * Int(height) * 4
        let stored = Image(width: Int(width), height: Int(height), pixels: Array(UnsafeBufferPointer(start: pixels, count: count)))
        return upright(stored, orientation: Int(orientation))
    }

    /// `image` turned as its EXIF `orientation` (1 to 8) says it is to be shown, as UIKit's `UIImage` and
    /// browsers show a phone's photo: a portrait photo stored sideways (6) comes out portrait.
    static func upright(_ image: Image, orientation: Int) -> Image {
        guard (2...8).contains(orientation) else { return image }
        let w = image.width, h = image.height
        let swaps = orientation >= 5
        let outWidth = swaps ? h : w, outHeight = swaps ? w : h
        var out = [UInt8](repeating: 0, count: outWidth * outHeight * 4)
        image.pixels.withUnsafeBufferPointer { source in
            for oy in 0..<outHeight {
                for ox in 0..<outWidth {
                    // Where the shown pixel (ox, oy) is stored.
                    let (sx, sy): (Int, Int)
                    switch orientation {
                    case 2: (sx, sy) = (w - 1 - ox, oy)
                    case 3: (sx, sy) = (w - 1 - ox, h - 1 - oy)
                    case 4: (sx, sy) = (ox, h - 1 - oy)
                    case 5: (sx, sy) = (oy, ox)
                    case 6: (sx, sy) = (oy, h - 1 - ox)
                    case 7: (sx, sy) = (w - 1 - oy, h - 1 - ox)
                    default: (sx, sy) = (w - 1 - oy, ox)
                    }
                    let from = (sy * w + sx) * 4, to = (oy * outWidth + ox) * 4
                    out[to] = source[from]
                    out[to + 1] = source[from + 1]
                    out[to + 2] = source[from + 2]
                    out[to + 3] = source[from + 3]
                }
            }
        }
        return Image(width: outWidth, height: outHeight, pixels: out)
    }

    /// `image` as JPEG bytes of `quality` (1...100), its alpha dropped; nil when libjpeg fails. The toolkit
    /// only reads JPEGs: this makes the files its tests read.
    static func encode(_ image: Image, quality: Int = 95) -> [UInt8]? {
        encode(image.pixels, width: image.width, height: image.height, quality: quality, cmyk: false, adobe: false)
    }

    /// A `width`×`height` CMYK JPEG of `inks` (four bytes a pixel, 255 full ink): with `adobe`, stored
    /// inverted behind an Adobe marker as Photoshop writes print-ready files, else plain; nil when libjpeg
    /// fails. For the tests.
    static func encodeCMYK(inks: [UInt8], width: Int, height: Int, adobe: Bool = true) -> [UInt8]? {
        let stored = adobe ? inks.map { 255 - $0 } : inks
        return encode(stored, width: width, height: height, quality: 95, cmyk: true, adobe: adobe)
    }

    private static func encode(_ samples: [UInt8], width: Int, height: Int, quality: Int, cmyk: Bool, adobe: Bool) -> [UInt8]? {
        var data: UnsafeMutablePointer<UInt8>?
        var size: UInt = 0
        let ok = samples.withUnsafeBufferPointer { samples in
            proscenium_jpeg_encode(samples.baseAddress, Int32(width), Int32(height), Int32(quality), cmyk ? 1 : 0,
                                   adobe ? 1 : 0, &data, &size)
        }
        guard ok != 0, let data else { return nil }
        defer { free(data) }
        return Array(UnsafeBufferPointer(start: data, count: Int(size)))
    }
}

extension PNGError {
    /// What went wrong, without the path.
    var reason: String {
        switch self {
        case let .cannotRead(_, reason), let .cannotWrite(_, reason): return reason
        case let .unsupportedImage(detail), let .codecFailed(detail): return detail
        default: return description
        }
    }
}
