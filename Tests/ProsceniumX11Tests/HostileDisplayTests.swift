import CX11
import Foundation
import Proscenium
import ProsceniumX11
import Testing
import TestSupport

/// X servers unlike the usual 24-bit Xvfb: a 16-bit screen, no MIT-SHM, no RENDER, and no fonts that
/// fontconfig knows. The demo draws what it can, takes screenshots another way, or says at start what is
/// missing.
@Suite("Hostile displays", .serialized)
struct HostileDisplayTests {
    /// 16-bit pixels keep 5 bits of red and blue, so each blend into the window's format rounds a channel
    /// by up to half a 5-bit step, 255 / 31 / 2 = 4.1; where the home layer, the dimming and a shadow are
    /// blended onto one pixel, that is three roundings, at most 12.3, which whole 8-bit values make 13 (the
    /// counter's edge under bouncy's shadow, since the home screen has a second row, differs by exactly
    /// that; with 8, 14 pixels differ).
    static let highColorTolerance = Int((3 * 255.0 / 31 / 2).rounded(.up))

    @Test("a 16-bit screen draws the settled bouncy scene like a 24-bit one, and the live window as the back buffer")
    @MainActor func sixteenBitScreen() async throws {
        try await withPrivateXvfb(width: 1280, height: 800, depth: 16) { server in
            let shot = try await Self.screenshot(["--scene", "bouncy"], display: server.displayName)
            let golden = ImageComparison.goldenPath("demo-bouncy")
            let result = try await ImageComparison.assertMatches(shot.image, golden: golden, tolerance: Self.highColorTolerance,
                                                           record: false)
            print("16-bit --screenshot against the 24-bit golden: worst channel difference \(result.worstChannelDifference)")

            // The home screen, still: its first frame in a live window (copied from the back buffer to a
            // 16-bit window and read back from there) has the pixels of the back buffer on virtual time.
            let home = try await Self.screenshot(["--at", "0"], display: server.displayName)
            let demo = try DemoProcess(arguments: ["--log-events"], environment: ["DISPLAY": server.displayName])
            defer { demo.stop() }
            let ready = try await demo.event("ready")
            let window = try #require((ready["window"] as? String).flatMap { UInt($0.dropFirst(2), radix: 16) })
            let display = try Display(name: server.displayName)
            #expect(display.depth == 16)
            let live = try ScreenCapture.capture(display: display.pointer, drawable: window, width: 1280, height: 800)
            let difference = ImageComparison.pixelsDiffering(live, home.image, tolerance: 0)
            #expect(difference.mismatchedPixels == 0, "the live 16-bit window differs from the back buffer: \(difference)")
        }
    }

    @Test("without MIT-SHM, captures fall back to XGetImage and --screenshot still matches its golden")
    @MainActor func noSharedMemory() async throws {
        try await withPrivateXvfb(width: 1280, height: 800, disabledExtensions: ["MIT-SHM"]) { server in
            let display = try Display(name: server.displayName)
            let capturer = ScreenCapturer(display: display.pointer)
            let image = try capturer.capture(drawable: display.rootWindow, width: 64, height: 48)
            #expect(image.width == 64 && image.height == 48)
            #expect(capturer.lastMethod == .getImage)
            #expect {
                try ScreenCapture.capture(display: display.pointer, drawable: display.rootWindow, width: 8, height: 8,
                                          method: .sharedMemory)
            } throws: { error in
                "\(error)".contains("the X server does not offer MIT-SHM")
            }

            let shot = try await Self.screenshot(["--scene", "bouncy"], display: server.displayName)
            try await ImageComparison.assertMatches(shot.image, golden: ImageComparison.goldenPath("demo-bouncy"), tolerance: 8)
        }
    }

    @Test("a server without RENDER: the demo exits 1 at start with one line naming RENDER")
    func noRender() async throws {
        try await withPrivateXvfb(width: 1280, height: 800, disabledExtensions: ["RENDER"]) { server in
            let demo = try DemoProcess(arguments: ["--log-events"], environment: ["DISPLAY": server.displayName])
            let exit = try #require(await demo.exit(timeout: 10), "\(demo.diagnosis)")
            #expect(exit.status == 1)
            #expect(demo.errorOutput == "proscenium-demo: the X server lacks the RENDER extension, which Proscenium needs — use Xorg or Xvfb with RENDER enabled\n")
            #expect(demo.events("ready").isEmpty)
        }
    }

    @Test("with no fonts that fontconfig knows, text falls back to the server's 'fixed' font, with one warning")
    func noFonts() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("proscenium-nofonts-\(getpid())-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // A configuration with no font directories at all, and a cache of its own.
        let config = folder + "/fonts.conf"
        try """
            <?xml version="1.0"?>
            <!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">
            <fontconfig><cachedir>\(folder)/cache</cachedir></fontconfig>
            """.write(toFile: config, atomically: true, encoding: .utf8)

        try await withPrivateXvfb(width: 1280, height: 800) { server in
            let shot = try await Self.screenshot(["--size", "800x600"], display: server.displayName,
                                           environment: ["FONTCONFIG_FILE": config, "FONTCONFIG_PATH": folder])
            #expect(shot.stderr == "proscenium-demo: fontconfig knows no font Xft can open; drawing text in the X server's 'fixed' font — install fonts (apt-get install fonts-dejavu-core)\n")
            // The buttons (the first is present-bouncy at 24, 64, 182, 32) are drawn, with their titles in
            // white on blue; the black title "Proscenium" is in (24, 24, 752, 32).
            let image = shot.image
            #expect(image.color(atX: 30, y: 80).isClose(to: Color(hex: 0x007AFF), tolerance: 8))
            #expect(image.color(atX: 790, y: 590).isClose(to: Color(hex: 0xF2F2F7)))
            let titleInk = Self.count(in: Rect(x: 24, y: 24, width: 752, height: 32), of: image) { $0.red < 0.3 && $0.green < 0.3 }
            let buttonInk = Self.count(in: Rect(x: 24, y: 64, width: 182, height: 32), of: image) { $0.red > 0.8 && $0.green > 0.8 }
            #expect(titleInk > 20, "the title's letters: \(titleInk) dark pixels")
            #expect(buttonInk > 10, "the button title's letters: \(buttonInk) white pixels")
        }
    }

    // MARK: - Helpers

    /// How many pixels of `image` inside `rect` satisfy `test`.
    static func count(in rect: Rect, of image: Image, where test: (Color) -> Bool) -> Int {
        var count = 0
        for y in Int(rect.minY)..<Int(rect.maxY) {
            for x in Int(rect.minX)..<Int(rect.maxX) where test(image.color(atX: x, y: y)) { count += 1 }
        }
        return count
    }

    /// Runs the demo with `--screenshot` and `arguments` on `display`, and returns the PNG it wrote.
    static func screenshot(_ arguments: [String], display: String,
                           environment: [String: String?] = [:]) async throws -> (image: Image, stderr: String) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("proscenium-hostile-\(getpid())-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/shot.png"
        var variables = environment
        variables["DISPLAY"] = display
        let demo = try DemoProcess(arguments: ["--screenshot", path] + arguments, environment: variables)
        let exit = try #require(await demo.exit(timeout: 30), "\(demo.diagnosis)")
        #expect(exit.status == 0, "stderr: \(demo.errorOutput)")
        return (try PNGCodec.read(contentsOf: path), demo.errorOutput)
    }
}
