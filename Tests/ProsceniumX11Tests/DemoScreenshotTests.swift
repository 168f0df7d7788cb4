import Foundation
import Proscenium
import ProsceniumX11
import Testing
import TestSupport

/// Every scene of the gallery as the demo itself renders it on virtual time, against golden PNGs: settled
/// at 1280x800, the adaptive ones at 600x800, bouncy mid-spring at two fixed times, the list mid-fling and
/// the sheet's list handing a drag over to the sheet.
@Suite("Demo screenshots", .serialized)
struct DemoScreenshotTests {
    /// Runs the demo headless with `arguments` plus `--screenshot` (and `environment` besides its own),
    /// and returns the PNG it wrote.
    static func screenshot(_ arguments: [String], environment: [String: String?] = [:]) async throws -> Image {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("proscenium-shots-\(getpid())-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("shot.png").path
        let demo = try DemoProcess(arguments: ["--headless", "--screenshot", path] + arguments,
                                   environment: environment.merging(["DISPLAY": nil]) { $1 })
        let exit = try #require(await demo.exit(timeout: 30), "\(demo.diagnosis)")
        #expect(exit.status == 0, "stderr: \(demo.errorOutput)")
        return try PNGCodec.read(contentsOf: path)
    }

    @Test("each scene settled at 1280x800", arguments: ["bouncy", "side-panel", "overlay", "cool", "sheet", "alert", "rename", "list"])
    func settled(scene: String) async throws {
        let image = try await Self.screenshot(["--scene", scene])
        #expect(image.width == 1280 && image.height == 800)
        try await ImageComparison.assertMatches(image, golden: ImageComparison.goldenPath("demo-\(scene)"), tolerance: 8)
    }

    @Test("the adaptive scenes at 600x800: sheet as a bottom sheet, overlay covering the window",
          arguments: ["sheet", "overlay"])
    func compact(scene: String) async throws {
        let image = try await Self.screenshot(["--scene", scene, "--size", "600x800"])
        try await ImageComparison.assertMatches(image, golden: ImageComparison.goldenPath("demo-\(scene)-600x800"), tolerance: 8)
    }

    @Test("bouncy mid-spring at fixed virtual times", arguments: [0.1, 0.3])
    func bouncyMidSpring(at time: Double) async throws {
        let image = try await Self.screenshot(["--scene", "bouncy", "--at", String(time)])
        try await ImageComparison.assertMatches(image, golden: ImageComparison.goldenPath("demo-bouncy-at-\(time)"), tolerance: 8)
    }

    @Test("the list mid-fling: a drag of 300 points in 0.1 s let go at 0.9 s, then 0.05 s and 0.4 s into the glide",
          arguments: [0.95, 1.3])
    func listMidFling(at time: Double) async throws {
        let image = try await Self.screenshot(["--scene", "list", "--size", "800x600", "--drag", "400,550:400,250",
                                               "--input-at", "0.8", "--at", String(time)])
        try await ImageComparison.assertMatches(image, golden: ImageComparison.goldenPath("demo-list-fling-at-\(time)"), tolerance: 8)
    }

    @Test("the sheet's list dragged up from the medium detent: the sheet grown to full height, the list scrolled on",
          arguments: [1.0, 2.0])
    func sheetHandOver(at time: Double) async throws {
        let image = try await Self.screenshot(["--scene", "sheet", "--size", "600x800", "--drag", "300,700:300,100",
                                               "--input-at", "0.8", "--at", String(time)])
        try await ImageComparison.assertMatches(image, golden: ImageComparison.goldenPath("demo-sheet-hand-over-at-\(time)"), tolerance: 8)
    }

    @Test("the same arguments give the same pixels")
    func deterministic() async throws {
        let first = try await Self.screenshot(["--scene", "cool", "--at", "0.25"])
        let second = try await Self.screenshot(["--scene", "cool", "--at", "0.25"])
        #expect(ImageComparison.pixelsDiffering(first, second, tolerance: 0).mismatchedPixels == 0)
    }
}
