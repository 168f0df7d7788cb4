import CX11
import Foundation
import Proscenium
import ProsceniumGallery
import ProsceniumTesting
import ProsceniumX11
import Testing
import TestSupport

/// The keyboard focus ring on a real X server: Tab through XTest draws it around the focused button
/// (against a golden), a click through XTest takes it away again, pixel for pixel.
@MainActor @Suite("Focus ring screenshots", .serialized)
struct FocusRingScreenshotTests {
    /// Two buttons on the grey of the gallery's home screen.
    final class Home: ViewController {
        override func viewDidLoad() {
            view.backgroundColor = Color(hex: 0xF2F2F7)
            for (index, title) in ["First", "Second"].enumerated() {
                let button = Button(title: title, frame: Rect(x: 40, y: 40 + Double(index) * 70, width: 160, height: 44))
                button.identifier = title.lowercased()
                view.addSubview(button)
            }
        }
    }

    /// The RGBA of the pixel at (`x`, `y`).
    private func pixel(_ image: Image, _ x: Int, _ y: Int) -> [Int] {
        let offset = (y * image.width + x) * 4
        return image.pixels[offset..<offset + 4].map(Int.init)
    }

    /// How many pixels differ between `a` and `b` (same size) by more than `tolerance` in some channel,
    /// inside `rect` (in pixels) or, with `outside`, everywhere but there.
    /// A loop over every pixel: call it through `offMainActor`, so the live tests sharing the main actor
    /// are not starved while it runs in a debug build.
    private nonisolated static func differing(_ a: Image, _ b: Image, in rect: Rect, outside: Bool = false, tolerance: Int = 2) -> Int {
        precondition(a.width == b.width && a.height == b.height)
        var count = 0
        let pa = a.pixels, pb = b.pixels
        for y in 0..<a.height {
            for x in 0..<a.width {
                let inside = rect.contains(Point(x: Double(x) + 0.5, y: Double(y) + 0.5))
                guard inside != outside else { continue }
                let o = (y * a.width + x) * 4
                if (o..<o + 4).contains(where: { abs(Int(pa[$0]) - Int(pb[$0])) > tolerance }) { count += 1 }
            }
        }
        return count
    }

    /// The pixels of `image` inside `rect` (whole pixels, inside the image).
    private func crop(_ image: Image, _ rect: Rect) -> Image {
        let x0 = Int(rect.minX), y0 = Int(rect.minY), width = Int(rect.width), height = Int(rect.height)
        var pixels: [UInt8] = []
        pixels.reserveCapacity(width * height * 4)
        for y in y0..<y0 + height {
            let start = (y * image.width + x0) * 4
            pixels += image.pixels[start..<start + width * 4]
        }
        return Image(width: width, height: height, pixels: pixels)
    }

    /// The standard ring colour blended over `background` at its 50% opacity.
    private func ringOver(_ background: Color) -> [Int] {
        let ring = Control.focusRingColor, a = FocusRing.standardOpacity
        return [ring.red * a + background.red * (1 - a), ring.green * a + background.green * (1 - a),
                ring.blue * a + background.blue * (1 - a)].map { Int(($0 * 255).rounded()) } + [255]
    }

    private func isClose(_ a: [Int], _ b: [Int], tolerance: Int = 3) -> Bool {
        zip(a, b).allSatisfy { abs($0 - $1) <= tolerance }
    }

