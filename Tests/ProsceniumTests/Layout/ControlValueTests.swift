@testable import Proscenium
import Testing

/// The controls' values set from code: clamped, sending nothing, bad values refused with one warning; the
/// event model's target-action; the spinner's timer running only while it can be seen spinning.
@MainActor @Suite("Control values and events")
struct ControlValueTests {
    @Test("values set in code are clamped and send no action; NaN is refused with one warning")
    func valuesFromCode() {
        var sent = 0
        let slider = Slider(value: 0.5, minimumValue: 0, maximumValue: 10)
        let toggle = Switch()
        let segments = SegmentedControl(items: ["A", "B"])
        let stepper = Stepper(value: 5)
        let progress = ProgressView()
        for control in [slider, toggle, segments, stepper] as [Control] {
            control.addAction(for: .allEvents) { _ in sent += 1 }
        }
        let warnings = collectingWarnings {
            slider.value = 42
            #expect(slider.value == 10)
            slider.value = .nan
            #expect(slider.value == 10)
            slider.maximumValue = 4
            #expect(slider.value == 4)
            slider.minimumValue = 6
            #expect(slider.maximumValue == 6 && slider.value == 6, "a minimum above the maximum moves it up")
            toggle.setOn(true, animated: true)
            #expect(toggle.isOn)
            segments.selectedSegmentIndex = 1
            segments.selectedSegmentIndex = 7
            #expect(segments.selectedSegmentIndex == SegmentedControl.noSegment)
            stepper.value = 500
            #expect(stepper.value == 100)
            stepper.stepValue = -1
            #expect(stepper.stepValue == 1)
            progress.progress = 3
            #expect(progress.progress == 1)
            progress.progress = .nan
            #expect(progress.progress == 1)
        }
        #expect(sent == 0)
        #expect(warnings.count == 4, "\(warnings)")
    }

    @Test("target-action holds its target weakly and can be removed; sendActions runs what matches, in order")
    func targetAction() {
        @MainActor final class Target {
            var log: [String]
            init(_ log: [String]) { self.log = log }
            func changed(_ sender: Control) { log.append("changed") }
        }
        let control = Control()
        var order: [String] = []
        control.addAction(for: .valueChanged) { _ in order.append("first") }
        var target: Target? = Target([])
        control.addTarget(target!, action: Target.changed, for: [.valueChanged, .touchUpInside])
        control.addAction(for: .valueChanged) { _ in order.append("last") }
        control.sendActions(for: .valueChanged)
        #expect(order == ["first", "last"] && target?.log == ["changed"])
        control.sendActions(for: .touchDown)
        #expect(target?.log == ["changed"])
        control.removeTarget(target, for: .valueChanged)
        control.sendActions(for: .valueChanged)
        #expect(target?.log == ["changed"], "no longer for valueChanged")
        control.removeTarget(target, for: .touchUpInside)
        control.sendActions(for: [.valueChanged, .touchUpInside])
        #expect(target?.log == ["changed"], "nor for touchUpInside: gone")
        let again = Target([])
        control.addTarget(again, action: Target.changed, for: .valueChanged)
        target = nil
        control.sendActions(for: .valueChanged)
        #expect(again.log == ["changed"] && order == Array(repeating: ["first", "last"], count: 4).flatMap { $0 })
    }

    @Test("the spinner's timer runs only while it spins, is shown and is in a window")
    func spinnerRunsOnlyWhenSeen() {
        let clock = ManualFrameClock()
        let window = Window(size: Size(width: 200, height: 200), clock: clock)
        let spinner = ActivityIndicatorView()
        #expect(spinner.isHidden, "hidden while stopped")
        spinner.startAnimating()
        #expect(!spinner.isHidden && window.frameTimers.count == 0, "no window, no timer")
        window.addSubview(spinner)
        #expect(window.frameTimers.count == 1)
        spinner.isHidden = true
        #expect(window.frameTimers.count == 0)
        spinner.isHidden = false
        #expect(window.frameTimers.count == 1)
        spinner.stopAnimating()
        #expect(window.frameTimers.count == 0 && spinner.isHidden)
        spinner.startAnimating()
        spinner.removeFromSuperview()
        #expect(window.frameTimers.count == 0)
    }

    @Test("a spinner under a hidden superview stops its timer, and runs again once the superview is shown")
    func spinnerUnderHiddenSuperview() {
        let clock = ManualFrameClock()
        let window = Window(size: Size(width: 200, height: 200), clock: clock)
        let cell = View(frame: Rect(x: 0, y: 0, width: 100, height: 44))
        let spinner = ActivityIndicatorView()
        cell.addSubview(spinner)
        window.addSubview(cell)
        spinner.startAnimating()
        #expect(window.frameTimers.count == 1)
        // A table puts a cell scrolled out of view back in its pool by hiding it: the spinner in it stops
        // at its next tick and asks for no frame after that.
        cell.isHidden = true
        clock.advance(by: 0.2)
        #expect(window.frameTimers.count == 0, "stopped under the hidden cell")
        #expect(clock.wakeTime == nil && !clock.needsFrame, "the clock sleeps")
        let phase = spinner.phase
        clock.advance(by: 1)
        #expect(spinner.phase == phase)
        let other = View()
        window.addSubview(other)
        other.isHidden = true
        other.isHidden = false
        #expect(window.frameTimers.count == 0, "another view shown: the cell is still hidden")
        cell.isHidden = false
        #expect(window.frameTimers.count == 1, "the cell shown again: spinning again")
        clock.advance(by: 0.2)
        #expect(spinner.phase != phase)
        // Started under a hidden superview, it waits too.
        spinner.stopAnimating()
        cell.isHidden = true
        spinner.startAnimating()
        #expect(window.frameTimers.count == 0)
        cell.isHidden = false
        #expect(window.frameTimers.count == 1)
    }

