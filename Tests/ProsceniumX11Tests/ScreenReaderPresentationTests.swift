import Foundation
import Proscenium
import ProsceniumTesting
import Testing
import TestSupport

/// Presentations that leave the screen under them in reach, as a screen reader meets them through pyatspi:
/// the half-modal sheet (a bottom sheet in a compact window, a popover in a regular one) is a panel beside
/// the home screen, whose counter stays operable; a popover's controls are where they are drawn, in device
/// pixels at scale 2 as well.
@MainActor @Suite("Screen readers: passthrough presentations", .serialized)
struct ScreenReaderPresentationTests: ScreenReaderFixture {
    @Test("with the half-modal sheet up, the home screen's counter and the sheet's own are both operable; the sheet stays up",
          arguments: ["600x800", "1280x800"])
    func counterOperableBesideTheSheet(size: String) async throws {
        try await withDemo(arguments: ["--scene", "sheet", "--size", size]) { demo, bus, _ in
            try await waitForTransition("presentationDidEnd", in: demo)
            let tree = try await read(bus)[0]
            let window = try #require((tree["children"] as? [[String: Any]])?.first)
            let children = (window["children"] as? [[String: Any]]) ?? []
            let sheet = try #require(children.first { $0["role"] as? String == "panel" }, "the sheet is a panel: \(children.map { $0["role"] ?? "" })")
            #expect(!children.contains { $0["role"] as? String == "dialog" }, "nothing modal hides the home screen")
            #expect(named("Count: 0", role: "push button", in: sheet) != nil)
            #expect(named("Tapped 0 times", role: "push button", in: tree) != nil, "the home screen's counter is in reach")

            #expect(try await read(bus, ["--press", "Tapped 0 times"]).last?["pressed"] as? Bool == true)
            #expect(try await read(bus, ["--press", "Count: 0"]).last?["pressed"] as? Bool == true)
            // The presses run on the demo's next turn and its names reach the tree after the next frame.
            var counted = false
            for _ in 0..<20 where !counted {
                let tree = try await read(bus)[0]
                counted = named("Tapped 1 times", role: "push button", in: tree) != nil && named("Count: 1", role: "push button", in: tree) != nil
                if !counted { try await Task.sleep(for: .milliseconds(100)) }
            }
            #expect(counted, "both counters counted")
            #expect(demo.events("transition").allSatisfy { ($0["phase"] as? String)?.hasPrefix("dismissal") != true }, "the sheet stayed up")
        }
    }

    @Test("a popover's controls appear where they are drawn: window extents its frames in device pixels, screen extents the same size",
          arguments: [1.0, 2.0])
    func popoverExtents(scale: Double) async throws {
        try await withDemo(scale: scale, arguments: ["--scene", "sheet"]) { demo, bus, _ in
            try await waitForTransition("presentationDidEnd", in: demo)
            try await waitUntil("the tree after the transition") { demo.frame(of: "sheet-counter") != nil }
            let tree = try await read(bus)[0]
            for (identifier, name) in [("sheet-counter", "Count: 0"), ("counter", "Tapped 0 times")] {
                let frame = try #require(demo.frame(of: identifier))
                let node = try #require(named(name, role: "push button", in: tree))
                let expected = [frame.minX, frame.minY, frame.width, frame.height].map { Int(($0 * scale).rounded()) }
                #expect(node["window"] as? [Int] == expected, "\(name): \(node["window"] ?? "-") against \(expected)")
                let screen = try #require(node["screen"] as? [Int])
                #expect(screen[2] == expected[2] && screen[3] == expected[3])
            }
        }
    }
}
