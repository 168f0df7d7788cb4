import CX11
import Dispatch
import Glibc
import Proscenium

/// One top-level X window showing a core `Window`: creates and names the X window, keeps a back buffer the
/// renderer draws into, copies damaged regions to the screen, and feeds X events to the core.
@MainActor public final class WindowHost: WindowSurface {
    /// The connection the window lives on.
    public let display: Display
    /// The core window whose view tree this host shows.
    public let window: Proscenium.Window
    /// Serves the window to screen readers while an accessibility bus is reachable (see `startAccessibility`).
    public internal(set) var accessibilityBridge: AccessibilityBridge?
    /// The X window's id.
    public let xWindow: CX11.Window
    /// Draws the core's display lists into the back buffer.
    public let renderer: XRenderRenderer

    /// Called when the window manager asks the window to close (`WM_DELETE_WINDOW`). The default ends the
    /// process with status 0 (`Application.exit`), which is what closing a demo's only window means.
    public var onClose: @MainActor () -> Void = {
        Application.exit(0)
    }

    /// What the window's views measure text with: the Xft measurer of its display, at the window's scale
    /// (see `Display.textMeasurer(forScale:)`).
    public var textMeasurer: (any TextMeasuring)? { display.textMeasurer(forScale: scale) }
    /// The back buffer keeps every frame, so a scroll moves its pixels (unless `PROSCENIUM_NO_SCROLL_COPIES=1`).
    public var copiesScrolledContent: Bool { XRenderRenderer.scrollCopiesEnabled }
    /// The size of the X window as last configured by the server, in device pixels.
    public internal(set) var size: Size
    /// Device pixels per point: the core window's size is `size` divided by it.
    public private(set) var scale: Double
    /// Called after the scale changed (the desktop's `Xft.dpi` did), with the new scale.
    public var scaleChanged: (@MainActor (Double) -> Void)?
    /// Whether the scale follows `Xft.dpi`; false when the configuration or `PROSCENIUM_SCALE` set it.
    private let followsDesktopScale: Bool
    /// The window's registration with the desktop's XSETTINGS, while it follows the desktop's appearance.
    var appearanceObservation: Int?
    let configuration: WindowConfiguration
    let resourceManagerAtom: Atom
    /// Set once the window manager (or the server, with none) has mapped the window.
    public internal(set) var isMapped = false
    /// The state of the window's last `VisibilityNotify` (see `isUnobscured`); partly obscured until one comes.
    var visibilityState = VisibilityPartiallyObscured
    /// Whether the window manager marks the window minimised (`WM_STATE` Iconic, `_NET_WM_STATE_HIDDEN`).
    var isIconic = false
    /// Draws every frame into the back buffer even while the window cannot be seen: for a driver that
    /// captures frames (`VirtualTimeDriver`), not for showing them. Off by default.
    public var drawsWhileHidden = false
    /// The server time of the last key or button press, last written to `_NET_WM_USER_TIME`.
    var lastUserTime: Time = 0
    /// The serial of the resize a scale change asked for: a ConfigureNotify from before it has the old size.
    var scaleResizeSerial: UInt = 0
    /// The scroll axes of XInput 2.1 devices and their last values (see `WindowHost+XInput2.swift`).
    var scrollValuators = ScrollValuators()
    /// Frames copied to the window so far.
    public private(set) var presentedFrames = 0
    /// Called after every frame that was copied to the window, with the region it changed there: copied
    /// from the back buffer, or filled into the window straight (see `XRenderRenderer.copyRects`).
    public var framePresented: (@MainActor (Proscenium.Region) -> Void)?
    /// The size of the frame last copied to the window.
    public private(set) var presentedSize: Size = .zero
    /// Called when a window manager's `_NET_WM_SYNC_REQUEST` has been answered, with the value the counter
    /// was set to and the size of the frame on screen at that moment (for logs and tests of live resizing).
    public var syncRequestAnswered: (@MainActor (_ value: Int64, _ frameSize: Size) -> Void)?

