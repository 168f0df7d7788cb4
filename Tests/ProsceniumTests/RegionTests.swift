import Testing
import Proscenium

/// The damage region: whole-pixel rectangles that merge when they overlap, capped in number.
@Suite("Region")
struct RegionTests {
    @Test func overlappingRectsMergeIntoTheirUnion() {
        var region = Region(Rect(x: 0, y: 0, width: 10, height: 10))
        region.add(Rect(x: 5, y: 5, width: 10, height: 10))
        #expect(region.rects == [Rect(x: 0, y: 0, width: 15, height: 15)])
        #expect(region.area == 225)
    }

    @Test func disjointRectsStaySeparate() {
        var region = Region(Rect(x: 0, y: 0, width: 10, height: 10))
        region.add(Rect(x: 50, y: 50, width: 10, height: 20))
        #expect(Set(region.rects) == [Rect(x: 0, y: 0, width: 10, height: 10), Rect(x: 50, y: 50, width: 10, height: 20)])
        #expect(region.area == 300)
        #expect(region.bounds == Rect(x: 0, y: 0, width: 60, height: 70))
    }

    @Test func rectInsideAnotherIsAbsorbed() {
        var region = Region(Rect(x: 0, y: 0, width: 100, height: 100))
        region.add(Rect(x: 10, y: 10, width: 5, height: 5))
        #expect(region.rects == [Rect(x: 0, y: 0, width: 100, height: 100)])
        #expect(region.area == 10_000)
    }

    @Test func mergeCascadesThroughRectsTheUnionNowOverlaps() {
        var region = Region(Rect(x: 0, y: 0, width: 10, height: 40))
        region.add(Rect(x: 20, y: 30, width: 10, height: 10))
        region.add(Rect(x: 50, y: 0, width: 10, height: 10))
        #expect(region.rects.count == 3)
        // Overlaps only the first; their union, (0, 0)–(25, 40), then overlaps the second as well.
        region.add(Rect(x: 5, y: 0, width: 20, height: 5))
        #expect(Set(region.rects) == [Rect(x: 0, y: 0, width: 30, height: 40), Rect(x: 50, y: 0, width: 10, height: 10)])
    }

    @Test func rectsSharingAWholeEdgeMerge() {
        var region = Region(Rect(x: 0, y: 0, width: 10, height: 10))
        region.add(Rect(x: 10, y: 0, width: 10, height: 10))
        region.add(Rect(x: 0, y: 10, width: 20, height: 5))
        #expect(region.rects == [Rect(x: 0, y: 0, width: 20, height: 15)])
        #expect(region.area == 300)
    }

    @Test func rectsTouchingOnlyAtACornerStaySeparate() {
        var region = Region(Rect(x: 0, y: 0, width: 10, height: 10))
        region.add(Rect(x: 10, y: 10, width: 10, height: 10))
        #expect(region.rects.count == 2)
        #expect(region.area == 200)
    }

    @Test func addRoundsOutToWholePixels() {
        var region = Region()
        region.add(Rect(x: 0.5, y: 1.25, width: 1, height: 2.5))
        #expect(region.rects == [Rect(x: 0, y: 1, width: 2, height: 3)])
    }

    @Test func emptyRectsAreIgnored() {
        var region = Region()
        region.add(Rect(x: 5, y: 5, width: 0, height: 10))
        region.add(.zero)
        #expect(region.isEmpty)
        #expect(region.area == 0)
    }

    @Test func capKeepsEveryAddedRectCovered() {
        var region = Region()
        var added: [Rect] = []
        for i in 0..<20 {
            let rect = Rect(x: Double(i % 5) * 40, y: Double(i / 5) * 40 + Double(i % 3), width: 10 + Double(i % 4), height: 10)
            added.append(rect)
            region.add(rect)
            #expect(region.rects.count <= Region.maximumRectangles)
        }
        for rect in added {
            #expect(region.rects.contains { $0.contains(rect) }, "\(rect) lost from \(region)")
        }
        // The rectangles never overlap, so the area is their plain sum and at least what was added.
        for (i, a) in region.rects.enumerated() {
            for b in region.rects[(i + 1)...] { #expect(!a.intersects(b)) }
        }
        #expect(region.area >= added.reduce(0) { $0 + $1.width * $1.height })
        #expect(region.area == region.rects.reduce(0) { $0 + $1.width * $1.height })
    }

    @Test func capMergesThePairThatWastesLeast() {
        var region = Region()
        // Nine far-apart 10×10 squares, the first two only 2 apart: the ninth forces the closest pair
        // (added first, so not merely the last pair looked at) into one.
        region.add(Rect(x: 0, y: 500, width: 10, height: 10))
        region.add(Rect(x: 12, y: 500, width: 10, height: 10))
        for i in 0..<7 { region.add(Rect(x: Double(i) * 100, y: 0, width: 10, height: 10)) }
        #expect(region.rects.count == Region.maximumRectangles)
        #expect(region.rects.contains(Rect(x: 0, y: 500, width: 22, height: 10)))
        #expect(region.area == 7 * 100 + 220)
    }

    @Test func intersectionKeepsOnlyThePartInside() {
        var region = Region(Rect(x: -10, y: -10, width: 30, height: 30))
        region.add(Rect(x: 90, y: 90, width: 20, height: 20))
        region.add(Rect(x: 300, y: 300, width: 5, height: 5))
        let clipped = region.intersection(Rect(x: 0, y: 0, width: 100, height: 100))
        #expect(Set(clipped.rects) == [Rect(x: 0, y: 0, width: 20, height: 20), Rect(x: 90, y: 90, width: 10, height: 10)])
        #expect(clipped.area == 500)
    }

    @Test func addingARegionAddsEachRect() {
        var a = Region(Rect(x: 0, y: 0, width: 10, height: 10))
        var b = Region(Rect(x: 5, y: 0, width: 10, height: 10))
        b.add(Rect(x: 100, y: 100, width: 1, height: 1))
        a.add(b)
        #expect(Set(a.rects) == [Rect(x: 0, y: 0, width: 15, height: 10), Rect(x: 100, y: 100, width: 1, height: 1)])
    }
}
