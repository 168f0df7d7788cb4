import Foundation
import Proscenium
@testable import ProsceniumX11
import TestSupport
import Testing

/// JPEG images through libjpeg-turbo: decoded to opaque RGBA close to what was encoded, loaded by name, and
/// every malformed file an error naming it, never a crash.
@MainActor @Suite("JPEG images")
struct JPEGCodecTests {
    /// 48 × 32: blue on the left half, yellow on the right.
    static func halves() -> Image {
        var pixels: [UInt8] = []
        for _ in 0..<32 {
            for x in 0..<48 { pixels += x < 24 ? [0x33, 0x66, 0xCC, 255] : [0xFF, 0xCC, 0x00, 255] }
        }
        return Image(width: 48, height: 32, pixels: pixels)
    }

    @Test("a JPEG decodes to its size and, away from the edge between the halves, its colours")
    func decodes() throws {
        let bytes = try #require(JPEGCodec.encode(Self.halves()))
        #expect(JPEGCodec.isJPEG(bytes))
        let image = try JPEGCodec.decode(bytes)
        #expect(image.width == 48 && image.height == 32)
        for (x, expected) in [(6, [0x33, 0x66, 0xCC]), (40, [0xFF, 0xCC, 0x00])] {
            let i = (16 * 48 + x) * 4
            let pixel = image.pixels[i..<(i + 4)].map(Int.init)
            #expect(zip(pixel.prefix(3), expected).allSatisfy { abs($0 - $1) <= 6 } && pixel[3] == 255, "x \(x): \(pixel)")
        }
    }

    @Test("a print-ready CMYK JPEG (inverted inks behind an Adobe marker, as Photoshop writes, or plain) decodes to its colours")
    func decodesCMYK() throws {
        // 32 × 16: cyan ink on the left half, magenta and yellow (red) on the right, a quarter of black over all.
        var inks: [UInt8] = []
        for _ in 0..<16 {
            for x in 0..<32 { inks += x < 16 ? [255, 0, 0, 64] : [0, 255, 255, 64] }
        }
        // Photoshop's way (inverted, Adobe marker) and plain CMYK with no marker read alike.
        for adobe in [true, false] {
            let bytes = try #require(JPEGCodec.encodeCMYK(inks: inks, width: 32, height: 16, adobe: adobe))
            let image = try JPEGCodec.decode(bytes)
            #expect(image.width == 32 && image.height == 16)
            // No ink is 255; a quarter of black leaves 191 of each.
            for (x, expected) in [(4, [0, 191, 191]), (28, [191, 0, 0])] {
                let i = (8 * 32 + x) * 4
                let pixel = image.pixels[i..<(i + 4)].map(Int.init)
                #expect(zip(pixel.prefix(3), expected).allSatisfy { abs($0 - $1) <= 8 } && pixel[3] == 255, "adobe \(adobe), x \(x): \(pixel)")
            }
        }
    }

