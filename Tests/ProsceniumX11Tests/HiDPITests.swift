import CX11
import Foundation
import Proscenium
import ProsceniumX11
import Testing
import TestSupport

/// The gallery at 1.5x and 2x, as the demo renders it on virtual time: the same layout in points drawn
/// with twice (or one and a half times) the pixels, and card edges on whole device pixels. Not on the main
/// actor: comparing a million pixels in a debug build takes seconds, which would stall the live tests
/// that share it.
@Suite("HiDPI screenshots", .serialized)
struct HiDPIScreenshotTests {
    static let scenes = ["bouncy", "side-panel", "overlay", "cool", "sheet", "alert", "rename"]

    /// `image` with each `factor`x`factor` block averaged into one pixel.
    static func downsampled(_ image: Image, by factor: Int) -> Image {
        let width = image.width / factor, height = image.height / factor
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                for channel in 0..<3 {
                    var sum = 0
                    for dy in 0..<factor {
                        for dx in 0..<factor { sum += Int(image.pixels[((y * factor + dy) * image.width + x * factor + dx) * 4 + channel]) }
                    }
                    pixels[(y * width + x) * 4 + channel] = UInt8((Double(sum) / Double(factor * factor)).rounded())
                }
            }
        }
        return Image(width: width, height: height, pixels: pixels)
    }

    /// Pixels whose 3x3 neighbourhood is all one colour (each channel within 8): away from text and edges.
    /// Over the bytes with plain comparisons: a debug build's generic `min`, `max` and array accessors would
    /// make this seconds an image.
    static func flatPixels(_ image: Image) -> [Bool] {
        let width = image.width, height = image.height
        var flat = [Bool](repeating: false, count: width * height)
        image.pixels.withUnsafeBufferPointer { bytes in
            flat.withUnsafeMutableBufferPointer { flat in
                guard let p = bytes.baseAddress, height > 2, width > 2 else { return }
                for y in 1..<(height - 1) {
                    for x in 1..<(width - 1) {
                        var isFlat = true
                        var channel = 0
                        while channel < 3, isFlat {
                            var low: UInt8 = 255, high: UInt8 = 0
                            var dy = -1
                            while dy <= 1 {
                                var q = p + ((y + dy) * width + x - 1) * 4 + channel
                                for _ in 0..<3 {
                                    let value = q.pointee
                                    if value < low { low = value }
                                    if value > high { high = value }
                                    q += 4
                                }
                                dy += 1
                            }
                            isFlat = high &- low <= 8
                            channel += 1
                        }
                        flat[y * width + x] = isFlat
                    }
                }
            }
        }
        return flat
    }

    /// At scale 2 each scene's settled frame, halved, is its 1x frame: exactly (within 4 per channel)
    /// wherever both are flat, which is all but text and shape edges. Text is drawn by the font at its
    /// device size, not magnified, so hinting and whole-pixel advances put glyphs a little differently
    /// along a line: at most 2% of the pixels may differ by more than 32 (measured: 0.6–1.3%).
    @Test("at scale 2, each scene's settled screenshot at 640x480 halved matches its 1x one", arguments: scenes)
    func twiceThePixelsSameLayout(scene: String) async throws {
        let single = try await DemoScreenshotTests.screenshot(["--scene", scene, "--size", "640x480"])
        let double = try await DemoScreenshotTests.screenshot(["--scene", scene, "--size", "640x480", "--scale", "2"])
        #expect(double.width == 1280 && double.height == 960)
        let halved = Self.downsampled(double, by: 2)
        let flatSingle = Self.flatPixels(single), flatHalved = Self.flatPixels(halved)
        var compared = 0, differing = 0, farApart = 0
        for index in 0..<(single.width * single.height) {
            var difference = 0
            for channel in 0..<3 {
                let a = Int(single.pixels[index * 4 + channel]), b = Int(halved.pixels[index * 4 + channel])
                difference = max(difference, abs(a - b))
            }
            if difference > 32 { farApart += 1 }
            guard flatSingle[index], flatHalved[index] else { continue }
            compared += 1
            if difference > 4 { differing += 1 }
        }
        #expect(compared > single.width * single.height * 8 / 10, "most of the frame is flat: \(compared)")
        #expect(differing == 0, "\(differing) flat pixels differ")
        #expect(farApart <= single.width * single.height / 50, "\(farApart) pixels differ by more than 32")
    }

    @Test("goldens: bouncy and sheet at 2x, alert at 1.5x", arguments: [("bouncy", "2"), ("sheet", "2"), ("alert", "1.5")])
    func goldens(scene: String, scale: String) async throws {
        let image = try await DemoScreenshotTests.screenshot(["--scene", scene, "--size", "640x480", "--scale", scale])
        let factor = Double(scale)!
        #expect(image.width == Int(640 * factor) && image.height == Int(480 * factor))
        try await ImageComparison.assertMatches(image, golden: ImageComparison.goldenPath("demo-\(scene)-640x480@\(scale)x"), tolerance: 8)
    }

    /// Mid-spring, bouncy's card lies at fractional points; its top edge must still fall between two rows
    /// of device pixels: the first row of card colour down the middle column is all card, nothing blended.
    @Test("bouncy's card edge falls on whole device pixels mid-spring at 1, 1.5 and 2", arguments: ["1", "1.5", "2"])
    func cardEdgeOnWholePixels(scale: String) async throws {
        let settled = try await DemoScreenshotTests.screenshot(["--scene", "bouncy", "--size", "640x480", "--scale", scale])
        let card = settled.rgba(settled.width / 2, settled.height / 2)
        var checked = 0
        for time in ["0.1", "0.15", "0.2", "0.3", "0.45"] {
            let image = try await DemoScreenshotTests.screenshot(["--scene", "bouncy", "--size", "640x480", "--scale", scale, "--at", time])
            let x = image.width / 2
            // The card drops in from above: its top edge is the first row of card colour down the middle.
            guard let top = (0..<image.height).first(where: { close(image.rgba(x, $0), card, tolerance: 6) }), top > 0 else { continue }
            checked += 1
            // The row above is what lies behind the card (its shadow on the dimming): dark, not a blend.
            let above = image.rgba(x, top - 1)
            #expect(above[0] < 140, "at \(time) s, scale \(scale): row \(top - 1) above the card is \(above), a blend")
        }
        #expect(checked >= 3, "the card's top edge was on screen in \(checked) of the frames")
    }

}

