/// The root of a view tree shown on screen: runs the frame pipeline (animations, layout, drawing) on its
/// frame clock, and turns platform input into touches and presses, as UIKit's `UIWindow`.
@MainActor open class Window: View {
    /// Where frames go; the backend's window host, or a test double.
    public weak var surface: WindowSurface? {
        didSet { renewTextMeasurerToken() }
    }

    /// A number no other surface of any window had, given each time `surface` or `displayScale` is set (0
    /// with no surface, or one that leaves measuring to `TextLayout.measurer`): text measured in the window
    /// is kept by it (see `View.textMeasurerKey`). A surface that goes away is set to nil by its owner.
    @exclusivity(unchecked) private(set) var textMeasurerToken: UInt64 = 0
    private static var lastTextMeasurerToken: UInt64 = 0

    /// Gives the window a new `textMeasurerToken`: what was measured in it before goes.
    private func renewTextMeasurerToken() {
        Window.lastTextMeasurerToken += 1
        textMeasurerToken = surface?.textMeasurer == nil ? 0 : Window.lastTextMeasurerToken
    }

    /// The clock that paces this window's frames and gives every animation its time.
    public let clock: FrameClock

    /// Runs the animations of the views in this window.
    public let animationEngine = AnimationEngine()

    /// The controller whose view fills the window. Its view sits at the bottom of the window, below every
    /// presentation, whenever it is set; the old root's view leaves the window.
    public var rootViewController: ViewController? {
        didSet {
            guard rootViewController !== oldValue else { return }
            let old = oldValue, new = rootViewController
            // A change of the stack's: one asked for from a callback waits for the change under way.
            presentationStack.request(.perform { [weak self] in self?.swapRootViews(from: old, to: new) })
        }
    }

    /// Takes the old root's view out of the window and puts the new one's in, with their appearance
    /// callbacks.
    private func swapRootViews(from oldValue: ViewController?, to controller: ViewController?) {
        // What presentations anchor to (a popover's source view) may have left with the old root: they
        // lay out again.
        defer { for presentation in presentations { presentation.container.setNeedsLayout() } }
        if let oldValue, oldValue.windowAsRoot === self, oldValue !== rootViewController || controller == nil {
            oldValue.windowAsRoot = nil
            oldValue.beginAppearanceTransition(false, animated: false)
            oldValue.viewIfLoaded?.removeFromSuperview()
            oldValue.endAppearanceTransition()
        }
        guard let controller, controller === rootViewController, controller.windowAsRoot !== self else { return }
        controller.windowAsRoot = self
        fill(with: controller.view)
        let cover = presentations.first { $0.presenting === controller && $0.presentationController.shouldRemovePresentersView
                                          && ($0.phase == .presented || $0.phase == .presenting) }
        if let cover, cover.phase == .presented {
            // Made root again under its own full-screen presentation: its view stays out (and the
            // controller disappeared) until that dismissal puts it back.
            cover.removedPresenterPlace = (self, 0)
            controller.viewIfLoaded?.removeFromSuperview()
            return
        }
        controller.beginAppearanceTransition(true, animated: false)
        insertSubview(controller.view, at: 0)
        controller.endAppearanceTransition()
        // Under its own full-screen presentation still coming in, it disappears with the presentation's
        // end, which takes its view out then.
        cover?.beginPresenterAppearance(false, animated: true)
    }

    /// The one owner of the presentations' changes; see `PresentationStack`.
    let presentationStack = PresentationStack()
    /// The layer above the root view that holds the containers of presentations, created on first use.
    var presentationLayer: PresentationLayerView?
    /// The presentations shown in this window, bottom to top.
    var presentations: [Presentation] {
        get { presentationStack.presentations }
        set { presentationStack.presentations = newValue }
    }
    /// Coordinators of size changes whose completions wait for the frame's layout.
    var pendingSizeCoordinators: [TransitionCoordinator] = []
    /// Defects seen as they happened (a hook run without a container, events out of order), reported by
    /// the next `consistencyProblems()`.
    var recordedProblems: [String] = []

    /// Told about every phase of every presentation's transitions in this window, and adaptations.
    public var presentationObserver: (@MainActor (PresentationEvent) -> Void)?
    /// Told whenever a control in this window sends its actions (a tap, Return or space on it).
    public var controlActionObserver: (@MainActor (Control) -> Void)?
    /// Called when what moves a scroll view's content changes (a drag begins, it decelerates, it comes
    /// to rest), with the scroll view and the new phase; for the event log and tests.
    public var scrollObserver: (@MainActor (ScrollView, ScrollView.Phase) -> Void)?

