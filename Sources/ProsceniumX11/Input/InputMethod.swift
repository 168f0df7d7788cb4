import CX11

/// A connection's X input method (`XOpenIM`): the built-in one, which turns Compose sequences and dead keys
/// into text, or a server such as IBus or fcitx named by `XMODIFIERS`. Each window gets an input context
/// from it. Nil when the locale has no input method at all; keys then decode without one.
@MainActor final class InputMethod {
    let handle: XIM
    /// The style contexts are created with: the input method draws nothing of its own (no pre-edit or
    /// status window), which every input method supports and a plain client can host.
    let style: XIMStyle

    init?(display: OpaquePointer) {
        guard let im = XOpenIM(display, nil, nil, nil) else { return nil }
        let wanted: [XIMStyle] = [XIMStyle(XIMPreeditNothing | XIMStatusNothing), XIMStyle(XIMPreeditNone | XIMStatusNone)]
        var chosen: XIMStyle?
        if let styles = proscenium_im_styles(im) {
            let supported = UnsafeBufferPointer(start: styles.pointee.supported_styles, count: Int(styles.pointee.count_styles))
            chosen = wanted.first { supported.contains($0) }
            XFree(styles)
        }
        guard let chosen else {
            XCloseIM(im)
            return nil
        }
        handle = im
        style = chosen
    }

    isolated deinit {
        XCloseIM(handle)
    }

    /// An input context for `window`, or nil if the input method refuses one.
    func makeContext(for window: CX11.Window) -> XIC? {
        proscenium_create_ic(handle, window, style)
    }
}