/// The demo live at 1.5x and 2x: clicks at device pixels reach the right views, and the desktop's
/// `Xft.dpi` is followed while a presentation springs.
@MainActor @Suite("HiDPI, live", .serialized)
struct HiDPILiveTests {
    /// Starts the demo live at `scale` on a private Xvfb; returns the demo, the X server and the window.
    /// `whenReady` runs with the display's name on a thread of its own the moment the demo reports its
    /// first frame, however busy the main actor is.
    private func withLiveDemo(_ arguments: [String], screen: (Int, Int), environment: [String: String?] = [:],
                              whenReady: (@Sendable (String) -> Void)? = nil,
                              _ body: @MainActor (DemoProcess, PrivateXvfb, CX11.Window) async throws -> Void) async throws {
        try await withPrivateXvfb(width: screen.0, height: screen.1) { server in
            var environment = environment
            environment["DISPLAY"] = server.displayName
            environment.updateValue(nil, forKey: "PROSCENIUM_SCALE")  // the desktop's Xft.dpi decides
            let demo = try DemoProcess(arguments: arguments + ["--log-events"], environment: environment)
            defer { demo.stop() }
            if let whenReady {
                let displayName = server.displayName
                Thread {
                    while demo.isRunning, demo.events("ready").isEmpty { usleep(1_000) }
                    whenReady(displayName)
                }.start()
            }
            let ready = try await demo.event("ready")
            let window = try #require((ready["window"] as? String).flatMap { UInt($0.dropFirst(2), radix: 16) })
            try await body(demo, server, CX11.Window(window))
            await demo.stop()
        }
    }

    /// Where in the demo's output the first event of type `name` matching `condition` is, if it came.
    private func position(of name: String, in demo: DemoProcess, where condition: ([String: Any]) -> Bool) -> Int? {
        demo.lines.firstIndex { line in
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else { return false }
            return object["type"] as? String == name && condition(object)
        }
    }

    @Test("XTest clicks at device-pixel positions reach the views the tree places there, at 1.5 and 2", arguments: [1.5, 2.0])
    func clicksAtDevicePixels(scale: Double) async throws {
        try await withLiveDemo(["--size", "640x480", "--scale", String(scale)], screen: (1280, 960)) { demo, server, window in
            let ready = try #require(demo.events("ready").first)
            #expect(ready["scale"] as? Double == scale)
            try await waitUntil("the tree") { demo.frame(of: "counter") != nil }
            let display = try Display(name: server.displayName)
            var attributes = XWindowAttributes()
            XGetWindowAttributes(display.pointer, window, &attributes)
            #expect(attributes.width == Int32(640 * scale) && attributes.height == Int32(480 * scale))
            var x: Int32 = 0, y: Int32 = 0
            var child: CX11.Window = 0
            XTranslateCoordinates(display.pointer, window, display.rootWindow, 0, 0, &x, &y, &child)
            let input = try XTestInput(displayName: server.displayName)
            for id in ["counter", "present-alert"] {
                let target = try #require(demo.frame(of: id))
                // Near the view's bottom-right corner, in device pixels: a point-space click would miss it.
                let point = Point(x: (target.maxX - 6) * scale, y: (target.maxY - 4) * scale)
                input.click(at: Point(x: Double(x) + point.x, y: Double(y) + point.y))
                try await waitUntil("the tap on \(id)") { demo.events("tap").contains { $0["view"] as? String == id } }
            }
        }
    }

