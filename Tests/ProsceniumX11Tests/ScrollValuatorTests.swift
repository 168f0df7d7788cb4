import CX11
import Proscenium
@testable import ProsceniumX11
import Testing

/// XInput 2.1 smooth scrolling: valuator changes into notches, and notches into the core's scroll events.
/// (No X server offers a device with scroll valuators to tests — XTest's has none — so the host's reading
/// of an event is its own small step; these pin down what it does with the values.)
@MainActor @Suite("Scroll valuators")
struct ScrollValuatorTests {
    /// A touchpad as xf86-input-libinput describes one: vertical axis 3 and horizontal axis 2, 15 units a notch.
    private func touchpad() -> ScrollValuators {
        var valuators = ScrollValuators()
        valuators.setAxes([.init(number: 3, isVertical: true, increment: 15), .init(number: 2, isVertical: false, increment: 15)],
                          for: 11)
        return valuators
    }

    @Test("the first value only sets the start; changes after it are notches, down and right positive")
    func changesAreNotches() {
        var valuators = touchpad()
        #expect(valuators.notches(device: 11, values: [3: 1000]) == nil)
        #expect(valuators.notches(device: 11, values: [3: 1007.5]) == Vector(dx: 0, dy: 0.5))
        #expect(valuators.notches(device: 11, values: [3: 1000, 2: 50]) == Vector(dx: 0, dy: -0.5))
        #expect(valuators.notches(device: 11, values: [2: 80]) == Vector(dx: 2, dy: 0))
        // Position valuators (0 and 1) are not scrolling.
        #expect(valuators.notches(device: 11, values: [0: 300, 1: 200]) == nil)
        #expect(valuators.isScrollAxis(3, of: 11) && !valuators.isScrollAxis(0, of: 11))
    }

    @Test("entering the window or a changed device starts again from the next value, not from a jump")
    func jumpsAreNotScrolls() {
        var valuators = touchpad()
        _ = valuators.notches(device: 11, values: [3: 1000])
        valuators.resetValues()
        #expect(valuators.notches(device: 11, values: [3: 4000]) == nil, "scrolled elsewhere meanwhile")
        #expect(valuators.notches(device: 11, values: [3: 4015]) == Vector(dx: 0, dy: 1))
        valuators.forget(11)
        #expect(!valuators.knows(11))
        #expect(valuators.notches(device: 11, values: [3: 9000]) == nil, "axes unknown until asked again")
    }

    @Test("an inverted axis scrolls the other way; devices without scroll axes, or with a zero increment, never scroll")
    func oddDevices() {
        var valuators = ScrollValuators()
        valuators.setAxes([.init(number: 2, isVertical: true, increment: -120)], for: 4)
        valuators.setAxes([], for: 5)
        valuators.setAxes([.init(number: 2, isVertical: true, increment: 0)], for: 6)
        _ = valuators.notches(device: 4, values: [2: 0])
        #expect(valuators.notches(device: 4, values: [2: -120]) == Vector(dx: 0, dy: 1))
        #expect(valuators.notches(device: 5, values: [2: 10]) == nil && valuators.knows(5))
        _ = valuators.notches(device: 6, values: [2: 0])
        #expect(valuators.notches(device: 6, values: [2: 10]) == nil)
        #expect(valuators.notches(device: 4, values: [2: .nan]) == nil)
    }

    @Test("whole notches scroll as the wheel does; fractions move at once by as much, in device pixels at any scale")
    func notchesBecomeScrollEvents() {
        let step = InputEvent.wheelNotchDistance
        let wheel = WindowHost.scrollEvent(notches: Vector(dx: 0, dy: 2), at: Point(x: 20, y: 40), time: 1, scale: 2)
        #expect(wheel == .scroll(Point(x: 10, y: 20), delta: Vector(dx: 0, dy: 2 * step), isPrecise: false, time: 1))
        let touchpad = WindowHost.scrollEvent(notches: Vector(dx: 0, dy: 0.25), at: Point(x: 20, y: 40), time: 1, scale: 2)
        #expect(touchpad == .scroll(Point(x: 10, y: 20), delta: Vector(dx: 0, dy: 0.25 * step), isPrecise: true, time: 1))
    }

    @Test("with Shift held, a valuator's vertical scroll goes sideways, as the core protocol's wheel buttons do; a sideways one stays")
    func shiftTurnsScrollingSideways() {
        let step = InputEvent.wheelNotchDistance
        let wheel = WindowHost.scrollEvent(notches: Vector(dx: 0, dy: 1), at: Point(x: 20, y: 40), time: 1, scale: 1, shifted: true)
        #expect(wheel == .scroll(Point(x: 20, y: 40), delta: Vector(dx: step, dy: 0), isPrecise: false, time: 1))
        #expect(EventTranslator.wheelNotch(button: 5, state: UInt32(ShiftMask)) == Vector(dx: 1, dy: 0), "the same as the button")
        let touchpad = WindowHost.scrollEvent(notches: Vector(dx: 0, dy: -0.5), at: Point(x: 20, y: 40), time: 1, scale: 1, shifted: true)
        #expect(touchpad == .scroll(Point(x: 20, y: 40), delta: Vector(dx: -0.5 * step, dy: 0), isPrecise: true, time: 1))
        let sideways = WindowHost.scrollEvent(notches: Vector(dx: 1, dy: 0), at: .zero, time: 1, scale: 1, shifted: true)
        #expect(sideways == .scroll(.zero, delta: Vector(dx: step, dy: 0), isPrecise: false, time: 1))
    }
}
