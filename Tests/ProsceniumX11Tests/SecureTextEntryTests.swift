import CX11
import Proscenium
import ProsceniumTesting
@testable import ProsceniumX11
import Testing
import TestSupport

/// A password field on a real X server: typed through XTest, measured and drawn as bullets with the
/// display's fonts, and named "password text" to AT-SPI.
@MainActor @Suite("Secure text entry", .serialized)
struct SecureTextEntryTests {
    @Test("typed through XTest: the field holds the text, its caret stands after as many bullets as Xft measures")
    func typedPasswordIsMeasuredAsBullets() async throws {
        let controller = ViewController()
        controller.view.backgroundColor = .white
        let field = TextField(frame: Rect(x: 20, y: 20, width: 300, height: 36))
        field.isSecureTextEntry = true
        controller.view.addSubview(field)
        let tester = try await WindowTester.start(controller, size: Size(width: 400, height: 120))
        defer { tester.stop() }
        #expect(field.becomeFirstResponder())
        try tester.type("iiii")
        try await tester.waitUntil("four characters typed") { field.text == "iiii" }
        let measurer = try #require(field.textMeasurer)
        let bullets = measurer.width(of: "\u{2022}\u{2022}\u{2022}\u{2022}", font: field.font)
        let letters = measurer.width(of: "iiii", font: field.font)
        #expect(abs(bullets - letters) >= 2, "the test needs bullets wider than i: \(bullets) against \(letters)")
        let advance = field.caretRect(forOffset: 4).minX - field.caretRect(forOffset: 0).minX
        #expect(abs(advance - bullets) <= 1, "the caret moved \(advance) points; four bullets are \(bullets)")
    }

    @Test("AT-SPI's role for a password field is password text (40)")
    func atspiRole() {
        #expect(ATSPI.Role.number(for: .secureTextField) == 40)
        #expect(ATSPI.name(of: .secureTextField) == "password text")
    }
}
