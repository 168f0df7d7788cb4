import CX11
import Foundation
import Proscenium
import ProsceniumX11
import Testing
import TestSupport

/// Reading pixels back from a private Xvfb, through MIT-SHM and through XGetImage. On the main actor, as
/// `ScreenCapture` is: MIT-SHM used from two threads at once corrupts libXext's list of displays.
@Suite("ScreenCapture")
@MainActor struct ScreenCaptureTests {
    nonisolated static let background: UInt = 0x3366CC
    nonisolated static let card: UInt = 0xE02020

    /// A mapped 200x150 window filled with `background`, with a 30x20 `card` rectangle at (50, 40).
    final class Scene {
        let server: PrivateXvfb
        let display: OpaquePointer
        let window: CX11.Window

        init() async throws {
            server = try await PrivateXvfb.start(width: 320, height: 240)
            display = try #require(XOpenDisplay(server.displayName))
            let screen = XDefaultScreen(display)
            window = XCreateSimpleWindow(display, XRootWindow(display, screen), 10, 10, 200, 150, 0, 0, ScreenCaptureTests.background)
            XMapWindow(display, window)
            XClearWindow(display, window)
            let gc = XCreateGC(display, window, 0, nil)
            XSetForeground(display, gc, ScreenCaptureTests.card)
            XFillRectangle(display, window, gc, 50, 40, 30, 20)
            XFreeGC(display, gc)
            XSync(display, 0)
        }

        deinit {
            XCloseDisplay(display)
            server.stop()
        }
    }

    static func rgb(_ image: Image, _ x: Int, _ y: Int) -> UInt {
        let i = (y * image.width + x) * 4
        #expect(image.pixels[i + 3] == 255)
        return UInt(image.pixels[i]) << 16 | UInt(image.pixels[i + 1]) << 8 | UInt(image.pixels[i + 2])
    }

    static func expectScene(_ image: Image) {
        #expect(image.width == 200 && image.height == 150)
        #expect(rgb(image, 0, 0) == background)
        #expect(rgb(image, 199, 149) == background)
        #expect(rgb(image, 50, 40) == card)
        #expect(rgb(image, 79, 59) == card)
        #expect(rgb(image, 80, 60) == background)
        #expect(rgb(image, 49, 40) == background)
    }

    @Test("MIT-SHM, XGetImage and automatic captures all return the window's colours",
          arguments: [CaptureMethod.sharedMemory, .getImage, .automatic])
    func captureMethods(method: CaptureMethod) async throws {
        let scene = try await Scene()
        let capturer = ScreenCapturer(display: scene.display, method: method)
        let image = try capturer.capture(drawable: scene.window, width: 200, height: 150)
        Self.expectScene(image)
        #expect(capturer.lastMethod == (method == .getImage ? .getImage : .sharedMemory))
    }

    @Test("a capturer reuses its segment for the same size and makes a new one for another size")
    func segmentReuse() async throws {
        let scene = try await Scene()
        let capturer = ScreenCapturer(display: scene.display, method: .sharedMemory)
        Self.expectScene(try capturer.capture(drawable: scene.window, width: 200, height: 150))

        let gc = XCreateGC(scene.display, scene.window, 0, nil)
        XSetForeground(scene.display, gc, 0x00FF00)
        XFillRectangle(scene.display, scene.window, gc, 0, 0, 10, 10)
        XFreeGC(scene.display, gc)
        let again = try capturer.capture(drawable: scene.window, width: 200, height: 150)
        #expect(Self.rgb(again, 5, 5) == 0x00FF00)
        #expect(Self.rgb(again, 60, 50) == Self.card)

        let part = try capturer.capture(drawable: scene.window, width: 60, height: 50)
        #expect(part.width == 60 && part.height == 50)
        #expect(Self.rgb(part, 55, 45) == Self.card)
        capturer.releaseSharedMemory()
    }

    @Test("the static capture reads a 24-bit pixmap, whose XGetImage result has no channel masks",
          arguments: [CaptureMethod.sharedMemory, .getImage])
    func pixmap(method: CaptureMethod) async throws {
        let scene = try await Scene()
        let pixmap = XCreatePixmap(scene.display, scene.window, 16, 8, 24)
        defer { XFreePixmap(scene.display, pixmap) }
        let gc = XCreateGC(scene.display, pixmap, 0, nil)
        XSetForeground(scene.display, gc, 0x123456)
        XFillRectangle(scene.display, pixmap, gc, 0, 0, 16, 8)
        XFreeGC(scene.display, gc)
        let image = try ScreenCapture.capture(display: scene.display, drawable: pixmap, width: 16, height: 8, method: method)
        #expect(Self.rgb(image, 15, 7) == 0x123456)
    }

    @Test("a 32-bit pixmap's premultiplied pixels come back with straight alpha")
    func depth32() async throws {
        let scene = try await Scene()
        let pixmap = XCreatePixmap(scene.display, scene.window, 4, 4, 32)
        defer { XFreePixmap(scene.display, pixmap) }
        let gc = XCreateGC(scene.display, pixmap, 0, nil)
        // Alpha 0x80 with premultiplied red 0x40: straight red is 0x80.
        XSetForeground(scene.display, gc, 0x8040_2000)
        XFillRectangle(scene.display, pixmap, gc, 0, 0, 4, 4)
        XFreeGC(scene.display, gc)
        for method in [CaptureMethod.sharedMemory, .getImage] {
            let image = try ScreenCapture.capture(display: scene.display, drawable: pixmap, width: 4, height: 4, method: method)
            #expect(Array(image.pixels.prefix(4)) == [0x80, 0x40, 0x00, 0x80], "\(method)")
        }
    }

    @Test("a vanished window or a size larger than the window fails with a clear error, not a crash")
    func errors() async throws {
        let scene = try await Scene()
        #expect {
            try ScreenCapture.capture(display: scene.display, drawable: 0x7FFF_FFF, width: 10, height: 10)
        } throws: { error in
            "\(error)".contains("0x7ffffff") && "\(error)".contains("not a window or pixmap")
        }
        for method in [CaptureMethod.automatic, .sharedMemory, .getImage] {
            #expect(throws: ScreenCaptureError.self, "\(method)") {
                try ScreenCapture.capture(display: scene.display, drawable: scene.window, width: 400, height: 150, method: method)
            }
        }
        #expect(throws: ScreenCaptureError.invalidSize(width: 0, height: 5)) {
            try ScreenCapture.capture(display: scene.display, drawable: scene.window, width: 0, height: 5)
        }
        // The connection still works after the trapped errors.
        Self.expectScene(try ScreenCapture.capture(display: scene.display, drawable: scene.window, width: 200, height: 150))
    }
}