    @Test("a slider's range: a bound that is not finite is refused, an inverted one moves the other, from the initializer too")
    func sliderRange() {
        let warnings = collectingWarnings {
            // The maximum, set after the minimum, brings it down to 0.
            let slider = Slider(value: 5, minimumValue: 10, maximumValue: 0)
            #expect(slider.minimumValue == 0 && slider.maximumValue == 0 && slider.value == 0)
            slider.maximumValue = .nan
            slider.minimumValue = -.infinity
            #expect(slider.minimumValue == 0 && slider.maximumValue == 0)
            slider.maximumValue = 20
            slider.value = 15
            slider.minimumValue = 16
            #expect(slider.value == 16)
        }
        #expect(warnings.count == 2)
    }

    @Test("Return and Space on a slider, a stepper or a segmented control send nothing; on a switch they flip it")
    func returnAndSpace() {
        let window = Window(size: Size(width: 400, height: 300), clock: ManualFrameClock())
        var sent: [String] = []
        let controls: [(String, Control)] = [("slider", Slider()), ("stepper", Stepper()), ("segments", SegmentedControl(items: ["A", "B"])),
                                             ("switch", Switch())]
        for (name, control) in controls {
            window.addSubview(control)
            control.addAction(for: .allEvents) { _ in sent.append(name) }
            _ = control.becomeFirstResponder()
            window.send(.keyDown(.return, time: 0))
            window.send(.keyUp(.return, time: 0))
            window.send(.keyDown(.space, time: 0))
            window.send(.keyUp(.space, time: 0))
        }
        // Each flip sends valueChanged and the primary action in one send: the action runs once a flip.
        #expect(sent == ["switch", "switch"])
    }

    @Test("removeTarget stops the events given and keeps the others, as UIKit's")
    func removeTargetKeepsOtherEvents() {
        @MainActor final class Target {
            var calls = 0
            func changed(_ sender: Control) { calls += 1 }
        }
        let control = Control(), target = Target()
        control.addTarget(target, action: Target.changed, for: [.valueChanged, .touchUpInside])
        control.removeTarget(target, for: .valueChanged)
        control.sendActions(for: .valueChanged)
        control.sendActions(for: .touchUpInside)
        #expect(target.calls == 1)
        control.removeTarget(nil, for: .allEvents)
        control.sendActions(for: .touchUpInside)
        #expect(target.calls == 1)
    }

    @Test("a control disabled while pressed stops tracking: the switch's thumb goes back, the slider reports where it was left")
    func disabledWhilePressed() {
        let window = Window(size: Size(width: 400, height: 200), clock: ManualFrameClock())
        let toggle = Switch()
        toggle.frame = Rect(x: 20, y: 20, width: 51, height: 31)
        let slider = Slider(value: 0, minimumValue: 0, maximumValue: 1)
        slider.frame = Rect(x: 20, y: 100, width: 200, height: 31)
        slider.isContinuous = false
        window.addSubview(toggle)
        window.addSubview(slider)
        window.layoutIfNeeded()
        var events: [String] = []
        toggle.addAction(for: .allEvents) { _ in events.append("switch") }
        toggle.addAction(for: .touchCancel) { _ in events.append("switch cancel") }
        slider.addAction(for: .valueChanged) { control in events.append("slider \((control as! Slider).value)") }

        // The switch's thumb, dragged most of the way, then the switch disabled before the release.
        let off = toggle.subviews.last!.frame
        window.send(.pointerDown(Point(x: 35, y: 35), button: 1, time: 0))
        window.send(.pointerMoved(Point(x: 50, y: 35), time: 0.05))
        window.send(.pointerMoved(Point(x: 65, y: 35), time: 0.1))
        events = []
        toggle.isEnabled = false
        window.send(.pointerUp(Point(x: 65, y: 35), button: 1, time: 0.15))
        #expect(events == ["switch", "switch cancel"], "touchCancel, and nothing at the release")
        #expect(!toggle.isOn && !toggle.isHighlighted)
        toggle.isEnabled = true
        toggle.setOn(true, animated: false)
        toggle.layoutIfNeeded()
        #expect(toggle.subviews.last!.frame.minX > off.minX + 10, "the thumb follows isOn again, no drag held")
        toggle.setOn(false, animated: false)
        toggle.layoutIfNeeded()
        #expect(toggle.subviews.last!.frame == off)

        // A slider that reports only at the release, disabled mid-drag: it reports where it was left.
        events = []
        let thumbX = 20 + slider.subviews.last!.frame.midX
        window.send(.pointerDown(Point(x: thumbX, y: 115), button: 1, time: 1))
        window.send(.pointerMoved(Point(x: thumbX + 60, y: 115), time: 1.05))
        #expect(events.isEmpty)
        slider.isEnabled = false
        #expect(events.count == 1 && slider.value > 0, "\(events)")
        window.send(.pointerUp(Point(x: thumbX + 120, y: 115), button: 1, time: 1.1))
        #expect(events.count == 1, "nothing more at the release")
    }

    @Test("a switch keeps its size in a stretching stack: it hugs its content")
    func switchHugs() {
        let toggle = Switch()
        let stack = StackView(arrangedSubviews: [View(), toggle], frame: Rect(x: 0, y: 0, width: 300, height: 31))
        stack.layoutIfNeeded()
        #expect(toggle.frame == Rect(x: 249, y: 0, width: 51, height: 31))
    }
}
