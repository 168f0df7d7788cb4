import Proscenium
import ProsceniumGallery
import ProsceniumX11
import Testing
import TestSupport

/// Every scene of the gallery settled in the dark appearance (`PROSCENIUM_APPEARANCE=dark`), against
/// golden PNGs: the light goldens' layout with every built-in view, control and piece of chrome in its
/// dark colours. A suite of its own, so it runs beside the light screenshots rather than after them.
@Suite("Dark screenshots", .serialized)
struct DarkScreenshotTests {
    static func screenshot(_ arguments: [String]) async throws -> Image {
        try await DemoScreenshotTests.screenshot(arguments, environment: ["PROSCENIUM_APPEARANCE": "dark"])
    }

    @Test("the home screen and each scene settled at 1280x800, dark", arguments: ["home"] + SceneCatalog.names)
    func settled(scene: String) async throws {
        let image = try await Self.screenshot(scene == "home" ? [] : ["--scene", scene])
        #expect(image.width == 1280 && image.height == 800)
        // Dark, not merely different: the window's background is black, under the home screen's buttons.
        #expect(image.rgba(640, 790) == [0, 0, 0, 255] || scene == "bouncy" || scene == "side-panel" || scene == "cool"
                    || scene == "navigation" || scene == "overlay")
        try await ImageComparison.assertMatches(image, golden: ImageComparison.goldenPath("dark-\(scene)"), tolerance: 8)
    }

    @Test("the adaptive scenes at 600x800, dark: the sheet at the bottom with its grabber, the alert's sheet",
          arguments: ["sheet", "action-sheet"])
    func compact(scene: String) async throws {
        let image = try await Self.screenshot(["--scene", scene, "--size", "600x800"])
        try await ImageComparison.assertMatches(image, golden: ImageComparison.goldenPath("dark-\(scene)-600x800"), tolerance: 8)
    }
}
