/// A row of mutually exclusive choices, as UIKit's `UISegmentedControl`: a click picks a segment, the
/// selection sliding to it; Left and Right move it while the control has focus. The user's picks send
/// `.valueChanged` (and the primary action); `selectedSegmentIndex` set in code sends nothing.
@MainActor open class SegmentedControl: Control {
    /// `selectedSegmentIndex` when no segment is selected, as UIKit's.
    nonisolated public static let noSegment = -1

    /// The selected segment, or `noSegment`. An index out of range selects none, with a warning.
    public var selectedSegmentIndex: Int {
        get { selected }
        set { select(newValue, animated: false) }
    }
    /// How many choices the control offers.
    public var numberOfSegments: Int { labels.count }
    /// The selected segment's fill: white by default.
    public var selectedSegmentTintColor = Color(light: .white, dark: Color(hex: 0x636366)) { didSet { indicator.backgroundColor = selectedSegmentTintColor } }

    private var selected = SegmentedControl.noSegment
    private(set) var labels: [Label] = []
    private let indicator = View()
    private var separators: [View] = []
    private static let height = 32.0, padding = 14.0, indicatorInset = 2.0

    /// A control with one segment per title, none selected.
    public init(items: [String], frame: Rect = .zero) {
        super.init(frame: frame)
        backgroundColor = .controlWell
        cornerRadius = 9
        indicator.backgroundColor = selectedSegmentTintColor
        indicator.cornerRadius = 7
        indicator.shadowOpacity = 0.12
        indicator.shadowRadius = 4
        indicator.shadowOffset = Point(x: 0, y: 2)
        indicator.isUserInteractionEnabled = false
        indicator.isHidden = true
        addSubview(indicator)
        for (index, title) in items.enumerated() { insertSegment(withTitle: title, at: index, animated: false) }
        accessibilityContainerType = .semanticGroup
    }

    /// The title of segment `index`; nil for an index out of range.
    public func titleForSegment(at index: Int) -> String? {
        labels.indices.contains(index) ? labels[index].text : nil
    }

    /// Renames segment `index` (ignored for an index out of range).
    public func setTitle(_ title: String, forSegmentAt index: Int) {
        guard labels.indices.contains(index) else { return }
        labels[index].text = title
        invalidateIntrinsicContentSize()
    }

    /// Adds a segment titled `title` at `index` (clamped); the selection stays on the segment it was on.
    public func insertSegment(withTitle title: String, at index: Int, animated: Bool) {
        let index = min(max(index, 0), labels.count)
        let label = SegmentLabel(text: title)
        label.control = self
        label.font = .systemFont(ofSize: 13, weight: .medium)
        label.textAlignment = .center
        label.lineBreakMode = .byTruncatingMiddle
        label.isUserInteractionEnabled = false
        label.textColor = isEnabled ? .label : .fadedLabel(0.35)  // added to a disabled control, it looks disabled
        labels.insert(label, at: index)
        addSubview(label)
        if selected >= index, selected != Self.noSegment { selected += 1 }
        updateFonts()
        segmentsChanged(animated: animated)
    }

    /// Removes segment `index`; when it was selected, none is.
    public func removeSegment(at index: Int, animated: Bool) {
        guard labels.indices.contains(index) else { return }
        labels.remove(at: index).removeFromSuperview()
        if selected == index { selected = Self.noSegment } else if selected > index { selected -= 1 }
        segmentsChanged(animated: animated)
    }

    /// Removes every segment.
    public func removeAllSegments() {
        for index in labels.indices.reversed() { removeSegment(at: index, animated: false) }
    }

    /// Segments as wide as the widest title (in the selected weight, so that picking another segment does
    /// not change the control's size) and 14 points each side, 32 points tall.
    open override var intrinsicContentSize: Size {
        let measurer = textMeasurer, font = Font.systemFont(ofSize: 13, weight: .semibold)
        let widest = labels.map { TextLayout.make($0.text, font: font, width: nil, measurer: measurer).size.width }.max() ?? 0
        return Size(width: Double(labels.count) * (widest + 2 * Self.padding), height: Self.height)
    }
    open override func sizeThatFits(_ size: Size) -> Size { intrinsicContentSize }

