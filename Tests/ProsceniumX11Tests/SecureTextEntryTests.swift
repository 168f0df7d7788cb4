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

/// A password field's keys skip the input method, as GTK's and Qt's do: what an input method composes is
/// shown in clear in its own window, and a converting one may learn the password.
@MainActor @Suite("Secure text entry and the input method", .serialized)
struct SecureTextEntryInputMethodTests {
    @Test("a Compose sequence in a password field types its keys as they are; turned back into a plain field, it composes")
    func composeBypassed() async throws {
        let fixture = try await HostFixture()
        defer { fixture.stop() }
        _ = try await XClientTool.output(of: "setxkbmap", ["-display", fixture.server.displayName, "us", "-option", "compose:ralt"])
        let field = TextField(frame: Rect(x: 10, y: 10, width: 300, height: 36))
        field.isSecureTextEntry = true
        fixture.root.addSubview(field)
        fixture.frame()
        #expect(field.becomeFirstResponder())
        XSetInputFocus(fixture.display.pointer, fixture.host.xWindow, RevertToParent, Time(CurrentTime))
        fixture.display.sync()
        fixture.frame()
        let input = try XTestInput(displayName: fixture.server.displayName)
        for keysym in [XK_Multi_key, XK_asciitilde, XK_n] { #expect(input.type(keysym: UInt(keysym))) }
        try await fixture.waitUntil("two characters typed") { field.text.count >= 2 }
        #expect(field.text == "~n", "no composition: \(field.text)")

        field.isSecureTextEntry = false
        field.text = ""
        for keysym in [XK_Multi_key, XK_asciitilde, XK_n] { #expect(input.type(keysym: UInt(keysym))) }
        try await fixture.waitUntil("the composed character typed") { !field.text.isEmpty }
        #expect(field.text == "ñ")
    }
}
