import Dispatch
import Proscenium

/// Hit-testing a tree of 10,000 views, probed at random points: a realistic nested grid (100 columns of
/// 100 rows), and the worst case of 10,000 overlapping siblings where the probe misses all but the last.
@MainActor enum HitTestBenchmark {
    static func run() {
        nestedGrid()
        flatSiblings()
    }

    private static func flatSiblings() {
        let root = View(frame: Rect(x: 0, y: 0, width: 1280, height: 800))
        // Every sibling sits in the bottom-right corner, so a probe elsewhere tests all 10,000 and falls
        // through to the root.
        for _ in 0..<10_000 { root.addSubview(View(frame: Rect(x: 1270, y: 790, width: 10, height: 10))) }
        var samples = Samples()
        for index in 0..<200 {
            let point = Point(x: Double(index % 1000), y: Double(index % 700))
            samples.time { _ = root.hitTest(point, with: nil) }
        }
        report("hit-test, 10,000 siblings, all missed (median / p99)", "\(format(samples.median)) / \(format(samples.p99))")
    }

    private static func nestedGrid() {
        let root = View(frame: Rect(x: 0, y: 0, width: 1280, height: 800))
        for column in 0..<100 {
            let strip = View(frame: Rect(x: Double(column) * 12.8, y: 0, width: 12.8, height: 800))
            root.addSubview(strip)
            for row in 0..<99 {
                strip.addSubview(View(frame: Rect(x: 0, y: Double(row) * 8, width: 12.8, height: 8)))
            }
        }
        var generator = SystemRandomNumberGenerator()
        let points = (0..<1000).map { _ in
            Point(x: Double.random(in: 0..<1280, using: &generator), y: Double.random(in: 0..<800, using: &generator))
        }
        var samples = Samples()
        var hits = 0
        for _ in 0..<5 {
            for point in points {
                samples.time { if root.hitTest(point, with: nil) != nil { hits += 1 } }
            }
        }
        report("hit-test, 10,000 views in a 100x100 grid (median / p99)", "\(format(samples.median)) / \(format(samples.p99))  (\(hits) hits)")
    }
}
