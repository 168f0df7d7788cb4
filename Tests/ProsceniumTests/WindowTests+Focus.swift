import Testing
import Proscenium

/// Keys go to the top controller's first responder; key-ups follow their key-downs; Tab moves focus
/// among the controls of the top presentation only; Return activates the focused control.
@MainActor @Suite("Keys and focus")
struct WindowFocusTests {
    /// A responder that records the presses it gets, with their modifiers and repeat flag.
    final class PressRecorder: View {
        var downs: [(Key, KeyModifiers, Bool)] = []
        var ups: [Key] = []
        var refusesToResign = false
        override var canBecomeFirstResponder: Bool { true }
        override var canResignFirstResponder: Bool { !refusesToResign }
        override func pressesBegan(_ presses: Set<Press>, with event: Event?) {
            downs += presses.map { ($0.key, $0.modifiers, $0.isRepeat) }
        }
        override func pressesEnded(_ presses: Set<Press>, with event: Event?) { ups += presses.map(\.key) }
    }

    private func buttons(_ count: Int, in view: View, prefix: String) -> [Button] {
        (0..<count).map { index in
            let button = Button(title: "\(prefix)\(index)", frame: Rect(x: 10, y: 60 + Double(index) * 50, width: 100, height: 44))
            button.identifier = "\(prefix)\(index)"
            view.addSubview(button)
            return button
        }
    }

    @Test func modifiersAndRepeatsReachTheResponder() {
        let fixture = PresentationFixture()
        let recorder = PressRecorder()
        fixture.root.view.addSubview(recorder)
        #expect(recorder.becomeFirstResponder())
        fixture.window.send(.keyDown(.character("a"), modifiers: [.shift, .control], time: 0))
        fixture.window.send(.keyDown(.character("a"), modifiers: [.shift, .control], isRepeat: true, time: 0.5))
        #expect(recorder.downs.count == 2)
        #expect(recorder.downs[0].1 == [.shift, .control] && !recorder.downs[0].2)
        #expect(recorder.downs[1].2)
    }

    @Test func aKeyUpGoesWhereItsKeyDownWent() {
        let fixture = PresentationFixture()
        let first = PressRecorder(), second = PressRecorder()
        fixture.root.view.addSubview(first)
        fixture.root.view.addSubview(second)
        first.becomeFirstResponder()
        fixture.window.send(.keyDown(.space, time: 0))
        second.becomeFirstResponder()
        fixture.window.send(.keyUp(.space, time: 0.1))
        #expect(first.ups == [.space])
        #expect(second.ups.isEmpty)
        fixture.window.send(.keyUp(.escape, time: 0.2))
        #expect(first.ups == [.space] && second.ups.isEmpty, "a key-up without its key-down goes nowhere")
    }

    @Test func keysGoToTheTopPresentationNotToAFirstResponderBelowIt() {
        let fixture = PresentationFixture()
        let below = PressRecorder()
        fixture.root.view.addSubview(below)
        below.becomeFirstResponder()
        let presented = ProbeViewController()
        presented.modalPresentationStyle = .formSheet
        fixture.root.present(presented, animated: false)
        below.becomeFirstResponder() // even if something below grabs focus again
        fixture.window.send(.keyDown(.character("x"), time: 0))
        #expect(below.downs.isEmpty)
        #expect(presented.keys == [.character("x")])
        let inside = PressRecorder()
        presented.view.addSubview(inside)
        inside.becomeFirstResponder()
        fixture.window.send(.keyDown(.character("y"), time: 0.1))
        #expect(inside.downs.map(\.0) == [.character("y")])
    }

    @Test func tabCyclesThroughTheControlsOfTheTopPresentationOnly() {
        let fixture = PresentationFixture()
        _ = buttons(2, in: fixture.root.view, prefix: "home")
        let presented = ViewController()
        presented.modalPresentationStyle = .overFullScreen
        fixture.root.present(presented, animated: false)
        let controls = buttons(3, in: presented.view, prefix: "sheet")
        controls[1].isHidden = true
        var order: [String] = []
        for _ in 0..<4 {
            fixture.window.send(.keyDown(.tab, time: 0))
            order.append((fixture.window.firstResponder as? View)?.identifier ?? "nil")
        }
        #expect(order == ["sheet0", "sheet2", "sheet0", "sheet2"], "hidden skipped, wraps, never leaves the sheet")
        fixture.window.send(.keyDown(.tab, modifiers: .shift, time: 0))
        #expect(fixture.window.firstResponder === controls[0])
        controls[2].isEnabled = false
        fixture.window.send(.keyDown(.tab, time: 0))
        #expect(fixture.window.firstResponder === controls[0], "the only control left")
    }