    /// Called once when another client destroyed the X window (`xdotool windowclose`, a window manager
    /// gone wrong): the window is gone, and with it everything the user could see or do. UIKit has no such
    /// event; as with GLFW and SDL, the host stops drawing and reading input for it, and frees nothing the
    /// server already freed. The default writes "<program>: the window was destroyed by another client" on
    /// standard error and ends the process with status 1; an app with other windows sets its own (and
    /// lets go of the host).
    public var onDestroyed: @MainActor () -> Void = {
        WindowHost.exitBecauseDestroyed()
    }
    /// Set once the X window was destroyed by another client (see `onDestroyed`).
    public internal(set) var isDestroyed = false
    /// Set by the first MapNotify: before it, frames are drawn (into the back buffer) so the window has
    /// a frame to show the moment it appears.
    var hasBeenMapped = false
    /// Set when the window is mapped again after hiding, or seen again after frames ran unseen (see
    /// `updateVisibility`): the next frame redraws and copies all of it, and Expose events wait for that
    /// frame instead of copying the stale back buffer.
    var needsWholeFrame = false
    /// When the last frame of the window while hidden ran; nil while it is shown.
    var lastHiddenFrameTime: Double?

    let gc: GC
    private let copier: BackBufferCopier
    private let windowFormatPicture: Picture
    private(set) var backPixmap: Pixmap = 0
    private var backPicture: Picture = 0
    private(set) var backSize: Size = .zero
    private(set) var hasDrawnFrame = false
    let syncCounter: SyncCounter?
    let cursors: CursorCache
    /// Decodes the window's keys (input method, layouts, repeats); see WindowHost+Keyboard.swift.
    var keyboard: KeyboardInput!
    /// The window's pasteboard: the X CLIPBOARD and PRIMARY selections, shared by the display's windows.
    var selections: SelectionPasteboard!
    /// Puts event timestamps on the frame clock's time base.
    var eventTimeBase = EventTimeBase()
    /// Fires once, `idleDelay` after the last frame drawn, to let go of what only animation needs.
    private var idleTimer: DispatchSourceTimer?
    private var idleTimerArmed = false
    /// Opens the input method once the window is quiet (see `scheduleInputMethod`); nil when not armed.
    private var inputMethodTimer: DispatchSourceTimer?
    /// How long without a frame counts as quiet for opening the input method: a few frame intervals.
    static let inputMethodQuiet = 0.05
    /// How long frames that never stop may keep the input method closed.
    static let inputMethodLatest = 2.0
    /// When the last frame was drawn, in Dispatch uptime nanoseconds.
    private var lastFrameUptime: UInt64 = 0
    /// How long after the last frame the renderer releases its animation resources.
    public nonisolated static let idleDelay = 1.0