    /// Sets the root window's RESOURCE_MANAGER as `xrdb -merge` does.
    private func setResources(_ text: String, on display: Display) {
        let atom = XInternAtom(display.pointer, "RESOURCE_MANAGER", 0)
        let bytes = Array(text.utf8)
        XChangeProperty(display.pointer, display.rootWindow, atom, XA_STRING, 8, PropModeReplace, bytes, Int32(bytes.count))
        display.sync()
    }

    /// `setResources` on a connection of its own, for a thread that is not the main actor's.
    private nonisolated static func setResources(_ text: String, onDisplayNamed name: String) {
        guard let display = XOpenDisplay(name) else { return }
        defer { XCloseDisplay(display) }
        let bytes = Array(text.utf8)
        XChangeProperty(display, XDefaultRootWindow(display), XInternAtom(display, "RESOURCE_MANAGER", 0), XA_STRING, 8,
                        PropModeReplace, bytes, Int32(bytes.count))
        XSync(display, 0)
    }

    @Test("Xft.dpi 192 while bouncy springs: the window becomes 2x and the spring carries on; back to 96: 1x")
    func followsXftDPILive() async throws {
        // Mid-spring (0.8 s): right after the first frame, from a thread that is waiting for it.
        let whenReady: @Sendable (String) -> Void = { Self.setResources("Xft.dpi:\t192\n", onDisplayNamed: $0) }
        try await withLiveDemo(["--scene", "bouncy", "--size", "640x480"], screen: (1280, 960), whenReady: whenReady) { demo, server, window in
            let display = try Display(name: server.displayName)
            #expect(demo.events("ready").first?["scale"] as? Double == 1)
            try await waitUntil("the scale event") { demo.events("scale").contains { $0["value"] as? Double == 2 } }
            try await waitUntil("the presentation completes") {
                demo.events("transition").contains { $0["phase"] as? String == "presentationDidEnd" }
            }
            // The scale changed while the card was still springing, not after it had come to rest.
            let scaled = position(of: "scale", in: demo) { $0["value"] as? Double == 2 }
            let ended = position(of: "transition", in: demo) { $0["phase"] as? String == "presentationDidEnd" }
            #expect(scaled != nil && ended != nil && scaled! < ended!,
                    "the scale changed at line \(scaled ?? -1) of the demo's output, the spring ended at line \(ended ?? -1)")
            #expect(!demo.events("transition").contains { $0["phase"] as? String == "presentationDidEnd" && $0["completed"] as? Bool == false })
            var attributes = XWindowAttributes()
            try await waitUntil("the window is 1280x960") {
                XGetWindowAttributes(display.pointer, window, &attributes)
                return attributes.width == 1280 && attributes.height == 960
            }
            // The layout in points is what it was: the card still insets 30 points.
            try await waitUntil("the tree") { demo.frame(of: "presented") == Rect(x: 30, y: 30, width: 580, height: 420) }
            // And it is drawn at 2x: the card fills the window's pixels from (60, 60) to (1220, 900).
            try await waitUntil("the card drawn at 2x") {
                guard let image = try? ScreenCapture.capture(display: display.pointer, drawable: window, width: 1280, height: 960) else {
                    return false
                }
                let card = image.rgba(640, 600), inside = image.rgba(62, 480), outside = image.rgba(56, 480)
                return card[0] > 200 && card[1] < 120 && close(inside, card, tolerance: 6) && outside[0] < 140
            }
            setResources("Xft.dpi:\t96\n", on: display)
            try await waitUntil("back to 1x") { demo.events("scale").contains { $0["value"] as? Double == 1 } }
            try await waitUntil("the window is 640x480") {
                XGetWindowAttributes(display.pointer, window, &attributes)
                return attributes.width == 640 && attributes.height == 480
            }
            // A nonsense value is ignored: the scale stays.
            setResources("Xft.dpi:\tlarge\n", on: display)
            // The warning is written as the demo reads the value; a scale event, if any, would follow it.
            try await waitUntil("one warning names the bad value") { demo.errorOutput.contains("Xft.dpi") }
            try await Task.sleep(for: .milliseconds(200))
            #expect(demo.events("scale").count == 2)
        }
    }
}