    /// Called at the start of every frame, before animations advance: the host reads pending input here.
    public var frameWillBegin: (@MainActor () -> Void)?

    /// The responder that receives key events first; nil sends them to the top controller. A control
    /// that is it shows a focus ring while focus is visible (`isFocusVisible`).
    public internal(set) var firstResponder: Responder? {
        get { storedFirstResponder }
        set {
            let before = storedFirstResponder
            guard newValue !== before else { return }
            // The surface ends an input method's composition for the one leaving, which may type into it
            // and so run its delegate and actions: focus they move meanwhile is where focus stays.
            surface?.firstResponderWillChange()
            guard storedFirstResponder === before else { return }
            storedFirstResponder = newValue
            (before as? Control)?.focusDidChange()
            // Focus passing through nil as the menu closes is not focus going elsewhere: it comes back.
            if let held = fieldEditingUnderMenu, let newValue, held !== newValue, !(newValue is ContextMenuView) { held.focusDidChange() }
            (newValue as? Control)?.focusDidChange()
            (before as? TableView)?.updateFocusIndicator()
        }
    }
    private weak var storedFirstResponder: Responder?
    /// A text field that goes on editing while a context menu over it has the keys (see `TextField`).
    weak var fieldEditingUnderMenu: TextField?
    /// Who got each key that is down, so its key-up goes there too; held weakly, so a key never released
    /// (focus left the window) keeps no dismissed controller alive.
    var pressedKeyTargets: [Key: WeakResponder] = [:]
    /// Where the window's text views copy to and paste from: the X selections once a backend hosts the
    /// window, memory before.
    public var pasteboard: Pasteboard = MemoryPasteboard()
    /// Whether the window has the keyboard, as UIKit's `isKeyWindow`: true until the backend says it
    /// lost it (`resignKey()`), false until it gets it back (`becomeKey()`).
    public internal(set) var isKeyWindow = true
    /// Storage of `isFocusVisible` (Window+Focus.swift).
    var focusIsVisible = false
    /// Timers scheduled on this window's frames, see `scheduleTimer(after:repeats:_:)`.
    var frameTimers: [FrameTimer] = []
    /// Display links that run on every frame (a scroll view's deceleration), in the order they were made.
    var displayLinks: [DisplayLink] = []
    /// What waits for a view of the window to be shown (see `whenAViewIsShown(_:)`).
    var shownViewWatchers: [@MainActor () -> Void] = []

    // MARK: - Statistics, read by tests and benchmarks

    /// Frames produced so far.
    public private(set) var frameCount = 0
    /// How many frames ran a layout pass on the window itself (window resizes and root relayouts).
    public private(set) var windowLayoutCount = 0
    /// The region the last drawn frame redrew.
    public private(set) var lastDamage = Region()

    private var pendingDamage = Region()
    /// Views whose traits the next frame checks (Window+Traits.swift).
    var pendingTraits = PendingTraitsUpdate()
    /// How many commands the last frame's display list held: the next one is built with room for as many.
    private var lastCommandCount = 0
    private var isPreparingFrame = false
    private var layoutRequested = false
    /// The view whose `layoutSubviews()` runs now, set by `layoutIfNeeded()`.
    var viewBeingLaidOut: View?
    // Input state, used by Window+Input.swift.
    var activeTouch: Touch?
    var touchRecognizers: [GestureRecognizer] = []
    var touchCancelledInView = false
    /// The touch a scroll view around the touched view holds back (see `ScrollView.delaysContentTouches`).
    var heldTouch: HeldTouch?
    var currentCursor: Cursor = .arrow
    var lastClick: (time: Double, location: Point, count: Int)?
    /// Where the pointer was last seen; scroll keys nobody else handled scroll what lies under it.
    var lastPointerLocation: Point?
    var toolTips = ToolTipState()
    /// Where the right button went down to open the menu on screen, while it is held.
    var contextMenuPress: Point?

    /// A window of `size` points whose frames run on `clock`; it asks for its first frame at once.
    public init(size: Size, clock: FrameClock) {
        self.clock = clock
        super.init(frame: Rect(origin: .zero, size: size))
        backgroundColor = .systemBackground
        clock.frameHandler = { [weak self] time in self?.performFrame(at: time) }
        clock.setNeedsFrame()
        Window.lastMade = self
    }

    /// The window made last, while it lives: what stands in for UIKit's screen when a controller's view
    /// loads before it is known which window will show it (see `ViewController.loadView()`).
    static weak var lastMade: Window?

    // MARK: - Scale

