import CX11
import Dispatch
import Proscenium

// MARK: - Keyboard

extension WindowHost {
    /// Delivers a key or focus event to the core; false when `event` is neither. Keys go through the
    /// window's `KeyboardInput` (text, repeats, press/release pairing).
    func handleKeyboardEvent(_ event: inout XEvent) -> Bool {
        switch event.type {
        case KeyPress:
            userPressed(at: event.xkey.time)
            for input in keyboard.press(&event, time: eventTime(event.xkey.time)) {
                window.send(input)
                if KeyboardInput.isCommittedText(event.xkey), case let .keyDown(key, modifiers, _, time) = input {
                    window.send(.keyUp(key, modifiers: modifiers, time: time))
                }
            }
        case KeyRelease:
            if let input = keyboard.release(event.xkey, time: eventTime(event.xkey.time)) { window.send(input) }
        case FocusIn:
            focusArrived(event.xfocus)
        case FocusOut:
            // Focus moving to a child of ours is not focus leaving the window.
            guard event.xfocus.detail != NotifyInferior else { return true }
            // Focus that followed the pointer into the window, now set on the window itself (a window
            // manager or a client focusing it explicitly), comes as a FocusOut and a FocusIn sent
            // together: the keyboard never left, and the window does not resign (an open menu stays open).
            var next = XEvent()
            if event.xfocus.detail == NotifyPointer,
               XCheckTypedWindowEvent(display.pointer, xWindow, FocusIn, &next) != 0 {
                focusArrived(next.xfocus)
                return true
            }
            if event.xfocus.mode == NotifyGrab {
                // Another client holds the keyboard for a moment (a global shortcut, the window manager
                // moving the window): the window stays key, its caret and input method as they were, as
                // GLFW and SDL keep theirs; only the keys held now come up, their releases going elsewhere.
                for input in keyboard.releaseHeldKeys(time: window.clock.now) { window.send(input) }
                return true
            }
            for input in keyboard.focusOut(time: window.clock.now) { window.send(input) }
            window.resignKey()
            accessibilityBridge?.windowDidChange()
        default:
            return false
        }
        return true
    }

    /// The window has the keyboard (again), unless a grab let go: that gives back focus that never left,
    /// as far as the user sees (see FocusOut).
    private func focusArrived(_ focus: XFocusChangeEvent) {
        guard focus.mode != NotifyUngrab else { return }
        keyboard.focusIn()
        window.becomeKey()
        accessibilityBridge?.windowDidChange()
    }

    /// Keyboard focus is about to move between the window's views: the input method's composition ends,
    /// what it showed uncommitted going into the text field it was typed for, as GTK's do, before the
    /// next view gets a key.
    public func firstResponderWillChange() {
        guard let text = keyboard?.resetComposition(), !text.isEmpty,
              let field = window.firstResponder as? TextField, field.isEnabled, field.isEditing, field.window === window else { return }
        field.insertText(text)
    }

    /// Whether keys go through an X input method (Compose, dead keys, input method servers); false only
    /// where the locale has none, when keys decode without one.
    public var keyboardHasInputMethod: Bool { keyboard.hasInputContext }

    /// Whether the server marks a held key's repeats itself (XKB detectable auto-repeat), so two real
    /// presses in one millisecond are never taken for a repeat.
    public var keyboardHasDetectableAutoRepeat: Bool { keyboard.hasDetectableAutoRepeat }

    /// A core window starts out key (it has the keyboard until told otherwise, which is what a window
    /// on a desktop without a window manager, keys following the pointer, is). Shown while another
    /// window has the keyboard — a window manager preventing focus stealing, a window opened behind
    /// another — it is not key until its FocusIn: no caret blinks in it and its focus ring hides.
    func checkKeyboardFocusAtFirstMap() {
        // A window manager focuses a window it maps just after mapping it: asked at once, the window
        // would resign and come back, its caret and screen readers flickering.
        DispatchQueue.main.asyncAfter(deadline: .now() + Self.firstFocusGrace) { [weak self] in
            MainActor.assumeIsolated { self?.resignUnlessFocused() }
        }
    }

    /// How long a window manager gets to focus a window it mapped.
    static let firstFocusGrace = 0.2

    private func resignUnlessFocused() {
        guard !isDestroyed else { return }
        var focus: CX11.Window = 0
        var revert: Int32 = 0
        XGetInputFocus(display.pointer, &focus, &revert)
        // Round trips may read events meant for the drain.
        display.events.dispatchQueuedEventsSoon()
        // PointerRoot (1) and None (0): no client holds the keyboard; keys go where the pointer is.
        guard focus > 1, focus != xWindow else { return }
        window.resignKey()
        accessibilityBridge?.windowDidChange()
    }

    /// A key or button went down at `serverTime`: `_NET_WM_USER_TIME` tells the window manager the user
    /// is working here (EWMH), so another app's window opening meanwhile does not take the keyboard from
    /// under their typing.
    func userPressed(at serverTime: Time) {
        // Later on the server's 32-bit millisecond clock, which wraps after 49.7 days.
        guard lastUserTime == 0 || Int32(bitPattern: UInt32(truncatingIfNeeded: serverTime &- lastUserTime)) > 0 else { return }
        lastUserTime = serverTime
        display.setProperty(display.atom("_NET_WM_USER_TIME"), of: xWindow, type: XA_CARDINAL,
                            values: [CLong(bitPattern: UInt(serverTime))])
    }

    /// An X server timestamp on the frame clock's time base (see `EventTimeBase`).
    func eventTime(_ serverTime: Time) -> Double {
        // Selection ownership is stamped with the time of the input that asked for it (ICCCM).
        selections.lastEventTime = serverTime
        return eventTimeBase.seconds(for: serverTime, now: window.clock.now)
    }
}
