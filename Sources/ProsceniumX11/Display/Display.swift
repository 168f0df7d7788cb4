import CX11
import Glibc
import Proscenium

/// A connection to an X server: opens it with a clear error, caches atoms, reports protocol errors without
/// exiting, and ends the program with one line when the server goes away. Closes the connection on deinit.
@MainActor public final class Display {
    /// The Xlib `Display *`, for calling Xlib on this connection directly; this object still closes it.
    public let pointer: OpaquePointer
    /// The name the connection was opened with, such as ":7".
    public let name: String
    /// The default screen's number.
    public let screen: Int32
    /// The default screen's root window, parent of top-level windows.
    public let rootWindow: CX11.Window
    /// The default screen's visual; always TrueColor with a depth of 15 or more.
    public let visual: UnsafeMutablePointer<Visual>
    /// The default visual's depth: 15 or 16 (high colour, where XRender rounds colours to 5 or 6 bits a
    /// channel), 24, 30 or 32.
    public let depth: Int32
    /// The default screen's colormap, for windows created with the default visual.
    public let colormap: Colormap

    /// The XRender picture formats the renderer uses.
    public let windowFormat: UnsafeMutablePointer<XRenderPictFormat>
    /// The standard 32-bit ARGB format, for offscreen layers and images with alpha.
    public let argb32Format: UnsafeMutablePointer<XRenderPictFormat>
    /// The standard 8-bit alpha-only format, for masks such as shadows and rounded edges.
    public let a8Format: UnsafeMutablePointer<XRenderPictFormat>

    /// Whether the server has the XSYNC extension, needed to answer `_NET_WM_SYNC_REQUEST` during resizes.
    public private(set) var hasSync = false

    private var atoms: [String: Atom] = [:]
    /// Fontconfig's matches for the fonts opened on this connection (see `FontMatchCache`).
    let fontMatches = FontMatchCache()
    /// Measures text with Xft on this connection, for the views of its windows (see `WindowHost`); made
    /// on first use. It holds the display weakly, so it goes with the display.
    public private(set) lazy var textMeasurer = XftTextMeasurer(display: self)
    /// The measurers of windows drawn at other scales than 1, by scale: kept for the display's life, so
    /// a scale has one measurer and views' caches of what they measured with it stay valid.
    private var scaledTextMeasurers: [Double: ScaledTextMeasurer] = [:]

    /// What a window drawn at `scale` device pixels per point measures its text with, in points: the
    /// text as the renderer draws it, with the font at its device size (see `ScaledTextMeasurer`).
    public func textMeasurer(forScale scale: Double) -> any TextMeasuring {
        guard scale != 1, scale.isFinite, scale > 0 else { return textMeasurer }
        if let measurer = scaledTextMeasurers[scale] { return measurer }
        let measurer = ScaledTextMeasurer(base: textMeasurer, scale: scale)
        scaledTextMeasurers[scale] = measurer
        return measurer
    }
    /// Routes the connection's events to the hosts of their windows: the one place the queue is drained.
    private(set) lazy var events = EventDispatcher(display: self)
    /// The desktop's XSETTINGS (its theme), followed live; made when a window first follows the desktop's
    /// appearance.
    private(set) lazy var desktopSettings = XSettingsWatcher(display: self)
    /// The major opcode of XInput 2.1 or later, whose pointer events (with smooth scrolling) windows select;
    /// nil without it, or with `PROSCENIUM_NO_XINPUT2=1`, when windows read the core pointer events.
    private(set) lazy var xInput2Opcode: Int32? = Self.queryXInput2(pointer)
    private var openedInputMethod: InputMethod??

    /// The connection's input method, opened on first use and shared by its windows; nil when the locale
    /// has none.
    var inputMethod: InputMethod? {
        if let openedInputMethod { return openedInputMethod }
        let method = InputMethod(display: pointer)
        openedInputMethod = .some(method)
        return method
    }

