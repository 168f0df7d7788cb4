import Testing
@testable import Proscenium

/// Tooltips as UIKit's `UIToolTipInteraction` and `UIControl.toolTip`, behaving as desktop tooltips do:
/// shown when the pointer rests half a second, at once when skimming from one to the next, hidden by
/// leaving, a click, a key or the wheel, never hit, above everything, inside the window.
@MainActor @Suite("Tooltips")
struct ToolTipTests {
    let clock = ManualFrameClock()
    let window: Window
    let screen = ViewController()
    let save = Button(title: "Save", frame: Rect(x: 20, y: 20, width: 100, height: 40))
    let open = Button(title: "Open", frame: Rect(x: 130, y: 20, width: 100, height: 40))
    let plain = View(frame: Rect(x: 20, y: 100, width: 200, height: 100))

    init() {
        window = Window(size: Size(width: 400, height: 300), clock: clock)
        window.rootViewController = screen
        save.toolTip = "Save the document"
        open.toolTip = "Open another document"
        screen.view.addSubview(save)
        screen.view.addSubview(open)
        screen.view.addSubview(plain)
        clock.step()
    }

    var shown: ToolTipView? { window.toolTips.shown }
    var shownText: String? { shown?.label.text }

    func move(to point: Point) {
        window.send(.pointerMoved(point, time: clock.now))
    }

    @Test("resting half a second on a button shows its tooltip under the pointer, above everything, never hit; no frames while it shows")
    func restingShowsIt() throws {
        save.frame = Rect(x: 250, y: 100, width: 100, height: 40)
        move(to: Point(x: 300, y: 110))
        clock.run(for: 0.4)
        #expect(shown == nil, "not before half a second")
        clock.run(for: 0.15)
        let tip = try #require(shown)
        #expect(shownText == "Save the document" && window.subviews.last === tip)
        #expect(tip.frame.minY == 130 && abs(tip.frame.midX - 300) <= 1, "centred 20 points under the pointer: \(tip.frame)")
        #expect(window.hitTest(Point(x: tip.frame.midX, y: tip.frame.midY), with: nil) !== tip)
        #expect(!clock.needsFrame, "a shown tooltip costs no frames")
        move(to: Point(x: 330, y: 130))
        #expect(shown === tip, "moving on the same button keeps it")
        #expect(window.consistencyProblems().isEmpty)
    }

    @Test("leaving hides it; the next button's shows at once within half a second, and waits again after")
    func skimming() {
        move(to: Point(x: 70, y: 40))
        clock.run(for: 0.6)
        move(to: Point(x: 180, y: 40))
        #expect(shownText == "Open another document", "skimming: at once")
        move(to: Point(x: 100, y: 150))
        #expect(shown == nil, "no tooltip over a view without one")
        clock.run(for: 0.6)
        move(to: Point(x: 70, y: 40))
        #expect(shown == nil, "too long since the last one: it waits")
        clock.run(for: 0.55)
        #expect(shownText == "Save the document")
        window.send(.pointerExited)
        #expect(shown == nil)
    }

    @Test("a click, a key or the wheel hides it and keeps it hidden until the pointer leaves the view")
    func putOffByInput() {
        let inputs: [InputEvent] = [.pointerDown(Point(x: 70, y: 40), button: 3, time: 0), .keyDown(.character("a"), time: 0),
                                    .scroll(Point(x: 70, y: 40), delta: Vector(dx: 0, dy: 53), isPrecise: false, time: 0)]
        for input in inputs {
            move(to: Point(x: 70, y: 40))
            clock.run(for: 0.6)
            #expect(shownText == "Save the document")
            window.send(input)
            if case .pointerDown = input { window.send(.pointerUp(Point(x: 70, y: 40), button: 3, time: clock.now)) }
            #expect(shown == nil, "\(input) hides it")
            move(to: Point(x: 75, y: 42))
            clock.run(for: 1)
            #expect(shown == nil, "and it stays hidden while the pointer stays")
            window.send(.keyDown(.escape, time: clock.now))  // closes a context menu the click may have opened
            clock.run(for: 0.5)
            move(to: Point(x: 100, y: 150))
            clock.run(for: 0.6)
        }
        move(to: Point(x: 70, y: 40))
        clock.run(for: 0.6)
        #expect(shownText == "Save the document", "back over the button, it shows again")
        // Skimming off to a plain area, a click there, then the next button within half a second: it waits.
        move(to: Point(x: 100, y: 150))
        window.send(.pointerDown(Point(x: 100, y: 150), button: 1, time: clock.now))
        window.send(.pointerUp(Point(x: 100, y: 150), button: 1, time: clock.now))
        move(to: Point(x: 180, y: 40))
        clock.run(for: 0.3)
        #expect(shown == nil, "after a click the next one waits, even within half a second")
        clock.run(for: 0.3)
        #expect(shownText == "Open another document")
    }

