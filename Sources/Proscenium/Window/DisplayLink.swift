/// Calls an action on every frame of a window while it is running, as Core Animation's `CADisplayLink`:
/// the clock runs while at least one link is unpaused and sleeps again when the last one is paused or
/// invalidated. A scroll view's deceleration reads its position from the link's `timestamp`.
@MainActor public final class DisplayLink {
    /// The timestamp of the frame being prepared, on the frame clock's time base.
    public private(set) var timestamp: Double = 0
    /// A paused link is kept by its window but not called, and does not keep the clock running.
    public var isPaused = false {
        didSet { if !isPaused, isValid { window?.setNeedsFrame() } }
    }
    /// False once the link was invalidated; it is never called again.
    public private(set) var isValid = true

    private let action: @MainActor (DisplayLink) -> Void
    private weak var window: Window?

    init(window: Window, action: @escaping @MainActor (DisplayLink) -> Void) {
        self.window = window
        self.action = action
    }

    /// Stops the link for good and lets its window drop it.
    public func invalidate() {
        guard isValid else { return }
        isValid = false
        window?.displayLinks.removeAll { $0 === self }
    }

    func fire(at time: Double) {
        guard isValid, !isPaused else { return }
        timestamp = time
        action(self)
    }
}

extension Window {
    /// A display link that calls `action` at the start of every frame (after timers, before animations
    /// and layout) until it is paused or invalidated. The window holds it while it is valid.
    public func makeDisplayLink(_ action: @escaping @MainActor (DisplayLink) -> Void) -> DisplayLink {
        let link = DisplayLink(window: self, action: action)
        displayLinks.append(link)
        setNeedsFrame()
        return link
    }

    /// Calls the running links.
    func fireDisplayLinks(at time: Double) {
        guard !displayLinks.isEmpty else { return }
        for link in displayLinks { link.fire(at: time) }
    }

    /// Whether a link is running: the frame being prepared asks for the next one (see `performFrame`).
    var hasRunningDisplayLinks: Bool { displayLinks.contains { $0.isValid && !$0.isPaused } }
}
