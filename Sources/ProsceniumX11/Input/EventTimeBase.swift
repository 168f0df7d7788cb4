import CX11

/// Puts X event timestamps on the frame clock's time base, which `Event.timestamp` documents. The server's
/// are milliseconds since it started, in 32 bits: they wrap every 49.7 days (a false double click then)
/// and mean nothing next to animation times. Each event is placed after the one before by the server's
/// difference between them (wrap-safe), so velocities and double-click intervals keep the server's
/// precision; when that drifts more than a second from the clock (the first event, a long-idle spell, a
/// clock that is stepped rather than real) the event is put at the clock's now.
struct EventTimeBase {
    private var last: (server: UInt32, seconds: Double)?

    /// Seconds on the clock's base for an event stamped `serverTime`, with the clock at `now`.
    mutating func seconds(for serverTime: Time, now: Double) -> Double {
        let server = UInt32(truncatingIfNeeded: serverTime)
        var seconds = now
        if let last {
            let mapped = last.seconds + Double(Int32(bitPattern: server &- last.server)) / 1000
            if abs(mapped - now) <= 1 { seconds = mapped }
        }
        last = (server, seconds)
        return seconds
    }
}
