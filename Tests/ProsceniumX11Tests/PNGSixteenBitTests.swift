import Proscenium
import ProsceniumX11
import Testing

/// PNGs of 16 bits a channel that name no colour space are sRGB, as every viewer shows them: a mid-grey of
/// 0x8000 is 128 in 8 bits, not the brighter value a linear reading gives.
@Suite("16-bit PNGs")
struct PNGSixteenBitTests {
    /// A 1×1 grey PNG of 16 bits with `value` and nothing but IHDR, IDAT and IEND (no gAMA, sRGB or iCCP).
    static func greyPNG(_ value: UInt16) -> [UInt8] {
        func bigEndian(_ number: UInt32) -> [UInt8] { [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: number >> $0) } }
        func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
            let body = Array(type.utf8) + data
            return bigEndian(UInt32(data.count)) + body + bigEndian(crc32(body))
        }
        // One row: filter byte 0, then the sample, big-endian; stored in a zlib stream as one raw block.
        let row: [UInt8] = [0, UInt8(value >> 8), UInt8(value & 0xFF)]
        let length = UInt16(row.count)
        let zlib: [UInt8] = [0x78, 0x01, 1, UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8(~length >> 8)]
            + row + bigEndian(adler32(row))
        let header = bigEndian(1) + bigEndian(1) + [16, 0, 0, 0, 0]  // 1×1, 16 bits, grey
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", header) + chunk("IDAT", zlib) + chunk("IEND", [])
    }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 != 0 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    static func adler32(_ bytes: [UInt8]) -> UInt32 {
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in bytes {
            a = (a + UInt32(byte)) % 65521
            b = (b + a) % 65521
        }
        return b << 16 | a
    }

    @Test("mid-grey, black and white of 16 bits decode to 128, 0 and 255")
    func sixteenBitGreyIsSRGB() throws {
        for (value, expected) in [(UInt16(0x8000), UInt8(128)), (0, 0), (0xFFFF, 255)] {
            let image = try PNGCodec.decode(Self.greyPNG(value))
            #expect(image.width == 1 && image.height == 1)
            #expect(Array(image.pixels) == [expected, expected, expected, 255], "0x\(String(value, radix: 16))")
        }
    }
}