    open override func layoutSubviews() {
        let count = Double(max(labels.count, 1))
        let width = bounds.width / count
        for (index, label) in labels.enumerated() {
            label.frame = Rect(x: bounds.minX + Double(index) * width + 4, y: bounds.minY, width: max(0, width - 8), height: bounds.height)
        }
        while separators.count < max(0, labels.count - 1) {
            let separator = View()
            separator.backgroundColor = .systemGray3
            separator.isUserInteractionEnabled = false
            insertSubview(separator, belowSubview: indicator)
            separators.append(separator)
        }
        while separators.count > max(0, labels.count - 1) { separators.removeLast().removeFromSuperview() }
        for (index, separator) in separators.enumerated() {
            separator.frame = Rect(x: bounds.minX + Double(index + 1) * width - 0.5, y: bounds.minY + 8, width: 1, height: max(0, bounds.height - 16))
            // No line beside the selection.
            separator.isHidden = index == selected || index + 1 == selected
        }
        indicator.isHidden = selected == Self.noSegment
        if selected != Self.noSegment {
            indicator.frame = Rect(x: bounds.minX + Double(selected) * width, y: bounds.minY, width: width, height: bounds.height)
                .insetBy(dx: Self.indicatorInset, dy: Self.indicatorInset)
        }
        if isFocused { setNeedsDisplay() }
    }

    /// The ring around the selected segment (the whole control when none is).
    open override var focusRing: FocusRing? {
        selected == Self.noSegment ? super.focusRing : FocusRing(around: indicator.presentation.frame, cornerRadius: 7)
    }

    open override var isEnabled: Bool {
        didSet { for label in labels { label.textColor = isEnabled ? .label : .fadedLabel(0.35) } }
    }

    // MARK: - Accessibility

    /// False unless set: a group of its segments, each a button, the selected one `selected`.
    open override var isAccessibilityElement: Bool {
        get { accessibility.isElement ?? false }
        set { super.isAccessibilityElement = newValue }
    }

    // MARK: - Input

    open override func touchesEnded(_ touches: Set<Touch>, with event: Event?) {
        guard isTracking, let touch = touches.first else { return }
        endTracking(touch)
        let point = touch.location(in: self)
        guard bounds.contains(point), !labels.isEmpty else { return }
        let index = min(Int((point.x - bounds.minX) / (bounds.width / Double(labels.count))), labels.count - 1)
        userSelected(index)
    }

    /// A focused segmented control's Left and Right are its own too.
    override func usesKeyItself(_ press: Press) -> Bool {
        super.usesKeyItself(press) || (isEnabled && !press.isShortcut && !labels.isEmpty && (press.key == .left || press.key == .right))
    }

    /// Left and Right move the selection.
    open override func pressesBegan(_ presses: Set<Press>, with event: Event?) {
        guard isEnabled, let press = presses.first, !labels.isEmpty else { return super.pressesBegan(presses, with: event) }
        switch press.key {
        case .left: userSelected(selected == Self.noSegment ? labels.count - 1 : max(0, selected - 1))
        case .right: userSelected(selected == Self.noSegment ? 0 : min(labels.count - 1, selected + 1))
        // Nothing to activate: the arrows pick.
        case .return, .space: break
        default: super.pressesBegan(presses, with: event)
        }
    }

    func userSelected(_ index: Int) {
        guard index != selected else { return }
        select(index, animated: true)
        sendActions(for: [.valueChanged, .primaryActionTriggered])
    }

    private func select(_ index: Int, animated: Bool) {
        var index = index
        if index != Self.noSegment, !labels.indices.contains(index) {
            Warnings.warn("SegmentedControl has no segment \(index) (it has \(labels.count)); selecting none")
            index = Self.noSegment
        }
        guard index != selected else { return }
        let from = selected
        selected = index
        updateFonts()
        // The selection slides from segment to segment; it appears in place when there was none.
        layOutAgain(animated: animated && from != Self.noSegment && index != Self.noSegment, duration: 0.3,
                    timing: SpringTimingParameters(duration: 0.3, bounce: 0, initialVelocity: 0))
    }

    /// The selected title semibold, the others medium.
    private func updateFonts() {
        for (index, label) in labels.enumerated() {
            label.font = .systemFont(ofSize: 13, weight: index == selected ? .semibold : .medium)
        }
    }

    private func segmentsChanged(animated: Bool) {
        invalidateIntrinsicContentSize()
        layOutAgain(animated: animated, duration: 0.2)
    }
}
