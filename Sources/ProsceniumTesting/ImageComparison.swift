import Foundation
import Proscenium
import ProsceniumX11

/// How two images differ: pixels with any channel (alpha included) further apart than the tolerance.
public struct ComparisonResult: Sendable, Equatable {
    /// The compared width: the larger of the two; pixels only one image has count as mismatched.
    public let width: Int
    /// The compared height: the larger of the two.
    public let height: Int
    /// Pixels where some channel differs by more than the tolerance.
    public let mismatchedPixels: Int
    /// The largest difference of any channel anywhere, 0...255.
    public let worstChannelDifference: Int

    /// A result with the given counts.
    public init(width: Int, height: Int, mismatchedPixels: Int, worstChannelDifference: Int) {
        self.width = width
        self.height = height
        self.mismatchedPixels = mismatchedPixels
        self.worstChannelDifference = worstChannelDifference
    }
}

/// Compares screenshots against golden PNGs, writing `<name>-actual.png` and `<name>-diff.png` to an
/// artifacts folder when they differ. Set `PROSCENIUM_RECORD_GOLDENS=1` to (re)record goldens instead.
public enum ImageComparison {
    /// Set to 1 to write actual images as goldens instead of comparing.
    public static let recordVariable = "PROSCENIUM_RECORD_GOLDENS"
    /// Overrides where failure artifacts go.
    public static let artifactsVariable = "PROSCENIUM_ARTIFACTS"

