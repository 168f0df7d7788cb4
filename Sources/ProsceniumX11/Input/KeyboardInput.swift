import CX11
import Proscenium

/// One window's keyboard: decodes key presses into text through the window's input context (UTF-8, any
/// layout, Compose and dead keys), names keys from their keysym, pairs each release with its press by
/// keycode, tells the server's auto-repeat apart from real presses, and lets go of held keys when focus
/// leaves the window.
@MainActor final class KeyboardInput {
    private let display: Display
    private let window: CX11.Window
    private var context: XIC?
    /// Whether the input context was asked for (it is opened once the window is quiet, see `attachInputContext`).
    private(set) var isAttached = false
    /// Whether the window has keyboard focus, so that a context opened later takes it at once.
    private var isFocused = false
    /// Whether the open input context was last given the focus (`XSetICFocus`) rather than had it taken.
    private(set) var contextHasFocus = false
    /// The keys delivered for the keycodes that are down, so a release delivers the same key (the press of
    /// Shift+a was "A"; its release comes after Shift's and must still be "A").
    private var keysDown: [UInt32: Key] = [:]
    /// Whether the server sends a held key's repeats as presses only (XKB detectable auto-repeat); without
    /// it they come as release-press pairs with one timestamp, which only a look ahead tells from real ones.
    let hasDetectableAutoRepeat: Bool

    /// The keyboard of `window`; its input context comes with `attachInputContext()`.
    init(display: Display, window: CX11.Window) {
        self.display = display
        self.window = window
        var supported: Int32 = 0
        hasDetectableAutoRepeat = XkbSetDetectableAutoRepeat(display.pointer, 1, &supported) != 0 && supported != 0
    }

    /// Opens the display's input method, if not yet, and the window's input context from it. Opening the
    /// built-in input method parses the locale's Compose table, some 8 ms, and makes round trips that wait
    /// for whatever the server is drawing (a 4K frame: 20 ms in all), so the host does it once the window
    /// is quiet after its first frame (and at once when a key comes first): the first frame stays within
    /// its 20 ms, and a presentation running from launch loses no frame to it.
    func attachInputContext() {
        guard !isAttached else { return }
        isAttached = true
        // Opening the input method makes round trips, which may read events meant for the drain.
        defer { display.events.dispatchQueuedEventsSoon() }
        guard let context = display.inputMethod?.makeContext(for: window) else { return }
        self.context = context
        if isFocused { focusContext(true) }
        // An input method may need events the window does not select yet (key releases for some servers).
        let extra = proscenium_ic_filter_events(context)
        if extra != 0 {
            var attributes = XWindowAttributes()
            XGetWindowAttributes(display.pointer, window, &attributes)
            XSelectInput(display.pointer, window, attributes.your_event_mask | extra)
        }
    }

    isolated deinit {
        if let context { XDestroyIC(context) }
    }

    /// Closes the input context, as if it had never been opened: the host opens it again when the window
    /// is next quiet. Tests use it to start from a closed one.
    func closeInputContext() {
        if let context { XDestroyIC(context) }
        context = nil
        contextHasFocus = false
        isAttached = false
    }

    /// Gives the open context the window's focus, or takes it away (nothing without a context).
    private func focusContext(_ focused: Bool) {
        guard let context else { return }
        if focused { XSetICFocus(context) } else { XUnsetICFocus(context) }
        contextHasFocus = focused
    }

    /// Ends what the input method is composing, as keyboard focus leaves the view it was composing for:
    /// returns the text an input method server had shown but not committed yet (its preedit), which GTK's
    /// text widgets keep; the first keys of a Compose sequence are dropped (Xlib's own method returns
    /// nothing). The next view starts afresh either way.
    func resetComposition() -> String? {
        guard let context, let pending = Xutf8ResetIC(context) else { return nil }
        defer { XFree(pending) }
        return String(cString: pending)
    }

    /// Whether the window has an input context (text then goes through the input method), opening it if
    /// it was still waiting for the first frame.
    var hasInputContext: Bool {
        attachInputContext()
        return context != nil
    }

