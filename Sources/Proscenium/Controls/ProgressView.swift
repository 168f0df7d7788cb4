/// How far a task has come, as UIKit's `UIProgressView`: a 4-point bar filled from the left.
@MainActor open class ProgressView: View {
    /// The part done, 0...1 (clamped; NaN is refused with a warning).
    public var progress: Double {
        get { storedProgress }
        set { setProgress(newValue, animated: false) }
    }
    /// The filled part's colour: system blue by default.
    public var progressTintColor = Color.systemBlue { didSet { bar.backgroundColor = progressTintColor } }
    /// The rest of the track: light grey by default.
    public var trackTintColor = Color.systemGray5 { didSet { backgroundColor = trackTintColor } }

    private var storedProgress = 0.0
    private let bar = View()

    /// A bar showing `progress`.
    public init(progress: Double = 0, frame: Rect = .zero) {
        super.init(frame: frame)
        backgroundColor = trackTintColor
        cornerRadius = 2
        clipsToBounds = true
        bar.backgroundColor = progressTintColor
        bar.isUserInteractionEnabled = false
        addSubview(bar)
        setProgress(progress, animated: false)
    }

    /// Sets the progress, the bar growing (or shrinking) to it over 0.25 s when `animated`.
    public func setProgress(_ value: Double, animated: Bool) {
        guard !value.isNaN else { return Warnings.warn("ProgressView progress NaN is not a fraction; keeping \(storedProgress)") }
        let clamped = min(max(value, 0), 1)
        guard clamped != storedProgress else { return }
        storedProgress = clamped
        layOutAgain(animated: animated, duration: 0.25)
    }

    /// No width of its own (a stack stretches it); 4 points tall.
    open override var intrinsicContentSize: Size { Size(width: View.noIntrinsicMetric, height: 4) }

    open override func layoutSubviews() {
        bar.frame = Rect(x: bounds.minX, y: bounds.minY, width: bounds.width * storedProgress, height: bounds.height)
    }

    // MARK: - Accessibility

    /// A progress bar is an element.
    open override var isAccessibilityElement: Bool {
        get { accessibility.isElement ?? true }
        set { super.isAccessibilityElement = newValue }
    }
    /// The percentage done, unless set.
    open override var accessibilityValue: String? {
        get { accessibility.value ?? "\(Int((storedProgress * 100).rounded()))%" }
        set { super.accessibilityValue = newValue }
    }
    /// `.updatesFrequently`, unless set.
    open override var accessibilityTraits: AccessibilityTraits {
        get { accessibility.traits ?? .updatesFrequently }
        set { super.accessibilityTraits = newValue }
    }
}

extension ProgressView: AccessibilityValueContent {
    var accessibilityValueRange: AccessibilityNode.ValueRange {
        AccessibilityNode.ValueRange(current: storedProgress, minimum: 0, maximum: 1, isSettable: false)
    }

    func setAccessibilityValue(_ value: Double) -> Bool { false }
}
