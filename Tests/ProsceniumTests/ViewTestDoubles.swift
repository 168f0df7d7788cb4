import Proscenium

// Test doubles shared by the view-system tests. Names carry a `Probe` prefix so they do not clash with
// helpers other suites in this module may define.

/// A window surface that records what the window hands it instead of drawing.
@MainActor final class ProbeSurface: WindowSurface {
    private(set) var presentCount = 0
    private(set) var lastList: DisplayList?
    private(set) var lastDamage: Region?
    private(set) var lastSize: Size?
    private(set) var cursors: [Cursor] = []
    private(set) var completedFrames = 0
    /// The estimating measurer, the window's own: `TextLayout.measurer` is one for the whole process, and
    /// an X11 test in the same run makes it measure with Xft, which would move every text boundary.
    let textMeasurer: (any TextMeasuring)? = EstimatingTextMeasurer()

    func present(_ list: DisplayList, damage: Region, size: Size) {
        presentCount += 1
        lastList = list
        lastDamage = damage
        lastSize = size
    }

    func setCursor(_ cursor: Cursor) {
        cursors.append(cursor)
    }

    func frameDidComplete() {
        completedFrames += 1
    }

    private(set) var accessibilityChanges = 0
    func accessibilityDidChange() {
        accessibilityChanges += 1
    }
}

/// A shared, ordered log that probe views append to.
@MainActor final class ProbeLog {
    var entries: [String] = []
}

/// A view that logs each `layoutSubviews` call by identifier and can run extra work during it.
@MainActor final class LayoutProbeView: View {
    let log: ProbeLog
    var onLayout: ((LayoutProbeView) -> Void)?
    private(set) var layoutCount = 0

    init(_ name: String, frame: Rect = .zero, log: ProbeLog) {
        self.log = log
        super.init(frame: frame)
        identifier = name
    }

    override func layoutSubviews() {
        layoutCount += 1
        log.entries.append(identifier ?? "?")
        onLayout?(self)
    }
}

/// One touch callback as a view saw it: the phase, and the touch's location in that view's coordinates.
struct ProbeTouchRecord: Equatable {
    var phase: Touch.Phase
    var location: Point
}

/// A view that handles touches itself (does not pass them on) and records them in its own coordinates.
@MainActor final class TouchProbeView: View {
    private(set) var records: [ProbeTouchRecord] = []
    var phases: [Touch.Phase] { records.map(\.phase) }

    private func record(_ phase: Touch.Phase, _ touches: Set<Touch>) {
        for touch in touches { records.append(ProbeTouchRecord(phase: phase, location: touch.location(in: self))) }
    }

    override func touchesBegan(_ touches: Set<Touch>, with event: Event?) { record(.began, touches) }
    override func touchesMoved(_ touches: Set<Touch>, with event: Event?) { record(.moved, touches) }
    override func touchesEnded(_ touches: Set<Touch>, with event: Event?) { record(.ended, touches) }
    override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) { record(.cancelled, touches) }
}

/// A view controller that records touches and key presses that reach it through the responder chain.
@MainActor final class ProbeViewController: ViewController {
    private(set) var touchPhases: [Touch.Phase] = []
    private(set) var keys: [Key] = []

    override func touchesBegan(_ touches: Set<Touch>, with event: Event?) { touchPhases.append(.began) }
    override func touchesMoved(_ touches: Set<Touch>, with event: Event?) { touchPhases.append(.moved) }
    override func touchesEnded(_ touches: Set<Touch>, with event: Event?) { touchPhases.append(.ended) }
    override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) { touchPhases.append(.cancelled) }
    override func pressesBegan(_ presses: Set<Press>, with event: Event?) { keys.append(contentsOf: presses.map(\.key)) }
}

/// A view that can become first responder and, when `handlesKeys` is true, keeps the keys it gets.
@MainActor final class KeyProbeView: View {
    var handlesKeys = true
    private(set) var keys: [Key] = []

    override var canBecomeFirstResponder: Bool { true }

    override func pressesBegan(_ presses: Set<Press>, with event: Event?) {
        keys.append(contentsOf: presses.map(\.key))
        if !handlesKeys { super.pressesBegan(presses, with: event) }
    }
}

/// A window on a manual clock with a recording surface attached; its first frame is pending until `step()`.
@MainActor struct ProbeScene {
    let clock: ManualFrameClock
    let window: Window
    let surface: ProbeSurface

    init(width: Double = 400, height: Double = 300) {
        clock = ManualFrameClock()
        window = Window(size: Size(width: width, height: height), clock: clock)
        surface = ProbeSurface()
        window.surface = surface
    }

    /// Runs one frame if one was asked for, advancing time by a frame interval.
    func step() { clock.step() }

    /// Asks for a frame and runs it, whether or not anything changed.
    func forceFrame() {
        window.setNeedsFrame()
        clock.step()
    }
}

// MARK: - Geometry comparisons

func isClose(_ a: Double, _ b: Double, tolerance: Double = 1e-9) -> Bool {
    abs(a - b) <= tolerance
}

func isClose(_ a: Point, _ b: Point, tolerance: Double = 1e-9) -> Bool {
    isClose(a.x, b.x, tolerance: tolerance) && isClose(a.y, b.y, tolerance: tolerance)
}

func isClose(_ a: Rect, _ b: Rect, tolerance: Double = 1e-9) -> Bool {
    isClose(a.origin, b.origin, tolerance: tolerance) && isClose(a.size.width, b.size.width, tolerance: tolerance)
        && isClose(a.size.height, b.size.height, tolerance: tolerance)
}

/// A reference cell, so escaping (and implicitly sendable) `@MainActor` closures can record into it.
@MainActor final class ProbeBox<Value> {
    var value: Value
    init(_ value: Value) { self.value = value }
}
