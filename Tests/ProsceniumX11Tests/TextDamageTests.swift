import Foundation
import Proscenium
import ProsceniumX11
import Testing
import TestSupport

/// A partial redraw that cuts through centred text redraws its glyphs: the text's extent is where its
/// lines are drawn after alignment, not the block's measured width at its origin (which culled a centred
/// button title under a popover's shadow and left its glyphs half erased).
@MainActor @Suite("Text under partial redraws")
struct TextDamageTests {
    @Test(arguments: [TextAlignment.center, .right, .left])
    func alignedTextCutByTheDamageIsRedrawn(alignment: TextAlignment) async throws {
        let fixture = try await HostFixture(size: Size(width: 400, height: 160))
        defer { fixture.stop() }
        fixture.root.backgroundColor = Color(hex: 0xF2F2F7)
        let button = Button(title: "Cool", frame: Rect(x: 40, y: 40, width: 240, height: 40))
        button.titleLabel.textAlignment = alignment
        fixture.root.addSubview(button)
        // An empty view whose redraw damages a rectangle starting inside the title's glyphs.
        let probe = View(frame: Rect(x: 300, y: 100, width: 10, height: 10))
        fixture.root.addSubview(probe)
        fixture.host.window.setNeedsDisplay()
        fixture.frame()
        let reference = try fixture.capture()
        let text = try #require(fixture.host.window.currentDisplayList().commands.compactMap { command -> Rect? in
            if case let .text(layout, origin, _) = command, let line = layout.lines.first {
                return Rect(x: origin.x + line.x, y: origin.y, width: line.width, height: layout.size.height)
            }
            return nil
        }.first)
        // Both its old and its new place lie right of the title's middle: the damage starts there.
        probe.frame = Rect(x: text.midX, y: text.midY, width: 200, height: 60)
        fixture.frame()
        #expect(fixture.host.window.lastDamage.bounds.minX == text.midX.rounded(.down))
        let after = try fixture.capture()
        var differing = 0
        for x in Int(text.minX)..<Int(text.maxX) {
            for y in Int(text.minY)..<Int(text.maxY) where after.color(atX: x, y: y) != reference.color(atX: x, y: y) {
                differing += 1
            }
        }
        #expect(differing == 0, "\(differing) pixels of the title changed")
    }
}

/// A title sliding and fading across a wide label, drawn frame by frame with only its text's box damaged,
/// leaves the same pixels as the whole window drawn again: no glyph edge left behind.
@MainActor @Suite("Sliding titles")
struct SlidingTitleTests {
    @Test func slidingTitleLeavesNoTrail() async throws {
        let fixture = try await HostFixture(size: Size(width: 480, height: 120))
        defer { fixture.stop() }
        fixture.root.backgroundColor = Color(hex: 0xF2F2F7)
        let title = Label(frame: Rect(x: 40, y: 30, width: 400, height: 44))
        title.text = "Wolf’s jaw, fiery Ω"
        title.font = Font(size: 22, weight: .bold)
        title.textAlignment = .center
        fixture.root.addSubview(title)
        fixture.frame()
        for step in 1...12 {
            title.transform = AffineTransform(translationX: Double(step) * 7.5 - 45, y: 0)
            title.alpha = 1 - Double(step) / 20
            fixture.frame()
        }
        let partial = try fixture.capture()
        fixture.host.window.setNeedsDisplay()
        fixture.frame()
        let whole = try fixture.capture()
        var differing = 0
        for y in 0..<120 { for x in 0..<480 where partial.color(atX: x, y: y) != whole.color(atX: x, y: y) { differing += 1 } }
        #expect(differing == 0, "\(differing) pixels differ from a whole redraw")
    }
}