    @Test("after XTest Tab the focused button has a ring (golden); after an XTest click it is gone, pixel for pixel")
    func tabShowsTheRingAndAClickHidesIt() async throws {
        let home = Home()
        let tester = try await WindowTester.start(home, size: Size(width: 320, height: 240), title: "focus-ring")
        defer { tester.stop() }
        await tester.settle()
        let unfocused = try tester.screenshot()
        let first = try #require(tester.view(withIdentifier: "first") as? Button)

        try tester.press(keysym: UInt(XK_Tab))
        try await tester.waitUntil("Tab focuses the first button") { first.isFocused }
        await tester.settle()
        #expect(first.showsFocusRing)
        let focused = try tester.screenshot()
        try await ImageComparison.assertMatches(focused, golden: ImageComparison.goldenPath("focus-ring-tab"), tolerance: 8)

        // The ring: 2 points out from the button's edge (x 40...200, y 40...84), 3 wide, half-transparent blue.
        let background = Color(hex: 0xF2F2F7)
        #expect(pixel(focused, 120, 39) == pixel(unfocused, 120, 39), "the gap stays background: \(pixel(focused, 120, 39))")
        for (x, y) in [(120, 36), (120, 87), (36, 62), (203, 62)] {
            #expect(isClose(pixel(focused, x, y), ringOver(background)), "ring at (\(x), \(y)): \(pixel(focused, x, y))")
        }
        #expect(pixel(focused, 120, 34) == pixel(unfocused, 120, 34), "nothing beyond the ring")
        let ringArea = Rect(x: 35, y: 35, width: 170, height: 54)
        #expect(try await offMainActor { Self.differing(focused, unfocused, in: ringArea) } > 400, "the ring is drawn")
        #expect(try await offMainActor { Self.differing(focused, unfocused, in: ringArea, outside: true) } == 0,
                "nothing else changed")
        // Inside the button's rounded shape (its box less the corners, where the concentric ring's inner
        // edge cuts in), nothing changed: the ring is outside it and its border did not change.
        #expect(try await offMainActor { Self.differing(focused, unfocused, in: Rect(x: 43, y: 43, width: 154, height: 38)) } == 0,
                "the button itself keeps its look")

        // A click on empty space: focus stays on the button, its ring goes.
        try tester.tap(at: Point(x: 280, y: 220))
        try await tester.waitUntil("the click arrives") { !tester.window.isFocusVisible }
        await tester.settle()
        #expect(first.isFocused && !first.showsFocusRing)
        let clicked = try tester.screenshot()
        #expect(try await offMainActor { Self.differing(clicked, unfocused, in: Rect(x: 0, y: 0, width: 320, height: 240)) } == 0,
                "the window looks as before Tab")

        // Tab again: the ring moves on to the second button.
        try tester.press(keysym: UInt(XK_Tab))
        let second = try #require(tester.view(withIdentifier: "second") as? Button)
        try await tester.waitUntil("Tab reaches the second button") { second.isFocused }
        await tester.settle()
        let moved = try tester.screenshot()
        #expect(isClose(pixel(moved, 120, 36 + 70), ringOver(background)), "\(pixel(moved, 120, 106))")
        #expect(pixel(moved, 120, 36) == pixel(unfocused, 120, 36), "the first button's ring is gone")
    }

    @Test("in the gallery's alert, Tab rings Cancel (golden) and stays inside the alert; a click hides the ring")
    func alertButtons() async throws {
        let home = HomeViewController()
        let tester = try await WindowTester.start(home, size: Size(width: 640, height: 480), title: "focus-ring-alert")
        defer { tester.stop() }
        try tester.tap("present-alert")
        #expect(await tester.settle())
        let cancel = try #require(tester.view(withIdentifier: "cancel") as? Button)
        let ok = try #require(tester.view(withIdentifier: "ok") as? Button)
        let plain = try tester.screenshot()

        try tester.press(keysym: UInt(XK_Tab))
        try await tester.waitUntil("Tab focuses Cancel") { cancel.isFocused }
        await tester.settle()
        #expect(cancel.showsFocusRing)
        let ringed = try tester.screenshot()
        // The golden holds the alert's lower part, its buttons, and the dimmed space around: not the home
        // screen's buttons above, which other scenes' buttons change.
        let alert = try #require(tester.view(withIdentifier: "presented"))
        let card = alert.convert(alert.bounds, to: nil)
        let buttonRow = Rect(x: card.minX - 10, y: card.maxY - 76, width: card.width + 20, height: 86)
        try await ImageComparison.assertMatches(crop(ringed, buttonRow), golden: ImageComparison.goldenPath("focus-ring-alert"),
                                          tolerance: 8)
        // Where the alert does not clip it (above the button, over its separator), the ring shows.
        let frame = cancel.convert(cancel.bounds, to: nil)
        let above = (x: Int(frame.midX), y: Int(frame.minY) - 4)
        #expect(pixel(ringed, above.x, above.y) != pixel(plain, above.x, above.y), "ring above Cancel")
        #expect(pixel(ringed, above.x, above.y)[2] > pixel(ringed, above.x, above.y)[0] + 40, "blue: \(pixel(ringed, above.x, above.y))")

        var order: [String] = []
        for _ in 0..<3 {
            try tester.press(keysym: UInt(XK_Tab))
            await tester.settle()
            order.append((tester.window.firstResponder as? View)?.identifier ?? "nil")
        }
        #expect(order == ["ok", "cancel", "ok"], "never back to the home screen below")
        #expect(ok.showsFocusRing && !cancel.showsFocusRing)

        // A click inside the alert, away from its buttons: the ring goes, the alert stays.
        let message = alert.convert(Point(x: 20, y: 10), to: nil)
        try tester.tap(at: message)
        await tester.settle()
        #expect(!tester.window.isFocusVisible && ok.isFocused)
        let afterClick = try tester.screenshot()
        #expect(try await offMainActor { Self.differing(afterClick, plain, in: Rect(x: 0, y: 0, width: 640, height: 480)) } == 0,
                "the alert looks as it did before Tab")
    }
}

