/// A tappable button with a title, filled background and a darker highlighted state while pressed,
/// as UIKit's `UIButton` with a filled configuration.
///
/// The button draws its fill itself, above its `backgroundColor` and below the title, as UIKit's draws
/// its configuration's background in a view of its own: its states never touch the `alpha` and
/// `backgroundColor` the app gives it, so a button faded out stays faded out when it is enabled again.
@MainActor open class Button: Control {
    /// The label that shows the title, as `UIButton.titleLabel`: centred, 17-pixel semibold.
    public let titleLabel = Label()

    /// The text on the button; stored in `titleLabel`.
    public var title: String {
        get { titleLabel.text }
        set { titleLabel.text = newValue }
    }
    /// The fill while not pressed; system blue by default, drawn at 60% of its opacity while disabled.
    public var tintColor: Color = .systemBlue { didSet { updateColors() } }
    /// Colour of the title text; white by default, half transparent when disabled.
    public var titleColor: Color = .white { didSet { updateColors() } }
    /// The fill while pressed; nil darkens the tint colour.
    public var highlightedColor: Color? { didSet { updateColors() } }

    /// A button with `title` and 10-point rounded corners that calls `action`, if given, when tapped.
    public init(title: String, frame: Rect = .zero, action: (@MainActor (Control) -> Void)? = nil) {
        super.init(frame: frame)
        titleLabel.text = title
        titleLabel.font = .systemFont(ofSize: 17, weight: .semibold)
        titleLabel.textAlignment = .center
        titleLabel.isUserInteractionEnabled = false
        titleLabel.lineBreakMode = .byTruncatingMiddle
        cornerRadius = 10
        addSubview(titleLabel)
        if let action { addAction(action) }
        updateColors()
    }

    open override var isHighlighted: Bool {
        didSet { updateColors() }
    }

    open override var isEnabled: Bool {
        didSet { updateColors() }
    }

    /// A new title changes the button's size too.
    override func subviewIntrinsicContentSizeDidChange(_ subview: View) {
        super.subviewIntrinsicContentSizeDidChange(subview)
        if subview === titleLabel { invalidateIntrinsicContentSize() }
    }

    open override func layoutSubviews() {
        // Room for the title up to 8 points from each edge before it is cut short in its middle.
        titleLabel.frame = bounds.insetBy(dx: 8, dy: 0)
    }

    /// The title's size with 16 points each side and 8 above and below, at least 44 points tall (the
    /// smallest target UIKit's guidelines allow).
    open override var intrinsicContentSize: Size {
        let text = titleLabel.intrinsicContentSize
        return Size(width: text.width + 32, height: max(44, text.height + 16))
    }

    open override func sizeThatFits(_ size: Size) -> Size {
        let text = titleLabel.sizeThatFits(size)
        return Size(width: text.width + 32, height: max(44, text.height + 16))
    }

    /// The title's baselines, where `layoutSubviews()` puts the title in a button `size` big.
    override func baselineOffset(_ baseline: Baseline, in size: Size) -> Double {
        guard view(for: baseline) === self else { return super.baselineOffset(baseline, in: size) }
        return titleLabel.baselineOffset(baseline, in: Size(width: max(0, size.width - 16), height: size.height))
    }

    /// The fill for the current state: pressed, disabled (dimmed) or plain.
    public var fillColor: Color {
        if isHighlighted {
            return highlightedColor ?? tintColor.mapped {
                Color(red: $0.red * 0.75, green: $0.green * 0.75, blue: $0.blue * 0.75, alpha: $0.alpha)
            }
        }
        return isEnabled ? tintColor : tintColor.mapped { $0.withAlphaComponent($0.alpha * 0.6) }
    }

    /// Draws the fill for the current state; a subclass that draws more calls `super` first to keep it.
    open override func draw(in context: inout DrawingContext) {
        let color = fillColor.resolved(for: context.userInterfaceStyle)
        guard color.alpha > 0 else { return }
        let shown = presentation
        context.fillLikeBackground(shown.bounds, cornerRadius: shown.cornerRadius, corners: maskedCorners, color: color)
    }

    private func updateColors() {
        titleLabel.textColor = isEnabled ? titleColor : titleColor.mapped { $0.withAlphaComponent($0.alpha * 0.5) }
        setNeedsDisplay()
    }

    // MARK: - Accessibility

    /// The title, unless set.
    open override var accessibilityLabel: String? {
        get { accessibility.label ?? title }
        set { super.accessibilityLabel = newValue }
    }
    /// `.button`, unless set (and `.notEnabled` while disabled, as every control).
    override var standardAccessibilityTraits: AccessibilityTraits { .button }
    /// Activated, a button runs its taps' actions: `.touchUpInside` and the primary action.
    open override func accessibilityActivate() -> Bool {
        guard isEnabled else { return false }
        sendTapActions()
        return true
    }
}
