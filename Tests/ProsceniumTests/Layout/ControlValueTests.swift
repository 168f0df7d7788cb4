@testable import Proscenium
import Testing

/// The controls' values set from code: clamped, sending nothing, bad values refused with one warning; the
/// event model's target-action; the spinner's timer running only while it can be seen spinning.
@MainActor @Suite("Control values and events")
struct ControlValueTests {
    func collectingWarnings(_ body: () -> Void) -> [String] {
        var warnings: [String] = []
        let previous = Warnings.handler
        Warnings.handler = { warnings.append($0) }
        defer { Warnings.handler = previous }
        body()
        return warnings
    }

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
        control.sendActions(for: [.valueChanged, .touchUpInside])
        #expect(target?.log == ["changed"], "removed for both: it was one action for both events")
        let again = Target([])
        control.addTarget(again, action: Target.changed, for: .valueChanged)
        target = nil
        control.sendActions(for: .valueChanged)
        #expect(again.log == ["changed"] && order == ["first", "last", "first", "last", "first", "last"])
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
}