/// The gallery's scenes in a window without a display: Tab keeps to the top presentation (the alert's two
/// buttons, the sheet's two controls, even with the home screen usable beside them), the ring goes with
/// focus, follows the alert's buttons while it scales in, and comes back with focus after a dismissal.
@MainActor @Suite("Focus ring in the gallery")
struct GalleryFocusRingTests {
    private func makeWindow(width: Double = 1280, height: Double = 800) -> (Proscenium.Window, ManualFrameClock, HomeViewController) {
        let clock = ManualFrameClock()
        let window = Proscenium.Window(size: Size(width: width, height: height), clock: clock)
        let home = HomeViewController()
        window.rootViewController = home
        clock.step()
        return (window, clock, home)
    }

    private func settle(_ window: Proscenium.Window, _ clock: ManualFrameClock) {
        for _ in 0..<600 where window.animationEngine.hasRunningAnimations || clock.needsFrame { clock.step() }
    }

    private func press(_ key: Key, _ window: Proscenium.Window, _ clock: ManualFrameClock, modifiers: KeyModifiers = []) {
        window.send(.keyDown(key, modifiers: modifiers, time: clock.now))
        window.send(.keyUp(key, modifiers: modifiers, time: clock.now))
    }

    private var focusedIdentifier: (Proscenium.Window) -> String {
        { ($0.firstResponder as? View)?.identifier ?? "nil" }
    }

    /// The focus ring commands of the window's display list.
    private func rings(_ window: Proscenium.Window) -> [Rect] {
        window.currentDisplayList().commands.compactMap {
            if case let .border(rect, _, _, color, _) = $0, color == FocusRing.standardColor { return rect }
            return nil
        }
    }

    @Test("Tab then Return presents bouncy; focus comes back to its button with the ring after Escape")
    func tabReturnBouncy() {
        let (window, clock, home) = makeWindow()
        press(.tab, window, clock)
        #expect(focusedIdentifier(window) == "present-bouncy")
        #expect(rings(window).count == 1)
        press(.return, window, clock)
        settle(window, clock)
        #expect(window.presentedViewControllers.count == 1)
        #expect(rings(window).isEmpty, "the home button lost focus to the presentation")
        press(.escape, window, clock)
        settle(window, clock)
        #expect(window.presentedViewControllers.isEmpty)
        #expect(focusedIdentifier(window) == "present-bouncy")
        let button = home.view.subviews.first { $0.identifier == "present-bouncy" }
        let frame = button.map { $0.convert($0.bounds, to: nil) } ?? .zero
        #expect(rings(window) == [frame.insetBy(dx: -5, dy: -5)], "the keyboard was used: the ring comes back")
    }

