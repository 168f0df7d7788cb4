import Foundation
import Proscenium
import ProsceniumTesting
import Testing
import TestSupport

/// The mid-transition goldens, recorded on Xvfb (RENDER by pixman), rendered again on glamor (RENDER in
/// OpenGL, as Xorg does it on most desktops): Xephyr -glamor nested in a private Xvfb, one per scene.
/// Glamor takes the protocol at its word where pixman is lenient, so a frame can come out right on Xvfb
/// only; a popover scaling in once came out nearly opaque on glamor, trailing copies of earlier frames.
///
/// Every scene and size, at the goldens' three times of the presentation and two of the dismissal: one
/// demo run per scene, about 3 s each on Mesa's software GL.
@Suite("Mid-transition screenshots on glamor")
struct GlamorScreenshotTests {
    /// Glamor blends with 16-bit alpha where pixman keeps 8 bits, and filters scaled layers with finer
    /// weights: at most 3 levels apart. Ghosting differs by tens, over thousands of pixels.
    static let tolerance = 4
    /// Glamor draws a run of glyphs one glyph at a time, ignoring the run's mask format, so where two glyphs
    /// of a line drawn straight into the window overlap, their coverage combines as `Over` where pixman adds
    /// it: the "r" and "t" of the home screen's bold "Alert" meet in 3 pixels (37 levels apart).
    static let glyphOverlapPixels = 8

    @Test("the goldens at three times of the presentation and two of the dismissal, within a few levels",
          arguments: MidTransitionScreenshotTests.cases)
    func goldensOnGlamor(_ testCase: MidTransitionScreenshotTests.Case) async throws {
        let server = try await GlamorServer.start()
        defer { server.stop() }
        let dismissAt = MidTransitionScreenshotTests.dismissAt
        let times = MidTransitionScreenshotTests.goldenTimes.map { String($0.time) }.joined(separator: ",")
        let run = try await CapturedRun.run(["--scene", testCase.scene, "--size", testCase.size, "--dismiss-at", String(dismissAt)],
                                            at: dismissAt, frames: times, display: server.displayName)
        defer { run.remove() }
        for (label, time) in MidTransitionScreenshotTests.goldenTimes {
            let image = try run.frame(CapturedRun.frame(at: time))
            #expect(image.width == testCase.width && image.height == testCase.height)
            try await ImageComparison.assertMatches(image, golden: ImageComparison.goldenPath("mid-transition/\(testCase.name)-\(label)"),
                                              tolerance: Self.tolerance, maxMismatchedPixels: Self.glyphOverlapPixels,
                                              artifactsDirectory: ImageComparison.defaultArtifactsDirectory + "/glamor",
                                              record: false)
        }
    }
}
