import Proscenium
@testable import ProsceniumX11
import TestSupport
import Testing

/// Retention compares every fill of the last frame with every fill of this one; a rounded card gives two
/// crossed bars, so four pairs, and the crossed ones keep nothing the others do not. Leaving them out must
/// not leave out anything that has to be redrawn.
@Suite("Retention's pairs of fills")
struct RetentionPairTests {
    static let target = Rect(x: 0, y: 0, width: 240, height: 180)

    /// The retained fills of a frame with a rounded card at `card`, a label-sized fill on it (too small to be
    /// retained itself, but drawn above the card) and a rounded button below.
    static func fills(card: Rect) -> [XRenderRenderer.RetainedFill] {
        let commands: [DisplayCommand] = [
            .fill(rect: card, cornerRadius: 12, color: .white),
            .fill(rect: Rect(x: card.minX + 10, y: card.minY + 10, width: 40, height: 12), cornerRadius: 0, color: .black),
            .fill(rect: Rect(x: card.minX + 20, y: card.maxY - 40, width: card.width - 40, height: 30), cornerRadius: 8,
                  color: .systemBlue),
        ]
        return XRenderRenderer.retainedFills(in: commands.summaries, target: target, extentAt: { XRenderRenderer.extent(of: commands[$0]) })
    }

    /// The pixels of `rects` on the target's grid.
    static func pixels(_ rects: [Rect]) -> Set<Int> {
        var set = Set<Int>()
        for rect in rects {
            for y in Int(rect.minY)..<Int(rect.maxY) { for x in Int(rect.minX)..<Int(rect.maxX) { set.insert(y * 1000 + x) } }
        }
        return set
    }

    @Test("a card moving up: the crossed bars' pairs are left out")
    func crossedPairsAreRedundant() {
        let before = Self.fills(card: Rect(x: 30, y: 60, width: 180, height: 110))
        let now = Self.fills(card: Rect(x: 30, y: 52, width: 180, height: 110))
        var pairs: [XRenderRenderer.Pair] = []
        for (n, fill) in now.enumerated() {
            for (b, old) in before.enumerated() where old.color == fill.color {
                let hole = old.interior.intersection(fill.interior)
                if !hole.isEmpty { pairs.append(.init(hole: hole, before: b, now: n, sources: (old.source, fill.source))) }
            }
        }
        let kept = pairs.indices.filter { !XRenderRenderer.isRedundant($0, in: pairs) }
        #expect(pairs.count == 8, "two bars of the card and two of the button, each with both of its old ones")
        #expect(kept.count == 4, "the crossed pairs keep nothing more: \(kept)")
    }

    @Test("random moves: everything outside what both frames leave alone is still redrawn", arguments: 0..<40)
    func nothingNeededIsLeftOut(seed: Int) {
        var random = SeededGenerator(seed: UInt64(seed + 1))
        let first = Rect(x: random.double(in: 10...40), y: random.double(in: 20...60), width: 170, height: 100).integral
        let second = first.offsetBy(dx: (random.double(in: -6...6)).rounded(), dy: (random.double(in: -20...20)).rounded())
        let before = Self.fills(card: first), now = Self.fills(card: second)
        let damage = Proscenium.Region(first.union(second).insetBy(dx: -2, dy: -2))
        let result = XRenderRenderer.damage(damage, retaining: before, under: now)
        // What some pair may keep: inside both interiors, outside what either frame drew above.
        var keepable = Set<Int>()
        for fill in now {
            for old in before where old.color == fill.color {
                keepable.formUnion(Self.pixels([old.interior.intersection(fill.interior)])
                    .subtracting(Self.pixels(old.above + fill.above)))
            }
        }
        let damaged = Self.pixels(damage.rects), redrawn = Self.pixels(result.rects)
        #expect(damaged.subtracting(keepable).isSubset(of: redrawn), "seed \(seed): a pixel that changed is not redrawn")
        #expect(redrawn.isSubset(of: damaged))
        #expect(redrawn.count < damaged.count, "seed \(seed): the card's interior is kept")
    }
}
