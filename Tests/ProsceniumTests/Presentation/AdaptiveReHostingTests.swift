import Testing
import Proscenium

/// What the README promises of adapting on a size change: the presented view moves between the two
/// styles' frames on a 0.4 s spring morph (not a jump, not a curve of its own per side), and the same
/// controller keeps keyboard focus and the touch in progress across the re-hosting, both ways.
@MainActor @Suite("Adaptive re-hosting: the morph, focus and touches")
struct AdaptiveReHostingTests {
    /// A popover (800 wide) or bottom sheet (below 640) of a counter with a focusable field, presented
    /// without animation and settled, with the width delegate that switches between them.
    private func present(width: Double) -> (PresentationFixture, AdaptivityTests.CounterController, KeyProbeView,
                                             AdaptivityTests.WidthDelegate) {
        let fixture = PresentationFixture(size: Size(width: width, height: 600))
        let counter = AdaptivityTests.CounterController()
        counter.count = 7
        counter.modalPresentationStyle = width < 640 ? .bottomSheet : .popover
        counter.preferredContentSize = Size(width: 320, height: 400)
        counter.popoverPresentationController?.sourceView = fixture.root.button
        let field = KeyProbeView(frame: Rect(x: 10, y: 80, width: 200, height: 30))
        field.identifier = "field"
        let delegate = AdaptivityTests.WidthDelegate()
        fixture.root.present(counter, animated: false)
        counter.view.addSubview(field)
        counter.presentationController?.delegate = delegate
        fixture.runUntilIdle()
        return (fixture, counter, field, delegate)
    }

    /// How far `frame` is from `from` toward `to`, per component (x, y, width, height), over the
    /// components that change; nil for those that do not.
    private func progress(_ frame: Rect, from: Rect, to: Rect) -> [Double] {
        let pairs = [(frame.minX, from.minX, to.minX), (frame.minY, from.minY, to.minY),
                     (frame.width, from.width, to.width), (frame.height, from.height, to.height)]
        return pairs.compactMap { value, start, end in abs(end - start) > 1 ? (value - start) / (end - start) : nil }
    }

    /// Resizes the window to `width` and records the presented view's frame on screen at every frame
    /// from the one that adapts until nothing moves (at most 2 s); returns the frame shown before the
    /// resize, the target the new style gives, and the frames.
    private func morph(_ fixture: PresentationFixture, _ counter: ViewController,
                       to width: Double) throws -> (from: Rect, to: Rect, frames: [Rect]) {
        let from = counter.view.presentation.frame
        fixture.window.resize(to: Size(width: width, height: 600))
        fixture.clock.step()
        let target = try #require(counter.presentationController?.frameOfPresentedViewInContainerView)
        var frames = [counter.view.presentation.frame]
        var elapsed = 0.0
        while fixture.window.animationEngine.hasRunningAnimations || fixture.clock.needsFrame, elapsed < 2 {
            fixture.clock.step()
            elapsed += fixture.clock.interval
            frames.append(counter.view.presentation.frame)
        }
        return (from, target, frames)
    }

    /// The morph's checks: every frame between the two frames (bounce 0: no overshoot), all four
    /// components at the same fraction (one spring, not separate motions), the fraction rising from 0 at
    /// the adapting frame, about half-way at 0.1 s, most of the way at 0.2 s, there by 0.4 s within 5%,
    /// and exactly there at rest.
    private func expectSpringMorph(_ run: (from: Rect, to: Rect, frames: [Rect]), _ comment: Comment) {
        let (from, to, frames) = run
        #expect(from != to, "\(comment): the styles' frames differ: \(from)")
        #expect(frames.count > 12, "\(comment): it takes \(frames.count) frames, not one")
        var fractions: [Double] = []
        for (index, frame) in frames.enumerated() {
            let p = progress(frame, from: from, to: to)
            guard let first = p.first else { continue }
            #expect(p.allSatisfy { $0 > -0.01 && $0 < 1.01 }, "\(comment): frame \(index) \(frame) leaves the way from \(from) to \(to)")
            #expect(p.allSatisfy { abs($0 - first) < 0.02 }, "\(comment): frame \(index) is not one morph: \(p)")
            fractions.append(first)
        }
        #expect(fractions.count > 24, "\(comment): the morph lasts past 0.4 s: \(fractions.count) frames")
        guard fractions.count > 24 else { return }
        #expect(fractions[0] < 0.05, "\(comment): the adapting frame still shows the old frame: \(fractions[0])")
        #expect(zip(fractions, fractions.dropFirst()).allSatisfy { $1 >= $0 - 1e-9 }, "\(comment): it never goes back: \(fractions)")
        #expect(fractions[6] > 0.25 && fractions[6] < 0.75, "\(comment): at 0.1 s it is on its way: \(fractions[6])")
        #expect(fractions[12] > 0.6 && fractions[12] < 0.99, "\(comment): at 0.2 s most of the way, not there yet: \(fractions[12])")
        #expect(fractions[24] > 0.95, "\(comment): at 0.4 s it is (nearly) there: \(fractions[24])")
        // A spring from rest speeds up before it slows down: the first step is not the largest.
        let steps = zip(fractions, fractions.dropFirst()).map { $1 - $0 }
        #expect(steps[0] < steps.max()!, "\(comment): it starts from rest: \(steps.prefix(6))")
        #expect(frames.last == to, "\(comment): at rest on the new style's frame: \(String(describing: frames.last))")
    }

