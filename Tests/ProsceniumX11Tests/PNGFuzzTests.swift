import Proscenium
@testable import ProsceniumX11
import Testing
import TestSupport

/// Malformed PNGs from a good one: flipped bytes (libpng's CRC and zlib checks catch most), truncations,
/// chunk lengths that lie, dimensions past the limits, random bytes. Each is refused with an error or, when
/// the damage missed what libpng checks, decodes to a whole image: never a crash, never a half-filled one.
@MainActor @Suite("PNG fuzz")
struct PNGFuzzTests {
    @Test func damagedPNGsAreRefusedOrWhole() throws {
        let good = try PNGCodec.encode(PNGCodecTests.gradient())
        var random = SeededGenerator(seed: 29)
        var cases: [[UInt8]] = [[], Array(good.prefix(8)), Array(good.prefix(33)), Array(good.dropLast(12))]
        // IHDR's width set to 100,000: refused by the size limit before any pixel is allocated.
        var wide = good
        (wide[16], wide[17], wide[18], wide[19]) = (0, 0x01, 0x86, 0xA0)
        cases.append(wide)
        for _ in 0..<400 {
            var bytes = good
            switch Int.random(in: 0..<4, using: &random) {
            case 0:
                for _ in 0..<Int.random(in: 1...8, using: &random) {
                    bytes[Int.random(in: 8..<bytes.count, using: &random)] = UInt8.random(in: 0...255, using: &random)
                }
            case 1:
                bytes = Array(bytes.prefix(Int.random(in: 8..<bytes.count, using: &random)))
            case 2:
                // A chunk length (the first chunk's, or the IDAT's) that lies.
                let at = Bool.random(using: &random) ? 8 : 33
                for offset in 0..<4 { bytes[at + offset] = UInt8.random(in: 0...255, using: &random) }
            default:
                bytes = Array(good.prefix(8)) + (0..<Int.random(in: 0..<300, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }
            }
            cases.append(bytes)
        }
        var refused = 0
        for bytes in cases {
            do {
                let image = try PNGCodec.decode(bytes)
                #expect(image.width > 0 && image.height > 0 && image.pixels.count == image.width * image.height * 4)
            } catch {
                refused += 1
                #expect(!"\(error)".isEmpty)
            }
        }
        #expect(refused > cases.count / 2, "most damage is caught: \(refused) of \(cases.count)")
        #expect(throws: PNGError.self) { try PNGCodec.decode(wide) }
    }
}
