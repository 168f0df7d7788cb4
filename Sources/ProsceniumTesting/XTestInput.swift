import CX11
import Proscenium

/// Synthesizes pointer and keyboard input on an X server through the XTest extension, on a connection of
/// its own. Points are in screen (root window) coordinates. Every call waits until the server has it.
@MainActor public final class XTestInput {
    /// The display the events go to, such as ":3".
    public let displayName: String
    private let display: OpaquePointer

    /// Connects to `displayName`; fails when it cannot connect or the server lacks XTest.
    public init(displayName: String) throws(XTestInputError) {
        guard let display = XOpenDisplay(displayName) else { throw .cannotOpen(displayName) }
        var eventBase: Int32 = 0, errorBase: Int32 = 0, major: Int32 = 0, minor: Int32 = 0
        guard XTestQueryExtension(display, &eventBase, &errorBase, &major, &minor) != 0 else {
            XCloseDisplay(display)
            throw .missingExtension(displayName)
        }
        self.displayName = displayName
        self.display = display
    }

    isolated deinit {
        XCloseDisplay(display)
    }

    /// Moves the pointer to `point` on the current screen.
    public func move(to point: Point) {
        XTestFakeMotionEvent(display, -1, Int32(point.x.rounded()), Int32(point.y.rounded()), 0)
        XSync(display, 0)
    }

    /// Presses a pointer button (1 left, 2 middle, 3 right) where the pointer is.
    public func press(button: Int = 1) {
        XTestFakeButtonEvent(display, UInt32(button), 1, 0)
        XSync(display, 0)
    }

    /// Releases a pointer button.
    public func release(button: Int = 1) {
        XTestFakeButtonEvent(display, UInt32(button), 0, 0)
        XSync(display, 0)
    }

    /// Moves to `point`, then presses and releases `button` there.
    public func click(at point: Point, button: Int = 1) {
        move(to: point)
        press(button: button)
        release(button: button)
    }

    /// Presses at `start`, moves to `end` in `steps` equal steps, and releases there.
    public func drag(from start: Point, to end: Point, steps: Int = 10, button: Int = 1) {
        move(to: start)
        press(button: button)
        let count = max(1, steps)
        for step in 1...count {
            let t = Double(step) / Double(count)
            move(to: Point(x: start.x + (end.x - start.x) * t, y: start.y + (end.y - start.y) * t))
        }
        release(button: button)
    }

    /// Presses and releases the key that produces `keysym` (such as `UInt(XK_Return)`); false when no
    /// key in the server's keymap produces it, in which case nothing is sent.
    @discardableResult
    public func key(_ keysym: UInt) -> Bool {
        press(key: keysym) && release(key: keysym)
    }

    /// Presses the key for `keysym` and holds it (for modifiers such as `XK_Shift_L`); false if unmapped.
    @discardableResult
    public func press(key keysym: UInt) -> Bool {
        sendKey(keysym, down: true)
    }

    /// Releases the key for `keysym`; false if unmapped.
    @discardableResult
    public func release(key keysym: UInt) -> Bool {
        sendKey(keysym, down: false)
    }

    /// Types `text` (printable ASCII) key by key, holding Shift for the characters that need it; stops and
    /// returns false at the first character no key of the server's keymap produces.
    @discardableResult
    public func type(_ text: String) -> Bool {
        for scalar in text.unicodeScalars {
            guard (0x20...0x7E).contains(scalar.value) else { return false }
            // Printable ASCII keysyms are the characters' own codes.
            let keysym = UInt(scalar.value)
            let code = XKeysymToKeycode(display, KeySym(keysym))
            guard code != 0 else { return false }
            let shifted = XkbKeycodeToKeysym(display, code, 0, 0) != KeySym(keysym)
            if shifted { press(key: UInt(XK_Shift_L)) }
            key(keysym)
            if shifted { release(key: UInt(XK_Shift_L)) }
        }
        return true
    }

    /// Presses and releases the key that produces `keysym` (such as `UInt(XK_eacute)`) in the current
    /// layout, holding Shift, AltGr (ISO_Level3_Shift) or both while it goes down as its level needs; false
    /// when no key of the layout produces it. After `setxkbmap`, use a new `XTestInput`: a connection
    /// keeps the keymap it started with.
    @discardableResult
    public func type(keysym: UInt) -> Bool {
        let code = XKeysymToKeycode(display, KeySym(keysym))
        guard code != 0 else { return false }
        let level = (0..<4).first { XkbKeycodeToKeysym(display, code, 0, Int32($0)) == KeySym(keysym) } ?? 0
        let modifiers = [level & 1 != 0 ? UInt(XK_Shift_L) : nil, level & 2 != 0 ? UInt(XK_ISO_Level3_Shift) : nil]
            .compactMap { $0 }
        for modifier in modifiers { _ = press(key: modifier) }
        XTestFakeKeyEvent(display, UInt32(code), 1, 0)
        XTestFakeKeyEvent(display, UInt32(code), 0, 0)
        XSync(display, 0)
        for modifier in modifiers.reversed() { _ = release(key: modifier) }
        return true
    }

    private func sendKey(_ keysym: UInt, down: Bool) -> Bool {
        let code = XKeysymToKeycode(display, KeySym(keysym))
        // A keysym with no key in the current map has keycode 0, which XTest would reject.
        guard code != 0 else { return false }
        XTestFakeKeyEvent(display, UInt32(code), down ? 1 : 0, 0)
        XSync(display, 0)
        return true
    }
}

/// Why XTest input could not be set up.
public enum XTestInputError: Error, CustomStringConvertible {
    /// The display could not be opened.
    case cannotOpen(String)
    /// The server has no XTest extension.
    case missingExtension(String)

    /// The message to show: what failed, and what to do about it.
    public var description: String {
        switch self {
        case .cannotOpen(let name):
            return "cannot open X display '\(name)' for XTest input — is the server running?"
        case .missingExtension(let name):
            return "the X server '\(name)' lacks the XTEST extension — start Xvfb/Xorg with XTEST enabled (it is on by default)"
        }
    }
}
