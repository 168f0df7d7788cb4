/// An on/off switch, as UIKit's `UISwitch`: a 51 × 31 track whose thumb slides to the side it is set to.
/// A click flips it; a drag carries the thumb and it settles on the side it is let go nearer; Space or
/// Return flips it while it has focus. Each flip by the user sends `.valueChanged` (and the primary
/// action); `setOn(_:animated:)` from code sends nothing, as UIKit's.
@MainActor open class Switch: Control {
    /// Whether the switch is on: its thumb at the right, its track in `onTintColor`. Setting it moves the
    /// thumb at once and sends nothing, as `setOn(_:animated: false)`.
    public var isOn: Bool {
        get { storedIsOn }
        set { setOn(newValue, animated: false) }
    }
    private var storedIsOn: Bool
    /// The track's colour while on: system green by default.
    public var onTintColor = Color.systemGreen { didSet { updateColors() } }
    /// The thumb's colour: white by default.
    public var thumbTintColor = Color.white { didSet { updateColors() } }

    /// UIKit's size: the track is 51 × 31 points whatever the frame, centred in it.
    nonisolated public static let size = Size(width: 51, height: 31)
    /// The track's colour while off.
    nonisolated static let offTrackColor = Color(light: Color(hex: 0xE9E9EA), dark: Color(hex: 0x39393D))
    private static let thumbDiameter = 27.0, inset = 2.0

    private let track = View(), thumb = View()
    /// While a drag carries the thumb: how far its left edge is along its travel (0...1).
    private var dragPosition: Double?
    private var touchStart: Point?

    /// A switch set to `isOn`.
    public init(isOn: Bool = false, frame: Rect = .zero) {
        self.storedIsOn = isOn
        super.init(frame: frame == .zero ? Rect(origin: .zero, size: Self.size) : frame)
        // Its size is its own, as UIKit's: a stack does not stretch it.
        layoutPriorities = LayoutPriorities(huggingHorizontal: 750, huggingVertical: 750,
                                            compressionHorizontal: 750, compressionVertical: 750)
        track.cornerRadius = Self.size.height / 2
        track.isUserInteractionEnabled = false
        addSubview(track)
        thumb.cornerRadius = Self.thumbDiameter / 2
        thumb.shadowOpacity = 0.2
        thumb.shadowRadius = 2
        thumb.shadowOffset = Point(x: 0, y: 2)
        thumb.isUserInteractionEnabled = false
        addSubview(thumb)
        updateColors()
    }

    /// Sets the switch on or off, the thumb sliding there when `animated`; sends no action.
    public func setOn(_ on: Bool, animated: Bool) {
        guard on != isOn else { return }
        storedIsOn = on
        moveThumb(animated: animated)
    }

    open override var intrinsicContentSize: Size { Self.size }
    open override func sizeThatFits(_ size: Size) -> Size { Self.size }

    open override var isEnabled: Bool { didSet { updateColors() } }

    open override func layoutSubviews() {
        let trackFrame = Rect(x: bounds.midX - Self.size.width / 2, y: bounds.midY - Self.size.height / 2,
                              width: Self.size.width, height: Self.size.height)
        track.frame = trackFrame
        let travel = Self.size.width - Self.thumbDiameter - 2 * Self.inset
        let position = dragPosition ?? (isOn ? 1 : 0)
        thumb.frame = Rect(x: trackFrame.minX + Self.inset + travel * position, y: trackFrame.midY - Self.thumbDiameter / 2,
                           width: Self.thumbDiameter, height: Self.thumbDiameter)
    }

    /// The ring around the track.
    open override var focusRing: FocusRing? {
        FocusRing(around: track.presentation.frame, cornerRadius: Self.size.height / 2)
    }

    // MARK: - Input

    open override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
        super.touchesBegan(touches, with: event)
        touchStart = touches.first?.location(in: self)
    }

    open override func touchesMoved(_ touches: Set<Touch>, with event: Event?) {
        super.touchesMoved(touches, with: event)
        guard isTracking, let touch = touches.first, let start = touchStart else { return }
        let x = touch.location(in: self).x
        // A drag once the pointer went 4 points: the thumb follows it from where it was.
        guard dragPosition != nil || abs(x - start.x) > 4 else { return }
        let travel = Self.size.width - Self.thumbDiameter - 2 * Self.inset
        dragPosition = min(max((isOn ? 1 : 0) + (x - start.x) / travel, 0), 1)
        setNeedsLayout()
    }

    open override func touchesEnded(_ touches: Set<Touch>, with event: Event?) {
        touchStart = nil
        guard isTracking, let touch = touches.first else { return }
        // Where a drag left the thumb, or else a click inside flips it.
        let target = dragPosition.map { $0 >= 0.5 } ?? (isInside(touch) ? !isOn : isOn)
        dragPosition = nil
        endTracking(touch)
        flip(to: target)
    }

    open override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) {
        super.touchesCancelled(touches, with: event)
        touchStart = nil
        if dragPosition != nil {
            dragPosition = nil
            moveThumb(animated: true)
        }
    }

    /// Space and Return flip the switch.
    open override func pressesBegan(_ presses: Set<Press>, with event: Event?) {
        if isEnabled, presses.contains(where: { ($0.key == .return || $0.key == .space) && !$0.isRepeat }) {
            flip(to: !isOn)
            return
        }
        super.pressesBegan(presses, with: event)
    }

    /// Sets the switch to `on` as the user did it: animated, and `.valueChanged` sent when it changed.
    private func flip(to on: Bool) {
        let changed = on != isOn
        storedIsOn = on
        moveThumb(animated: true)
        if changed { sendActions(for: [.valueChanged, .primaryActionTriggered]) }
    }

    private func moveThumb(animated: Bool) {
        guard animated, window != nil else {
            updateColors()
            setNeedsLayout()
            return
        }
        View.animate(springDuration: 0.35, bounce: 0.15) {
            self.updateColors()
            self.setNeedsLayout()
            self.layoutIfNeeded()
        }
    }

    private func updateColors() {
        let track = isOn ? onTintColor : Self.offTrackColor
        // Disabled: the whole switch at half strength, the app's own alpha left alone.
        self.track.backgroundColor = isEnabled ? track : track.mapped { $0.withAlphaComponent($0.alpha * 0.5) }
        thumb.backgroundColor = isEnabled ? thumbTintColor : thumbTintColor.withAlphaComponent(0.6)
    }

    // MARK: - Accessibility

    /// `.toggleButton`, unless set (and `.notEnabled` while disabled, as every control).
    override var standardAccessibilityTraits: AccessibilityTraits { .toggleButton }
    /// "1" when on, "0" when off, as UIKit's switch says; unless set.
    open override var accessibilityValue: String? {
        get { accessibility.value ?? (isOn ? "1" : "0") }
        set { super.accessibilityValue = newValue }
    }
    /// Activated, the switch flips as a tap flips it.
    open override func accessibilityActivate() -> Bool {
        guard isEnabled else { return false }
        flip(to: !isOn)
        return true
    }
}
