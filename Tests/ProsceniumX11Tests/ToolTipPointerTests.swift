import CX11
@testable import Proscenium
import ProsceniumTesting
import Testing
import TestSupport

/// Tooltips under a real pointer: XTest moves it onto a button, the X server's motion events reach the
/// window, and after the rest the tooltip is drawn over the screen; a click takes it away.
@MainActor @Suite("Tooltips under the pointer", .serialized)
struct ToolTipPointerTests {
    @Test("the pointer resting on a button shows its tooltip under it, wrapped, drawn over the window; a click hides it")
    func restingPointerShowsTheTooltip() async throws {
        let controller = ViewController()
        controller.view.backgroundColor = .white
        let button = Button(title: "Export", frame: Rect(x: 60, y: 40, width: 200, height: 40))
        button.identifier = "export"
        button.toolTip = "Export the document as PDF, with its pictures, links and outline"
        controller.view.addSubview(button)
        let tester = try await WindowTester.start(controller, size: Size(width: 320, height: 160))
        defer { tester.stop() }
        let input = try XTestInput(displayName: tester.server.displayName)

        input.move(to: tester.screenPoint(Point(x: 160, y: 60)))
        try await tester.waitUntil("the motion arrives") { tester.window.toolTips.hovered != nil }
        #expect(tester.view(withIdentifier: "tooltip") == nil, "not at once")
        await tester.advance(by: 0.6)
        let tip = try #require(tester.view(withIdentifier: "tooltip"))
        #expect(tip.frame.minY == 80 && abs(tip.frame.midX - 160) <= 1, "centred under the pointer: \(tip.frame)")
        try await assertSnapshot(of: tester, named: "tooltip")

        try tester.tap(at: Point(x: 160, y: 60))
        #expect(tester.view(withIdentifier: "tooltip") == nil)
        await tester.advance(by: 1)
        #expect(tester.view(withIdentifier: "tooltip") == nil, "not again while the pointer stays")
    }
}