    // MARK: - Events

    /// The key-down for a KeyPress, or nil for keys that neither have a name nor type text (Shift alone).
    /// The event must already have been offered to `XFilterEvent`, which swallows the keys of a Compose
    /// sequence until the input method commits its text. A repeat that types another key than its press
    /// did (Shift pressed while `a` is held: the repeats type `A`) comes as the `a` key's release and the
    /// `A` key's press, so every press has its release.
    func press(_ event: inout XEvent, time: Double) -> [InputEvent] {
        guard let down = keyDown(&event, time: time) else { return [] }
        let keycode = event.xkey.keycode
        guard keycode != 0, case let .keyDown(key, modifiers, isRepeat, _) = down else { return [down] }
        guard isRepeat, let held = keysDown[keycode], held != key else {
            if !isRepeat { keysDown[keycode] = key }
            return [down]
        }
        keysDown[keycode] = key
        return [.keyUp(held, modifiers: modifiers, time: time), .keyDown(key, modifiers: modifiers, isRepeat: false, time: time)]
    }

    /// The key-down the KeyPress types, a repeat if its key is held, before `press` pairs it.
    private func keyDown(_ event: inout XEvent, time: Double) -> InputEvent? {
        if !isAttached {
            attachInputContext()
            // The key reached `XFilterEvent` before there was a context: offer it now, so that a dead key or
            // the first key of a Compose sequence typed before the input method opened still composes.
            if context != nil, XFilterEvent(&event, 0) != 0 { return nil }
        }
        let (keysym, text) = lookUp(&event.xkey)
        let modifiers = EventTranslator.modifiers(event.xkey.state)
        let key: Key?
        if modifiers.contains(.control) || modifiers.contains(.alternate) || modifiers.contains(.command) {
            key = shortcutKey(event.xkey, keysym: keysym, text: text)
        } else {
            key = EventTranslator.key(for: keysym, text: text)
        }
        guard let key else { return nil }
        let keycode = event.xkey.keycode
        // Text an input method commits comes as a press of keycode 0, which no release follows: it is no
        // key held down (see `isCommittedText`).
        guard keycode != 0 else { return .keyDown(key, modifiers: modifiers, isRepeat: false, time: time) }
        return .keyDown(key, modifiers: modifiers, isRepeat: keysDown[keycode] != nil, time: time)
    }

    /// Whether a KeyPress carries text an input method committed (a Compose sequence's character, an input
    /// method's word): Xlib gives it keycode 0 and no release, so its key-up is sent with it.
    static func isCommittedText(_ event: XKeyEvent) -> Bool { event.keycode == 0 }

    /// The key-up for a KeyRelease: the key its press delivered, or nil if that press delivered none (or
    /// the release is half of a repeat, without detectable auto-repeat).
    func release(_ event: XKeyEvent, time: Double) -> InputEvent? {
        if !hasDetectableAutoRepeat, isAutoRepeatRelease(event) { return nil }
        guard let key = keysDown.removeValue(forKey: event.keycode) else { return nil }
        return .keyUp(key, modifiers: EventTranslator.modifiers(event.state), time: time)
    }

    /// The window got keyboard focus: the input method composes for it again.
    func focusIn() {
        // Not opened for focus alone: a window manager focuses a window as it maps, while the app's first
        // animation may be running. A context opened later takes the focus then.
        isFocused = true
        focusContext(true)
    }

    /// The window lost keyboard focus: every held key is released (the server will not tell us when they
    /// come up now), so none is stuck down and the next press of it is not taken for a repeat.
    func focusOut(time: Double) -> [InputEvent] {
        isFocused = false
        focusContext(false)
        return releaseHeldKeys(time: time)
    }

    /// Every held key released, as key-ups to send: another client takes their releases.
    func releaseHeldKeys(time: Double) -> [InputEvent] {
        let held = keysDown.values
        keysDown = [:]
        return held.map { .keyUp($0, modifiers: [], time: time) }
    }

    /// Keycodes down now (for tests).
    var heldKeyCount: Int { keysDown.count }

