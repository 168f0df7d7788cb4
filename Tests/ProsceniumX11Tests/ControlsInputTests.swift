import Proscenium
import ProsceniumTesting
import Testing

/// The standard controls operated through the X server as a user would, with XTest: clicks, drags and
/// keys, each `.valueChanged` counted.
@MainActor @Suite("Controls through XTest")
struct ControlsInputTests {
    /// A column of a switch, a 300-point slider, a segmented control and a stepper, counting value changes.
    final class Screen: ViewController {
        let toggle = Switch()
        let slider = Slider(value: 0)
        let segments = SegmentedControl(items: ["One", "Two", "Three"])
        let stepper = Stepper(value: 3)
        var changes: [String: Int] = [:]
        var touchUps = 0

        override func viewDidLoad() {
            super.viewDidLoad()
            view.backgroundColor = .white
            toggle.identifier = "switch"
            slider.identifier = "slider"
            segments.identifier = "segments"
            stepper.identifier = "stepper"
            for (name, control) in [("switch", toggle), ("slider", slider), ("segments", segments), ("stepper", stepper)] as [(String, Control)] {
                control.addAction(for: .valueChanged) { [weak self] _ in self?.changes[name, default: 0] += 1 }
            }
            toggle.addTarget(self, action: Screen.touchedUp, for: .touchUpInside)
            segments.selectedSegmentIndex = 0
            let column = StackView(arrangedSubviews: [toggle, slider, segments, stepper])
            column.axis = .vertical
            column.alignment = .leading
            column.spacing = 20
            column.frame = Rect(x: 40, y: 40, width: 300, height: 300)
            slider.setContentHuggingPriority(1, for: .horizontal)
            column.alignment = .fill
            view.addSubview(column)
        }

        func touchedUp(_ sender: Control) { touchUps += 1 }

        /// Where `control` lies in the window.
        func place(_ control: View) -> Rect { control.convert(control.bounds, to: view) }
    }

    @Test("a switch flips on a click and on a drag, a slider follows a drag and a click on its track, each counted")
    func switchAndSlider() async throws {
        let screen = Screen()
        let tester = try await WindowTester.start(screen, size: Size(width: 480, height: 400))
        defer { tester.stop() }
        tester.frame()
        try tester.tap("switch")
        #expect(await tester.settle())
        #expect(screen.toggle.isOn && screen.changes["switch"] == 1 && screen.touchUps == 1)
        try tester.tap("switch")
        #expect(await tester.settle())
        #expect(!screen.toggle.isOn && screen.changes["switch"] == 2)
        // Off, the thumb is at the left: a drag of 30 points to the right carries it past the middle.
        let frame = screen.place(screen.toggle)
        let thumb = Point(x: frame.minX + 15, y: frame.midY)
        let input = try XTestInput(displayName: tester.display.name)
        input.move(to: tester.screenPoint(thumb))
        input.press()
        tester.frame()
        for step in 1...6 {
            input.move(to: tester.screenPoint(Point(x: thumb.x + Double(step) * 5, y: thumb.y)))
            tester.frame()
        }
        input.release()
        tester.frame()
        #expect(await tester.settle())
        #expect(screen.toggle.isOn && screen.changes["switch"] == 3)

        // The slider is 300 wide: its thumb's centre travels 272 points. From 0, 136 points is half way.
        #expect(screen.slider.frame.width == 300)
        let sliderFrame = screen.place(screen.slider)
        input.move(to: tester.screenPoint(Point(x: sliderFrame.minX + 14, y: sliderFrame.midY)))
        input.press()
        tester.frame()
        for step in 1...8 {
            input.move(to: tester.screenPoint(Point(x: sliderFrame.minX + 14 + Double(step) * 17, y: sliderFrame.midY)))
            tester.frame()
        }
        input.release()
        tester.frame()
        #expect(abs(screen.slider.value - 0.5) < 0.01, "\(screen.slider.value)")
        #expect((screen.changes["slider"] ?? 0) >= 8, "continuous: a change per move")
        // Not continuous: a press on the track at three quarters, then a drag back, says so once.
        screen.slider.isContinuous = false
        let before = screen.changes["slider"] ?? 0
        let threeQuarters = Point(x: sliderFrame.minX + 14 + 204, y: sliderFrame.midY)
        input.move(to: tester.screenPoint(threeQuarters))
        input.press()
        tester.frame()
        #expect(abs(screen.slider.value - 0.75) < 0.01)
        input.move(to: tester.screenPoint(Point(x: threeQuarters.x - 136, y: threeQuarters.y)))
        tester.frame()
        input.release()
        tester.frame()
        #expect(abs(screen.slider.value - 0.25) < 0.01)
        #expect(screen.changes["slider"] == before + 1)
        // A press and drag that ends where it began changed nothing, and says nothing.
        input.move(to: tester.screenPoint(Point(x: threeQuarters.x - 136, y: threeQuarters.y)))
        input.press()
        tester.frame()
        input.move(to: tester.screenPoint(Point(x: threeQuarters.x, y: threeQuarters.y)))
        tester.frame()
        input.move(to: tester.screenPoint(Point(x: threeQuarters.x - 136, y: threeQuarters.y)))
        tester.frame()
        input.release()
        tester.frame()
        #expect(screen.changes["slider"] == before + 1)
    }

    @Test("arrows move a segmented control's selection and step a slider and a stepper; Space flips a switch")
    func keys() async throws {
        let screen = Screen()
        let tester = try await WindowTester.start(screen, size: Size(width: 480, height: 400))
        defer { tester.stop() }
        tester.frame()
        let segmentsFrame = screen.place(screen.segments)
        // A click on the third segment picks it.
        try tester.tap(at: Point(x: segmentsFrame.minX + segmentsFrame.width * 5 / 6, y: segmentsFrame.midY))
        #expect(screen.segments.selectedSegmentIndex == 2 && screen.changes["segments"] == 1)
        _ = screen.segments.becomeFirstResponder()
        try tester.press(keysym: 0xFF51)  // Left
        try tester.press(keysym: 0xFF51)
        try tester.press(keysym: 0xFF51)  // already the first: no change
        #expect(await tester.settle())
        #expect(screen.segments.selectedSegmentIndex == 0 && screen.changes["segments"] == 3)
        try tester.press(keysym: 0xFF53)  // Right
        #expect(screen.segments.selectedSegmentIndex == 1 && screen.changes["segments"] == 4)

        _ = screen.slider.becomeFirstResponder()
        try tester.press(keysym: 0xFF53)
        try tester.press(keysym: 0xFF53)
        #expect(abs(screen.slider.value - 0.2) < 1e-9 && screen.changes["slider"] == 2)
        try tester.press(keysym: 0xFF57)  // End
        #expect(screen.slider.value == 1 && screen.changes["slider"] == 3)

        // Tab reaches the stepper after the slider; Up steps it, a click on its minus side steps it back.
        try tester.press(keysym: 0xFF09)
        try tester.press(keysym: 0xFF09)
        #expect(screen.stepper.isFocused)
        try tester.press(keysym: 0xFF52)  // Up
        #expect(screen.stepper.value == 4 && screen.changes["stepper"] == 1)
        let stepperFrame = screen.place(screen.stepper)
        try tester.tap(at: Point(x: stepperFrame.minX + 10, y: stepperFrame.midY))
        #expect(screen.stepper.value == 3 && screen.changes["stepper"] == 2)

        _ = screen.toggle.becomeFirstResponder()
        try tester.press(keysym: 0x20)  // Space
        #expect(await tester.settle())
        #expect(screen.toggle.isOn && screen.changes["switch"] == 1)
    }
}
