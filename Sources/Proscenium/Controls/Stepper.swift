/// A value stepped up and down by a fixed amount, as UIKit's `UIStepper`: a 94 × 32 pair of − and +
/// buttons. A press on one steps at once and, held, steps again and again (`autorepeat`); Up and Right (or
/// "+") step up, Down and Left (or "-") step down while it has focus. A step the user takes sends
/// `.valueChanged` (and the primary action); at an end of the range its button is dimmed and does nothing,
/// unless `wraps`.
@MainActor open class Stepper: Control {
    /// The value, within `minimumValue...maximumValue`; 0 by default. Values outside are clamped; NaN
    /// is refused with a warning.
    public var value: Double {
        get { storedValue }
        set {
            guard !newValue.isNaN else { return Warnings.warn("Stepper value NaN is not a value; keeping \(storedValue)") }
            storedValue = min(max(newValue, minimumValue), maximumValue)
            updateButtons()
        }
    }
    /// The lowest value; 0 by default. Set above the maximum, it moves the maximum up to it, as a slider's
    /// does; not finite, it is refused with a warning.
    public var minimumValue = 0.0 {
        didSet {
            guard minimumValue.isFinite else {
                Warnings.warn("Stepper minimumValue \(minimumValue) is not a value; keeping \(oldValue)")
                return minimumValue = oldValue
            }
            if minimumValue > maximumValue { maximumValue = minimumValue }
            rangeChanged()
        }
    }
    /// The highest value; 100 by default. Set below the minimum, it moves the minimum down to it, as a
    /// slider's does; not finite, it is refused with a warning.
    public var maximumValue = 100.0 {
        didSet {
            guard maximumValue.isFinite else {
                Warnings.warn("Stepper maximumValue \(maximumValue) is not a value; keeping \(oldValue)")
                return maximumValue = oldValue
            }
            if maximumValue < minimumValue { minimumValue = maximumValue }
            rangeChanged()
        }
    }
    /// How much a step changes the value; 1 by default. Not positive or not finite: refused with a warning.
    public var stepValue = 1.0 {
        didSet {
            if !(stepValue > 0) || !stepValue.isFinite {
                Warnings.warn("Stepper stepValue \(stepValue) is not a step; keeping \(oldValue)")
                stepValue = oldValue
            }
        }
    }
    /// Whether stepping past an end carries on from the other end; false by default.
    public var wraps = false { didSet { updateButtons() } }
    /// Whether a button held down steps again and again, after `autorepeatDelay` then every
    /// `autorepeatInterval`; true by default, as UIKit's.
    public var autorepeat = true
    /// How long a button is held before it repeats: half a second.
    nonisolated public static let autorepeatDelay = 0.5
    /// The time between repeated steps: a tenth of a second.
    nonisolated public static let autorepeatInterval = 0.1

    /// UIKit's size, which the stepper has unless its frame says otherwise: 94 × 32 points.
    nonisolated public static let size = Size(width: 94, height: 32)
    private var storedValue = 0.0
    private let minus = Label(text: "\u{2212}"), plus = Label(text: "+"), divider = View()
    /// The button a press went down on (−1 or 1) while it is held there.
    private var pressedDirection: Double?
    private var repeatTimer: FrameTimer?

    /// A stepper from 0 to 100 at `value`.
    public init(value: Double = 0, frame: Rect = .zero) {
        super.init(frame: frame == .zero ? Rect(origin: .zero, size: Self.size) : frame)
        backgroundColor = .controlWell
        cornerRadius = 8
        for label in [minus, plus] {
            label.font = .systemFont(ofSize: 20)
            label.textAlignment = .center
            label.isUserInteractionEnabled = false
            addSubview(label)
        }
        divider.backgroundColor = .systemGray3
        divider.isUserInteractionEnabled = false
        addSubview(divider)
        self.value = value
    }

    open override var intrinsicContentSize: Size { Self.size }
    open override func sizeThatFits(_ size: Size) -> Size { Self.size }
    open override var isEnabled: Bool { didSet { updateButtons() } }

    open override func layoutSubviews() {
        let half = bounds.width / 2
        minus.frame = Rect(x: bounds.minX, y: bounds.minY, width: half, height: bounds.height)
        plus.frame = Rect(x: bounds.minX + half, y: bounds.minY, width: half, height: bounds.height)
        divider.frame = Rect(x: bounds.minX + half - 0.5, y: bounds.minY + 8, width: 1, height: max(0, bounds.height - 16))
    }

    // MARK: - Input