    @Test("the alert's buttons: Tab and Shift-Tab cycle Cancel and OK only, the ring on the focused one")
    func alertKeepsFocus() throws {
        let (window, clock, home) = makeWindow()
        home.presentScene(named: "alert")
        settle(window, clock)
        var order: [String] = []
        for _ in 0..<3 {
            press(.tab, window, clock)
            order.append(focusedIdentifier(window))
        }
        press(.tab, window, clock, modifiers: .shift)
        order.append(focusedIdentifier(window))
        #expect(order == ["cancel", "ok", "cancel", "ok"])
        let ok = try #require(window.firstResponder as? Button)
        let frame = ok.convert(ok.bounds, to: nil)
        #expect(rings(window) == [frame.insetBy(dx: -5, dy: -5)])
    }

    @Test("the alert's button keeps its ring as the alert scales in: the ring follows it in the transform group")
    func ringFollowsTheAlertAsItScalesIn() throws {
        let (window, clock, home) = makeWindow()
        home.presentScene(named: "alert")
        clock.step()
        clock.step()
        press(.tab, window, clock)
        #expect(focusedIdentifier(window) == "cancel", "keys belong to the alert from its first frame")
        var scales: Set<Double> = []
        for _ in 0..<30 {
            clock.step()
            let commands = window.currentDisplayList().commands
            let ring = try #require(commands.firstIndex {
                if case let .border(_, _, _, color, _) = $0 { return color == FocusRing.standardColor }
                return false
            })
            // The innermost transform group open at the ring is the alert's scale.
            var open: [Proscenium.AffineTransform] = []
            for command in commands[..<ring] {
                if case let .pushTransform(transform, _) = command { open.append(transform) }
                if case .popTransform = command { open.removeLast() }
            }
            if let transform = open.last { scales.insert(transform.a) }
        }
        #expect(scales.count > 3, "drawn inside the alert's changing scale: \(scales)")
        settle(window, clock)
        let cancel = try #require(window.firstResponder as? Button)
        #expect(rings(window) == [cancel.convert(cancel.bounds, to: nil).insetBy(dx: -5, dy: -5)])
    }

    @Test("the sheet's controls, as a popover and as a bottom sheet: Tab cycles them only, though the home screen stays usable",
          arguments: [Size(width: 1280, height: 800), Size(width: 600, height: 800)])
    func sheetKeepsFocus(size: Size) throws {
        let (window, clock, home) = makeWindow(width: size.width, height: size.height)
        home.presentScene(named: "sheet")
        settle(window, clock)
        var order: [String] = []
        for _ in 0..<4 {
            press(.tab, window, clock)
            order.append(focusedIdentifier(window))
        }
        // The sheet's list of pages takes focus too (the arrows move among its rows).
        #expect(order == ["pages", "sheet-counter", "dismiss", "pages"])
        press(.tab, window, clock)
        let counter = try #require(window.firstResponder as? Button)
        #expect(counter.showsFocusRing)
        #expect(rings(window) == [counter.convert(counter.bounds, to: nil).insetBy(dx: -5, dy: -5)])

        // A click on the home screen's counter, which stays usable beside the sheet: the ring goes, focus stays.
        let homeCounter = try #require(home.view.subviews.first { $0.identifier == "counter" })
        let point = homeCounter.convert(Point(x: homeCounter.bounds.midX, y: homeCounter.bounds.midY), to: nil)
        window.send(.pointerDown(point, button: 1, time: clock.now))
        window.send(.pointerUp(point, button: 1, time: clock.now))
        clock.step()
        #expect((homeCounter as? Button)?.title == "Tapped 1 times", "the click went through")
        #expect(counter.isFocused && !counter.showsFocusRing)
        #expect(rings(window).isEmpty)
        press(.tab, window, clock)
        #expect(focusedIdentifier(window) == "dismiss", "keyboard again: focus moves on inside the sheet, ringed")
        #expect(rings(window).count == 1)
    }
}
