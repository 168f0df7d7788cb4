import CX11
import Foundation
import Proscenium
import ProsceniumX11
import Testing
import TestSupport

/// The list scene live: the wheel's buttons and a drag, sent through XTest as a user's hand sends them,
/// scroll the 10,000-row table, and the event log follows each motion.
@MainActor @Suite("Scrolling in the demo", .serialized)
struct ScrollDemoTests {
    private func scrollEvents(_ demo: DemoProcess) -> [(y: Double, phase: String)] {
        demo.events("scroll").compactMap { event in
            guard event["view"] as? String == "list", let phase = event["phase"] as? String else { return nil }
            let y = (event["y"] as? Double) ?? (event["y"] as? Int).map(Double.init) ?? .nan
            return (y, phase)
        }
    }

    /// The demo with the list presented at 800x600 on `server`: the list's frame in the window, the
    /// window's top-left on the screen, and XTest to reach it.
    private func showList(on server: PrivateXvfb) async throws -> (DemoProcess, Rect, Point, XTestInput) {
        let demo = try DemoProcess(arguments: ["--scene", "list", "--size", "800x600", "--log-events"],
                                   environment: ["DISPLAY": server.displayName])
        let ready = try await demo.event("ready")
        let window = try #require((ready["window"] as? String).flatMap { UInt($0.dropFirst(2), radix: 16) })
        try await waitUntil("the list is up") {
            demo.events("transition").contains { $0["phase"] as? String == "presentationDidEnd" }
        }
        try await waitUntil("the tree after the transition") { demo.frame(of: "list") != nil }
        let list = try #require(demo.frame(of: "list"))
        let display = try Display(name: server.displayName)
        var x: Int32 = 0, y: Int32 = 0
        var child: CX11.Window = 0
        XTranslateCoordinates(display.pointer, CX11.Window(window), display.rootWindow, 0, 0, &x, &y, &child)
        return (demo, list, Point(x: Double(x), y: Double(y)), try XTestInput(displayName: server.displayName))
    }

    @Test("three wheel notches (button 5) scroll the list three notches down, two back (button 4) up by two")
    func wheelNotchesScrollTheList() async throws {
        try await withPrivateXvfb(width: 1280, height: 800) { server in
            let (demo, list, origin, input) = try await showList(on: server)
            defer { demo.stop() }
            input.move(to: Point(x: origin.x + list.midX, y: origin.y + list.midY))
            for _ in 0..<3 { input.press(button: 5); input.release(button: 5) }
            let notch = InputEvent.wheelNotchDistance
            try await waitUntil("the list rests three notches down") {
                scrollEvents(demo).contains { $0.phase == "ended" && abs($0.y - 3 * notch) < 1e-6 }
            }
            #expect(scrollEvents(demo).first?.phase == "animating", "a notch glides")
            for _ in 0..<2 { input.press(button: 4); input.release(button: 4) }
            try await waitUntil("and one notch down after two up") {
                scrollEvents(demo).contains { $0.phase == "ended" && abs($0.y - notch) < 1e-6 }
            }
        }
    }

    @Test("an XTest drag flings the list: dragging, decelerating, then at rest further on than the drag went")
    func dragFlingsTheList() async throws {
        try await withPrivateXvfb(width: 1280, height: 800) { server in
            let (demo, list, origin, input) = try await showList(on: server)
            defer { demo.stop() }
            // At a hand's pace, a move every 16 ms: the X server stamps each with its time, and the list
            // reads the release speed from those stamps.
            let start = Point(x: origin.x + list.midX, y: origin.y + list.maxY - 20)
            let travel = list.height - 120
            input.move(to: start)
            input.press(button: 1)
            for step in 1...8 {
                try await Task.sleep(for: .milliseconds(16))
                input.move(to: Point(x: start.x, y: start.y - travel * Double(step) / 8))
            }
            // A last flick of the wrist right before letting go: however late this process woke for the moves
            // above, the release comes while the pointer is moving, so the list has a speed to glide on with.
            input.move(to: Point(x: start.x, y: start.y - travel - 6))
            input.release(button: 1)
            try await waitUntil("the fling comes to rest", timeout: 20) {
                scrollEvents(demo).contains { $0.phase == "ended" }
            }
            let phases = scrollEvents(demo).map(\.phase)
            #expect(phases == ["dragging", "decelerating", "ended"])
            let rest = try #require(scrollEvents(demo).last?.y)
            #expect(rest > travel + 6, "it glided on past the \(travel) points the drag covered: \(rest)")
            #expect(rest <= 10_000 * 52 - list.height)
        }
    }
}
