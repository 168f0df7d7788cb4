import CX11
import Proscenium
import ProsceniumGallery
import ProsceniumTesting
import Testing
import TestSupport

/// The rename alert as a user leaves it mid-edit: a name typed through XTest and its last word selected with
/// Shift+Left, drawn by the X server at 1x and 2x and compared with goldens. The selection hides the caret,
/// so the frame does not depend on where the blink is.
@MainActor @Suite("Rename alert goldens", .serialized)
struct RenameGoldenTests {
    @Test("the rename alert with typed text and a selection, at 1x and 2x", arguments: [1.0, 2.0])
    func renameAlertWithSelection(scale: Double) async throws {
        let home = HomeViewController()
        let tester = try await WindowTester.start(home, size: Size(width: 640, height: 480), scale: scale)
        defer { tester.stop() }
        home.presentScene(named: "rename")
        #expect(await tester.settle())
        let field = try #require(tester.view(withIdentifier: "name-field") as? TextField)
        #expect(field.isFirstResponder, "the field has the keyboard when the alert is up")
        try tester.type("Quarterly report")
        let input = try XTestInput(displayName: tester.server.displayName)
        input.press(key: UInt(XK_Shift_L))
        for _ in 0..<6 { input.key(UInt(XK_Left)) }
        input.release(key: UInt(XK_Shift_L))
        tester.frame()
        #expect(await tester.settle())
        #expect(field.text == "Quarterly report")
        #expect(field.selectedText == "report")
        let suffix = scale == 1 ? "" : "@\(Int(scale))x"
        let shot = try tester.screenshot()
        let golden = ImageComparison.goldenPath("rename-alert-640x480\(suffix)")
        // A million pixels compared in a debug build: off the main actor, which the live tests share.
        _ = try await offMainActor { try ImageComparison.assertMatches(shot, golden: golden) }
    }
}
