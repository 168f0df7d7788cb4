import Proscenium

/// Advancing 1,000 simultaneous spring animations, per frame, on a window nobody shows.
@MainActor enum AnimationBenchmark {
    static func run() {
        let clock = ManualFrameClock()
        let window = Window(size: Size(width: 1280, height: 800), clock: clock)
        var views: [View] = []
        for index in 0..<1000 {
            let view = View(frame: Rect(x: Double(index % 40) * 30, y: Double(index / 40) * 30, width: 20, height: 20))
            view.backgroundColor = .systemBlue
            window.addSubview(view)
            views.append(view)
        }
        clock.step()
        View.animate(withDuration: 10, delay: 0, usingSpringWithDamping: 0.5, initialSpringVelocity: 0, options: [], animations: {
            for view in views { view.center = Point(x: view.center.x + 200, y: view.center.y + 100) }
        })
        var samples = Samples()
        for frame in 1...300 {
            let time = Double(frame) / 60
            samples.time { window.animationEngine.advance(to: time) }
        }
        report("advance 1,000 simultaneous animations, per frame (median / p99)", "\(format(samples.median)) / \(format(samples.p99))")
    }
}
