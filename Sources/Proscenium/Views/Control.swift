/// A view that tracks a touch and turns it into actions, such as a button, as UIKit's `UIControl`.
/// A control's own tap wins over tap recognizers on its superviews.
@MainActor open class Control: View {
    /// A disabled control ignores touches and draws dimmed.
    public var isEnabled = true {
        didSet {
            guard isEnabled != oldValue else { return }
            cursor = isEnabled ? enabledCursor : nil
            if !isEnabled {
                isHighlighted = false
                if isFirstResponder { resignFirstResponder() }
            }
            setNeedsDisplay()
        }
    }
    /// True while a touch that began in the control is down inside it.
    public internal(set) var isHighlighted = false { didSet { if isHighlighted != oldValue { setNeedsDisplay() } } }

    /// How far outside its bounds a touch may go and still count as inside, as UIKit's 70-point slop.
    public var touchSlop: Double = 70

    private var primaryActions: [@MainActor (Control) -> Void] = []
    private let enabledCursor: Cursor?

    /// A control at `frame` that shows `cursor` (the pointing hand by default) under the pointer while enabled.
    public init(frame: Rect = .zero, cursor: Cursor? = .pointingHand) {
        enabledCursor = cursor
        super.init(frame: frame)
        self.cursor = cursor
    }

    /// Adds an action for a tap that ends inside the control (`.primaryActionTriggered`).
    public func addAction(_ action: @escaping @MainActor (Control) -> Void) {
        primaryActions.append(action)
    }

    /// Runs the primary actions, as a tap inside does.
    public func sendActions() {
        window?.controlActionObserver?(self)
        for action in primaryActions { action(self) }
    }

    // MARK: - Keyboard focus

    /// The colour of the ring a focused control shows.
    public static let focusRingColor = Color(hex: 0x0A84FF)

    /// Enabled controls take keyboard focus (Tab reaches them).
    open override var canBecomeFocused: Bool { isEnabled && isHitTestable }
    open override var canBecomeFirstResponder: Bool { canBecomeFocused }

    /// Whether the control has keyboard focus; it then shows a focus ring.
    public var isFocused: Bool { isFirstResponder }

    private var borderBeforeFocus: (width: Double, color: Color)?

    /// Draws or removes the focus ring: a 2-point border in `focusRingColor`, over whatever border the
    /// control had, which comes back when focus leaves.
    func focusDidChange() {
        if isFocused {
            if borderBeforeFocus == nil { borderBeforeFocus = (borderWidth, borderColor) }
            borderWidth = 2
            borderColor = Self.focusRingColor
        } else if let saved = borderBeforeFocus {
            borderBeforeFocus = nil
            borderWidth = saved.width
            borderColor = saved.color
        }
    }

    /// Return and space activate a focused, enabled control, as a tap would.
    open override func pressesBegan(_ presses: Set<Press>, with event: Event?) {
        if isEnabled, presses.contains(where: { ($0.key == .return || $0.key == .space) && !$0.isRepeat }) {
            sendActions()
            return
        }
        super.pressesBegan(presses, with: event)
    }

    // MARK: - Hit-testing

    open override func hitTest(_ point: Point, with event: Event?) -> View? {
        isEnabled ? super.hitTest(point, with: event) : (self.point(inside: point, with: event) && isHitTestable ? self : nil)
    }

    open override func gestureRecognizerShouldBegin(_ recognizer: GestureRecognizer) -> Bool {
        !(recognizer is TapGestureRecognizer && recognizer.view !== self)
    }

    // MARK: - Tracking

    open override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
        guard isEnabled else { return }
        isHighlighted = true
    }

    open override func touchesMoved(_ touches: Set<Touch>, with event: Event?) {
        guard isEnabled, let touch = touches.first else { return }
        isHighlighted = isInside(touch)
    }

    open override func touchesEnded(_ touches: Set<Touch>, with event: Event?) {
        guard isEnabled, let touch = touches.first else { return }
        let inside = isInside(touch)
        isHighlighted = false
        if inside { sendActions() }
    }

    open override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) {
        isHighlighted = false
    }

    private func isInside(_ touch: Touch) -> Bool {
        bounds.insetBy(dx: -touchSlop, dy: -touchSlop).contains(touch.location(in: self))
    }
}