    /// Creates the X window with `configuration`, a core window of the same size driven by `clock`, and
    /// maps it. The first frame is drawn on the clock's first tick.
    public init(display: Display, configuration: WindowConfiguration = WindowConfiguration(), clock: FrameClock) {
        self.display = display
        self.configuration = configuration
        let dpy = display.pointer
        let environment = getenv("PROSCENIUM_SCALE").map { String(cString: $0) }
        let resolved = DisplayScale.resolve(override: configuration.scale, environment: environment,
                                            resources: DisplayScale.resourceManager(of: display))
        scale = resolved.scale
        followsDesktopScale = resolved.source == .xftDPI || resolved.source == .fallback
        resourceManagerAtom = XInternAtom(dpy, "RESOURCE_MANAGER", 0)
        size = Self.pixels(configuration.size, scale: resolved.scale)
        xWindow = WindowProperties.createWindow(display: display, size: size)
        // No GraphicsExpose/NoExpose events: the back buffer is always complete, so every XCopyArea to
        // the window would otherwise make the server send a NoExpose that wakes the read source for nothing.
        var gcValues = XGCValues()
        gcValues.graphics_exposures = 0
        gc = XCreateGC(dpy, xWindow, UInt(GCGraphicsExposures), &gcValues)
        copier = BackBufferCopier(display: display, drawable: xWindow)
        windowFormatPicture = XRenderCreatePicture(dpy, xWindow, display.windowFormat, 0, nil)
        renderer = XRenderRenderer(display: display)
        renderer.windowPicture = windowFormatPicture
        renderer.windowDrawable = xWindow
        syncCounter = display.hasSync ? SyncCounter(display: display) : nil
        cursors = CursorCache(display: display)
        window = Proscenium.Window(size: configuration.size, clock: clock)
        window.displayScale = resolved.scale
        applyAppearance(configuration.appearance)
        XftTextMeasurer.install(display: display, scale: resolved.scale)
        WindowProperties.set(on: xWindow, display: display, configuration: Self.inPixels(configuration, scale: resolved.scale),
                             syncCounter: syncCounter?.counter)
        // A settings panel changes the scale by rewriting the root window's RESOURCE_MANAGER.
        if followsDesktopScale {
            display.events.selectRootEvents(PropertyChangeMask)
        }
        window.surface = self
        window.frameWillBegin = { [weak self] in self?.processPendingEvents() }
        runFramesOnlyWhileShown(clock: clock)
        // Events for this window reach this host, whoever drains the connection.
        display.events.route(xWindow) { [weak self] event in self?.handle(&event) }
        selectXInput2PointerEvents()
        VanishingWindowErrors.expect(VanishingWindowErrors.windowCodes, on: xWindow, of: dpy)
        VanishingWindowErrors.expect(VanishingWindowErrors.pictureCodes(on: dpy), on: windowFormatPicture, of: dpy)
        keyboard = KeyboardInput(display: display, window: xWindow)
        selections = SelectionPasteboard.shared(on: display)
        window.pasteboard = selections
        XMapWindow(dpy, xWindow)
        XFlush(dpy)
        startAccessibility()
    }

    isolated deinit {
        // The window may outlive its host (it is public): its views then measure with `TextLayout.measurer`,
        // and measure again (see `View.textMeasurerKey`). Its weak reference to this host already reads nil
        // here; set, it keeps the token. Another surface it was given since stays.
        if window.surface == nil { window.surface = nil }
        idleTimer?.cancel()
        inputMethodTimer?.cancel()
        if let appearanceObservation { display.desktopSettings.stopObserving(appearanceObservation) }
        let dpy = display.pointer
        display.events.stopRouting(xWindow)
        // The back buffer, its picture and the GC are ours whatever happened to the window.
        if backPicture != 0 { XRenderFreePicture(dpy, backPicture) }
        if backPixmap != 0 { XFreePixmap(dpy, backPixmap) }
        XFreeGC(dpy, gc)
        copier.free()
        // A destroyed window took the picture on it along (RENDER frees a window's pictures with it):
        // freeing either again would only earn a BadWindow or BadPicture.
        if !isDestroyed {
            XRenderFreePicture(dpy, windowFormatPicture)
            XDestroyWindow(dpy, xWindow)
        }
        XFlush(dpy)
        // Errors on these ids are anyone's from now on (the ids may be handed out again); a back buffer
        // made after the window was gone never existed, and freeing it fails as expected.
        VanishingWindowErrors.forget(xWindow, of: dpy)
        VanishingWindowErrors.forget(windowFormatPicture, of: dpy)
        if !isDestroyed { for id in [backPixmap, backPicture] { VanishingWindowErrors.forget(id, of: dpy) } }
    }

    /// The default `onDestroyed`: one line on standard error, exit status 1.
    static func exitBecauseDestroyed() -> Never {
        Console.writeError("\(Console.programName): the window was destroyed by another client; quitting\n")
        Application.exit(1)
    }

    // MARK: - WindowSurface

