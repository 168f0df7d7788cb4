import CX11
import Foundation
import Proscenium
import ProsceniumTesting
import ProsceniumX11
import Testing

/// The public testing library as an app's tests use it: a controller in a window on a private Xvfb,
/// XTest taps on views found by identifier, virtual time, and snapshots beside the test file.
@MainActor @Suite("ProsceniumTesting", .serialized)
struct WindowTesterTests {
    /// A home screen with a button that presents a 300x200 form sheet; Escape dismisses it.
    final class Home: ViewController {
        var taps = 0
        override func viewDidLoad() {
            view.backgroundColor = Color(hex: 0xF2F2F7)
            let button = Button(title: "Present", frame: Rect(x: 20, y: 20, width: 160, height: 44)) { [unowned self] _ in
                taps += 1
                let card = ViewController()
                card.modalPresentationStyle = .formSheet
                card.preferredContentSize = Size(width: 300, height: 200)
                card.view.backgroundColor = Color(hex: 0x4D96FF)
                card.view.identifier = "card"
                present(card, animated: true)
            }
            button.identifier = "present"
            view.addSubview(button)
        }
    }

    @Test("tap a view by identifier through XTest, let the transition settle, compare with the snapshot beside this file")
    func tapSettleSnapshot() async throws {
        let home = Home()
        let tester = try await WindowTester.start(home, size: Size(width: 640, height: 480))
        defer { tester.stop() }
        try tester.tap("present")
        #expect(home.taps == 1)
        #expect(await tester.settle())
        #expect(tester.view(withIdentifier: "card")?.window != nil)
        try await assertSnapshot(of: tester, named: "card-presented")
        try tester.press(keysym: UInt(XK_Escape))
        #expect(await tester.settle())
        #expect(tester.view(withIdentifier: "card") == nil)
    }

    @Test("at scale 2 the screenshot has twice the pixels each way, and taps still land by identifier")
    func atScaleTwo() async throws {
        let home = Home()
        let tester = try await WindowTester.start(home, size: Size(width: 640, height: 480), scale: 2)
        defer { tester.stop() }
        let image = try tester.screenshot()
        #expect(image.width == 1280 && image.height == 960)
        try tester.tap("present")
        #expect(home.taps == 1)
        // A second is exactly 60 frames of 1/60 s: one fewer or one more is 1/60 s off (the tolerance is
        // for the sum of 60 sixtieths).
        let before = tester.time
        await tester.advance(by: 1)
        #expect(abs(tester.time - before - 1) < 1e-9, "advanced by \(tester.time - before) s")
        await tester.advance(by: 0.25)
        #expect(abs(tester.time - before - 1.25) < 1e-9, "advanced by \(tester.time - before) s")
    }

    @Test("a missing snapshot is recorded and fails saying so; a changed one fails with the count and a diff folder")
    func recordingAndMismatch() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("snapshot-test-\(getpid())-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let testFile = folder.appendingPathComponent("MyAppTests.swift").path
        let blue = Image(width: 8, height: 8, fill: Color(hex: 0x4D96FF))
        #expect(throws: SnapshotError.self) { try assertSnapshot(of: blue, named: "swatch", file: testFile) }
        let reference = folder.appendingPathComponent("__Snapshots__/MyAppTests/swatch.png").path
        #expect(FileManager.default.fileExists(atPath: reference))
        try assertSnapshot(of: blue, named: "swatch", file: testFile)

        var pixels = blue.pixels
        pixels[0] = 255  // one pixel's red far off
        do {
            try assertSnapshot(of: Image(width: 8, height: 8, pixels: pixels), named: "swatch", file: testFile)
            Issue.record("a changed image passed")
        } catch let error as SnapshotError {
            let message = "\(error)"
            #expect(message.contains("1 mismatched pixels"), "\(message)")
            #expect(message.contains("PROSCENIUM_RECORD_SNAPSHOTS=1"), "\(message)")
            let failures = Snapshots.failureDirectory(testFile: testFile)
            #expect(message.contains(failures), "\(message)")
            #expect(FileManager.default.fileExists(atPath: failures + "/swatch-diff.png"))
            try? FileManager.default.removeItem(atPath: failures)
        }
        // Within a tolerance that allows it, the same change passes.
        try assertSnapshot(of: Image(width: 8, height: 8, pixels: pixels), named: "swatch", maxMismatchedPixels: 1, file: testFile)
    }

    /// A tester whose window holds a view that records the keys it gets, made first responder.
    private func startWithKeyRecorder() async throws -> (WindowTester, KeyRecordingView) {
        let field = KeyRecordingView(frame: Rect(x: 0, y: 0, width: 100, height: 30))
        let home = ViewController()
        home.view.addSubview(field)
        let tester = try await WindowTester.start(home)
        #expect(field.becomeFirstResponder())
        return (tester, field)
    }

    @Test("typed text arrives at the first responder as characters, shifted ones included")
    func typing() async throws {
        let (tester, field) = try await startWithKeyRecorder()
        defer { tester.stop() }
        try tester.type("Hi, X!")
        #expect(field.keys == [.character("H"), .character("i"), .character(","), .space, .character("X"), .character("!")])
        #expect(throws: WindowTesterError.self) { try tester.type("é") }
    }

