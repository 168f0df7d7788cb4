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
}
