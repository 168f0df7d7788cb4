import Foundation
import Proscenium
@testable import ProsceniumX11
import TestSupport
import Testing

/// A view lands on whole pixels and its subviews move with it, so a label on a springing card never
/// steps against the card's edge (text can only be drawn at whole pixels).
@MainActor @Suite("Pixel snapping")
struct PixelSnappingTests {
    static let cardColor = Color(hex: 0x4D96FF)

    @Test("a label on a springing card moves by exactly as much as the card's top edge, on every frame")
    func labelMovesWithTheCardEdge() async throws {
        let fixture = try await HostFixture(size: Size(width: 480, height: 400))
        defer { fixture.stop() }
        fixture.root.backgroundColor = Color(hex: 0xF2F2F7)
        let card = View(frame: Rect(x: 40, y: 20.3, width: 300, height: 120))
        card.backgroundColor = Self.cardColor
        card.cornerRadius = 12
        let label = Label(text: "Title", frame: Rect(x: 16, y: 14, width: 200, height: 30))
        label.font = .systemFont(ofSize: 22, weight: .bold)
        label.textColor = .white
        card.addSubview(label)
        fixture.root.addSubview(card)
        fixture.frame()

        // A fractional distance on a bouncy spring: its slow tail crawls by fractions of a pixel.
        View.animate(withDuration: 0.8, delay: 0, usingSpringWithDamping: 0.6, initialSpringVelocity: 0, options: [],
                     animations: { card.frame.origin.y += 203.7 })
        var gaps: [Double] = [], edges: [Int] = []
        for _ in 0..<54 {
            // Tests share the main actor: let the others' X events in between frames.
            await Task.yield()
            fixture.clock.advance(by: 1.0 / 60)
            let image = try fixture.capture()
            // The card's top edge down the column x = 300 (right of the label), to a fraction of a pixel
            // from the first row it covers at all, and the label's first row of ink (white on the card)
            // between x = 56 and 120.
            let background = 242.0, card = 77.0  // red, of the background and of the card
            guard let edge = (0..<image.height).first(where: { Double(image.rgba(300, $0)[0]) < background - 2 }),
                  let ink = (edge..<image.height).first(where: { y in (56..<120).contains { image.rgba($0, y)[0] > 200 } })
            else {
                Issue.record("no card or label found")
                return
            }
            let coverage = (background - Double(image.rgba(300, edge)[0])) / (background - card)
            // Landing on whole pixels: the card's first row is all card, nothing blended with what is behind.
            #expect(coverage > 0.97, "the card's edge row \(edge) is whole, not \(coverage) covered")
            gaps.append(Double(ink) - (Double(edge) + 1 - coverage))
            edges.append(edge)
        }
        let spread = (gaps.max() ?? 0) - (gaps.min() ?? 0)
        #expect(spread < 0.1, "the label keeps one distance from the card's edge: \(gaps)")
        #expect(Set(edges).count > 20, "the card moved through many rows")
        #expect(edges.last == 224, "it settles where its frame says (20.3 + 203.7)")
    }
}
