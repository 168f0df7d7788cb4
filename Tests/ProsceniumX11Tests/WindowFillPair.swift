import Proscenium
@testable import ProsceniumX11
import TestSupport
import Testing

/// A scene a test steps frame by frame, built into a window's root view.
@MainActor protocol SteppedScene {
    init(in root: View)
    /// Sets the scene as it is on frame `frame`.
    func step(_ frame: Int)
}

/// Two windows on their own servers showing the same scene, one drawing with window fills and one without,
/// for tests that want the windows equal on every frame.
@MainActor final class WindowFillPair<Scene: SteppedScene> {
    let filled: HostFixture, reference: HostFixture
    let scene: Scene, referenceScene: Scene

    init(size: Size) async throws {
        filled = try await HostFixture(size: size)
        reference = try await HostFixture(size: size)
        reference.host.renderer.fillsWindow = false
        scene = Scene(in: filled.root)
        referenceScene = Scene(in: reference.root)
        filled.frame()
        reference.frame()
    }

    func step(_ frame: Int) {
        scene.step(frame)
        referenceScene.step(frame)
        filled.frame()
        reference.frame()
    }

    func expectSameWindows(_ what: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let difference = ImageComparison.pixelsDiffering(try filled.capture(), try reference.capture(), tolerance: 0)
        #expect(difference.mismatchedPixels == 0, "\(what): \(difference.mismatchedPixels) pixels differ",
                sourceLocation: sourceLocation)
    }

    /// Expects the filled window's back buffer, made whole by the capture, to equal the reference window.
    func expectBackBufferMatchesReference(_ what: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let back = try filled.host.captureBackBuffer()
        let difference = ImageComparison.pixelsDiffering(back, try reference.capture(), tolerance: 0)
        #expect(difference.mismatchedPixels == 0, "\(what): \(difference.mismatchedPixels) pixels differ",
                sourceLocation: sourceLocation)
    }

    func stop() {
        filled.stop()
        reference.stop()
    }
}