    /// A press steps on the button it lands on, as UIKit's, and repeats while held there. Inside a scroll
    /// view the press arrives only once it has not turned into a scroll (`ScrollView.delaysContentTouches`),
    /// so a press that starts a scroll or stops a fling steps nothing.
    open override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
        super.touchesBegan(touches, with: event)
        guard isTracking, let touch = touches.first else { return }
        let direction: Double = touch.location(in: self).x < bounds.midX ? -1 : 1
        pressedDirection = direction
        updateButtons()
        firstStep(direction)
    }

    /// How long a press inside a scroll view waits before it steps: the scroll view's delay now.
    @available(*, deprecated, renamed: "ScrollView.contentTouchDelay")
    nonisolated public static let scrollDelay = ScrollView.contentTouchDelay

    /// The press's step, then its repeats while it is held.
    private func firstStep(_ direction: Double) {
        guard pressedDirection == direction, isEnabled else { return }
        step(by: direction)
        guard autorepeat, let window else { return }
        repeatTimer = window.scheduleTimer(after: Self.autorepeatDelay) { [weak self] _ in
            guard let self, self.pressedDirection == direction, let window = self.window else { return }
            self.repeatTimer = window.scheduleTimer(after: Self.autorepeatInterval, repeats: true) { [weak self] _ in
                self?.repeatStep()
            }
            self.repeatStep()
        }
    }

    /// Leaving the button pressed stops its repeats, as UIKit's; coming back does not start them again.
    open override func touchesMoved(_ touches: Set<Touch>, with event: Event?) {
        super.touchesMoved(touches, with: event)
        guard let touch = touches.first, let direction = pressedDirection else { return }
        let point = touch.location(in: self)
        let half = direction < 0 ? Rect(x: bounds.minX, y: bounds.minY, width: bounds.width / 2, height: bounds.height)
                                 : Rect(x: bounds.midX, y: bounds.minY, width: bounds.width / 2, height: bounds.height)
        if !half.contains(point) { stopPressing() }
    }

    open override func touchesEnded(_ touches: Set<Touch>, with event: Event?) {
        stopPressing()
        guard isTracking, let touch = touches.first else { return }
        endTracking(touch)
    }

    open override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) {
        stopPressing()
        super.touchesCancelled(touches, with: event)
    }

    open override func willMove(toWindow newWindow: Window?) {
        super.willMove(toWindow: newWindow)
        stopPressing()
    }

    /// A repeated step of the held button; at an end it cannot pass, the repeats stop.
    private func repeatStep() {
        guard let direction = pressedDirection, isEnabled else { return stopPressing() }
        if !step(by: direction) { stopPressing() }
    }

    private func stopPressing() {
        repeatTimer?.invalidate()
        repeatTimer = nil
        guard pressedDirection != nil else { return }
        pressedDirection = nil
        updateButtons()
    }

    /// A focused stepper's arrows, "+", "=" and "-" are its own too.
    override func usesKeyItself(_ press: Press) -> Bool {
        let keys: [Key] = [.up, .down, .left, .right, .character("+"), .character("="), .character("-")]
        return super.usesKeyItself(press) || (isEnabled && !press.isShortcut && keys.contains(press.key))
    }

    open override func pressesBegan(_ presses: Set<Press>, with event: Event?) {
        guard isEnabled, let press = presses.first else { return super.pressesBegan(presses, with: event) }
        switch press.key {
        case .up, .right, .character("+"), .character("="): step(by: 1)
        case .down, .left, .character("-"): step(by: -1)
        // Nothing to activate: the arrows step.
        case .return, .space: break
        default: super.pressesBegan(presses, with: event)
        }
    }

    /// One step up (1) or down (−1), as the user took it; returns whether the value moved.
    @discardableResult
    private func step(by direction: Double) -> Bool {
        var next = storedValue + direction * stepValue
        if next > maximumValue { next = wraps ? minimumValue : maximumValue }
        if next < minimumValue { next = wraps ? maximumValue : minimumValue }
        guard next != storedValue else { return false }
        storedValue = next
        updateButtons()
        sendActions(for: [.valueChanged, .primaryActionTriggered])
        return true
    }

    private func rangeChanged() {
        storedValue = min(max(storedValue, minimumValue), maximumValue)
        updateButtons()
    }

    /// A button that can step draws in the label colour, one held down a little lighter, one at its end
    /// of the range (or of a disabled stepper) faded.
    private func updateButtons() {
        let live = Color.label, held = Color.fadedLabel(0.6), dead = Color.fadedLabel(0.25)
        let canDown = isEnabled && (wraps || storedValue > minimumValue), canUp = isEnabled && (wraps || storedValue < maximumValue)
        minus.textColor = !canDown ? dead : pressedDirection == -1 ? held : live
        plus.textColor = !canUp ? dead : pressedDirection == 1 ? held : live
    }

    // MARK: - Accessibility

    /// `.adjustable`, unless set (and `.notEnabled` while disabled, as every control).
    override var standardAccessibilityTraits: AccessibilityTraits { .adjustable }
    /// The value, unless set.
    open override var accessibilityValue: String? {
        get {
            if let value = accessibility.value { return value }
            // Whole values without a decimal point (Int cannot hold every Double: only those in its range).
            return storedValue.rounded() == storedValue && abs(storedValue) < 1e15 ? "\(Int(storedValue))" : "\(storedValue)"
        }
        set { super.accessibilityValue = newValue }
    }
    /// Up one step, as its buttons do.
    open override func accessibilityIncrement() { if isEnabled { step(by: 1) } }
    /// Down one step, as its buttons do.
    open override func accessibilityDecrement() { if isEnabled { step(by: -1) } }
    /// An adjustable element has no action of its own.
    open override func accessibilityActivate() -> Bool { false }
}

extension Stepper: AccessibilityValueContent {
    var accessibilityValueRange: AccessibilityNode.ValueRange {
        AccessibilityNode.ValueRange(current: value, minimum: minimumValue, maximum: maximumValue, step: stepValue, isSettable: isEnabled)
    }

    /// Goes to the step nearest `value`, as the user's steps would have.
    func setAccessibilityValue(_ value: Double) -> Bool {
        guard isEnabled, value.isFinite else { return false }
        let steps = ((min(max(value, minimumValue), maximumValue) - minimumValue) / stepValue).rounded()
        let next = min(minimumValue + steps * stepValue, maximumValue)
        guard next != storedValue else { return true }
        storedValue = next
        updateButtons()
        sendActions(for: [.valueChanged, .primaryActionTriggered])
        return true
    }
}