    // MARK: - Decoding

    /// The event's keysym and the text it types, through the input context when there is one.
    private func lookUp(_ event: inout XKeyEvent) -> (KeySym, String) {
        var keysym: KeySym = 0
        guard let context else {
            // Without an input method Xlib decodes in Latin-1 only; a keysym names the rest.
            var buffer = [CChar](repeating: 0, count: 32)
            let count = XLookupString(&event, &buffer, Int32(buffer.count), &keysym, nil)
            let latin1 = buffer.prefix(Int(max(count, 0))).map { Character(Unicode.Scalar(UInt8(bitPattern: $0))) }
            return (keysym, KeysymText.text(for: keysym) ?? String(latin1))
        }
        var status: Int32 = 0
        var buffer = [CChar](repeating: 0, count: 64)
        var count = Xutf8LookupString(context, &event, &buffer, Int32(buffer.count), &keysym, &status)
        if status == XBufferOverflow {
            buffer = [CChar](repeating: 0, count: Int(count) + 1)
            count = Xutf8LookupString(context, &event, &buffer, Int32(buffer.count), &keysym, &status)
        }
        let hasText = status == XLookupChars || status == XLookupBoth
        let hasKeysym = status == XLookupKeySym || status == XLookupBoth
        let text = hasText ? String(decoding: buffer.prefix(Int(max(count, 0))).map { UInt8(bitPattern: $0) }, as: UTF8.self) : ""
        return (hasKeysym ? keysym : 0, text)
    }

    /// The key of a press with Control, Alt or Super held: named keys by name, else the character the key
    /// types without those modifiers (Ctrl+C is "c", Ctrl+Shift+C "C"), so shortcuts reach the core as
    /// keys rather than control characters. On a non-Latin layout (Ctrl+С on Russian) the key of the first
    /// layout group is used, as GTK does, so Ctrl+C still copies.
    private func shortcutKey(_ event: XKeyEvent, keysym: KeySym, text: String) -> Key? {
        if let named = EventTranslator.namedKey(for: keysym) { return named }
        var event = event
        let shifted: Int32 = event.state & UInt32(ShiftMask) != 0 ? 1 : 0
        let plain = XLookupKeysym(&event, shifted)
        if let character = KeysymText.text(for: plain), character.unicodeScalars.allSatisfy({ $0.isASCII }) {
            return .character(character)
        }
        let firstGroup = XkbKeycodeToKeysym(display.pointer, KeyCode(event.keycode), 0, shifted)
        if let character = KeysymText.text(for: firstGroup) { return .character(character) }
        if let character = KeysymText.text(for: plain) { return .character(character) }
        let printable = text.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value != 0x7F }
        return text.isEmpty || !printable ? nil : .character(text)
    }

    /// Whether `release` is half of a server auto-repeat: the next queued event presses the same key at
    /// the same time. Only asked when the server cannot say so itself (no detectable auto-repeat), since
    /// two real presses can share a millisecond.
    private func isAutoRepeatRelease(_ release: XKeyEvent) -> Bool {
        let dpy = display.pointer
        guard XEventsQueued(dpy, QueuedAfterReading) > 0 else { return false }
        var next = XEvent()
        XPeekEvent(dpy, &next)
        return next.type == KeyPress && next.xkey.keycode == release.keycode && next.xkey.time == release.time
    }
}

/// The text of a keysym that stands for a character: Latin-1 keysyms are their code points, and keysyms
/// from 0x1000000 are Unicode code points plus that offset (how X names every other character).
enum KeysymText {
    static func text(for keysym: KeySym) -> String? {
        let value = UInt32(truncatingIfNeeded: keysym)
        let scalar: Unicode.Scalar?
        switch value {
        case 0x20...0x7E, 0xA0...0xFF: scalar = Unicode.Scalar(value)
        case 0x0100_0020...0x0110_FFFF: scalar = Unicode.Scalar(value - 0x0100_0000)
        case UInt32(XK_EuroSign): scalar = "€"
        default: scalar = nil
        }
        return scalar.map { String(Character($0)) }
    }
}
