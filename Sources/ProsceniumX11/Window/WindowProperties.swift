import CX11
import Glibc
import Proscenium

/// The ICCCM and EWMH properties a well-behaved top-level window sets before it is mapped.
@MainActor enum WindowProperties {
    /// The top-level window: no background (the host copies every frame), bit gravity keeping its pixels
    /// in place as it grows, and the core events the host reads (pointer events come through XInput 2 when
    /// the server has it; see `WindowHost+XInput2.swift`).
    static func createWindow(display: Display, size: Size) -> CX11.Window {
        var attributes = XSetWindowAttributes()
        // No background: the server would clear exposed areas to it before we copy the frame, which flickers.
        attributes.background_pixmap = Pixmap(None)
        attributes.border_pixel = 0
        attributes.colormap = display.colormap
        attributes.bit_gravity = NorthWestGravity
        // PropertyChangeMask: an answer to a paste that comes in pieces arrives as property changes.
        attributes.event_mask = ExposureMask | StructureNotifyMask | ButtonPressMask | ButtonReleaseMask
            | PointerMotionMask | KeyPressMask | KeyReleaseMask | LeaveWindowMask | FocusChangeMask | PropertyChangeMask
            | VisibilityChangeMask
        let mask = UInt(CWBackPixmap | CWBorderPixel | CWColormap | CWBitGravity | CWEventMask)
        return XCreateWindow(display.pointer, display.rootWindow, 0, 0, UInt32(size.width), UInt32(size.height), 0,
                             display.depth, UInt32(InputOutput), display.visual, mask, &attributes)
    }

    static func set(on window: CX11.Window, display: Display, configuration: WindowConfiguration, syncCounter: XSyncCounter?) {
        let dpy = display.pointer
        setTitle(configuration.title, on: window, display: display)

        configuration.instanceName.withCString { instance in
            configuration.className.withCString { className in
                var hint = XClassHint(res_name: UnsafeMutablePointer(mutating: instance),
                                      res_class: UnsafeMutablePointer(mutating: className))
                XSetClassHint(dpy, window, &hint)
            }
        }

        if let icon = configuration.icon { setIcon(icon, on: window, display: display) }

        display.setProperty(display.atom("_NET_WM_PID"), of: window, type: XA_CARDINAL, values: [CLong(getpid())])

        var protocols = [display.atom("WM_DELETE_WINDOW"), display.atom("_NET_WM_PING")]
        if let syncCounter {
            protocols.append(display.atom("_NET_WM_SYNC_REQUEST"))
            display.setProperty(display.atom("_NET_WM_SYNC_REQUEST_COUNTER"), of: window, type: XA_CARDINAL,
                                values: [CLong(bitPattern: syncCounter)])
        }
        XSetWMProtocols(dpy, window, &protocols, Int32(protocols.count))

        // EWMH pairs _NET_WM_PID with WM_CLIENT_MACHINE, so the pid can be trusted to be local.
        var host = [CChar](repeating: 0, count: 256)
        if gethostname(&host, host.count - 1) == 0 {
            let name = Array(host.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) })
            XChangeProperty(dpy, window, XA_WM_CLIENT_MACHINE, XA_STRING, 8, PropModeReplace, name, Int32(name.count))
        }

        // ICCCM: a window that wants keyboard focus from the window manager says so in WM_HINTS.
        if let wmHints = XAllocWMHints() {
            wmHints.pointee.flags = InputHint | StateHint
            wmHints.pointee.input = 1
            wmHints.pointee.initial_state = NormalState
            XSetWMHints(dpy, window, wmHints)
            XFree(wmHints)
        }

        setSizeHints(on: window, display: display, configuration: configuration)
    }

    /// The window's title and icon name, in every form a window manager or pager reads: ICCCM's
    /// `WM_NAME` and `WM_ICON_NAME` through `Xutf8SetWMProperties`, which stores them as Latin-1 STRING when
    /// every character has a Latin-1 form and as COMPOUND_TEXT otherwise (`XStoreName` would label UTF-8
    /// bytes STRING, and "Präsentation" would show as "PrÃ¤sentation"), and EWMH's `_NET_WM_NAME` and
    /// `_NET_WM_ICON_NAME` as UTF8_STRING, which current window managers prefer. Xlib converts in the
    /// `LC_CTYPE` locale `Display` sets up (a UTF-8 one).
    static func setTitle(_ title: String, on window: CX11.Window, display: Display) {
        let dpy = display.pointer
        title.withCString { name in
            Xutf8SetWMProperties(dpy, window, name, name, nil, 0, nil, nil, nil)
        }
        let utf8 = Array(title.utf8)
        for property in ["_NET_WM_NAME", "_NET_WM_ICON_NAME"] {
            XChangeProperty(dpy, window, display.atom(property), display.atom("UTF8_STRING"), 8, PropModeReplace,
                            utf8, Int32(utf8.count))
        }
    }

    /// `WM_NORMAL_HINTS`: the window's size and minimum size (in pixels, as the configuration gives them).
    static func setSizeHints(on window: CX11.Window, display: Display, configuration: WindowConfiguration) {
        guard let hints = XAllocSizeHints() else { return }
        hints.pointee.flags = PMinSize | PSize
        hints.pointee.min_width = Int32(configuration.minimumSize.width)
        hints.pointee.min_height = Int32(configuration.minimumSize.height)
        hints.pointee.width = Int32(configuration.size.width)
        hints.pointee.height = Int32(configuration.size.height)
        XSetWMNormalHints(display.pointer, window, hints)
        XFree(hints)
    }

    /// Sets `_NET_WM_ICON`: for the image and each of its variants, largest last, its width, its height and
    /// its pixels as straight-alpha ARGB, row by row (EWMH's layout), one 32-bit value in each C long.
    static func setIcon(_ icon: Image, on window: CX11.Window, display: Display) {
        var values: [CLong] = []
        for image in [icon] + icon.variants.sorted(by: { $0.key < $1.key }).map(\.value) where image.width > 0 && image.height > 0 {
            values += [CLong(image.width), CLong(image.height)]
            values.reserveCapacity(values.count + image.width * image.height)
            image.pixels.withUnsafeBufferPointer { rgba in
                for pixel in stride(from: 0, to: rgba.count, by: 4) {
                    let argb = UInt32(rgba[pixel + 3]) << 24 | UInt32(rgba[pixel]) << 16 | UInt32(rgba[pixel + 1]) << 8 | UInt32(rgba[pixel + 2])
                    values.append(CLong(argb))
                }
            }
        }
        guard !values.isEmpty else { return }
        display.setProperty(display.atom("_NET_WM_ICON"), of: window, type: XA_CARDINAL, values: values)
    }
}
