@testable import Proscenium
import Testing

/// Controls used as UIKit's are: a stepper steps on the press and repeats while held, its range set in
/// either order; a named action replaces the one before it; a segment added to a disabled control looks
/// disabled.
@MainActor @Suite("Control input")
struct ControlInputTests {
    /// A stepper at (20, 20) in a window on a manual clock, with the values it sent.
    @MainActor final class Scene {
        let clock = ManualFrameClock()
        let window: Window
        let stepper = Stepper(value: 5)
        var sent: [Double] = []
        init() {
            window = Window(size: Size(width: 300, height: 200), clock: clock)
            stepper.frame = Rect(x: 20, y: 20, width: 94, height: 32)
            window.addSubview(stepper)
            stepper.addAction(for: .valueChanged) { [unowned self] control in sent.append((control as! Stepper).value) }
        }
        func press(_ x: Double) { window.send(.pointerDown(Point(x: x, y: 36), button: 1, time: clock.now)) }
        func move(_ x: Double) { window.send(.pointerMoved(Point(x: x, y: 36), time: clock.now)) }
        func release(_ x: Double) { window.send(.pointerUp(Point(x: x, y: 36), button: 1, time: clock.now)) }
    }

    @Test("a stepper steps when its button is pressed, whatever the release; held, it repeats after half a second")
    func stepperStepsOnPressAndRepeats() {
        let scene = Scene()
        scene.press(90)  // +
        #expect(scene.sent == [6], "the step comes with the press")
        scene.move(50)   // slipped across the middle: the − half
        scene.release(50)
        #expect(scene.sent == [6], "the release steps nothing, and never the other way")
        scene.sent = []
        scene.press(30)  // −, held
        scene.clock.run(for: 0.45)
        #expect(scene.sent == [5])
        scene.clock.run(for: 0.3)
        #expect(scene.sent.count >= 3 && scene.sent.last! < 4, "repeating: \(scene.sent)")
        scene.release(30)
        let count = scene.sent.count
        scene.clock.run(for: 1)
        #expect(scene.sent.count == count, "no repeat after the release")
        #expect(scene.window.frameTimers.isEmpty)
    }

    @Test("a held button stops repeating at the end of the range, and when the pointer leaves it")
    func stepperRepeatsStop() {
        let scene = Scene()
        scene.stepper.minimumValue = 3
        scene.press(30)
        scene.clock.run(for: 2)
        #expect(scene.sent == [4, 3] && scene.window.frameTimers.isEmpty, "\(scene.sent)")
        scene.release(30)
        scene.sent = []
        scene.stepper.autorepeat = true
        scene.press(90)
        scene.move(200)
        scene.clock.run(for: 1)
        #expect(scene.sent == [4], "one step at the press, none after leaving")
        scene.release(200)
        scene.stepper.autorepeat = false
        scene.sent = []
        scene.press(90)
        scene.clock.run(for: 1)
        scene.release(90)
        #expect(scene.sent == [5])
    }

    @Test("a stepper's range set in either order is the range asked for; a bound that is not finite is refused")
    func stepperRange() {
        let stepper = Stepper(value: 50)
        stepper.maximumValue = -1
        stepper.minimumValue = -10
        #expect(stepper.minimumValue == -10 && stepper.maximumValue == -1 && stepper.value == -1)
        let warnings = collectingWarnings {
            stepper.minimumValue = .nan
            stepper.maximumValue = .infinity
        }
        #expect(stepper.minimumValue == -10 && stepper.maximumValue == -1)
        #expect(warnings.count == 2)
    }

    @Test("an action added with an identifier replaces the one before it, and can be removed by it")
    func identifiedActions() {
        let toggle = Switch()
        var ran: [String] = []
        for row in ["row 1", "row 2", "row 3"] {
            // A reused cell's switch, configured for each row it shows.
            toggle.addAction(identifier: "toggle", for: .valueChanged) { _ in ran.append(row) }
        }
        toggle.addAction(for: .valueChanged) { _ in ran.append("kept") }
        toggle.sendActions(for: .valueChanged)
        #expect(ran == ["row 3", "kept"])
        toggle.removeAction(identifiedBy: "toggle")
        ran = []
        toggle.sendActions(for: .valueChanged)
        #expect(ran == ["kept"])
    }

    @Test("a segment added to a disabled segmented control is drawn disabled")
    func segmentAddedWhileDisabled() {
        let control = SegmentedControl(items: ["A", "B"])
        control.isEnabled = false
        control.insertSegment(withTitle: "New", at: 0, animated: false)
        #expect(control.labels.allSatisfy { $0.textColor == .fadedLabel(0.35) })
        control.isEnabled = true
        #expect(control.labels.allSatisfy { $0.textColor == .label })
    }