    @Test("the tooltip waits for the pointer to rest: moving on over the button keeps it from showing")
    func waitsForRest() {
        for step in 0..<10 {
            move(to: Point(x: 25 + Double(step) * 9, y: 40))
            clock.run(for: 0.1)
        }
        #expect(shown == nil, "a second of steady motion over the button shows nothing")
        clock.run(for: 0.5)
        #expect(shownText == "Save the document", "resting, it shows")
    }

    @Test("no tooltip comes while a button is held, even one that makes no touch")
    func noneWhileHeld() {
        window.send(.pointerDown(Point(x: 100, y: 150), button: 2, time: clock.now))
        move(to: Point(x: 70, y: 40))
        clock.run(for: 1)
        #expect(shown == nil)
        window.send(.pointerUp(Point(x: 70, y: 40), button: 2, time: clock.now))
        move(to: Point(x: 71, y: 40))
        clock.run(for: 0.6)
        #expect(shownText == "Save the document")
    }

    @Test("changed while shown, the text changes at once; set to nil, the tooltip goes; the hint follows")
    func textChangedWhileShown() throws {
        move(to: Point(x: 70, y: 40))
        clock.run(for: 0.6)
        save.toolTip = "Save all documents"
        #expect(shownText == "Save all documents" && window.consistencyProblems().isEmpty)
        #expect(AccessibilityTree(window: window).nodes.values.first { $0.label == "Save" }?.hint == "Save all documents")
        save.toolTip = ""
        #expect(shown == nil && save.toolTipInteraction == nil)
    }

    @Test("in a window narrower than it, it wraps to fit inside, above the pointer when there is more room there")
    func smallWindow() throws {
        let clock = ManualFrameClock()
        let window = Window(size: Size(width: 150, height: 120), clock: clock)
        let button = Button(title: "B", frame: Rect(x: 0, y: 0, width: 150, height: 120))
        button.toolTip = "Longer than the window is wide"
        window.addSubview(button)
        clock.step()
        window.send(.pointerMoved(Point(x: 140, y: 80), time: clock.now))
        clock.run(for: 0.6)
        let tip = try #require(window.toolTips.shown)
        #expect(tip.frame.minX >= 4 && tip.frame.maxX <= 146 && tip.frame.minY >= 4, "inside: \(tip.frame)")
        #expect(tip.frame.maxY <= 76 && tip.frame.height > 30, "wrapped, above the pointer: \(tip.frame)")
    }

    @Test("by the window's bottom right corner it goes above the pointer and stays inside the window")
    func keptInsideTheWindow() throws {
        let corner = Button(title: "Corner", frame: Rect(x: 340, y: 260, width: 60, height: 40))
        corner.toolTip = "A tooltip long enough that it has to wrap onto a second line at its widest"
        screen.view.addSubview(corner)
        move(to: Point(x: 395, y: 290))
        clock.run(for: 0.6)
        let tip = try #require(shown)
        #expect(tip.frame.maxX <= 396 && tip.frame.maxY <= 286 && tip.frame.minX >= 4, "\(tip.frame)")
        #expect(tip.frame.width <= ToolTipView.maxTextWidth + 16 && tip.frame.height > 30, "wrapped: \(tip.frame)")
    }

