import CX11
import Glibc
import Proscenium

/// The ICCCM and EWMH properties a well-behaved top-level window sets before it is mapped.
@MainActor enum WindowProperties {
    static func set(on window: CX11.Window, display: Display, configuration: WindowConfiguration, syncCounter: XSyncCounter?) {
        let dpy = display.pointer
        XStoreName(dpy, window, configuration.title)
        let utf8 = Array(configuration.title.utf8)
        XChangeProperty(dpy, window, display.atom("_NET_WM_NAME"), display.atom("UTF8_STRING"), 8, PropModeReplace,
                        utf8, Int32(utf8.count))

        configuration.instanceName.withCString { instance in
            configuration.className.withCString { className in
                var hint = XClassHint(res_name: UnsafeMutablePointer(mutating: instance),
                                      res_class: UnsafeMutablePointer(mutating: className))
                XSetClassHint(dpy, window, &hint)
            }
        }

        var pid = CLong(getpid())
        withUnsafeBytes(of: &pid) { bytes in
            _ = XChangeProperty(dpy, window, display.atom("_NET_WM_PID"), XA_CARDINAL, 32, PropModeReplace,
                                bytes.baseAddress!.assumingMemoryBound(to: UInt8.self), 1)
        }

        var protocols = [display.atom("WM_DELETE_WINDOW"), display.atom("_NET_WM_PING")]
        if let syncCounter {
            protocols.append(display.atom("_NET_WM_SYNC_REQUEST"))
            var counter = CLong(bitPattern: syncCounter)
            withUnsafeBytes(of: &counter) { bytes in
                _ = XChangeProperty(dpy, window, display.atom("_NET_WM_SYNC_REQUEST_COUNTER"), XA_CARDINAL, 32,
                                    PropModeReplace, bytes.baseAddress!.assumingMemoryBound(to: UInt8.self), 1)
            }
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
}