    @Test func popoverToSheetIsASpringMorphBetweenTheTwoFrames() throws {
        let (fixture, counter, _, delegate) = present(width: 800)
        let run = try morph(fixture, counter, to: 500)
        #expect(delegate.adaptations == [.bottomSheet])
        #expect(run.to == Rect(x: 0, y: 200, width: 500, height: 400))
        #expect(counter.view.frame == run.to, "the model is at the target from the start")
        expectSpringMorph(run, "popover → sheet")
    }

    @Test func sheetToPopoverIsASpringMorphBetweenTheTwoFrames() throws {
        let (fixture, counter, _, delegate) = present(width: 500)
        let run = try morph(fixture, counter, to: 900)
        #expect(delegate.adaptations == [.popover])
        #expect(run.to.size == Size(width: 320, height: 400))
        expectSpringMorph(run, "sheet → popover")
    }

    /// Keyboard focus on a field inside the presented view and a press on its button, both in progress
    /// while the window crosses 640 points: afterwards the field still has focus (and gets the keys), the
    /// release completes the tap, and the same happens on the way back.
    @Test func focusAndATouchInFlightSurviveReHostingBothWays() throws {
        let (fixture, counter, field, delegate) = present(width: 800)
        var time = 1.0
        for (width, style) in [(500.0, ModalPresentationStyle.bottomSheet), (900, .popover)] {
            #expect(field.becomeFirstResponder(), "\(style)")
            let onButton = counter.button.convert(Point(x: 50, y: 22), to: fixture.window)
            let countBefore = counter.count
            fixture.window.send(.pointerDown(onButton, button: 1, time: time))
            fixture.window.resize(to: Size(width: width, height: 600))
            fixture.clock.step()
            #expect(delegate.adaptations.last == style)
            #expect(fixture.window.firstResponder === field, "focus stays on the field as it moves into the \(style)")
            fixture.clock.run(for: 0.1)
            // The finger stays on the button as it moves with the morph, and lifts there.
            let moved = counter.button.convert(Point(x: 50, y: 22), to: fixture.window)
            fixture.window.send(.pointerUp(moved, button: 1, time: time + 0.15))
            #expect(counter.count == countBefore + 1, "the tap that began before the \(style) ended in it")
            fixture.runUntilIdle()
            #expect(fixture.window.firstResponder === field, "and after the morph")
            let keysBefore = field.keys.count
            fixture.window.send(.keyDown(.character("a"), time: time + 0.5))
            fixture.window.send(.keyUp(.character("a"), time: time + 0.55))
            #expect(field.keys.count == keysBefore + 1, "keys reach the field in the \(style)")
            #expect(fixture.window.consistencyProblems().isEmpty)
            time += 1
        }
        #expect(delegate.adaptations == [.bottomSheet, .popover])
        #expect(counter.count == 9)
        #expect(counter.presentationController is PopoverPresentationController)
    }

    /// A drag inside the presented content, in progress while the popover becomes a sheet: the pan it
    /// drives goes on through the re-hosting and ends, never cancelled, with the whole translation.
    @Test func aDragInFlightGoesOnThroughReHosting() {
        let (fixture, counter, _, delegate) = present(width: 800)
        let strip = View(frame: Rect(x: 10, y: 150, width: 300, height: 60))
        counter.view.addSubview(strip)
        var states: [GestureRecognizer.State] = []
        var translation = Point.zero
        strip.addGestureRecognizer(PanGestureRecognizer { recognizer in
            states.append(recognizer.state)
            translation = (recognizer as! PanGestureRecognizer).translation(in: nil)
        })
        fixture.frames(1)
        let start = strip.convert(Point(x: 20, y: 30), to: fixture.window)
        var time = 1.0
        fixture.window.send(.pointerDown(start, button: 1, time: time))
        for step in 1...4 {
            time += 1.0 / 60
            fixture.window.send(.pointerMoved(Point(x: start.x + Double(step) * 10, y: start.y), time: time))
            fixture.clock.step()
        }
        fixture.window.resize(to: Size(width: 500, height: 600))
        fixture.clock.step()
        #expect(delegate.adaptations == [.bottomSheet])
        for step in 5...8 {
            time += 1.0 / 60
            fixture.window.send(.pointerMoved(Point(x: start.x + Double(step) * 10, y: start.y), time: time))
            fixture.clock.step()
        }
        fixture.window.send(.pointerUp(Point(x: start.x + 80, y: start.y), button: 1, time: time))
        #expect(states.first == .began)
        #expect(states.last == .ended, "\(states)")
        #expect(!states.contains(.cancelled), "\(states)")
        #expect(translation.x == 80, "the whole drag, before and after the re-hosting: \(translation)")
        fixture.runUntilIdle()
        #expect(fixture.window.consistencyProblems().isEmpty)
    }
}
