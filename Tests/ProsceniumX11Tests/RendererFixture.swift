import CX11
import Foundation
import Proscenium
@testable import ProsceniumX11
import TestSupport
import Testing

/// An `XRenderRenderer` drawing into an offscreen back buffer (a pixmap of the screen's depth) on a
/// private Xvfb (or a glamor server nested in one), with helpers to render display lists, read the pixels
/// back and compare with goldens.
@MainActor final class RendererFixture {
    /// Stops the private server drawn on in the background, or (`stopServerWaiting`) returning once it
    /// has exited.
    private let stopServer: @Sendable () -> Void
    private let stopServerWaiting: @Sendable () async -> Void
    private(set) var display: Display!
    private(set) var renderer: XRenderRenderer!
    let size: Size
    /// The back buffer the renderer draws into.
    private(set) var pixmap: Pixmap = 0
    private var picture: Picture = 0

    /// A fixture drawing on a private Xvfb, or with `onGlamor` on a private glamor server (`GlamorServer`).
    init(width: Int = 160, height: Int = 120, onGlamor: Bool = false) async throws {
        let displayName: String
        if onGlamor {
            let server = try await GlamorServer.start(width: 1280, height: 800)
            (displayName, stopServer, stopServerWaiting) = (server.displayName, { server.stop() }, { await server.stop() })
        } else {
            let server = try await PrivateXvfb.start(width: 1280, height: 800)
            (displayName, stopServer, stopServerWaiting) = (server.displayName, { server.stop() }, { await server.stop() })
        }
        display = try Display(name: displayName)
        size = Size(width: Double(width), height: Double(height))
        pixmap = XCreatePixmap(display.pointer, display.rootWindow, UInt32(width), UInt32(height), UInt32(display.depth))
        picture = XRenderCreatePicture(display.pointer, pixmap, display.windowFormat, 0, nil)
        renderer = XRenderRenderer(display: display)
        renderer.setTarget(picture: picture, size: size)
        XftTextMeasurer.install(display: display)
    }

    /// The whole target as a surface, for drawing through the renderer's internals directly.
    var rootSurface: RenderSurface { RenderSurface(picture: picture, origin: .zero, clip: [Rect(origin: .zero, size: size)]) }

    /// The whole target as a region.
    var everything: Proscenium.Region { Proscenium.Region(Rect(origin: .zero, size: size)) }

    /// Renders `commands` clipped to `damage` (everything when nil) and expects no X errors.
    func render(_ commands: [DisplayCommand], damage: Proscenium.Region? = nil,
                sourceLocation: SourceLocation = #_sourceLocation) {
        let (_, errors) = XErrorTrap.run(on: display.pointer) {
            renderer.render(DisplayList(commands: commands), damage: damage ?? everything, size: size)
        }
        #expect(errors.isEmpty, "X errors while rendering: \(errors)",
                sourceLocation: sourceLocation)
    }

    /// The back buffer's pixels.
    func capture() throws -> Image {
        display.sync()
        return try ScreenCapture.capture(display: display.pointer, drawable: pixmap,
                                         width: Int(size.width), height: Int(size.height))
    }

    /// Expects the back buffer to hold exactly the pixels of `other`'s (no tolerance); `what` names the
    /// frame in the failure.
    func expectSamePixels(as other: RendererFixture, _ what: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let difference = ImageComparison.pixelsDiffering(try capture(), try other.capture(), tolerance: 0)
        #expect(difference.mismatchedPixels == 0, "\(what): \(difference.mismatchedPixels) pixels differ",
                sourceLocation: sourceLocation)
    }

    /// Renders `commands` over everything and compares the result with the golden `name`, the comparison
    /// on a thread of its own (the main actor runs other tests' frames meanwhile).
    func expectGolden(_ name: String, _ commands: [DisplayCommand], tolerance: Int = 8, maxMismatchedPixels: Int = 0,
                      testFile: String = #filePath) async throws {
        render(commands)
        try await ImageComparison.assertMatches(try capture(), golden: ImageComparison.goldenPath(name, testFile: testFile),
                                                tolerance: tolerance, maxMismatchedPixels: maxMismatchedPixels)
    }

    /// Frees the back buffer, closes the connection, then stops the server (in that order, so closing
    /// never talks to a dead server) in the background: for a `defer`, which cannot wait for it.
    func stop() {
        close()
        stopServer()
    }

    /// As `stop()`, returning once the server has exited, waiting asleep.
    func stop() async {
        close()
        await stopServerWaiting()
    }

    private func close() {
        if let display {
            renderer = nil
            XRenderFreePicture(display.pointer, picture)
            XFreePixmap(display.pointer, pixmap)
            display.sync()
        }
        display = nil
    }
}

extension Image {
    /// The pixel at (x, y) as 0...255 RGBA components, for exact assertions.
    func rgba(_ x: Int, _ y: Int) -> [Int] {
        let i = (y * width + x) * 4
        return pixels[i..<(i + 4)].map(Int.init)
    }
}

/// True when every component of `a` is within `tolerance` of `b`.
func close(_ a: [Int], _ b: [Int], tolerance: Int = 3) -> Bool {
    a.count == b.count && zip(a, b).allSatisfy { abs($0 - $1) <= tolerance }
}
