import Foundation
import Proscenium
import ProsceniumX11
import Testing
import TestSupport

/// Golden image comparison: tolerance, artifacts on failure, recording.
@Suite("ImageComparison")
struct ImageComparisonTests {
    /// A folder for one test's goldens and artifacts, removed afterwards.
    final class Workspace {
        let root: String
        var golden: String { root + "/goldens/card.png" }
        var artifacts: String { root + "/artifacts" }

        init() throws {
            root = FileManager.default.temporaryDirectory.appendingPathComponent("compare-\(getpid())-\(UUID().uuidString)").path
            try FileManager.default.createDirectory(atPath: root + "/goldens", withIntermediateDirectories: true)
        }

        deinit { try? FileManager.default.removeItem(atPath: root) }
    }

    static func solid(_ value: UInt8, width: Int = 8, height: Int = 6) -> Image {
        Image(width: width, height: height, pixels: [UInt8](repeating: value, count: width * height * 4))
    }

    /// `base` with one pixel's red channel changed to `red`.
    static func withPixel(_ base: Image, x: Int, y: Int, red: UInt8) -> Image {
        var pixels = base.pixels
        pixels[(y * base.width + x) * 4] = red
        return Image(width: base.width, height: base.height, pixels: pixels)
    }

    @Test("a difference of 8 passes with tolerance 8; 9 fails")
    func toleranceBoundary() throws {
        let space = try Workspace()
        try PNGCodec.write(Self.solid(100), to: space.golden)

        let within = try ImageComparison.assertMatches(Self.withPixel(Self.solid(100), x: 3, y: 2, red: 108), golden: space.golden,
                                                       tolerance: 8, artifactsDirectory: space.artifacts, record: false)
        #expect(within.mismatchedPixels == 0 && within.worstChannelDifference == 8)
        #expect(!FileManager.default.fileExists(atPath: space.artifacts))

        #expect(throws: ImageComparisonError.self) {
            try ImageComparison.assertMatches(Self.withPixel(Self.solid(100), x: 3, y: 2, red: 109), golden: space.golden,
                                              tolerance: 8, artifactsDirectory: space.artifacts, record: false)
        }
        let pure = ImageComparison.pixelsDiffering(Self.withPixel(Self.solid(100), x: 0, y: 0, red: 91), Self.solid(100), tolerance: 8)
        #expect(pure == ComparisonResult(width: 8, height: 6, mismatchedPixels: 1, worstChannelDifference: 9))
    }

    @Test("a mismatch writes actual and diff images and the message names the folder, count and worst difference")
    func mismatchArtifacts() throws {
        let space = try Workspace()
        try PNGCodec.write(Self.solid(100), to: space.golden)
        var actual = Self.withPixel(Self.solid(100), x: 1, y: 1, red: 250)
        actual = Self.withPixel(actual, x: 6, y: 4, red: 0)

        #expect {
            try ImageComparison.assertMatches(actual, golden: space.golden, artifactsDirectory: space.artifacts, record: false)
        } throws: { error in
            let text = "\(error)"
            return text.contains(space.artifacts) && text.contains("2 mismatched pixels")
                && text.contains("worst channel difference 150") && text.contains("card-actual.png")
        }
        let written = try PNGCodec.read(contentsOf: space.artifacts + "/card-actual.png")
        #expect(written.pixels == actual.pixels)
        let diff = try PNGCodec.read(contentsOf: space.artifacts + "/card-diff.png")
        #expect(Array(diff.pixels[(1 * 8 + 1) * 4..<(1 * 8 + 1) * 4 + 4]) == [255, 0, 0, 255])
        #expect(Array(diff.pixels[(6 + 4 * 8) * 4..<(6 + 4 * 8) * 4 + 4]) == [255, 0, 0, 255])
        let grey = Array(diff.pixels[0..<4])
        #expect(grey[0] == grey[1] && grey[1] == grey[2] && grey[0] < 100 && grey[3] == 255)
    }

    @Test("maxMismatchedPixels lets a few pixels differ")
    func allowedMismatches() throws {
        let space = try Workspace()
        try PNGCodec.write(Self.solid(100), to: space.golden)
        let result = try ImageComparison.assertMatches(Self.withPixel(Self.solid(100), x: 1, y: 1, red: 0), golden: space.golden,
                                                       maxMismatchedPixels: 1, artifactsDirectory: space.artifacts, record: false)
        #expect(result.mismatchedPixels == 1)
    }

    @Test("a size mismatch or a missing golden fails with artifacts written")
    func sizeAndMissing() throws {
        let space = try Workspace()
        try PNGCodec.write(Self.solid(100), to: space.golden)
        #expect {
            try ImageComparison.assertMatches(Self.solid(100, width: 9), golden: space.golden, artifactsDirectory: space.artifacts, record: false)
        } throws: { "\($0)".contains("9x6") && "\($0)".contains("8x6") && "\($0)".contains(space.artifacts) }
        #expect(try PNGCodec.read(contentsOf: space.artifacts + "/card-diff.png").width == 9)

        let missing = space.root + "/goldens/none.png"
        #expect {
            try ImageComparison.assertMatches(Self.solid(1), golden: missing, artifactsDirectory: space.artifacts, record: false)
        } throws: { "\($0)".contains(missing) && "\($0)".contains("PROSCENIUM_RECORD_GOLDENS=1") }
        #expect(FileManager.default.fileExists(atPath: space.artifacts + "/none-actual.png"))
    }

    @Test("recording writes the golden and a later comparison passes")
    func recording() throws {
        let space = try Workspace()
        let golden = space.root + "/new/dir/recorded.png"
        try ImageComparison.assertMatches(Self.solid(42), golden: golden, artifactsDirectory: space.artifacts, record: true)
        #expect(try PNGCodec.read(contentsOf: golden).pixels == Self.solid(42).pixels)
        try ImageComparison.assertMatches(Self.solid(42), golden: golden, artifactsDirectory: space.artifacts, record: false)
    }

    @Test("artifacts go under the package root unless PROSCENIUM_ARTIFACTS says otherwise")
    func artifactsLocation() {
        let standard = ImageComparison.artifactsDirectory(environment: [:])
        #expect(standard == ImageComparison.packageRoot + "/artifacts/screenshots")
        #expect(FileManager.default.fileExists(atPath: ImageComparison.packageRoot + "/Package.swift"))
        #expect(ImageComparison.artifactsDirectory(environment: ["PROSCENIUM_ARTIFACTS": "/tmp/x"]) == "/tmp/x")
        #expect(ImageComparison.goldenPath("a").hasSuffix("Tests/ProsceniumX11Tests/Goldens/a.png")
            || ImageComparison.goldenPath("a").hasSuffix("Tests/Mine/Goldens/a.png"))
    }
}
