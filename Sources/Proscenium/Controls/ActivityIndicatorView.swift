import Glibc

/// A spinner saying that work is under way, as UIKit's `UIActivityIndicatorView`: twelve dots around a
/// circle, the darkest going round once a second while it animates. It redraws only while it animates,
/// can be seen (neither it nor a superview is hidden) and is in a window (a timer of the window's frame
/// clock, stopped otherwise): a stopped spinner, or one hidden, under a hidden superview (a table cell
/// scrolled out of view) or out of a window, costs no CPU.
@MainActor open class ActivityIndicatorView: View {
    /// How large the spinner is drawn.
    public enum Style: Sendable, Hashable {
        /// 20 × 20 points.
        case medium
        /// 37 × 37 points.
        case large
    }

    /// The size; `.medium` by default.
    public var style: Style { didSet { if style != oldValue { invalidateIntrinsicContentSize(); setNeedsDisplay() } } }
    /// The dots' colour: grey by default.
    public var color = Color.systemGray { didSet { setNeedsDisplay() } }
    /// Whether the spinner hides itself when stopped (true by default, as UIKit's).
    public var hidesWhenStopped = true {
        didSet { if !isAnimating { isHidden = hidesWhenStopped } }
    }
    /// Whether it is spinning.
    public private(set) var isAnimating = false

    /// Which dot is darkest, 0..<12.
    private(set) var phase = 0
    private var timer: FrameTimer?
    /// While the spinner waits for its window to show a view (its hidden superview perhaps), the wait;
    /// leaving the window forgets it, and the wait left registered there finds it is no longer this one.
    private var shownWait: ShownWait?
    private final class ShownWait {}
    private static let dots = 12

    /// A stopped (and so hidden) spinner of `style`.
    public init(style: Style = .medium) {
        self.style = style
        super.init(frame: Rect(origin: .zero, size: Self.size(of: style)))
        isUserInteractionEnabled = false
        isHidden = true
    }

    /// Starts spinning, and shows the spinner.
    public func startAnimating() {
        guard !isAnimating else { return }
        isAnimating = true
        isHidden = false
        updateTimer()
    }

    /// Stops spinning, and hides the spinner when `hidesWhenStopped`.
    public func stopAnimating() {
        guard isAnimating else { return }
        isAnimating = false
        if hidesWhenStopped { isHidden = true }
        updateTimer()
    }

    public override var isHidden: Bool { didSet { updateTimer() } }

    /// A spinner moving to another window spins on that window's clock.
    open override func willMove(toWindow newWindow: Window?) {
        super.willMove(toWindow: newWindow)
        timer?.invalidate()
        timer = nil
        // A wait registered with the window it leaves is forgotten: the new one is asked, if need be.
        shownWait = nil
    }

    open override func didMoveToWindow() {
        super.didMoveToWindow()
        updateTimer()
    }

    open override var intrinsicContentSize: Size { Self.size(of: style) }
    open override func sizeThatFits(_ size: Size) -> Size { Self.size(of: style) }

    open override func draw(in context: inout DrawingContext) {
        let side = min(bounds.width, bounds.height)
        let dot = side * (style == .large ? 0.14 : 0.15)
        let radius = side / 2 - dot / 2
        for index in 0..<Self.dots {
            // Twelve o'clock first, clockwise; each dot fainter the further behind the darkest it is.
            let angle = Double(index) / Double(Self.dots) * 2 * Double.pi
            let behind = (phase - index + Self.dots) % Self.dots
            let alpha = 1 - 0.75 * Double(behind) / Double(Self.dots - 1)
            let center = Point(x: bounds.midX + radius * sin(angle), y: bounds.midY - radius * cos(angle))
            context.fill(Rect(x: center.x - dot / 2, y: center.y - dot / 2, width: dot, height: dot), cornerRadius: dot / 2,
                         color: color.mapped { $0.withAlphaComponent($0.alpha * alpha) })
        }
    }

    /// Runs the timer exactly while the spinner animates, can be seen and is in a window. Under a hidden
    /// superview it waits for a view of its window to be shown, then looks again; a superview hidden
    /// while it runs stops it at its next tick.
    private func updateTimer() {
        let runs = isAnimating && window != nil && !isHiddenOrHasHiddenAncestor
        if runs, timer == nil {
            timer = window?.scheduleTimer(after: 1.0 / Double(Self.dots), repeats: true) { [weak self] _ in
                guard let self else { return }
                guard !self.isHiddenOrHasHiddenAncestor else { return self.updateTimer() }
                self.phase = (self.phase + 1) % Self.dots
                self.setNeedsDisplay()
            }
        } else if !runs, let timer {
            timer.invalidate()
            self.timer = nil
        }
        if !runs, isAnimating, !isHidden, shownWait == nil, let window {
            let wait = ShownWait()
            shownWait = wait
            window.whenAViewIsShown { [weak self] in
                guard let self, self.shownWait === wait else { return }
                self.shownWait = nil
                self.updateTimer()
            }
        }
    }

    // MARK: - Accessibility

    /// A spinner is an element while shown.
    open override var isAccessibilityElement: Bool {
        get { accessibility.isElement ?? true }
        set { super.isAccessibilityElement = newValue }
    }
    /// "In progress" while it spins, "Progress halted" when stopped (as UIKit's), unless set.
    open override var accessibilityLabel: String? {
        get { accessibility.label ?? (isAnimating ? "In progress" : "Progress halted") }
        set { super.accessibilityLabel = newValue }
    }
    /// `.updatesFrequently`, unless set.
    open override var accessibilityTraits: AccessibilityTraits {
        get { accessibility.traits ?? .updatesFrequently }
        set { super.accessibilityTraits = newValue }
    }

    private static func size(of style: Style) -> Size {
        style == .large ? Size(width: 37, height: 37) : Size(width: 20, height: 20)
    }
}
