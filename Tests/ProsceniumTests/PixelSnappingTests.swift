import Testing
import Proscenium

/// Views land on whole pixels in the display list, and a subview keeps its offset from its parent.
@MainActor @Suite("Pixel snapping in the display list")
struct DisplayListSnappingTests {
    @Test("a subview at a fractional offset keeps the same whole-pixel offset from its parent wherever the parent is")
    func subviewsKeepTheirOffset() {
        let window = Window(size: Size(width: 200, height: 200), clock: ManualFrameClock())
        let parent = View(frame: Rect(x: 10.4, y: 20.6, width: 100, height: 100))
        parent.backgroundColor = .white
        let child = View(frame: Rect(x: 5.5, y: 7.25, width: 20, height: 20))
        child.backgroundColor = .black
        parent.addSubview(child)
        window.addSubview(parent)
        var offsets: Set<[Double]> = []
        for x in stride(from: 10.0, through: 12.0, by: 0.125) {
            parent.frame.origin.x = x
            parent.frame.origin.y = x * 1.7
            let fills = window.currentDisplayList().commands.compactMap { command -> Rect? in
                guard case let .fill(rect, _, _, _) = command else { return nil }
                return rect
            }
            guard fills.count == 3 else { Issue.record("three fills expected, got \(fills)"); return }
            #expect(fills.allSatisfy { $0.minX == $0.minX.rounded() && $0.minY == $0.minY.rounded() },
                    "on whole pixels: \(fills)")
            offsets.insert([fills[2].minX - fills[1].minX, fills[2].minY - fills[1].minY])
        }
        #expect(offsets.count == 1, "one offset: \(offsets)")
    }

    private func fills(in window: Window) -> [Rect] {
        window.currentDisplayList().commands.compactMap { command -> Rect? in
            guard case let .fill(rect, _, _, _) = command else { return nil }
            return rect
        }
    }

    @Test("views side by side at a third of a point each meet on one pixel edge, at 1, 1.5 and 2: no seam, no overlap", arguments: [1.0, 1.5, 2.0])
    func thirdsMeet(scale: Double) {
        let window = Window(size: Size(width: 200, height: 100), clock: ManualFrameClock())
        window.displayScale = scale
        let row = View(frame: Rect(x: 0.3, y: 10, width: 100, height: 40))
        for index in 0..<3 {
            let cell = View(frame: Rect(x: Double(index) * 100 / 3, y: 0, width: 100 / 3, height: 40))
            cell.backgroundColor = index == 1 ? .black : .systemBlue
            row.addSubview(cell)
        }
        window.addSubview(row)
        let cells = Array(fills(in: window).suffix(3))
        #expect(cells.count == 3)
        for (left, right) in zip(cells, cells.dropFirst()) {
            #expect(abs(left.maxX - right.minX) < 1e-9, "at \(scale): \(left) then \(right)")
        }
    }

    @Test("a view half a point thin still covers a whole pixel")
    func hairlinesShow() {
        let window = Window(size: Size(width: 200, height: 100), clock: ManualFrameClock())
        let line = View(frame: Rect(x: 0, y: 43.5, width: 200, height: 0.5))
        line.backgroundColor = .black
        window.addSubview(line)
        let rect = fills(in: window).last
        #expect(rect?.height == 1 && rect?.minY == 44, "\(String(describing: rect))")
    }

    @Test("a scroll view scrolled by fractions keeps its edges where they are")
    func aScrolledViewKeepsItsEdges() {
        let window = Window(size: Size(width: 200, height: 300), clock: ManualFrameClock())
        let scroller = ScrollView(frame: Rect(x: 0, y: 40.5, width: 200, height: 100))
        scroller.backgroundColor = .black
        scroller.contentSize = Size(width: 200, height: 1000)
        window.addSubview(scroller)
        var edges: Set<[Double]> = []
        for offset in [0.0, 0.2, 0.5, 0.8, 1.3] {
            scroller.setContentOffset(Point(x: 0, y: offset), animated: false)
            if let rect = fills(in: window).last { edges.insert([rect.minY, rect.maxY]) }
        }
        #expect(edges.count == 1, "\(edges)")
    }
}