    @Test("it goes when its view leaves the window, a presentation covers it or the interaction is disabled")
    func goesWithItsView() {
        move(to: Point(x: 70, y: 40))
        clock.run(for: 0.6)
        save.removeFromSuperview()
        clock.step()
        #expect(shown == nil && window.consistencyProblems().isEmpty)
        move(to: Point(x: 180, y: 40))
        clock.run(for: 0.6)
        #expect(shownText == "Open another document")
        let cover = ViewController()
        cover.modalPresentationStyle = .overFullScreen  // the screen stays under it
        screen.present(cover, animated: false)
        clock.run(for: 0.5)
        #expect(open.window === window && shown == nil, "covered by a presentation")
        screen.dismiss(animated: false)
        clock.run(for: 0.5)
        open.toolTipInteraction?.isEnabled = false
        move(to: Point(x: 181, y: 40))
        clock.run(for: 0.6)
        #expect(shown == nil, "a disabled interaction shows nothing")
    }

    /// A delegate that leaves the tooltip to the interaction's default text.
    final class Silent: ToolTipInteractionDelegate {}

    @Test("a delegate that does not answer leaves the default text, as UIKit's optional method does")
    func delegateDefault() {
        let silent = Silent()
        save.toolTipInteraction?.delegate = silent
        move(to: Point(x: 70, y: 40))
        clock.run(for: 0.6)
        #expect(shownText == "Save the document")
        withExtendedLifetime(silent) {}
    }

    /// Two halves of one view, each with its own tooltip.
    final class Halves: ToolTipInteractionDelegate {
        func toolTipInteraction(_ interaction: ToolTipInteraction, configurationAt point: Point) -> ToolTipConfiguration? {
            point.x < 100 ? ToolTipConfiguration(toolTip: "Left", in: Rect(x: 0, y: 0, width: 100, height: 100))
                : ToolTipConfiguration(toolTip: "Right", in: Rect(x: 100, y: 0, width: 100, height: 100))
        }
    }

    @Test("a delegate gives parts of one view their own tooltips; crossing from one part to the other switches at once")
    func delegateParts() {
        let halves = Halves()
        let interaction = ToolTipInteraction(defaultToolTip: "unused")
        interaction.delegate = halves
        plain.addInteraction(interaction)
        move(to: Point(x: 50, y: 150))
        clock.run(for: 0.6)
        #expect(shownText == "Left")
        move(to: Point(x: 150, y: 150))
        #expect(shownText == "Right")
    }

    @Test("a button inside a presentation shows its tooltip above the presentation; Control.toolTip set to nil removes it")
    func abovePresentationsAndRemoval() throws {
        let sheet = ViewController()
        let inSheet = Button(title: "Share", frame: Rect(x: 40, y: 40, width: 100, height: 40))
        inSheet.toolTip = "Share the document"
        sheet.view.addSubview(inSheet)
        screen.present(sheet, animated: false)
        clock.run(for: 0.5)
        let point = inSheet.convert(Point(x: 50, y: 20), to: window)
        move(to: point)
        clock.run(for: 0.6)
        let tip = try #require(shown)
        #expect(tip.label.text == "Share the document" && window.subviews.last === tip)
        #expect(window.consistencyProblems().isEmpty)
        inSheet.toolTip = nil
        #expect(inSheet.interactions.isEmpty && inSheet.toolTip == nil)
        #expect(shown == nil, "removing the interaction takes its tooltip away at once")
    }

    @Test("screen readers read the tooltip as the view's hint unless it has its own; the bubble is not read")
    func accessibility() throws {
        open.accessibilityHint = "Shows the file chooser"
        move(to: Point(x: 70, y: 40))
        clock.run(for: 0.6)
        #expect(shown != nil)
        let tree = AccessibilityTree(window: window)
        #expect(tree.nodes.values.first { $0.label == "Save" }?.hint == "Save the document")
        #expect(tree.nodes.values.first { $0.label == "Open" }?.hint == "Shows the file chooser")
        #expect(!tree.nodes.values.contains { $0.label == "Save the document" })
    }
}
