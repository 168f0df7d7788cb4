import Foundation
import Proscenium
import ProsceniumTesting
import Testing
import TestSupport

/// The controls and the list scenes as a screen reader works them through pyatspi: values read and set
/// through Value, a row selected through its list's Selection, buttons found through Collection.
@MainActor @Suite("Screen readers: values, lists and searches", .serialized)
struct ScreenReaderControlsTests: ScreenReaderFixture {
    private func value(_ bus: ScreenReaderBus, _ identifier: String, set number: Double) async throws -> [String: Any] {
        try #require(try await read(bus, ["--value", identifier, "\(number)"]).compactMap { $0["value"] as? [String: Any] }.first)
    }

    @Test("a slider, a stepper and a progress bar through Value: bounds, step and value; set as the user's change would, the progress bar's left as it is")
    func valuesThroughValue() async throws {
        try await withDemo(arguments: ["--scene", "controls"]) { demo, bus, _ in
            try await waitForTransition("presentationDidEnd", in: demo)
            let slider = try await value(bus, "volume", set: 0.75)
            #expect(slider["role"] as? String == "slider" && slider["minimum"] as? Double == 0 && slider["maximum"] as? Double == 1)
            #expect(slider["current"] as? Double == 0.4 && slider["set"] as? Bool == true, "\(slider)")
            #expect(try await value(bus, "volume", set: 0.4)["current"] as? Double == 0.75, "the slider took the value set")

            let stepper = try await value(bus, "copies", set: 3.4)
            #expect(stepper["current"] as? Double == 1 && stepper["increment"] as? Double == 1, "\(stepper)")
            #expect(try await value(bus, "copies", set: 1)["current"] as? Double == 3, "the stepper went to its nearest step")

            let progress = try await value(bus, "progress", set: 0.9)
            #expect(progress["role"] as? String == "progress bar" && progress["current"] as? Double == 0.4)
            #expect(try await value(bus, "progress", set: 0.9)["current"] as? Double == 0.4, "a progress bar's value is not set")
        }
    }

    @Test("a table is a list whose rows are selected through Selection as a tap selects them")
    func rowSelectedThroughSelection() async throws {
        try await withDemo(arguments: ["--scene", "list"]) { demo, bus, _ in
            try await waitForTransition("presentationDidEnd", in: demo)
            let tree = try await read(bus)[0]
            let rows = nodes(tree).filter { $0["role"] as? String == "list item" }
            #expect(rows.count > 5, "the visible rows are the list's items")
            #expect(rows.allSatisfy { !($0["description"] as? String ?? "").isEmpty }, "each row's detail text is spoken after its name")
            #expect(rows.allSatisfy { $0["contains_in_parent"] as? Bool == true }, "a point given relative to the list is inside its row")
            let selection = try #require(try await read(bus, ["--select", "2"]).compactMap { $0["selection"] as? [String: Any] }.first)
            #expect(selection["before"] as? Int == 0 && selection["selected"] as? Bool == true)
            #expect(selection["now"] as? [String] == [rows[2]["name"] as? String ?? "-"], "\(selection)")
            #expect((selection["row_states"] as? [String])?.contains("selected") == true)
        }
    }

    @Test("Collection finds the buttons showing: the home screen's, then only the alert's while it is up")
    func buttonsFoundThroughCollection() async throws {
        try await withDemo { demo, bus, _ in
            let home = try #require(try await read(bus, ["--find"]).compactMap { $0["found"] as? [String] }.first)
            #expect(["Bouncy", "Sheet", "Alert", "Controls"].allSatisfy(home.contains), "\(home)")
            #expect(try await read(bus, ["--press", "Alert"]).last?["pressed"] as? Bool == true)
            try await waitForTransition("presentationDidEnd", in: demo)
            let alert = try #require(try await read(bus, ["--find"]).compactMap { $0["found"] as? [String] }.first)
            #expect(Set(alert) == ["OK", "Cancel"], "\(alert)")
        }
    }
}
