import Dispatch
import Proscenium

/// Hit-testing a tree of 10,000 views: 100 columns of 100 rows, probed at random points.
@MainActor enum HitTestBenchmark {
    static func run() {
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
        report("hit-test, tree of 10,000 views (median / p99)", "\(format(samples.median)) / \(format(samples.p99))  (\(hits) hits)")
    }
}
