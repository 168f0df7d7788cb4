import Proscenium

/// Turns the scroll valuators of XInput 2.1 devices (touchpads, high-resolution wheels) into scroll
/// distances, in notches of the wheel.
///
/// A smooth-scrolling device reports scrolling as an axis whose value only grows or shrinks, with an
/// increment: how much of it one notch of the wheel is. Only changes of the value mean anything, so the
/// last value of every axis is kept, and forgotten whenever it may have jumped: when the pointer enters
/// the window (another client saw the changes meanwhile) and when a device's axes change (the master
/// pointer switched to another physical device). The first value after that only sets the start, as GTK
/// and Qt do it. No X here: the host feeds it the values of each event.
struct ScrollValuators {
    /// One scroll axis of a device: its valuator number, its direction and the change that is a notch
    /// (negative when the axis runs against the usual direction).
    struct Axis: Equatable {
        var number: Int
        var isVertical: Bool
        var increment: Double
    }

    private var axes: [Int32: [Axis]] = [:]
    private var lastValues: [Int32: [Int: Double]] = [:]

    /// Whether the scroll axes of `device` are known (nil until `setAxes` for it).
    func knows(_ device: Int32) -> Bool { axes[device] != nil }

    /// The scroll axes of `device`, as its class list gives them (none for a plain mouse without XI 2.1
    /// scrolling); its last values are forgotten.
    mutating func setAxes(_ deviceAxes: [Axis], for device: Int32) {
        axes[device] = deviceAxes.filter { $0.increment.isFinite && $0.increment != 0 }
        lastValues[device] = nil
    }

    /// Forgets what is known about `device`: its axes changed, and are asked for again.
    mutating func forget(_ device: Int32) {
        axes[device] = nil
        lastValues[device] = nil
    }

    /// Forgets every last value (the pointer entered the window): the next values only set the start.
    mutating func resetValues() {
        lastValues.removeAll()
    }

    /// Whether `valuator` is one of `device`'s scroll axes, whose changes are scrolling and not motion.
    func isScrollAxis(_ valuator: Int, of device: Int32) -> Bool {
        axes[device]?.contains { $0.number == valuator } ?? false
    }

    /// How far an event with `values` (valuator number to value, those it carries) scrolled on `device`, in
    /// notches (down and right positive), or nil when it carried no change of a scroll axis.
    mutating func notches(device: Int32, values: [Int: Double]) -> Vector? {
        guard let deviceAxes = axes[device], !deviceAxes.isEmpty else { return nil }
        var last = lastValues[device] ?? [:]
        var delta = Vector(dx: 0, dy: 0)
        var moved = false
        for axis in deviceAxes {
            guard let value = values[axis.number], value.isFinite else { continue }
            defer { last[axis.number] = value }
            guard let previous = last[axis.number], value != previous else { continue }
            let notches = (value - previous) / axis.increment
            if axis.isVertical { delta.dy += notches } else { delta.dx += notches }
            moved = true
        }
        lastValues[device] = last
        return moved ? delta : nil
    }
}
