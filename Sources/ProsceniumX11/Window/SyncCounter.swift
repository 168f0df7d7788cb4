import CX11

/// The XSync counter behind `_NET_WM_SYNC_REQUEST`: the window manager asks for a value before resizing us,
/// and we set the counter to it only once the frame at the new size is on screen, so the WM never shows a
/// stale frame during a live resize.
@MainActor final class SyncCounter {
    let counter: XSyncCounter
    private let display: Display
    /// The value the WM asked for, waiting for the resize that follows the request.
    private(set) var pendingValue: Int64?
    /// Set once a ConfigureNotify arrived after the request: only a frame drawn after it may answer.
    private(set) var isArmed = false

    init(display: Display) {
        self.display = display
        counter = XSyncCreateCounter(display.pointer, Self.value(0))
    }

    isolated deinit {
        XSyncDestroyCounter(display.pointer, counter)
    }

    /// Records a `_NET_WM_SYNC_REQUEST` value; it is answered by `frameIsOnScreen()`.
    func request(_ value: Int64) {
        pendingValue = value
        isArmed = false
    }

    /// The configure the request announced has arrived; the next frame on screen answers it.
    func configureArrived() {
        if pendingValue != nil { isArmed = true }
    }

    /// Called after a frame at the configured size was copied to the window and flushed.
    func frameIsOnScreen() {
        guard let value = pendingValue, isArmed else { return }
        pendingValue = nil
        isArmed = false
        XSyncSetCounter(display.pointer, counter, Self.value(value))
        XFlush(display.pointer)
    }

    /// The counter's current value, read from the server (for tests).
    func currentValue() -> Int64 {
        var value = XSyncValue()
        XSyncQueryCounter(display.pointer, counter, &value)
        return Int64(value.hi) << 32 | Int64(value.lo)
    }

    static func value(_ v: Int64) -> XSyncValue {
        XSyncValue(hi: Int32(truncatingIfNeeded: v >> 32), lo: UInt32(truncatingIfNeeded: v))
    }
}