    @Test("a tap by identifier refuses, clicking nothing, a view a user could not tap: hidden, covered or out of the window")
    func unreachableViewsAreErrors() async throws {
        let home = Home()
        let tester = try await WindowTester.start(home, size: Size(width: 640, height: 480))
        defer { tester.stop() }
        let button = try #require(tester.view(withIdentifier: "present"))
        let title = View(frame: Rect(x: 10, y: 10, width: 60, height: 20))
        title.isUserInteractionEnabled = false
        title.identifier = "title"
        button.addSubview(title)
        try tester.tap("title")
        #expect(home.taps == 1, "a view that takes no touches leaves the tap to the button it is in")
        #expect(await tester.settle())
        try tester.press(keysym: UInt(XK_Escape))
        #expect(await tester.settle())

        button.isHidden = true
        #expect(throws: WindowTesterError.self) { try tester.tap("present") }
        button.isHidden = false
        let cover = View(frame: Rect(x: 0, y: 0, width: 300, height: 100))
        home.view.addSubview(cover)
        #expect(throws: WindowTesterError.self) { try tester.tap("present") }
        cover.removeFromSuperview()
        // Inside a container that takes no touches, the click would reach the screen behind it.
        let container = View(frame: Rect(x: 0, y: 0, width: 400, height: 200))
        container.isUserInteractionEnabled = false
        home.view.addSubview(container)
        container.addSubview(button)
        #expect(throws: WindowTesterError.self) { try tester.tap("present") }
        home.view.addSubview(button)
        container.removeFromSuperview()
        button.frame.origin.x = 700
        #expect(throws: WindowTesterError.self) { try tester.tap("present") }
        await tester.advance(by: 0.1)
        #expect(home.taps == 1, "nothing was clicked")
    }

    @Test("on a real-time clock, taps, advance and settle read events and wait; nothing traps")
    func onALiveClock() async throws {
        let home = Home()
        let tester = try await WindowTester.start(home, size: Size(width: 640, height: 480), clock: DispatchFrameClock())
        defer { tester.stop() }
        try await tester.waitUntil("the first frame") { tester.window.frameCount > 0 }
        try tester.tap("present")
        try await tester.waitUntil("the tap arrives") { home.taps == 1 }
        #expect(await tester.settle(limit: 5))
        #expect(tester.view(withIdentifier: "card")?.window != nil)
        let before = tester.time
        await tester.advance(by: 0.1)
        #expect(tester.time - before >= 0.09)
    }

    @Test("a chord whose modifier has no key leaves none of its modifiers held")
    func failedChordReleasesItsModifiers() async throws {
        let (tester, field) = try await startWithKeyRecorder()
        defer { tester.stop() }
        #expect(throws: WindowTesterError.self) {
            try tester.press(keysym: UInt(XK_a), holding: [UInt(XK_Shift_L), 0x1FF_FFFF])
        }
        try tester.type("b")
        #expect(field.keys.last == .character("b"), "\(field.keys)")
    }

    @Test("a failed comparison's images go to the package that holds the golden, never to Proscenium's")
    func artifactsGoToTheGoldensPackage() throws {
        let package = FileManager.default.temporaryDirectory.appendingPathComponent("app-\(getpid())-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: package) }
        let goldens = package.appendingPathComponent("Tests/AppTests/Goldens")
        try FileManager.default.createDirectory(at: goldens, withIntermediateDirectories: true)
        try Data().write(to: package.appendingPathComponent("Package.swift"))
        let golden = goldens.appendingPathComponent("home.png").path
        #expect(ImageComparison.artifactsDirectory(forGolden: golden, environment: [:])
                == package.appendingPathComponent("artifacts/screenshots").path)
        #expect(ImageComparison.artifactsDirectory(forGolden: golden, environment: ["PROSCENIUM_ARTIFACTS": "/tmp/x"]) == "/tmp/x")
        #expect(ImageComparison.artifactsDirectory(forGolden: "/nowhere/Goldens/home.png", environment: [:])
                .hasPrefix(FileManager.default.temporaryDirectory.path))

        let blue = Image(width: 4, height: 4, fill: Color(hex: 0x4D96FF))
        try PNGCodec.write(blue, to: golden)
        #expect(throws: ImageComparisonError.self) {
            try ImageComparison.assertMatches(Image(width: 4, height: 4, fill: .black), golden: golden, record: false)
        }
        // Where the environment running this test sends them, if it does.
        let artifacts = ImageComparison.artifactsDirectory(forGolden: golden)
        #expect(FileManager.default.fileExists(atPath: artifacts + "/home-diff.png"), "\(artifacts)")
        if artifacts != package.appendingPathComponent("artifacts/screenshots").path {
            try? FileManager.default.removeItem(atPath: artifacts + "/home-diff.png")
            try? FileManager.default.removeItem(atPath: artifacts + "/home-actual.png")
        }
    }

    @Test("an unknown identifier is a clear error")
    func unknownIdentifier() async throws {
        let tester = try await WindowTester.start(Home())
        defer { tester.stop() }
        #expect(throws: WindowTesterError.self) { try tester.tap("nowhere") }
    }
}
