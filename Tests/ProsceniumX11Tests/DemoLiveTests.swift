import CX11
import Foundation
import Proscenium
import ProsceniumX11
import Testing
import TestSupport

/// The gallery live, as a user meets it: the demo runs on its real Dispatch clock in the test's own
/// Xvfb, clicks arrive through XTest, and the window is resized the way a window manager would.
@MainActor @Suite("Demo, live", .serialized)
struct DemoLiveTests {
    @Test("with the sheet up, an XTest click on counter is a tap and the sheet stays; resizing across 640 px re-hosts it")
    func sheetClickThroughAndAdaptation() async throws {
        try await withPrivateXvfb(width: 1280, height: 800) { server in
            let demo = try DemoProcess(arguments: ["--scene", "sheet", "--size", "600x800", "--log-events"],
                                       environment: ["DISPLAY": server.displayName])
            defer { demo.stop() }
            let ready = try await demo.event("ready")
            let window = try #require((ready["window"] as? String).flatMap { UInt($0.dropFirst(2), radix: 16) })
            try await waitUntil("the sheet is up") {
                demo.events("transition").contains { $0["phase"] as? String == "presentationDidEnd" }
            }
            try await waitUntil("the tree after the transition") { demo.frame(of: "counter") != nil }
            let counter = try #require(demo.frame(of: "counter"))

            let display = try Display(name: server.displayName)
            var x: Int32 = 0, y: Int32 = 0
            var child: CX11.Window = 0
            XTranslateCoordinates(display.pointer, CX11.Window(window), display.rootWindow, 0, 0, &x, &y, &child)
            let input = try XTestInput(displayName: server.displayName)
            input.click(at: Point(x: Double(x) + counter.midX, y: Double(y) + counter.midY))
            try await waitUntil("the tap on counter") { demo.events("tap").contains { $0["view"] as? String == "counter" } }
            #expect(!demo.events("transition").contains { $0["phase"] as? String == "dismissalWillBegin" },
                    "the sheet stays up")

            XResizeWindow(display.pointer, CX11.Window(window), 900, 800)
            display.sync()
            try await waitUntil("the sheet becomes a popover") {
                demo.events("adapt").contains { ($0["style"] as? String) == "popover" }
            }
            try await waitUntil("the resize is reported") { demo.events("resize").contains { $0["width"] as? Int == 900 } }
            XResizeWindow(display.pointer, CX11.Window(window), 600, 800)
            display.sync()
            try await waitUntil("and back into a bottom sheet") {
                demo.events("adapt").contains { ($0["style"] as? String) == "bottomSheet" }
            }
            #expect(demo.events("adapt").allSatisfy { $0["controller"] as? String == "sheet" })
            #expect(!demo.events("transition").contains { $0["phase"] as? String == "dismissalWillBegin" },
                    "re-hosting is not a dismissal")
        }
    }

    @Test("bouncy up: an XTest click on the dimming over a home button reaches nothing, an XTest Escape dismisses")
    func bouncyDimmingBlocksAndEscapeDismisses() async throws {
        try await withPrivateXvfb(width: 1280, height: 800) { server in
            let demo = try DemoProcess(arguments: ["--log-events"], environment: ["DISPLAY": server.displayName])
            defer { demo.stop() }
            let ready = try await demo.event("ready")
            let window = try #require((ready["window"] as? String).flatMap { UInt($0.dropFirst(2), radix: 16) })
            try await waitUntil("the first tree") { demo.frame(of: "present-bouncy") != nil }
            let bouncyButton = try #require(demo.frame(of: "present-bouncy"))
            // The last button of home's first row, at its right end.
            let lastButton = try #require(demo.frame(of: "present-list"))
            let display = try Display(name: server.displayName)
            var x: Int32 = 0, y: Int32 = 0
            var child: CX11.Window = 0
            XTranslateCoordinates(display.pointer, CX11.Window(window), display.rootWindow, 0, 0, &x, &y, &child)
            let origin = Point(x: Double(x), y: Double(y))
            let input = try XTestInput(displayName: server.displayName)

            input.click(at: Point(x: origin.x + bouncyButton.midX, y: origin.y + bouncyButton.midY))
            try await waitUntil("bouncy is up") {
                demo.events("transition").contains { $0["phase"] as? String == "presentationDidEnd" }
            }
            // The card is inset 30 px: the buttons at the left and right ends of home's row stick out from
            // under it by a few pixels, where only the dimming covers them. Click there.
            #expect(bouncyButton.minX < 30 && lastButton.maxX > 1250, "\(bouncyButton) and \(lastButton) stick out")
            let tapsBefore = demo.events("tap").count
            input.click(at: Point(x: origin.x + (bouncyButton.minX + 30) / 2, y: origin.y + bouncyButton.midY))
            input.click(at: Point(x: origin.x + (lastButton.maxX + 1250) / 2, y: origin.y + lastButton.midY))
            try await Task.sleep(for: .milliseconds(300))
            #expect(demo.events("tap").count == tapsBefore, "\(demo.events("tap"))")
            #expect(!demo.events("transition").contains { $0["phase"] as? String == "dismissalWillBegin" })

            XSetInputFocus(display.pointer, CX11.Window(window), RevertToParent, Time(CurrentTime))
            display.sync()
            input.key(UInt(XK_Escape))
            try await waitUntil("Escape dismisses it") {
                demo.events("transition").contains { $0["phase"] as? String == "dismissalDidEnd" }
            }
            #expect(demo.events("transition").last?["controller"] as? String == "bouncy")
        }
    }
}
