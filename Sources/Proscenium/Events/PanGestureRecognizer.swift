/// Recognizes a drag and reports its translation and velocity, as `UIPanGestureRecognizer`.
/// It begins once the touch has moved `minimumDistance` points, then reports each move until release.
@MainActor open class PanGestureRecognizer: GestureRecognizer {
    /// How far the touch must move before the pan begins.
    public var minimumDistance: Double = 10

    private var startInWindow: Point?
    private var translationOrigin: Point = .zero
    /// Recent (time, location) samples for the velocity estimate.
    private var samples: [(time: Double, point: Point)] = []

    /// How far the touch has moved since the pan began, in `view`'s coordinate scale.
    public func translation(in view: View?) -> Point {
        guard let current = samples.last?.point else { return .zero }
        let delta = current - translationOrigin
        guard let view else { return delta }
        let origin = view.convert(Point.zero, from: nil)
        return view.convert(delta, from: nil) - origin
    }

    /// Makes the translation `translation`, in `view`'s coordinate scale, at the current location: it is
    /// measured from there from now on.
    public func setTranslation(_ translation: Point, in view: View?) {
        guard let current = samples.last?.point else { return }
        let inWindow = view.map { $0.convert(translation, to: nil) - $0.convert(Point.zero, to: nil) } ?? translation
        translationOrigin = current - inWindow
    }

    /// Velocity over the last ~100 ms of movement, in `view`'s points per second (the window's for nil).
    public func velocity(in view: View?) -> Point {
        guard let last = samples.last, let first = samples.first(where: { last.time - $0.time <= 0.1 }),
              last.time > first.time else { return .zero }
        let dt = last.time - first.time
        let velocity = Point(x: (last.point.x - first.point.x) / dt, y: (last.point.y - first.point.y) / dt)
        guard let view else { return velocity }
        return view.convert(velocity, from: nil) - view.convert(Point.zero, from: nil)
    }

    open override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
        guard let touch = touches.first else { return }
        startInWindow = touch.location(in: nil)
        samples = [(touch.timestamp, touch.location(in: nil))]
    }

    open override func touchesMoved(_ touches: Set<Touch>, with event: Event?) {
        guard let touch = touches.first, let start = startInWindow else { return }
        let location = touch.location(in: nil)
        samples.append((touch.timestamp, location))
        samples.removeAll { touch.timestamp - $0.time > 0.25 }
        switch state {
        case .possible:
            if location.distance(to: start) >= minimumDistance {
                translationOrigin = start
                state = .began
            }
        case .began, .changed:
            state = .changed
        default:
            break
        }
    }

    open override func touchesEnded(_ touches: Set<Touch>, with event: Event?) {
        if let touch = touches.first { samples.append((touch.timestamp, touch.location(in: nil))) }
        state = hasRecognized ? .ended : .failed
    }

    open override func reset() {
        startInWindow = nil
        samples = []
        translationOrigin = .zero
    }
}