    /// Opens the display named `name`, or `DISPLAY` when nil.
    public init(name: String? = nil) throws(DisplayError) {
        guard let displayName = name ?? getenv("DISPLAY").map({ String(cString: $0) }), !displayName.isEmpty else {
            throw .noDisplayName
        }
        XErrorLog.install()
        // Before the connection: Xlib picks its text encoding and input method from the locale.
        InputLocale.configure()
        // The first text measured needs fontconfig's configuration: it loads while the connection opens
        // and the window and its views are made (after the locale is set, which is not thread-safe).
        FontConfiguration.startLoading()
        guard let pointer = XOpenDisplay(displayName) else { throw .cannotOpen(name: displayName) }
        self.pointer = pointer
        self.name = displayName
        XErrorLog.register(pointer, name: displayName)

        var eventBase: Int32 = 0, errorBase: Int32 = 0
        guard XRenderQueryExtension(pointer, &eventBase, &errorBase) != 0 else {
            XErrorLog.unregister(pointer)
            XCloseDisplay(pointer)
            throw .missingExtension("RENDER")
        }
        let screen = XDefaultScreen(pointer)
        let visual = XDefaultVisual(pointer, screen)!
        let depth = XDefaultDepth(pointer, screen)
        self.screen = screen
        self.visual = visual
        self.depth = depth
        rootWindow = XRootWindow(pointer, screen)
        colormap = XDefaultColormap(pointer, screen)
        // The renderer draws into the window's own format whatever its depth (XRender converts from its
        // 32-bit layers), so any TrueColor visual with enough bits a channel will do.
        guard visual.pointee.`class` == TrueColor, depth >= 15 else {
            let kind = visual.pointee.`class` == TrueColor ? "TrueColor" : "not TrueColor (colours are indexed)"
            XErrorLog.unregister(pointer)
            XCloseDisplay(pointer)
            throw .unsupportedVisual("the default visual has depth \(depth) and is \(kind)")
        }
        guard let windowFormat = XRenderFindVisualFormat(pointer, visual),
              let argb = XRenderFindStandardFormat(pointer, Int32(PictStandardARGB32)),
              let a8 = XRenderFindStandardFormat(pointer, Int32(PictStandardA8)) else {
            XErrorLog.unregister(pointer)
            XCloseDisplay(pointer)
            throw .unsupportedVisual("XRender has no picture format for the default visual of depth \(depth)")
        }
        self.windowFormat = windowFormat
        self.argb32Format = argb
        self.a8Format = a8
        var major: Int32 = 0, minor: Int32 = 0
        if XSyncQueryExtension(pointer, &eventBase, &errorBase) != 0, XSyncInitialize(pointer, &major, &minor) != 0 {
            hasSync = true
        }
    }

    private static func queryXInput2(_ pointer: OpaquePointer) -> Int32? {
        if let off = getenv("PROSCENIUM_NO_XINPUT2"), String(cString: off) == "1" { return nil }
        var opcode: Int32 = 0, eventBase: Int32 = 0, errorBase: Int32 = 0
        guard XQueryExtension(pointer, "XInputExtension", &opcode, &eventBase, &errorBase) != 0 else { return nil }
        // Announcing 2.2 is what makes the server send 2.1's scroll classes and emulated-button flags.
        var major: Int32 = 2, minor: Int32 = 2
        guard XIQueryVersion(pointer, &major, &minor) == Success, major > 2 || (major == 2 && minor >= 1) else { return nil }
        return opcode
    }

    isolated deinit {
        openedInputMethod = nil  // XCloseIM needs the connection still open.
        XErrorLog.unregister(pointer)
        XCloseDisplay(pointer)
    }

    /// The file descriptor of the connection, for a Dispatch read source.
    public var connectionNumber: Int32 { XConnectionNumber(pointer) }

    /// The atom for `name`, interned once and cached.
    public func atom(_ name: String) -> Atom {
        if let atom = atoms[name] { return atom }
        let atom = XInternAtom(pointer, name, 0)
        atoms[name] = atom
        return atom
    }

    /// Sends buffered requests without waiting.
    public func flush() {
        XFlush(pointer)
    }

    /// Waits until the server has handled every request sent so far.
    public func sync() {
        XSync(pointer, 0)
        // The round trip may have read events into Xlib's queue: the read source would not see them.
        events.dispatchQueuedEventsSoon()
    }

    /// Events read from the connection or queued by Xlib and not handled yet.
    public var pendingEvents: Int32 { XPending(pointer) }

    /// Handles every event Xlib has queued or can read without blocking, whichever window it is for: each
    /// goes to the `WindowHost` of its window (see `EventDispatcher`), and events for windows without a
    /// host are dropped. Any host's `processPendingEvents()` does the same.
    public func processPendingEvents() {
        events.dispatchPendingEvents()
    }
}