    /// Proscenium's own root directory, found from this source file's path.
    public static let packageRoot: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }  // ImageComparison.swift, ProsceniumTesting, Sources
        return url.path
    }()

    /// `$PROSCENIUM_ARTIFACTS`, or Proscenium's own `artifacts/screenshots` (its tests' folder).
    public static var defaultArtifactsDirectory: String {
        artifactsDirectory(environment: ProcessInfo.processInfo.environment)
    }

    /// The artifacts folder a given environment selects for Proscenium's own tests.
    public static func artifactsDirectory(environment: [String: String]) -> String {
        if let custom = environment[artifactsVariable], !custom.isEmpty { return custom }
        return packageRoot + "/artifacts/screenshots"
    }

    /// Where the artifacts of a comparison with `goldenPath` go: `$PROSCENIUM_ARTIFACTS`, else
    /// `artifacts/screenshots` in the package that holds the golden (the nearest folder above it with a
    /// `Package.swift`: an app's goldens, an app's folder, never a dependency's), else `proscenium-artifacts`
    /// in the temporary directory.
    public static func artifactsDirectory(forGolden goldenPath: String,
                                          environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let custom = environment[artifactsVariable], !custom.isEmpty { return custom }
        var folder = URL(fileURLWithPath: goldenPath).deletingLastPathComponent()
        while folder.path != "/" && !folder.path.isEmpty {
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) {
                return folder.appendingPathComponent("artifacts/screenshots").path
            }
            folder.deleteLastPathComponent()
        }
        return FileManager.default.temporaryDirectory.appendingPathComponent("proscenium-artifacts").path
    }

    /// Whether `PROSCENIUM_RECORD_GOLDENS=1` asks for goldens to be recorded.
    public static var isRecording: Bool {
        ProcessInfo.processInfo.environment[recordVariable] == "1"
    }

    /// `<directory of testFile>/Goldens/<name>.png`: the source copy, which recording updates.
    public static func goldenPath(_ name: String, testFile: String = #filePath) -> String {
        URL(fileURLWithPath: testFile).deletingLastPathComponent()
            .appendingPathComponent("Goldens").appendingPathComponent(name + ".png").path
    }

    /// Checks `actual` against the PNG at `goldenPath`; throws `ImageComparisonError` when more than
    /// `maxMismatchedPixels` pixels differ by more than `tolerance` in some channel, the sizes differ, or
    /// the golden is missing — after writing the actual image and a diff into `artifactsDirectory`, by
    /// default `artifactsDirectory(forGolden:)`.
    @discardableResult
    public static func assertMatches(_ actual: Image, golden goldenPath: String, tolerance: Int = 8,
                                     maxMismatchedPixels: Int = 0,
                                     artifactsDirectory: String? = nil,
                                     record: Bool = isRecording) throws -> ComparisonResult {
        let artifactsDirectory = artifactsDirectory ?? Self.artifactsDirectory(forGolden: goldenPath)
        let name = URL(fileURLWithPath: goldenPath).deletingPathExtension().lastPathComponent
        if record {
            try FileManager.default.createDirectory(atPath: (goldenPath as NSString).deletingLastPathComponent,
                                                    withIntermediateDirectories: true)
            try PNGCodec.write(actual, to: goldenPath)
            return ComparisonResult(width: actual.width, height: actual.height, mismatchedPixels: 0, worstChannelDifference: 0)
        }
        let artifacts = Artifacts(directory: artifactsDirectory, name: name)
        guard FileManager.default.fileExists(atPath: goldenPath) else {
            let report = artifacts.write(actual: actual, diff: nil)
            throw ImageComparisonError.missingGolden(path: goldenPath, artifacts: report)
        }
        let expected = try PNGCodec.read(contentsOf: goldenPath)
        let result = pixelsDiffering(actual, expected, tolerance: tolerance)
        if actual.width != expected.width || actual.height != expected.height {
            let report = artifacts.write(actual: actual, diff: diffImage(actual, expected, tolerance: tolerance))
            throw ImageComparisonError.sizeMismatch(golden: goldenPath, actual: "\(actual.width)x\(actual.height)",
                                                    expected: "\(expected.width)x\(expected.height)", artifacts: report)
        }
        if result.mismatchedPixels > maxMismatchedPixels {
            let report = artifacts.write(actual: actual, diff: diffImage(actual, expected, tolerance: tolerance))
            throw ImageComparisonError.mismatch(golden: goldenPath, result: result, tolerance: tolerance,
                                                allowed: maxMismatchedPixels, artifacts: report)
        }
        return result
    }

    /// `assertMatches` with the decoding and the pixel loops on a thread of its own: the caller's actor
    /// (the main actor that X tests share) runs other work meanwhile. What an async test calls.
    @discardableResult
    nonisolated(nonsending) public static func assertMatches(_ actual: Image, golden goldenPath: String, tolerance: Int = 8,
                                                             maxMismatchedPixels: Int = 0,
                                                             artifactsDirectory: String? = nil,
                                                             record: Bool = isRecording) async throws -> ComparisonResult {
        try await onOwnThread {
            try assertMatches(actual, golden: goldenPath, tolerance: tolerance, maxMismatchedPixels: maxMismatchedPixels,
                              artifactsDirectory: artifactsDirectory, record: record)
        }
    }

    /// Counts pixels where some channel of `a` and `b` differs by more than `tolerance`.
    public static func pixelsDiffering(_ a: Image, _ b: Image, tolerance: Int) -> ComparisonResult {
        var mismatched = 0, worst = 0
        forEachPixel(a, b, skippingEqualRows: true) { x, y, difference in
            worst = max(worst, difference)
            if difference > tolerance { mismatched += 1 }
        }
        return ComparisonResult(width: max(a.width, b.width), height: max(a.height, b.height),
                                mismatchedPixels: mismatched, worstChannelDifference: worst)
    }

    /// Mismatched pixels in bright red over a dimmed grey copy of `actual`, at the larger of the two sizes.
    public static func diffImage(_ actual: Image, _ expected: Image, tolerance: Int) -> Image {
        let width = max(actual.width, expected.width), height = max(actual.height, expected.height)
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        forEachPixel(actual, expected) { x, y, difference in
            let o = (y * width + x) * 4
            if difference > tolerance {
                pixels[o] = 255; pixels[o + 1] = 0; pixels[o + 2] = 0
            } else {
                let i = (y * actual.width + x) * 4
                let p = actual.pixels
                let luminance = (299 * Int(p[i]) + 587 * Int(p[i + 1]) + 114 * Int(p[i + 2])) / 1000
                let grey = UInt8(40 + luminance * 35 / 100)
                pixels[o] = grey; pixels[o + 1] = grey; pixels[o + 2] = grey
            }
            pixels[o + 3] = 255
        }
        return Image(width: width, height: height, pixels: pixels)
    }

    /// Calls `body` for every pixel of the union of both images with the largest channel difference there
    /// (255 where only one image has the pixel).
    /// With `skippingEqualRows`, rows that are byte for byte the same in both images (the common case: most
    /// of a golden matches exactly) are left out after one `memcmp` each rather than walked pixel by pixel,
    /// which costs seconds a screenshot in the debug builds tests run.
    private static func forEachPixel(_ a: Image, _ b: Image, skippingEqualRows: Bool = false,
                                     _ body: (Int, Int, Int) -> Void) {
        let width = max(a.width, b.width), height = max(a.height, b.height)
        a.pixels.withUnsafeBufferPointer { pa in
            b.pixels.withUnsafeBufferPointer { pb in
                for y in 0..<height {
                    if skippingEqualRows, a.width == b.width, y < a.height, y < b.height,
                       let rowA = pa.baseAddress, let rowB = pb.baseAddress,
                       memcmp(rowA + y * a.width * 4, rowB + y * b.width * 4, a.width * 4) == 0 {
                        continue
                    }
                    for x in 0..<width {
                        guard x < a.width, y < a.height, x < b.width, y < b.height else {
                            body(x, y, 255)
                            continue
                        }
                        let i = (y * a.width + x) * 4, j = (y * b.width + x) * 4
                        var difference = 0
                        for c in 0..<4 { difference = max(difference, abs(Int(pa[i + c]) - Int(pb[j + c]))) }
                        body(x, y, difference)
                    }
                }
            }
        }
    }
}

/// Where a failed comparison leaves its evidence.
private struct Artifacts {
    let directory: String
    let name: String

    /// Writes the actual image and the diff, and says where they are for the error message: "foo-actual.png
    /// and foo-diff.png in /path/artifacts/screenshots". A failure to write is reported there too.
    func write(actual: Image, diff: Image?) -> String {
        var files = ["\(name)-actual.png"]
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            try PNGCodec.write(actual, to: "\(directory)/\(name)-actual.png")
            if let diff {
                try PNGCodec.write(diff, to: "\(directory)/\(name)-diff.png")
                files.append("\(name)-diff.png")
            }
        } catch {
            return "no artifacts, writing them to \(directory) failed: \(error)"
        }
        return files.joined(separator: " and ") + " in \(directory)"
    }
}
