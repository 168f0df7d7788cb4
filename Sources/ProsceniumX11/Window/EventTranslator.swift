import CX11
import Proscenium

/// Turns Xlib input events into the core's `InputEvent`s. Window-management events (configure, expose,
/// client messages) are handled by the window host itself.
enum EventTranslator {
    /// The input event for `event`, or nil when it is not input (or input the toolkit ignores, such as the
    /// scroll wheel's button 4 and 5 presses).
    static func translate(_ event: inout XEvent, isRepeat: Bool = false) -> InputEvent? {
        switch event.type {
        case ButtonPress:
            let e = event.xbutton
            guard (1...3).contains(e.button) else { return nil }
            return .pointerDown(Point(x: Double(e.x), y: Double(e.y)), button: Int(e.button), time: seconds(e.time))
        case ButtonRelease:
            let e = event.xbutton
            guard (1...3).contains(e.button) else { return nil }
            return .pointerUp(Point(x: Double(e.x), y: Double(e.y)), button: Int(e.button), time: seconds(e.time))
        case MotionNotify:
            let e = event.xmotion
            return .pointerMoved(Point(x: Double(e.x), y: Double(e.y)), time: seconds(e.time))
        case LeaveNotify:
            return .pointerExited
        case KeyPress, KeyRelease:
            var keysym: KeySym = 0
            var buffer = [CChar](repeating: 0, count: 32)
            let count = XLookupString(&event.xkey, &buffer, Int32(buffer.count), &keysym, nil)
            let text = String(decoding: buffer.prefix(Int(max(count, 0))).map { UInt8(bitPattern: $0) }, as: UTF8.self)
            guard let key = key(for: keysym, text: text) else { return nil }
            let time = seconds(event.xkey.time)
            let modifiers = self.modifiers(event.xkey.state)
            return event.type == KeyPress ? .keyDown(key, modifiers: modifiers, isRepeat: isRepeat, time: time)
                : .keyUp(key, modifiers: modifiers, time: time)
        default:
            return nil
        }
    }

    /// The core's key for an X keysym, or nil for keys that neither have a meaning nor type text.
    static func key(for keysym: KeySym, text: String) -> Key? {
        switch Int32(truncatingIfNeeded: keysym) {
        case XK_Escape: return .escape
        case XK_Return, XK_KP_Enter: return .return
        case XK_Tab, XK_ISO_Left_Tab: return .tab
        case XK_BackSpace: return .backspace
        case XK_space: return .space
        case XK_Up: return .up
        case XK_Down: return .down
        case XK_Left: return .left
        case XK_Right: return .right
        default: return text.isEmpty || text.unicodeScalars.allSatisfy({ $0.value < 0x20 }) ? nil : .character(text)
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

    /// X server timestamps are milliseconds; only differences between them matter (velocity, double click).
    static func seconds(_ time: Time) -> Double { Double(time) / 1000 }
}

extension InputEvent {
    /// The event with its position, given in device pixels, in points.
    func inPoints(scale: Double) -> InputEvent {
        guard scale != 1 else { return self }
        func points(_ p: Point) -> Point { Point(x: p.x / scale, y: p.y / scale) }
        switch self {
        case let .pointerDown(point, button, time): return .pointerDown(points(point), button: button, time: time)
        case let .pointerMoved(point, time): return .pointerMoved(points(point), time: time)
        case let .pointerUp(point, button, time): return .pointerUp(points(point), button: button, time: time)
        default: return self
        }
    }
}
