import Foundation
import Proscenium
@testable import ProsceniumX11
import TestSupport
import Testing

/// Text is measured with the fonts of the display it is shown on: each window's views with its own
/// display's Xft measurer, whatever other displays open and close, and text in no window with that of a
/// display still open.
@MainActor @Suite("Text measurers per display")
struct TextMeasurerTests {
    /// Narrow and wide letters: Xft's widths and the estimate's (the same for every letter) differ a lot.
    static let text = "iiiiii WWWW mmm"
    static let font = Font.systemFont(ofSize: 20)

    @Test("two windows on two displays, the second closed: labels of the first and labels in no window still measure with Xft")
    func closingAnotherDisplayKeepsXft() async throws {
        let first = try await HostFixture(size: Size(width: 320, height: 200))
        defer { first.stop() }
        let xft = XftTextMeasurer(display: first.display).width(of: Self.text, font: Self.font)
        #expect(abs(xft - EstimatingTextMeasurer().width(of: Self.text, font: Self.font)) > 10,
                "Xft's width tells from the estimate")
        let shown = Label(text: Self.text)
        shown.font = Self.font
        first.root.addSubview(shown)
        let before = shown.sizeThatFits(Size(width: 1000, height: 1000))
        #expect(before.width == xft.rounded(.up))

        let second = try await HostFixture(size: Size(width: 320, height: 200))
        weak let secondDisplay = second.display
        await second.stop()
        #expect(secondDisplay == nil, "the second display is closed")

        // A label new to the first window measures as its first label did, and so does one in no window.
        let added = Label(text: Self.text)
        added.font = Self.font
        first.root.addSubview(added)
        #expect(added.sizeThatFits(Size(width: 1000, height: 1000)) == before)
        let loose = Label(text: Self.text)
        loose.font = Self.font
        #expect(loose.sizeThatFits(Size(width: 1000, height: 1000)) == before)
    }
}