    /// Draws the damaged region into the back buffer, copies it to the window and flushes. The core's
    /// list, damage and size are in points; they are drawn in device pixels.
    public func present(_ list: DisplayList, damage: Proscenium.Region, size: Size) {
        // Hidden or destroyed: nothing to draw into or for. The window is drawn whole when shown again;
        // screen readers still hear what changed in a hidden one (text typed into a covered window).
        guard rendersFrames else {
            if !isDestroyed { accessibilityBridge?.windowDidChange() }
            return
        }
        let dpy = display.pointer
        let size = Self.pixels(size, scale: scale)
        let damage = Self.pixels(damage, scale: scale)
        ensureBackBuffer(size: size)
        renderer.windowShowsLastFrame = isMapped && isUnobscured && hasDrawnFrame && !needsWholeFrame && presentedSize == size
        renderer.render(list.scaled(by: scale), damage: damage, size: size)
        // What the renderer left alone is on screen already: copy only what it drew into the back buffer
        // (what it filled straight into the window is there too). Not after the window was shown again: the
        // server kept none of its pixels, so all of the back buffer goes, made whole first.
        var drawn = renderer.drawnRegion
        var copies = renderer.copyRects
        if needsWholeFrame {
            renderer.restoreBackBuffer()
            drawn = Proscenium.Region(Rect(x: 0, y: 0, width: size.width, height: size.height))
            copies = drawn.rects
        }
        copier.copy(copies, from: backPixmap, to: xWindow, plainGC: gc)
        XFlush(dpy)
        hasDrawnFrame = true
        accessibilityBridge?.windowDidChange()
        needsWholeFrame = false
        presentedSize = size
        presentedFrames += 1
        scheduleIdleRelease()
        if !keyboard.isAttached { scheduleInputMethod() }
        framePresented?(drawn)
    }

    /// Makes sure the one-shot idle timer will fire `idleDelay` after the last frame: armed by the first
    /// frame after a quiet spell and, when it fires early (frames came since), armed again for the rest.
    /// Not moved on every frame: each move of a Dispatch timer wakes Dispatch's manager thread, a cost
    /// every animated frame would pay.
    private func scheduleIdleRelease() {
        lastFrameUptime = DispatchTime.now().uptimeNanoseconds
        guard !idleTimerArmed else { return }
        let timer: DispatchSourceTimer
        if let idleTimer {
            timer = idleTimer
        } else {
            timer = DispatchSource.makeTimerSource(queue: .main)
            timer.setEventHandler { [weak self] in
                MainActor.assumeIsolated { self?.idleTimerFired() }
            }
            timer.activate()
            idleTimer = timer
        }
        idleTimerArmed = true
        timer.schedule(deadline: .now() + Self.idleDelay, repeating: .never, leeway: .milliseconds(100))
    }

    /// Opens the input method and makes the cursors once no frame has been drawn for `inputMethodQuiet`
    /// (see `KeyboardInput.attachInputContext` and `CursorCache.prepareAll`): right after the first frame
    /// of a still window, after the last frame of an animation that runs from launch, and at the latest
    /// `inputMethodLatest` after the first frame while frames never stop (a spinner), so that typing
    /// composes. The timer is armed once and, while frames keep coming, armed again from its own handler,
    /// not moved on every frame.
    private func scheduleInputMethod() {
        guard inputMethodTimer == nil else { return }
        let armed = DispatchTime.now().uptimeNanoseconds
        let timer = DispatchSource.makeTimerSource(queue: .main)
        timer.setEventHandler { [weak self] in
            MainActor.assumeIsolated {
                guard let self else { return }
                let now = DispatchTime.now().uptimeNanoseconds
                let quiet = Double(now - self.lastFrameUptime) / 1e9, waited = Double(now - armed) / 1e9
                if quiet >= Self.inputMethodQuiet || waited >= Self.inputMethodLatest || self.keyboard.isAttached {
                    self.inputMethodTimer?.cancel()
                    self.inputMethodTimer = nil
                    self.keyboard.attachInputContext()
                    self.cursors.prepareAll()
                } else {
                    self.inputMethodTimer?.schedule(deadline: .now() + Self.inputMethodQuiet, repeating: .never,
                                                    leeway: .milliseconds(5))
                }
            }
        }
        timer.schedule(deadline: .now() + Self.inputMethodQuiet, repeating: .never, leeway: .milliseconds(5))
        timer.activate()
        inputMethodTimer = timer
    }

    private func idleTimerFired() {
        let quiet = Double(DispatchTime.now().uptimeNanoseconds - lastFrameUptime) / 1e9
        guard quiet >= Self.idleDelay else {
            idleTimer?.schedule(deadline: .now() + (Self.idleDelay - quiet), repeating: .never, leeway: .milliseconds(100))
            return
        }
        idleTimerArmed = false
        releaseIdleResources()
    }