    /// Device pixels per point on the window's screen (1, 1.5, 2, ...), set by the backend from the
    /// desktop's setting. Everything above the renderer stays in points; a change redraws the whole window
    /// at the new scale, and views land on whole device pixels. Text is measured again, as a surface
    /// measures it at the size it is drawn (glyph widths do not scale exactly), and every view is laid out.
    public var displayScale: Double = 1 {
        didSet {
            guard displayScale != oldValue else { return }
            if !(displayScale.isFinite && displayScale > 0) { displayScale = oldValue; return }
            renewTextMeasurerToken()
            var views: [View] = [self]
            while let view = views.popLast() {
                view.setNeedsLayout()
                views.append(contentsOf: view.subviews)
            }
            setNeedsDisplay()
            setNeedsTraitsUpdate()
        }
    }

    // MARK: - Appearance

    /// The desktop's light or dark appearance, set by the backend (the XSETTINGS theme,
    /// `PROSCENIUM_APPEARANCE`); views and controllers without an override draw in it. A change redraws
    /// what depends on it and calls `traitCollectionDidChange(_:)` once on each view and controller.
    public var systemUserInterfaceStyle: UserInterfaceStyle = .light {
        didSet {
            if systemUserInterfaceStyle == .unspecified { systemUserInterfaceStyle = .light }
            if systemUserInterfaceStyle != oldValue { setNeedsTraitsUpdate() }
        }
    }

    // MARK: - Size

    /// Changes the window's size; the next frame lays out and redraws everything at the new size. Calls in
    /// a burst between two frames cost one layout.
    public func resize(to size: Size) {
        guard size != bounds.size else { return }
        if changesSizeClasses(to: size) { setNeedsTraitsUpdate() }
        announceSizeTransition(to: size)
        frame = Rect(origin: .zero, size: size)
        setNeedsDisplay()
    }

    open override func layoutSubviews() {
        windowLayoutCount += 1
        // Not while a presentation has borrowed the root view (moved it into its container, scaled it
        // aside): that presentation places it, as in UIKit. Taken out under a full-screen one, it keeps
        // the window's size for its return.
        if let rootView = rootViewController?.viewIfLoaded, rootView.superview === self || rootView.superview == nil {
            fill(with: rootView)
        }
        presentationLayer?.frame = bounds
    }

    /// Makes `rootView` as large as the window and centres it, by its bounds and centre rather than its
    /// frame: a transform a presentation put on it (scaling it aside) stays on top of a window-sized view
    /// through every layout pass. (UIKit sets the frame, and only when the window changes size; under a
    /// transform that would resize the view.)
    private func fill(with rootView: View) {
        rootView.bounds = Rect(origin: rootView.bounds.origin, size: bounds.size)
        rootView.center = Point(x: bounds.midX, y: bounds.midY)
    }

    /// Keeps the presentation layer above views added to the window itself, and a tooltip above all.
    open override func didAddSubview(_ subview: View) {
        if let presentationLayer, subview !== presentationLayer, subview !== toolTips.shown, subviews.last !== presentationLayer {
            bringSubviewToFront(presentationLayer)
        }
        if let tip = toolTips.shown, subviews.last !== tip { bringSubviewToFront(tip) }
    }

    // MARK: - The end of the responder chain

    /// Keys nobody handled end here: Escape dismisses the top presentation (see `handleUnhandledEscape`),
    /// Tab and Shift-Tab move keyboard focus among the controls of the top controller, and the scroll keys
    /// (arrows, Page Up/Down, Home/End, Space) scroll the scroll view under the pointer. Repeats of a held
    /// Escape do nothing: one press, one dismissal.
    open override func pressesBegan(_ presses: Set<Press>, with event: Event?) {
        for press in presses {
            switch press.key {
            case .escape where !press.isRepeat: handleUnhandledEscape()
            case .tab: moveFocus(backwards: press.modifiers.contains(.shift))
            case .menu where !press.isRepeat: showContextMenuFromKeyboard()
            case .function(10) where press.modifiers == .shift && !press.isRepeat: showContextMenuFromKeyboard()
            default: _ = scrollUnderPointer(for: press)
            }
        }
    }

    // MARK: - Frames

    /// Asks the clock for a frame. Requests made while a frame is being prepared (input, animation
    /// completions, layout) are served by that same frame, so they do not wake the clock again.
    public func setNeedsFrame() {
        guard !isPreparingFrame else { return }
        clock.setNeedsFrame()
    }

    /// Notes `view`'s `setNeedsLayout()`, so a layout pass can tell whether it must run again. A request for
    /// a subview of the view laying out right now needs no second pass: the pass reaches it next, top-down.
    func layoutWasRequested(by view: View) {
        if let current = viewBeingLaidOut, view !== current, view.isDescendant(of: current) { return }
        layoutRequested = true
        setNeedsFrame()
    }

