import CX11
import Foundation
import Proscenium
import ProsceniumX11
import Testing
import TestSupport

/// The view system on a real X server: clicks through XTest reach buttons and pass through forwarding
/// views, and a small change redraws only its own region.
@MainActor @Suite("Input and damage on X")
struct InputAndDamageTests {
    @Test("an XTest click on a button fires its action once")
    func buttonClick() async throws {
        let fixture = try await HostFixture()
        defer { fixture.stop() }
        var taps = 0
        let button = Button(title: "Tap", frame: Rect(x: 200, y: 200, width: 120, height: 44)) { _ in taps += 1 }
        fixture.root.addSubview(button)
        fixture.frame()
        let input = try XTestInput(displayName: fixture.server.displayName)
        let origin = fixture.windowOrigin()
        input.click(at: Point(x: origin.x + 260, y: origin.y + 222))
        try await fixture.waitUntil("the click is handled") { taps > 0 }
        fixture.frame()
        #expect(taps == 1)
        #expect(!button.isHighlighted)
    }

    @Test("a click on a touch-forwarding view reaches the button below only when it is a passthrough view")
    func passthroughClick() async throws {
        let fixture = try await HostFixture()
        defer { fixture.stop() }
        var taps = 0
        let button = Button(title: "Below", frame: Rect(x: 40, y: 40, width: 160, height: 44)) { _ in taps += 1 }
        fixture.root.addSubview(button)
        let overlay = RecordingForwardingView(frame: fixture.root.bounds)
        overlay.identifier = "overlay"
        overlay.backgroundColor = Color(white: 0, alpha: 0.3)
        fixture.root.addSubview(overlay)
        fixture.frame()
        let input = try XTestInput(displayName: fixture.server.displayName)
        let origin = fixture.windowOrigin()
        let onButton = Point(x: origin.x + 120, y: origin.y + 62)

        input.click(at: onButton)
        // XTest requests are synchronous: once they return, the server has queued the events for the host.
        fixture.frame()
        fixture.frame()
        #expect(overlay.touchesReceived == 1, "the click reached the overlay")
        #expect(taps == 0, "the overlay must block the button while it is not a passthrough view")

        overlay.passthroughViews = [button]
        input.click(at: onButton)
        try await fixture.waitUntil("the click passes through") { taps == 1 }
        #expect(taps == 1)
        #expect(overlay.touchesReceived == 1, "the second click went to the button, not the overlay")
    }

    @Test("Escape, Return and Tab typed through XTest reach the first responder as keys")
    func keysReachFirstResponder() async throws {
        let fixture = try await HostFixture()
        defer { fixture.stop() }
        let field = KeyRecordingView(frame: Rect(x: 10, y: 10, width: 100, height: 30))
        fixture.root.addSubview(field)
        fixture.frame()
        #expect(field.becomeFirstResponder())
        // Give the window keyboard focus, as a window manager would (WM_HINTS says it accepts input).
        XSetInputFocus(fixture.display.pointer, fixture.host.xWindow, RevertToParent, Time(CurrentTime))
        fixture.display.sync()
        let input = try XTestInput(displayName: fixture.server.displayName)
        for keysym in [XK_Escape, XK_Return, XK_Tab, XK_a] { input.key(UInt(keysym)) }
        try await fixture.waitUntil("the keys arrive") { field.keys.count >= 4 }
        #expect(field.keys == [.escape, .return, .tab, .character("a")])
    }

    @Test("changing one small view's colour redraws and copies only that view's region")
    func smallChangeCopiesOnlyItsRegion() async throws {
        let fixture = try await HostFixture(size: Size(width: 640, height: 480))
        defer { fixture.stop() }
        fixture.root.backgroundColor = Color(hex: 0x303030)
        let dot = View(frame: Rect(x: 300, y: 200, width: 20, height: 20))
        dot.backgroundColor = .red
        fixture.root.addSubview(dot)
        fixture.frame()
        var copied: [Proscenium.Region] = []
        fixture.host.framePresented = { copied.append($0) }
        let before = try fixture.capture()

        dot.backgroundColor = .blue
        fixture.frame()

        #expect(copied.count == 1)
        #expect(copied.first?.rects == [Rect(x: 300, y: 200, width: 20, height: 20)])
        #expect(copied.first?.area == 400)
        let after = try fixture.capture()
        #expect(after.color(atX: 310, y: 210).isClose(to: .blue))
        var changed = 0
        for y in 0..<after.height {
            for x in 0..<after.width where after.color(atX: x, y: y) != before.color(atX: x, y: y) { changed += 1 }
        }
        #expect(changed == 400)

        fixture.frame()
        #expect(copied.count == 1, "a frame with nothing dirty must not draw")
    }
}

/// A touch-forwarding view that counts the touches that stop at it.
@MainActor final class RecordingForwardingView: TouchForwardingView {
    var touchesReceived = 0

    override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
        touchesReceived += 1
    }
}

/// A view that can be first responder and records the keys pressed.
@MainActor final class KeyRecordingView: View {
    var keys: [Key] = []

    override var canBecomeFirstResponder: Bool { true }

    override func pressesBegan(_ presses: Set<Press>, with event: Event?) {
        keys.append(contentsOf: presses.map(\.key))
    }
}
