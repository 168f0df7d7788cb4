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

    @Test("typed text arrives at the first responder as characters, shifted ones included")
    func typing() async throws {
        let field = KeyRecordingView(frame: Rect(x: 0, y: 0, width: 100, height: 30))
        let home = ViewController()
        home.view.addSubview(field)
        let tester = try await WindowTester.start(home)
        defer { tester.stop() }
        #expect(field.becomeFirstResponder())
        try tester.type("Hi, X!")
        #expect(field.keys == [.character("H"), .character("i"), .character(","), .space, .character("X"), .character("!")])
        #expect(throws: WindowTesterError.self) { try tester.type("é") }
    }

    @Test("an unknown identifier is a clear error")
    func unknownIdentifier() async throws {
        let tester = try await WindowTester.start(Home())
        defer { tester.stop() }
        #expect(throws: WindowTesterError.self) { try tester.tap("nowhere") }
    }
}