    /// One frame: read input, advance animations, lay out, build the display list, present the damage.
    public func performFrame(at time: Double) {
        frameCount += 1
        isPreparingFrame = true
        frameWillBegin?()
        fireDueTimers(at: time)
        fireDisplayLinks(at: time)
        animationEngine.advance(to: time)
        updateTraitsIfNeeded()
        layOutUntilSettled()
        // Views that layout added (a table's new cells) are told their traits before they draw.
        if !pendingTraits.isEmpty {
            updateTraitsIfNeeded()
            layOutUntilSettled()
        }
        finishSizeTransitions()
        checkToolTip()
        var builder = FrameBuilder(windowBounds: bounds, pendingDamage: pendingDamage, scale: displayScale,
                                   expectedCommands: lastCommandCount, copiesScrolledContent: surface?.copiesScrolledContent ?? false)
        builder.build(root: self)
        lastCommandCount = builder.list.commands.count
        isPreparingFrame = false
        pendingDamage = Region()
        let damage = builder.damage.intersection(bounds)
        if !damage.isEmpty {
            lastDamage = damage
            surface?.present(builder.list, damage: damage, size: bounds.size)
        }
        // A link made or resumed after the links ran (from a completion, a layout pass) runs next frame.
        if animationEngine.hasRunningAnimations || hasRunningDisplayLinks { clock.setNeedsFrame() }
        surface?.frameDidComplete()
    }

    /// Runs layout passes until no view asks for layout again. A view marked by a later sibling's
    /// `layoutSubviews()` would otherwise wait a frame; after a few passes the rest waits for the next frame.
    /// A presentation anchored to a view that an animation or a pass moved (a popover on a moving button)
    /// is laid out again in the same frame.
    private func layOutUntilSettled() {
        var passes = 0
        presentationStack.followMovedAnchors()
        repeat {
            layoutRequested = false
            layoutIfNeeded()
            presentationStack.followMovedAnchors()
            passes += 1
        } while layoutRequested && passes < 4
        if layoutRequested { clock.setNeedsFrame() }
    }

    /// The display list of the whole window as it would be drawn now, for tests and tree dumps.
    public func currentDisplayList() -> DisplayList {
        // As the next frame would, which tells views of changed traits before it draws them.
        updateTraitsIfNeeded()
        var builder = FrameBuilder(windowBounds: bounds, pendingDamage: Region(), scale: displayScale)
        let states = allViews().map { ($0, $0.needsDisplay, $0.lastRenderedRect, $0.scrollState) }
        builder.build(root: self)
        for (view, needsDisplay, rect, scrollState) in states {
            view.needsDisplay = needsDisplay
            view.lastRenderedRect = rect
            view.scrollState = scrollState
        }
        return builder.list
    }

    /// Every view in the window, depth first, the window included.
    public func allViews() -> [View] {
        var result: [View] = []
        func collect(_ view: View) {
            result.append(view)
            view.subviews.forEach(collect)
        }
        collect(self)
        return result
    }

    /// Called by a view about to leave this window: what its subtree drew becomes damage, its animations
    /// stop, a touch in it is cancelled and keyboard focus inside it (a view or a controller) is dropped.
    func viewWillLeaveWindow(_ view: View) {
        forgetRenderedArea(of: view)
        animationEngine.removeAnimations(inSubtreeOf: view)
        if view.isFirstResponderOrAncestor(of: firstResponder) { firstResponder = nil }
        if let touched = activeTouch?.view, touched.isDescendant(of: view) {
            cancelActiveTouch()
        }
        setNeedsFrame()
    }

    /// Called by a view about to move to another superview in this window: only what its subtree drew
    /// becomes damage; animations, touches and focus go on.
    func viewWillMoveWithinWindow(_ view: View) {
        forgetRenderedArea(of: view)
        setNeedsFrame()
    }

    private func forgetRenderedArea(of view: View) {
        pendingDamage.add(view.lastRenderedRect)
        view.lastRenderedRect = .zero
        view.subviews.forEach(forgetRenderedArea)
    }
}

extension View {
    /// Whether `responder` is this view, a view inside it, or a controller whose view is inside it.
    fileprivate func isFirstResponderOrAncestor(of responder: Responder?) -> Bool {
        if let view = responder as? View { return view.isDescendant(of: self) }
        if let controller = responder as? ViewController, let view = controller.viewIfLoaded {
            return view.isDescendant(of: self)
        }
        return false
    }
}
