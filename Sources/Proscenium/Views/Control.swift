/// A view that tracks a touch and turns it into actions, such as a button, as UIKit's `UIControl`.
/// A control's own tap wins over tap recognizers on its superviews.
@MainActor open class Control: View {
    /// Whether a touch that began on the control while it was enabled is in progress, as UIKit's
    /// `isTracking`: a slider's drag, a button held down. A press that began while the control was disabled
    /// is not tracked, so it does nothing when released after the control is enabled.
    public internal(set) var isTracking = false

    /// A disabled control ignores touches and draws dimmed; disabled while pressed, it stops tracking the
    /// touch as if it were cancelled (a slider being dragged reports where it was let go, a switch's thumb
    /// goes back).
    public var isEnabled = true {
        didSet {
            guard isEnabled != oldValue else { return }
            cursor = isEnabled ? enabledCursor : nil
            if !isEnabled {
                window?.cancelTouch(in: self)
                // A touch on a subview of its own, not cancelled above, is tracked no longer either.
                isTracking = false
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

    /// The actions added, in order, each with the events it runs for and, for target-action, its target.
    private var actions: [ControlAction] = []
    private var lastActionID = 0
    private let enabledCursor: Cursor?

    /// A control at `frame` that shows `cursor` (the pointing hand by default) under the pointer while enabled.
    public init(frame: Rect = .zero, cursor: Cursor? = .pointingHand) {
        enabledCursor = cursor
        super.init(frame: frame)
        self.cursor = cursor
    }

    /// Adds an action for the control's primary action (`.primaryActionTriggered`): a tap that ends inside a
    /// button, a change of a switch's, slider's or segmented control's value. With an `identifier`, it
    /// replaces the action added before with the same one (see `addAction(identifier:for:_:)`).
    public func addAction(identifier: String? = nil, _ action: @escaping @MainActor (Control) -> Void) {
        addAction(identifier: identifier, for: .primaryActionTriggered, action)
    }

    /// Adds an action that runs whenever the control sends any of `events`, as `UIControl.addAction(_:for:)`.
    /// An `identifier` names it, as a `UIAction`'s does: adding another with the same identifier replaces
    /// it (a reused table cell's switch configured again runs the new row's action only), and
    /// `removeAction(identifiedBy:for:)` takes it away.
    public func addAction(identifier: String? = nil, for events: ControlEvent, _ action: @escaping @MainActor (Control) -> Void) {
        if let identifier { actions.removeAll { $0.identifier == identifier } }
        lastActionID += 1
        actions.append(ControlAction(id: lastActionID, events: events, target: nil, identifier: identifier) { control in
            action(control)
            return true
        })
    }

    /// Stops the action named `identifier` from running for `events` (all of them by default), as
    /// `UIControl.removeAction(identifiedBy:for:)`; it keeps running for the others it was added for.
    public func removeAction(identifiedBy identifier: String, for events: ControlEvent = .allEvents) {
        actions = actions.compactMap { action in
            guard action.identifier == identifier else { return action }
            var kept = action
            kept.events.subtract(events)
            return kept.events.isEmpty ? nil : kept
        }
    }

    /// Adds target-action: `action` (a method of `target`'s type, such as `Screen.volumeChanged`) is called
    /// on `target` for `events`, as `UIControl.addTarget(_:action:for:)`. The target is held weakly: once it
    /// is gone, its actions are dropped.
    public func addTarget<Target: AnyObject>(_ target: Target, action: @escaping @MainActor (Target) -> @MainActor (Control) -> Void,
                                             for events: ControlEvent) {
        lastActionID += 1
        actions.append(ControlAction(id: lastActionID, events: events, target: ObjectIdentifier(target), identifier: nil) { [weak target] control in
            guard let target else { return false }
            action(target)(control)
            return true
        })
    }

    /// Stops `target`'s target-actions (every target's, when nil) from running for `events`, as UIKit's:
    /// an action added for more events keeps running for the others.
    public func removeTarget(_ target: AnyObject?, for events: ControlEvent) {
        let identifier = target.map(ObjectIdentifier.init)
        actions = actions.compactMap { action in
            guard let owner = action.target, identifier == nil || owner == identifier else { return action }
            var kept = action
            kept.events.subtract(events)
            return kept.events.isEmpty ? nil : kept
        }
    }

    /// Runs the actions for any of `events`, in the order they were added, as `UIControl.sendActions(for:)`.
    /// `.primaryActionTriggered` is also reported to the window's `controlActionObserver`. Actions added
    /// while it runs wait for the next send.
    public func sendActions(for events: ControlEvent) {
        if events.contains(.primaryActionTriggered) { window?.controlActionObserver?(self) }
        var gone: Set<Int> = []
        for action in actions where !action.events.isDisjoint(with: events) {
            if !action.run(self) { gone.insert(action.id) }
        }
        if !gone.isEmpty { actions.removeAll { gone.contains($0.id) } }
    }

    /// Runs the primary actions (`.primaryActionTriggered`), as a tap inside a button does.
    public func sendActions() {
        sendActions(for: .primaryActionTriggered)
    }

    /// Sends what a tap ending inside the control sends, `.touchUpInside` and the primary action: so do
    /// Return and Space on a focused control, a screen reader's activation and an alert's keys, so that
    /// target-action on `.touchUpInside` works whichever way the user answered.
    func sendTapActions() {
        sendActions(for: [.touchUpInside, .primaryActionTriggered])
    }

    // MARK: - Accessibility

    /// True unless set: assistive technology reaches a control as one thing.
    open override var isAccessibilityElement: Bool {
        get { accessibility.isElement ?? true }
        set { super.isAccessibilityElement = newValue }
    }
    /// What a control of this kind is unless its traits are set: nothing here, `.button` for a button,
    /// `.adjustable` for a slider.
    var standardAccessibilityTraits: AccessibilityTraits { .none }
    /// What was set, else the control's kind; with `.notEnabled` while the control is disabled.
    open override var accessibilityTraits: AccessibilityTraits {
        get { (accessibility.traits ?? standardAccessibilityTraits).union(isEnabled ? .none : .notEnabled) }
        set { super.accessibilityTraits = newValue }
    }
    /// Runs the primary actions, as Return on a focused control does; nothing while disabled.
    open override func accessibilityActivate() -> Bool {
        guard isEnabled else { return false }
        sendActions()
        return true
    }

    // MARK: - Keyboard focus

    /// The accent colour of focus rings: system blue (#0A84FF). The standard ring paints it at
    /// `FocusRing.standardOpacity`.
    nonisolated public static let focusRingColor = Color(hex: 0x0A84FF)

    /// Enabled controls take keyboard focus (Tab reaches them).
    open override var canBecomeFocused: Bool { isEnabled && isHitTestable }
    open override var canBecomeFirstResponder: Bool { canBecomeFocused }

    /// Whether the control has keyboard focus. It shows its focus ring (see `showsFocusRing`) only while
    /// focus is visible in its window, as `:focus-visible` in a browser.
    public var isFocused: Bool { isFirstResponder }

    /// The ring drawn around the control while it shows focus, in its bounds coordinates: by default
    /// `FocusRing(around:)` its presentation bounds, following its corner radius and masked corners,
    /// 3 points wide at a 2-point gap outside its edge, in `focusRingColor` at 50% opacity (libadwaita's
    /// `alpha($accent_color, 0.5)` outline).
    ///
    /// Override to restyle the ring (an inset ring, another colour, another shape's bounds) or return nil
    /// to draw none, for a control that shows focus in a way of its own. The ring is drawn after the
    /// control's subviews and border, outside its own clip but inside its superviews' clips, and it moves
    /// with the control through layout and animation. Read the geometry from `presentation`, which is
    /// what is on screen mid-animation. When what this returns changes while the control is focused, call
    /// `setNeedsDisplay()`.
    open var focusRing: FocusRing? {
        let p = presentation
        return FocusRing(around: p.bounds, cornerRadius: p.cornerRadius, corners: maskedCorners)
    }

    /// Whether the ring shows whenever the control is focused, however focus came to it; false (the
    /// default) shows it only while `Window.isFocusVisible`, that is after keyboard use and until the next
    /// click. Override to return true in a control that takes typing, such as a text field: browsers match
    /// `:focus-visible` on text inputs however they were focused.
    open var alwaysShowsFocusRing: Bool { false }

    /// Whether the control draws its focus ring now: it has keyboard focus, keys reach it (it is inside the
    /// top presentation, so a control left focused below a modal one shows nothing), focus is visible in
    /// its window or the control `alwaysShowsFocusRing`, and `focusRing` is not nil.
    public var showsFocusRing: Bool {
        guard let window, window.firstResponder === self, isEnabled, focusRing != nil else { return false }
        guard alwaysShowsFocusRing || window.isFocusVisible else { return false }
        return window.receivesKeys(self)
    }

    /// Called by the window when the control gains or loses keyboard focus: the ring's area is redrawn.
    func focusDidChange() {
        setNeedsDisplay()
    }

    /// A focused, enabled control's keys are its own: Return and Space, which activate it, with no
    /// Control, Alt or Super (controls that take more keys say so). A key command takes them only with
    /// priority over them.
    override func usesKeyItself(_ press: Press) -> Bool {
        isEnabled && !press.isShortcut && (press.key == .return || press.key == .space)
    }

    /// Return and space activate a focused, enabled control, as a tap would.
    open override func pressesBegan(_ presses: Set<Press>, with event: Event?) {
        if isEnabled, presses.contains(where: { ($0.key == .return || $0.key == .space) && !$0.isRepeat }) {
            sendTapActions()
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
        isTracking = isEnabled
        guard isEnabled else { return }
        isHighlighted = true
        sendActions(for: .touchDown)
    }

    open override func touchesMoved(_ touches: Set<Touch>, with event: Event?) {
        guard isTracking, let touch = touches.first else { return }
        isHighlighted = isInside(touch)
    }

    open override func touchesEnded(_ touches: Set<Touch>, with event: Event?) {
        guard isTracking, let touch = touches.first else { return }
        isTracking = false
        let inside = isInside(touch)
        isHighlighted = false
        if inside { sendTapActions() } else { sendActions(for: .touchUpOutside) }
    }

    open override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) {
        isHighlighted = false
        guard isTracking else { return }
        isTracking = false
        sendActions(for: .touchCancel)
    }

    /// Ends the tracking of `touch` as every control does: no longer highlighted, and `.touchUpInside` or
    /// `.touchUpOutside` sent. Returns whether it ended inside.
    @discardableResult
    func endTracking(_ touch: Touch) -> Bool {
        isTracking = false
        let inside = isInside(touch)
        isHighlighted = false
        sendActions(for: inside ? .touchUpInside : .touchUpOutside)
        return inside
    }

    /// Whether `touch` is inside the control, `touchSlop` around its bounds included.
    public func isInside(_ touch: Touch) -> Bool {
        bounds.insetBy(dx: -touchSlop, dy: -touchSlop).contains(touch.location(in: self))
    }
}

/// A keyboard focus ring, as a control draws it while it shows focus: a band `width` wide running just
/// inside the edge of the (rounded) rectangle `rect`, in the control's bounds coordinates, as a border is
/// stroked. `FocusRing(around:)` makes the standard ring, outside a shape; build one with the memberwise
/// initializer for any other.
public struct FocusRing: Sendable, Equatable {
    /// The ring's outer edge, in the control's bounds coordinates.
    public var rect: Rect
    /// The radius of the outer edge's rounded corners; the inner edge's is `width` less.
    public var cornerRadius: Double
    /// Which corners `cornerRadius` rounds; the others are square.
    public var corners: CornerMask
    /// The band's width, in points.
    public var width: Double
    /// The band's colour, its alpha included.
    public var color: Color

    /// The width of the standard ring: 3 points.
    public static let standardWidth = 3.0
    /// The standard gap between a control's edge and its ring: 2 points, so the ring reads as a halo
    /// around the control rather than a border of it.
    public static let standardGap = 2.0
    /// The opacity of the standard ring's colour: 50%, as libadwaita's `alpha($accent_color, 0.5)`.
    public static let standardOpacity = 0.5
    /// The standard ring's colour: `Control.focusRingColor` at `standardOpacity`.
    public static var standardColor: Color { Control.focusRingColor.withAlphaComponent(standardOpacity) }

    /// A ring whose outer edge is `rect` with corners of `cornerRadius` (the `corners` that it rounds),
    /// `width` wide, in `color`.
    public init(rect: Rect, cornerRadius: Double, corners: CornerMask = .all, width: Double, color: Color) {
        self.rect = rect
        self.cornerRadius = cornerRadius
        self.corners = corners
        self.width = width
        self.color = color
    }

    /// The ring around `shape` (a control's bounds with corners of `cornerRadius`): `gap` points outside its
    /// edge, `width` wide, its corners concentric with the shape's (square ones stay square). A negative
    /// `gap` moves it inside: `gap: -width` draws it just inside the edge.
    public init(around shape: Rect, cornerRadius: Double, corners: CornerMask = .all, gap: Double = standardGap,
                width: Double = standardWidth, color: Color = standardColor) {
        let outset = gap + width
        self.init(rect: shape.insetBy(dx: -outset, dy: -outset),
                  cornerRadius: cornerRadius > 0 ? max(0, cornerRadius + outset) : 0,
                  corners: corners, width: width, color: color)
    }
}

/// One action of a control: what it runs for, whose it is (target-action), and the closure, which says
/// false when its target is gone.
struct ControlAction {
    let id: Int
    var events: ControlEvent
    let target: ObjectIdentifier?
    /// The name it was added with, if any (see `Control.addAction(identifier:for:_:)`).
    let identifier: String?
    let run: @MainActor (Control) -> Bool
}