    @Test func returnActivatesTheFocusedControlAndTheRingShows() {
        let fixture = PresentationFixture()
        let controls = buttons(2, in: fixture.root.view, prefix: "b")
        var taps: [String] = []
        for control in controls { control.addAction { taps.append($0.identifier ?? "?") } }
        fixture.window.send(.keyDown(.tab, time: 0))
        fixture.window.send(.keyDown(.tab, time: 0))
        let focused = try! #require(fixture.window.firstResponder as? Button)
        #expect(focused.isFocused && focused.showsFocusRing)
        #expect(focused.borderWidth == 0, "the ring is drawn around the control; its own border stays as it was")
        fixture.window.send(.keyDown(.return, time: 0))
        fixture.window.send(.keyDown(.space, time: 0))
        fixture.window.send(.keyDown(.return, isRepeat: true, time: 0))
        #expect(taps == [focused.identifier, focused.identifier], "Return and space; not the repeat")
        fixture.window.send(.keyDown(.tab, time: 0))
        #expect(!focused.isFocused && !focused.showsFocusRing, "the ring leaves with focus")
        focused.isEnabled = false
        #expect(!focused.becomeFirstResponder())
    }

    @Test func becomingFirstResponderAsksThePreviousOneToResign() {
        let fixture = PresentationFixture()
        let first = PressRecorder(), second = PressRecorder()
        fixture.root.view.addSubview(first)
        fixture.root.view.addSubview(second)
        first.becomeFirstResponder()
        first.refusesToResign = true
        #expect(!second.becomeFirstResponder())
        #expect(first.isFirstResponder)
        first.refusesToResign = false
        #expect(second.becomeFirstResponder())
        #expect(!first.isFirstResponder)
    }

    @Test func aHeldEscapeDismissesOnePresentationOnly() {
        let fixture = PresentationFixture()
        let first = ViewController(), second = ViewController()
        first.modalPresentationStyle = .formSheet
        second.modalPresentationStyle = .alert
        fixture.root.present(first, animated: false)
        first.present(second, animated: false)
        fixture.window.send(.keyDown(.escape, time: 0))
        fixture.runUntilIdle()
        for repeatTime in [0.5, 0.55, 0.6] {
            fixture.window.send(.keyDown(.escape, isRepeat: true, time: repeatTime))
            fixture.runUntilIdle()
        }
        #expect(fixture.window.presentedViewControllers.count == 1)
        #expect(fixture.window.presentedViewControllers.first === first)
    }

    @Test("focus moved by what the surface runs as focus leaves a field (an input method's text typed into it) is where focus stays")
    func focusMovedWhileLeavingStays() {
        final class Surface: WindowSurface {
            var whileLeaving: (@MainActor () -> Void)?
            func present(_ list: DisplayList, damage: Region, size: Size) {}
            func setCursor(_ cursor: Cursor) {}
            func firstResponderWillChange() {
                let action = whileLeaving
                whileLeaving = nil
                action?()
            }
        }
        let window = Window(size: Size(width: 400, height: 300), clock: ManualFrameClock())
        let surface = Surface()
        window.surface = surface
        let fields = (0..<3).map { index in TextField(frame: Rect(x: 10, y: 10 + Double(index) * 50, width: 200, height: 36)) }
        for field in fields { window.addSubview(field) }
        #expect(fields[0].becomeFirstResponder())
        surface.whileLeaving = { _ = fields[2].becomeFirstResponder() }
        _ = fields[1].becomeFirstResponder()
        #expect(window.firstResponder === fields[2])
        #expect(fields.map(\.isEditing) == [false, false, true])
    }
}