    @Test("a stepper in a scroll view steps only once its press is a press: a drag that scrolls steps nothing, a quick click steps once")
    func stepperInsideAScrollView() {
        let clock = ManualFrameClock()
        let window = Window(size: Size(width: 300, height: 200), clock: clock)
        let scroller = ScrollView(frame: Rect(x: 0, y: 0, width: 300, height: 200))
        scroller.contentSize = Size(width: 300, height: 2000)
        let stepper = Stepper(value: 5, frame: Rect(x: 20, y: 20, width: 94, height: 32))
        scroller.addSubview(stepper)
        window.addSubview(scroller)
        var sent: [Double] = []
        stepper.addAction(for: .valueChanged) { control in sent.append((control as! Stepper).value) }
        // A drag that starts on + scrolls the content.
        window.send(.pointerDown(Point(x: 90, y: 36), button: 1, time: clock.now))
        for step in 1...6 {
            clock.step()
            window.send(.pointerMoved(Point(x: 90, y: 36 - Double(step) * 8), time: clock.now))
        }
        clock.run(for: 0.3)
        window.send(.pointerUp(Point(x: 90, y: -12), button: 1, time: clock.now))
        clock.run(for: 1)
        #expect(scroller.contentOffset.y > 0 && sent.isEmpty, "scrolled, not stepped: \(sent)")
        scroller.setContentOffset(.zero, animated: false)
        // A quick click steps at its release; a held press after the delay, then repeats.
        window.send(.pointerDown(Point(x: 90, y: 36), button: 1, time: clock.now))
        clock.step()
        window.send(.pointerUp(Point(x: 90, y: 36), button: 1, time: clock.now))
        #expect(sent == [6])
        window.send(.pointerDown(Point(x: 30, y: 36), button: 1, time: clock.now))
        clock.run(for: 0.1)
        #expect(sent == [6])
        clock.run(for: 0.1)
        #expect(sent == [6, 5])
        clock.run(for: 0.6)
        #expect(sent.count > 2, "repeating: \(sent)")
        window.send(.pointerUp(Point(x: 30, y: 36), button: 1, time: clock.now))
        // Disabled while its press waits: no step; a quick tap's touch-up comes after its step.
        sent = []
        window.send(.pointerDown(Point(x: 90, y: 36), button: 1, time: clock.now))
        stepper.isEnabled = false
        clock.run(for: 0.3)
        #expect(sent.isEmpty)
        stepper.isEnabled = true
        var order: [String] = []
        stepper.addAction(for: .valueChanged) { _ in order.append("value") }
        stepper.addAction(for: .touchUpInside) { _ in order.append("up") }
        window.send(.pointerDown(Point(x: 90, y: 36), button: 1, time: clock.now))
        clock.step()
        window.send(.pointerUp(Point(x: 90, y: 36), button: 1, time: clock.now))
        #expect(order == ["value", "up"])
    }

    @Test("a spinner moved, under a hidden superview, into another window spins there once the superview is shown")
    func spinnerMovedBetweenWindows() {
        let clock = ManualFrameClock()
        let first = Window(size: Size(width: 200, height: 200), clock: clock)
        let second = Window(size: Size(width: 200, height: 200), clock: clock)
        let hiddenHere = View(), hiddenThere = View()
        hiddenHere.isHidden = true
        hiddenThere.isHidden = true
        first.addSubview(hiddenHere)
        second.addSubview(hiddenThere)
        let spinner = ActivityIndicatorView()
        hiddenHere.addSubview(spinner)
        spinner.startAnimating()
        hiddenThere.addSubview(spinner)
        hiddenThere.isHidden = false
        #expect(second.frameTimers.count == 1, "spinning in the second window")
        hiddenHere.isHidden = false
        #expect(first.frameTimers.isEmpty && second.frameTimers.count == 1)
    }

    @Test("a press that began on a disabled control does nothing when released after the control is enabled; isTracking says so")
    func pressBeganWhileDisabled() {
        let clock = ManualFrameClock()
        let window = Window(size: Size(width: 300, height: 200), clock: clock)
        var taps = 0, flips = 0, picks = 0
        let button = Button(title: "Submit", frame: Rect(x: 10, y: 10, width: 100, height: 40)) { _ in taps += 1 }
        let toggle = Switch(frame: Rect(x: 10, y: 60, width: 51, height: 31))
        toggle.addAction(for: .valueChanged) { _ in flips += 1 }
        let segments = SegmentedControl(items: ["A", "B"], frame: Rect(x: 10, y: 110, width: 120, height: 30))
        segments.addAction(for: .valueChanged) { _ in picks += 1 }
        for control in [button, toggle, segments] as [Control] {
            window.addSubview(control)
            control.isEnabled = false
        }
        for (control, point) in [(button, Point(x: 60, y: 30)), (toggle, Point(x: 35, y: 75)), (segments, Point(x: 100, y: 125))] as [(Control, Point)] {
            window.send(.pointerDown(point, button: 1, time: clock.now))
            #expect(!control.isTracking)
            control.isEnabled = true
            window.send(.pointerUp(point, button: 1, time: clock.now))
            clock.run(for: 0.5)
        }
        #expect(taps == 0 && flips == 0 && picks == 0 && !toggle.isOn)
        window.send(.pointerDown(Point(x: 60, y: 30), button: 1, time: clock.now))
        #expect(button.isTracking)
        window.send(.pointerUp(Point(x: 60, y: 30), button: 1, time: clock.now))
        #expect(taps == 1 && !button.isTracking)
    }

    @Test("a switch's isOn is settable, as UIKit's: the thumb moves at once and nothing is sent")
    func switchIsOnSettable() {
        let toggle = Switch()
        var sent = 0
        toggle.addAction(for: .valueChanged) { _ in sent += 1 }
        toggle.isOn = true
        #expect(toggle.isOn && sent == 0)
    }
}
