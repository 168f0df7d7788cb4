/// A value picked along a track, as UIKit's `UISlider`: drag the thumb, or press on the track to bring it
/// there and drag on; the arrow keys step it by a tenth of the range (Home and End: its ends) while it has
/// focus. The user's changes send `.valueChanged` (and the primary action): as the thumb moves while
/// `isContinuous`, else once when it is let go. A value set in code is clamped to the range and sends
/// nothing.
@MainActor open class Slider: Control {
    /// The value, within `minimumValue...maximumValue`; 0 by default. A value outside is clamped; NaN
    /// is refused with a warning.
    public var value: Double {
        get { storedValue }
        set { setValue(newValue, animated: false) }
    }
    /// The value at the track's left end; 0 by default.
    public var minimumValue = 0.0 {
        didSet {
            guard minimumValue.isFinite else {
                Warnings.warn("Slider minimumValue \(minimumValue) is not a value; keeping \(oldValue)")
                return minimumValue = oldValue
            }
            // As UIKit: a minimum above the maximum moves the maximum up to it.
            if minimumValue > maximumValue { maximumValue = minimumValue }
            rangeChanged()
        }
    }
    /// The value at the track's right end; 1 by default.
    public var maximumValue = 1.0 {
        didSet {
            guard maximumValue.isFinite else {
                Warnings.warn("Slider maximumValue \(maximumValue) is not a value; keeping \(oldValue)")
                return maximumValue = oldValue
            }
            // As UIKit: a maximum below the minimum moves the minimum down to it.
            if maximumValue < minimumValue { minimumValue = maximumValue }
            rangeChanged()
        }
    }
    /// Whether a drag sends `.valueChanged` as the value moves (true, the default) or once at its end.
    public var isContinuous = true
    /// The track left of the thumb: system blue by default.
    public var minimumTrackTintColor = Color.systemBlue { didSet { updateColors() } }
    /// The track right of the thumb: light grey by default.
    public var maximumTrackTintColor = Color.systemGray4 { didSet { updateColors() } }

    private var storedValue = 0.0
    private let track = View(), fill = View(), thumb = View()
    private static let thumbDiameter = 28.0
    /// Where the pointer held the thumb, from its centre, while a drag carries it; the value when it began.
    private var grip: (offset: Double, startValue: Double)?

    /// A slider from `minimumValue` to `maximumValue` set to `value`.
    public init(value: Double = 0, minimumValue: Double = 0, maximumValue: Double = 1, frame: Rect = .zero) {
        super.init(frame: frame)
        // Through the checks the properties make (observers do not run for assignments in an initializer).
        setRange(minimumValue, maximumValue)
        setValue(value, animated: false)
        track.cornerRadius = 2
        fill.cornerRadius = 2
        thumb.cornerRadius = Self.thumbDiameter / 2
        thumb.shadowOpacity = 0.25
        thumb.shadowRadius = 3
        thumb.shadowOffset = Point(x: 0, y: 2)
        for part in [track, fill, thumb] {
            part.isUserInteractionEnabled = false
            addSubview(part)
        }
        updateColors()
    }

    private func setRange(_ low: Double, _ high: Double) {
        minimumValue = low
        maximumValue = high
    }

    /// Sets the value (clamped to the range), the thumb sliding there when `animated`; sends nothing.
    public func setValue(_ newValue: Double, animated: Bool) {
        guard !newValue.isNaN else {
            Warnings.warn("Slider value NaN is not a value; keeping \(storedValue)")
            return
        }
        let clamped = Self.clamped(newValue, minimumValue, maximumValue)
        guard clamped != storedValue else { return }
        storedValue = clamped
        layOutAgain(animated: animated, duration: 0.2)
    }

    /// No width of its own (a stack stretches it); 31 points tall, as UIKit's.
    open override var intrinsicContentSize: Size { Size(width: View.noIntrinsicMetric, height: 31) }
    open override func sizeThatFits(_ size: Size) -> Size { Size(width: min(size.width, 200), height: 31) }

    open override var isEnabled: Bool { didSet { updateColors() } }

    /// The ring around the thumb, where the value is.
    open override var focusRing: FocusRing? {
        FocusRing(around: thumb.presentation.frame, cornerRadius: Self.thumbDiameter / 2)
    }

    open override func layoutSubviews() {
        let half = Self.thumbDiameter / 2
        let span = max(0, bounds.width - Self.thumbDiameter)
        let midY = bounds.midY
        let fraction = self.fraction
        track.frame = Rect(x: bounds.minX + half, y: midY - 2, width: span, height: 4)
        fill.frame = Rect(x: bounds.minX + half, y: midY - 2, width: span * fraction, height: 4)
        thumb.frame = Rect(x: bounds.minX + span * fraction, y: midY - half, width: Self.thumbDiameter, height: Self.thumbDiameter)
        // The ring follows the thumb.
        if isFocused { setNeedsDisplay() }
    }

    /// Where the value lies along the range, 0...1.
    private var fraction: Double {
        maximumValue > minimumValue ? (storedValue - minimumValue) / (maximumValue - minimumValue) : 0
    }

    // MARK: - Input

