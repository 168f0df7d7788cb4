import CX11
import Proscenium

/// Turns Xlib pointer events into the core's `InputEvent`s and names keys; key presses themselves are
/// decoded by the window's `KeyboardInput`. Window-management events (configure, expose, client messages)
/// are handled by the window host itself.
enum EventTranslator {
    /// The input event for a pointer event, with its time on the frame clock's base, or nil when `event`
    /// is not pointer input (or input the toolkit ignores: buttons past 9, the wheel's releases). The Back
    /// and Forward buttons come as their keys (`historyKey(button:)`).
    static func translatePointer(_ event: inout XEvent, time: (Time) -> Double) -> InputEvent? {
        switch event.type {
        case ButtonPress, ButtonRelease:
            let e = event.xbutton
            return button(e.button, pressed: event.type == ButtonPress, at: Point(x: Double(e.x), y: Double(e.y)),
                          state: e.state, time: time(e.time))
        case MotionNotify:
            let e = event.xmotion
            return .pointerMoved(Point(x: Double(e.x), y: Double(e.y)), time: time(e.time))
        case LeaveNotify:
            return .pointerExited
        default:
            return nil
        }
    }

    /// The input event for a press or release of pointer button `button` at `location`, core or XInput 2
    /// alike: the wheel's presses scroll a notch (their releases are nothing), Back and Forward are their
    /// keys, buttons 1 to 3 press and release, and the rest are ignored (nil).
    static func button(_ button: UInt32, pressed: Bool, at location: Point, state: UInt32, time: Double) -> InputEvent? {
        if let key = historyKey(button: button) {
            return pressed ? .keyDown(key, modifiers: [.alternate], time: time) : .keyUp(key, modifiers: [.alternate], time: time)
        }
        if let notch = wheelNotch(button: button, state: state) {
            let step = InputEvent.wheelNotchDistance
            return pressed ? .scroll(location, delta: Vector(dx: notch.dx * step, dy: notch.dy * step), isPrecise: false, time: time) : nil
        }
        guard (1...3).contains(button) else { return nil }
        return pressed ? .pointerDown(location, button: Int(button), modifiers: modifiers(state), time: time)
            : .pointerUp(location, button: Int(button), time: time)
    }

    /// The key a mouse's Back (8) or Forward (9) button stands for: Alt+Left and Alt+Right, the desktop's
    /// Back and Forward commands, as browsers and file managers take them. Nil for other buttons.
    static func historyKey(button: UInt32) -> Key? {
        switch button {
        case 8: return .left
        case 9: return .right
        default: return nil
        }
    }

    /// The direction one notch of the wheel scrolls, as X reports the wheel: buttons 4 and 5 are up and
    /// down, 6 and 7 left and right; with Shift held, 4 and 5 scroll sideways (as GTK and browsers do).
    /// Nil for every other button.
    static func wheelNotch(button: UInt32, state: UInt32) -> Vector? {
        let shifted = state & UInt32(ShiftMask) != 0
        switch button {
        case 4: return shifted ? Vector(dx: -1, dy: 0) : Vector(dx: 0, dy: -1)
        case 5: return shifted ? Vector(dx: 1, dy: 0) : Vector(dx: 0, dy: 1)
        case 6: return Vector(dx: -1, dy: 0)
        case 7: return Vector(dx: 1, dy: 0)
        default: return nil
        }
    }

    /// The core's key for a keysym and the text its press typed: a named key by its keysym whatever the
    /// text (Delete is not the character U+007F), else the text, else nil (a modifier key alone, a key an
    /// input method swallowed).
    static func key(for keysym: KeySym, text: String) -> Key? {
        if let named = namedKey(for: keysym) { return named }
        let printable = text.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value != 0x7F }
        return text.isEmpty || !printable ? nil : .character(text)
    }

    /// The named key for a keysym, keypad keys included, or nil for keys that type text.
    static func namedKey(for keysym: KeySym) -> Key? {
        let value = Int32(truncatingIfNeeded: keysym)
        switch value {
        case XK_Escape: return .escape
        case XK_Return, XK_KP_Enter, XK_ISO_Enter: return .return
        case XK_Tab, XK_ISO_Left_Tab, XK_KP_Tab: return .tab
        case XK_BackSpace: return .backspace
        case XK_Delete, XK_KP_Delete: return .delete
        case XK_space, XK_KP_Space: return .space
        case XK_Up, XK_KP_Up: return .up
        case XK_Down, XK_KP_Down: return .down
        case XK_Left, XK_KP_Left: return .left
        case XK_Right, XK_KP_Right: return .right
        case XK_Home, XK_KP_Home, XK_Begin, XK_KP_Begin: return .home
        case XK_End, XK_KP_End: return .end
        case XK_Page_Up, XK_KP_Page_Up: return .pageUp
        case XK_Page_Down, XK_KP_Page_Down: return .pageDown
        case XK_Insert, XK_KP_Insert: return .insert
        case XK_F1...XK_F35: return .function(Int(value - XK_F1) + 1)
        case XK_Menu: return .menu
        default: return nil
        }
    }

    /// The modifier keys in an X event's state mask (Shift, Control, Mod1 for Alt, Mod4 for Super).
    static func modifiers(_ state: UInt32) -> KeyModifiers {
        var modifiers: KeyModifiers = []
        if state & UInt32(ShiftMask) != 0 { modifiers.insert(.shift) }
        if state & UInt32(ControlMask) != 0 { modifiers.insert(.control) }
        if state & UInt32(Mod1Mask) != 0 { modifiers.insert(.alternate) }
        if state & UInt32(Mod4Mask) != 0 { modifiers.insert(.command) }
        return modifiers
    }
}

extension InputEvent {
    /// The event with its position, given in device pixels, in points.
    func inPoints(scale: Double) -> InputEvent {
        guard scale != 1 else { return self }
        func points(_ p: Point) -> Point { Point(x: p.x / scale, y: p.y / scale) }
        switch self {
        case let .pointerDown(point, button, modifiers, time):
            return .pointerDown(points(point), button: button, modifiers: modifiers, time: time)
        case let .pointerMoved(point, time): return .pointerMoved(points(point), time: time)
        case let .pointerUp(point, button, time): return .pointerUp(points(point), button: button, time: time)
        case let .scroll(point, delta, isPrecise, time):
            // A notch's distance is in points already; pixel deltas are device pixels, as positions are.
            let scaled = isPrecise ? Vector(dx: delta.dx / scale, dy: delta.dy / scale) : delta
            return .scroll(points(point), delta: scaled, isPrecise: isPrecise, time: time)
        default: return self
        }
    }
}