    private func releaseIdleResources() {
        renderer.releaseIdleResources()
        XFlush(display.pointer)
    }

    /// Shows `cursor` over the window.
    public func setCursor(_ cursor: Proscenium.Cursor) {
        guard !isDestroyed else { return }
        XDefineCursor(display.pointer, xWindow, cursors.cursor(for: cursor))
        XFlush(display.pointer)
    }

    /// Answers a pending sync request and schedules reading input that arrived during the frame.
    public func frameDidComplete() {
        answerSyncRequestIfDrawn()
        drainQueuedEventsSoon()
    }

    /// Answers a pending sync request once the window shows a frame at the size the server gave it, or,
    /// hidden after it was shown, as soon as the size came: it draws nothing a window manager could wait
    /// for. Not before the first map: the window then draws its first frame, at that size.
    func answerSyncRequestIfDrawn() {
        guard let syncCounter, syncCounter.isArmed, let value = syncCounter.pendingValue else { return }
        let drawn = Self.pixels(window.bounds.size, scale: scale) == size && backSize == size && presentedSize == size
        guard drawn || hasBeenMapped && !rendersFrames else { return }
        syncCounter.frameIsOnScreen()
        syncRequestAnswered?(value, presentedSize)
    }

    /// Round trips (`XSync`, `XGetImage`) read events into Xlib's queue without leaving the connection's fd
    /// readable, so the read source would not fire for them: handle them on the next turn of the main queue.
    func drainQueuedEventsSoon() {
        display.events.dispatchQueuedEventsSoon()
    }

    /// Follows a changed `Xft.dpi`: the window keeps its size in points (so it asks for a new size in
    /// pixels), and the core redraws everything at the new scale, in the middle of a transition too.
    func desktopResourcesChanged() {
        guard followsDesktopScale else { return }
        let resolved = DisplayScale.resolve(environment: nil, resources: DisplayScale.resourceManager(of: display))
        setScale(resolved.scale)
    }

    /// Changes the scale to `newScale`, keeping the window's size in points.
    public func setScale(_ newScale: Double) {
        guard newScale.isFinite, newScale > 0, newScale != scale else { return }
        let points = window.bounds.size
        scale = newScale
        size = Self.pixels(points, scale: newScale)
        WindowProperties.setSizeHints(on: xWindow, display: display, configuration: Self.inPixels(configuration, scale: newScale))
        scaleResizeSerial = XNextRequest(display.pointer)
        XResizeWindow(display.pointer, xWindow, UInt32(max(1, size.width)), UInt32(max(1, size.height)))
        XFlush(display.pointer)
        XftTextMeasurer.install(display: display, scale: newScale)
        window.displayScale = newScale
        scaleChanged?(newScale)
    }

    /// The back buffer is a pixmap of the window's size and depth; it is recreated when the size changes,
    /// and the core redraws all of it then because a resize damages the whole window.
    private func ensureBackBuffer(size: Size) {
        guard size != backSize || backPixmap == 0 else { return }
        let dpy = display.pointer
        for id in [backPixmap, backPicture] where id != 0 { VanishingWindowErrors.forget(id, of: dpy) }
        if backPicture != 0 { XRenderFreePicture(dpy, backPicture) }
        if backPixmap != 0 { XFreePixmap(dpy, backPixmap) }
        backPixmap = XCreatePixmap(dpy, xWindow, UInt32(max(1, size.width)), UInt32(max(1, size.height)), UInt32(display.depth))
        backPicture = XRenderCreatePicture(dpy, backPixmap, display.windowFormat, 0, nil)
        // Made from the window, they fail with it: another client may destroy the window before this
        // frame, and its DestroyNotify is read after it (the window's own errors are expected already).
        VanishingWindowErrors.expect(VanishingWindowErrors.windowCodes.union([UInt8(BadPixmap)]), on: backPixmap, of: dpy)
        VanishingWindowErrors.expect(VanishingWindowErrors.pictureCodes(on: dpy), on: backPicture, of: dpy)
        backSize = size
        renderer.setTarget(picture: backPicture, size: size, pixmap: backPixmap)
    }
}