    @Test("by name: photo.jpg and its @2x beside it; no extension finds it too")
    func byName() throws {
        let directory = try PNGCodecTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try Data(try #require(JPEGCodec.encode(Self.halves()))).write(to: URL(fileURLWithPath: directory + "/photo.jpg"))
        let double = Image(width: 96, height: 64, fill: .white)
        try Data(try #require(JPEGCodec.encode(double))).write(to: URL(fileURLWithPath: directory + "/photo@2x.jpg"))
        let photo = try Image(named: "photo", in: directory)
        #expect(photo.width == 48 && photo.representation(forScale: 2).width == 96)
        #expect(try Image(named: "photo.jpg", in: directory).width == 48)
    }

    @Test("malformed JPEGs: truncated, corrupted bytes, not a JPEG — each an error naming the file")
    func malformed() throws {
        let directory = try PNGCodecTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let bytes = try #require(JPEGCodec.encode(Self.halves()))
        var random = SeededGenerator(seed: 7)
        var cases: [[UInt8]] = [Array(bytes.prefix(bytes.count / 3)), Array(bytes.prefix(2)), [], Array("GIF89a".utf8)]
        for _ in 0..<200 {
            var corrupted = bytes
            for _ in 0..<Int.random(in: 1...12, using: &random) {
                corrupted[Int.random(in: 0..<corrupted.count, using: &random)] = UInt8.random(in: 0...255, using: &random)
            }
            cases.append(Array(corrupted.prefix(Int.random(in: 2...corrupted.count, using: &random))))
        }
        var refused = 0
        for (index, malformed) in cases.enumerated() {
            let path = directory + "/bad\(index).jpg"
            try Data(malformed).write(to: URL(fileURLWithPath: path))
            do {
                let image = try Image(named: "bad\(index).jpg", in: directory)
                // A byte changed in the entropy-coded data can still decode without a warning: an image,
                // whole (it is what the file says).
                #expect(index >= 4 && image.pixels.count == image.width * image.height * 4)
            } catch {
                #expect("\(error)".contains("bad\(index).jpg"))
                refused += 1
            }
        }
        #expect(refused >= 100, "most damage is noticed: \(refused) of \(cases.count) refused")
    }

    @Test("harmless quirks still decode, as in other viewers: stray bytes before a marker, an unknown JFIF revision; a truncated file does not")
    func harmlessWarningsDecode() throws {
        let bytes = try #require(JPEGCodec.encode(Self.halves()))
        // The APP0 (JFIF) segment starts at 2; the next marker follows its length.
        #expect(bytes[2] == 0xFF && bytes[3] == 0xE0)
        let next = 4 + (Int(bytes[4]) << 8 | Int(bytes[5]))
        var stray = bytes
        stray.insert(contentsOf: [0x00, 0x00], at: next)
        let decoded = try JPEGCodec.decode(stray)
        #expect(decoded.width == 48 && decoded.height == 32)
        var revision = bytes
        revision[11] = 2  // JFIF major version 2
        #expect(try JPEGCodec.decode(revision).width == 48)
        do {
            _ = try JPEGCodec.decode(Array(bytes.prefix(bytes.count * 2 / 3)))
            Issue.record("a truncated JPEG decoded")
        } catch {
            #expect(!"\(error)".contains("PNG"), "a JPEG's error says image, not PNG: \(error)")
        }
    }

    /// An APP1 segment with an EXIF directory that holds only an orientation, big- or little-endian.
    static func exifSegment(orientation: UInt8, littleEndian: Bool) -> [UInt8] {
        let tiff: [UInt8] = littleEndian
            ? [0x49, 0x49, 0x2A, 0x00, 0x08, 0x00, 0x00, 0x00, 0x01, 0x00,
               0x12, 0x01, 0x03, 0x00, 0x01, 0x00, 0x00, 0x00, orientation, 0x00, 0x00, 0x00, 0, 0, 0, 0]
            : [0x4D, 0x4D, 0x00, 0x2A, 0x00, 0x00, 0x00, 0x08, 0x00, 0x01,
               0x01, 0x12, 0x00, 0x03, 0x00, 0x00, 0x00, 0x01, 0x00, orientation, 0x00, 0x00, 0, 0, 0, 0]
        let data = Array("Exif".utf8) + [0, 0] + tiff
        let length = data.count + 2
        return [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + data
    }

    @Test("a photo whose EXIF says it is stored turned (a phone held upright) decodes upright, either byte order")
    func exifOrientationTurnsThePhotoUpright() throws {
        // 32 × 16, red in the top-left quarter, white elsewhere.
        var pixels: [UInt8] = []
        for y in 0..<16 { for x in 0..<32 { pixels += x < 16 && y < 8 ? [0xE0, 0x20, 0x20, 255] : [255, 255, 255, 255] } }
        let bytes = try #require(JPEGCodec.encode(Image(width: 32, height: 16, pixels: pixels)))
        for littleEndian in [false, true] {
            let turned = Array(bytes.prefix(2)) + Self.exifSegment(orientation: 6, littleEndian: littleEndian) + Array(bytes.dropFirst(2))
            let image = try JPEGCodec.decode(turned)
            #expect(image.width == 16 && image.height == 32, "turned a quarter clockwise: \(image.width)x\(image.height)")
            func red(_ x: Int, _ y: Int) -> Bool { image.pixels[(y * 16 + x) * 4] > 200 && image.pixels[(y * 16 + x) * 4 + 1] < 100 }
            #expect(red(12, 4) && !red(4, 4) && !red(12, 28), "the top-left quarter is now the top-right one")
        }
        #expect(try JPEGCodec.decode(bytes).width == 32, "without EXIF, as stored")
    }

    @Test("each of the eight orientations puts the stored corners where they are shown")
    func theEightOrientations() {
        // 3 × 2, pixels numbered 0...5 in their red channel, row by row.
        let stored = Image(width: 3, height: 2, pixels: (0..<6).flatMap { [UInt8($0), 0, 0, 255] })
        func shown(_ orientation: Int) -> [[Int]] {
            let image = JPEGCodec.upright(stored, orientation: orientation)
            return (0..<image.height).map { y in (0..<image.width).map { x in Int(image.pixels[(y * image.width + x) * 4]) } }
        }
        #expect(shown(1) == [[0, 1, 2], [3, 4, 5]])
        #expect(shown(2) == [[2, 1, 0], [5, 4, 3]])
        #expect(shown(3) == [[5, 4, 3], [2, 1, 0]])
        #expect(shown(4) == [[3, 4, 5], [0, 1, 2]])
        #expect(shown(5) == [[0, 3], [1, 4], [2, 5]])
        #expect(shown(6) == [[3, 0], [4, 1], [5, 2]])
        #expect(shown(7) == [[5, 2], [4, 1], [3, 0]])
        #expect(shown(8) == [[2, 5], [1, 4], [0, 3]])
    }
}
