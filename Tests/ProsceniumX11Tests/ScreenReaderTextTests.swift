import CX11
import Foundation
import Proscenium
import ProsceniumTesting
import ProsceniumX11
import Testing
import TestSupport

/// The rename alert's field as a screen reader reads and edits it through pyatspi: its text, caret,
/// selection and where its characters are; text inserted through EditableText; and the events typing
/// raises, with the offsets a screen reader needs to echo what was typed and deleted.
@MainActor @Suite("Screen readers: text", .serialized)
struct ScreenReaderTextTests: ScreenReaderFixture {
    @Test("the field through Text: its text, the selection the alert starts with, the caret, words, lines, extents; EditableText inserts as typing does")
    func fieldThroughText() async throws {
        try await withDemo(arguments: ["--scene", "rename"]) { demo, bus, _ in
            try await waitForTransition("presentationDidEnd", in: demo)
            let first = try #require(try await read(bus, ["--text", "entry"]).compactMap { $0["text"] as? [String: Any] }.first)
            #expect(first["name"] as? String == "Name" && first["text"] as? String == "Untitled" && first["count"] as? Int == 8)
            #expect(first["caret"] as? Int == 8 && first["selections"] as? [[Int]] == [[0, 8]], "the whole name is selected: \(first)")
            #expect(first["word"] as? [AnyHashable] == ["Untitled", 0, 8] && first["char"] as? [AnyHashable] == ["U", 0, 1])
            #expect(first["line"] as? [AnyHashable] == ["Untitled", 0, 8])
            let field = try #require(first["node_extents"] as? [Int])
            let character = try #require(first["extents"] as? [Int]), whole = try #require(first["extents_end"] as? [Int])
            #expect(character[0] > field[0] && character[2] > 4 && character[2] < 20, "U sits inside the field: \(character) in \(field)")
            #expect(character[1] >= field[1] && character[1] + character[3] <= field[1] + field[3])
            #expect(whole[0] == character[0] && whole[2] > 4 * character[2] && whole[0] + whole[2] < field[0] + field[2],
                    "the text's extents span its eight characters: \(whole)")
            #expect(first["inserted"] as? Bool == true)

            let second = try #require(try await read(bus, ["--text", "entry"]).compactMap { $0["text"] as? [String: Any] }.first)
            #expect(second["text"] as? String == "Untitled!" && second["caret"] as? Int == 9, "the insertion went in as typing: \(second)")
        }
    }

    @Test("typing in the field raises text-changed and caret events with the offsets of what was replaced, typed and deleted")
    func typingRaisesEvents() async throws {
        try await withDemo(arguments: ["--scene", "rename"]) { demo, bus, server in
            try await waitForTransition("presentationDidEnd", in: demo)
            let ready = try #require(demo.events("ready").first)
            let window = try #require((ready["window"] as? String).flatMap { UInt($0.dropFirst(2), radix: 16) })
            let display = try Display(name: server.displayName)
            XSetInputFocus(display.pointer, CX11.Window(window), RevertToParent, Time(CurrentTime))
            display.sync()
            let client = try await listen(bus, seconds: 60)
            let input = try XTestInput(displayName: server.displayName)
            // Each key handled, then longer than the bridge gathers events over, so each key's events go out
            // on their own.
            for key in [UInt(Character("a").asciiValue!), UInt(Character("b").asciiValue!), UInt(XK_BackSpace)] {
                input.type(keysym: key)
                try await demoHasHandledEarlierEvents(CX11.Window(window), on: server)
                try await Task.sleep(for: .milliseconds(400))
            }
            let expected = ["delete 0 8 Untitled", "insert 0 1 a", "caret 1", "insert 1 1 b", "caret 2", "delete 1 1 b", "caret 1"]
            let events = try await client.events { Self.echoed($0).count >= expected.count }
            #expect(Self.echoed(events) == expected, "\(events)")
        }
    }

    /// What a screen reader echoes from the field's text and caret events: kind, offsets and text.
    nonisolated static func echoed(_ events: [[String: Any]]) -> [String] {
        events.filter { $0["role"] as? String == "entry" }.compactMap { event -> String? in
            guard let type = event["type"] as? String, type.hasPrefix("object:text-changed") || type == "object:text-caret-moved" else { return nil }
            let kind = type.split(separator: ":").last.map(String.init) ?? type
            return kind == "text-caret-moved" ? "caret \(event["detail1"] ?? "-")"
                : "\(kind) \(event["detail1"] ?? "-") \(event["detail2"] ?? "-") \(event["data"] ?? "-")"
        }
    }
}
