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
}
