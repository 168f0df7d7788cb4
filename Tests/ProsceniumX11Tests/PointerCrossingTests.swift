import CX11
import Foundation
@testable import Proscenium
@testable import ProsceniumX11
import Testing
import TestSupport

/// The pointer crossing the window's edge without moving over it: another window mapped over it and gone
/// again, as when a notification or a menu of another app closes under a still mouse.
@MainActor @Suite("Pointer crossing the window", .serialized)
struct PointerCrossingTests {
    @Test("the pointer over the window again without moving (a window over it went away) shows the cursor of what is under it")
    func enteringUpdatesTheCursor() async throws {
        let fixture = try await HostFixture()
        defer { fixture.stop() }
        let field = View(frame: Rect(x: 0, y: 0, width: 640, height: 480))
        field.cursor = .text
        fixture.root.addSubview(field)
        fixture.frame()
        let input = try XTestInput(displayName: fixture.server.displayName)
        input.move(to: fixture.tester.screenPoint(Point(x: 100, y: 100)))
        try await fixture.waitUntil("hovering the field shows the I-beam") { fixture.host.window.currentCursor == .text }

        let other = try #require(XOpenDisplay(fixture.server.displayName))
        defer { XCloseDisplay(other) }
        var attributes = XSetWindowAttributes()
        attributes.override_redirect = 1
        let cover = XCreateWindow(other, XDefaultRootWindow(other), 0, 0, 800, 600, 0, 0, UInt32(InputOutput), nil,
                                  UInt(CWOverrideRedirect), &attributes)
        XMapRaised(other, cover)
        XSync(other, 0)
        try await fixture.waitUntil("covered: the pointer left, the arrow") { fixture.host.window.currentCursor == .arrow }
        XUnmapWindow(other, cover)
        XSync(other, 0)
        try await fixture.waitUntil("uncovered: the I-beam again, the mouse never moved") { fixture.host.window.currentCursor == .text }
    }
}