    open override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
        super.touchesBegan(touches, with: event)
        guard isTracking, let touch = touches.first else { return }
        let x = touch.location(in: self).x
        let thumbCentre = thumb.frame.midX
        if abs(x - thumbCentre) <= Self.thumbDiameter / 2 {
            grip = (x - thumbCentre, storedValue)
        } else {
            // A press on the track brings the thumb under the pointer.
            grip = (0, storedValue)
            userMoved(to: value(atThumbCentre: x))
        }
    }

    open override func touchesMoved(_ touches: Set<Touch>, with event: Event?) {
        guard isTracking, let touch = touches.first, let grip else { return }
        isHighlighted = true
        userMoved(to: value(atThumbCentre: touch.location(in: self).x - grip.offset))
    }

    open override func touchesEnded(_ touches: Set<Touch>, with event: Event?) {
        guard isTracking, let touch = touches.first, let grip else { return }
        self.grip = nil
        endTracking(touch)
        if !isContinuous, storedValue != grip.startValue { sendActions(for: [.valueChanged, .primaryActionTriggered]) }
    }

    open override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) {
        super.touchesCancelled(touches, with: event)
        // Moved but not yet said (not continuous): said now, as the value stays where the drag left it.
        if let grip, !isContinuous, storedValue != grip.startValue { sendActions(for: [.valueChanged, .primaryActionTriggered]) }
        grip = nil
    }

    /// A focused slider's arrows, Home and End are its own too.
    override func usesKeyItself(_ press: Press) -> Bool {
        super.usesKeyItself(press) || (isEnabled && !press.isShortcut && [.left, .right, .up, .down, .home, .end].contains(press.key))
    }

    /// Arrows step by a tenth of the range, Home and End go to its ends.
    open override func pressesBegan(_ presses: Set<Press>, with event: Event?) {
        guard isEnabled, let press = presses.first else { return super.pressesBegan(presses, with: event) }
        let step = (maximumValue - minimumValue) / 10
        switch press.key {
        case .left, .down: userMoved(to: storedValue - step, sending: true)
        case .right, .up: userMoved(to: storedValue + step, sending: true)
        case .home: userMoved(to: minimumValue, sending: true)
        case .end: userMoved(to: maximumValue, sending: true)
        case .return, .space: break
        default: super.pressesBegan(presses, with: event)
        }
    }

    /// The value whose thumb centre lies at `x`.
    private func value(atThumbCentre x: Double) -> Double {
        let span = max(1, bounds.width - Self.thumbDiameter)
        let fraction = (x - bounds.minX - Self.thumbDiameter / 2) / span
        return minimumValue + min(max(fraction, 0), 1) * (maximumValue - minimumValue)
    }

    /// Moves the value as the user did, sending `.valueChanged` when it changed and the slider reports as
    /// it goes (`isContinuous`, or a key: a step is a whole change).
    fileprivate func userMoved(to newValue: Double, sending: Bool = false) {
        let before = storedValue
        setValue(newValue, animated: false)
        if storedValue != before, isContinuous || sending { sendActions(for: [.valueChanged, .primaryActionTriggered]) }
    }

    private func rangeChanged() {
        storedValue = Self.clamped(storedValue, minimumValue, maximumValue)
        setNeedsLayout()
    }

    private static func clamped(_ value: Double, _ low: Double, _ high: Double) -> Double {
        value.isNaN ? low : min(max(value, low), max(low, high))
    }

    private func updateColors() {
        let dim = isEnabled ? 1.0 : 0.5
        track.backgroundColor = maximumTrackTintColor.mapped { $0.withAlphaComponent($0.alpha * dim) }
        fill.backgroundColor = minimumTrackTintColor.mapped { $0.withAlphaComponent($0.alpha * dim) }
        thumb.backgroundColor = isEnabled ? .white : Color(white: 0.97)
    }

    // MARK: - Accessibility

    /// `.adjustable`, unless set (and `.notEnabled` while disabled, as every control).
    override var standardAccessibilityTraits: AccessibilityTraits { .adjustable }
    /// The value as a percentage of the range, unless set.
    open override var accessibilityValue: String? {
        get {
            if let value = accessibility.value { return value }
            let span = maximumValue - minimumValue
            let percent = span > 0 && span.isFinite ? (storedValue - minimumValue) / span * 100 : 0
            return "\(Int(percent.isFinite ? min(max(percent, 0), 100).rounded() : 0))%"
        }
        set { super.accessibilityValue = newValue }
    }
    /// Up a tenth of its range, as an arrow key does.
    open override func accessibilityIncrement() { if isEnabled { userMoved(to: storedValue + (maximumValue - minimumValue) / 10, sending: true) } }
    /// Down a tenth of its range, as an arrow key does.
    open override func accessibilityDecrement() { if isEnabled { userMoved(to: storedValue - (maximumValue - minimumValue) / 10, sending: true) } }
    /// An adjustable element has no action of its own.
    open override func accessibilityActivate() -> Bool { false }
}

extension Slider: AccessibilityValueContent {
    var accessibilityValueRange: AccessibilityNode.ValueRange {
        AccessibilityNode.ValueRange(current: value, minimum: minimumValue, maximum: maximumValue, isSettable: isEnabled)
    }

    func setAccessibilityValue(_ value: Double) -> Bool {
        guard isEnabled, value.isFinite else { return false }
        userMoved(to: value, sending: true)
        return true
    }
}
