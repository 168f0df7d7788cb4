import Proscenium

/// Scroll input the soak mixes in after some operations: wheel bursts and touchpad deltas anywhere, the
/// list reloaded, an offset set with or without animation. It is drawn from a random stream of its own,
/// so a seed's presentations, touches and resizes stay the ones they were before scrolling joined in.
enum SoakScroll: CustomStringConvertible {
    case wheel(at: Point, notches: Int, horizontal: Bool)
    case touchpad(at: Point, delta: Vector)
    case reload
    case jump(fraction: Double, animated: Bool)

    /// Nothing most of the time; otherwise one of the scroll inputs, somewhere in a window of `size`.
    static func random(in size: Size, using rng: inout SeededGenerator) -> SoakScroll? {
        let roll = Int.random(in: 0..<100, using: &rng)
        let point = Point(x: Double.random(in: 0..<max(size.width, 1), using: &rng).rounded(),
                          y: Double.random(in: 0..<max(size.height, 1), using: &rng).rounded())
        switch roll {
        case 0..<8: return .wheel(at: point, notches: Int.random(in: -6...6, using: &rng), horizontal: Int.random(in: 0..<5, using: &rng) == 0)
        case 8..<11: return .touchpad(at: point, delta: Vector(dx: 0, dy: Double.random(in: -400...400, using: &rng).rounded()))
        case 11..<13: return .reload
        case 13..<15: return .jump(fraction: Double.random(in: -0.1...1.1, using: &rng), animated: Bool.random(using: &rng))
        default: return nil
        }
    }

    var description: String {
        switch self {
        case let .wheel(point, notches, horizontal): "wheel \(notches) notches \(horizontal ? "sideways" : "down") at \(point)"
        case let .touchpad(point, delta): "touchpad \(delta) at \(point)"
        case .reload: "reload the tables"
        case let .jump(fraction, animated): "scroll views to \(fraction) of their range\(animated ? ", animated" : "")"
        }
    }
}

extension GallerySoak {
    /// Sends `scroll` to the window as the backend would.
    func perform(_ scroll: SoakScroll) {
        switch scroll {
        case let .wheel(point, notches, horizontal):
            let distance = Double(notches) * InputEvent.wheelNotchDistance
            window.send(.scroll(point, delta: horizontal ? Vector(dx: distance, dy: 0) : Vector(dx: 0, dy: distance),
                                isPrecise: false, time: clock.now))
        case let .touchpad(point, delta):
            window.send(.scroll(point, delta: delta, isPrecise: true, time: clock.now))
        case .reload:
            for case let table as TableView in window.allViews() { table.reloadData() }
        case let .jump(fraction, animated):
            for case let scrollView as ScrollView in window.allViews() where !scrollView.isDragging {
                let low = scrollView.minimumContentOffset, high = scrollView.maximumContentOffset
                scrollView.setContentOffset(Point(x: low.x, y: low.y + (high.y - low.y) * fraction), animated: animated)
            }
        }
    }

    /// Scroll views at rest lie within their range: nothing dragged or moving leaves content pulled past
    /// an edge (a jump past the end included: the layout that follows brings it back).
    func scrollProblems() -> [String] {
        var problems: [String] = []
        for case let scrollView as ScrollView in window.allViews() where !scrollView.isDragging && !scrollView.isDecelerating {
            let offset = scrollView.contentOffset
            let clamped = scrollView.clampedContentOffset(offset)
            if !offset.x.isFinite || !offset.y.isFinite || abs(offset.x - clamped.x) > 0.5 || abs(offset.y - clamped.y) > 0.5 {
                problems.append("\(scrollView.identifier ?? "a scroll view") rests at \(offset), outside \(scrollView.minimumContentOffset)...\(scrollView.maximumContentOffset)")
            }
        }
        return problems
    }
}
