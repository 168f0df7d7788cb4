import Testing
@testable import Proscenium

/// Long content in a popover or a form sheet scrolls as it does anywhere: the wheel and a drag move the
/// list inside, never the presentation, and a drag down at the list's top only rubber-bands it (those
/// styles have no detents to hand the drag to, and are not dismissed by it).
@MainActor @Suite("Long content in popovers and form sheets")
struct LongContentPresentationTests {
    final class LongList: ViewController {
        let list = ScrollView()
        override func viewDidLoad() {
            view.backgroundColor = .white
            list.contentSize = Size(width: 320, height: 4000)
            view.addSubview(list)
        }
        override func viewDidLayoutSubviews() { list.frame = view.bounds }
    }

    private func present(_ style: ModalPresentationStyle) -> (PresentationFixture, LongList) {
        let fixture = PresentationFixture(size: Size(width: 900, height: 700))
        let content = LongList()
        content.modalPresentationStyle = style
        content.preferredContentSize = Size(width: 320, height: 400)
        content.popoverPresentationController?.sourceView = fixture.root.button
        fixture.root.present(content, animated: true)
        fixture.runUntilIdle()
        return (fixture, content)
    }

    /// A point in the middle of the presented view, in the window.
    private func middle(of content: LongList) -> Point {
        let frame = content.view.convert(content.view.bounds, to: nil)
        return Point(x: frame.midX, y: frame.midY)
    }

    @Test("the wheel scrolls the list inside; the presentation stays where it is", arguments: [ModalPresentationStyle.popover, .formSheet])
    func wheelScrollsTheList(style: ModalPresentationStyle) {
        let (fixture, content) = present(style)
        let frame = content.view.frame, point = middle(of: content)
        for _ in 0..<3 {
            fixture.window.send(.scroll(point, delta: Vector(dx: 0, dy: InputEvent.wheelNotchDistance), isPrecise: false,
                                        time: fixture.clock.now))
        }
        fixture.runUntilIdle()
        #expect(content.list.contentOffset.y == 3 * InputEvent.wheelNotchDistance)
        fixture.window.send(.scroll(point, delta: Vector(dx: 0, dy: 12.5), isPrecise: true, time: fixture.clock.now))
        #expect(content.list.contentOffset.y == 3 * InputEvent.wheelNotchDistance + 12.5, "a touchpad's delta moves it at once")
        #expect(content.view.frame == frame && fixture.root.presentedViewController === content)
    }

    @Test("a drag scrolls the list one to one; down at its top it rubber-bands and springs back, not dismissed",
          arguments: [ModalPresentationStyle.popover, .formSheet])
    func dragScrollsTheList(style: ModalPresentationStyle) {
        let (fixture, content) = present(style)
        let frame = content.view.frame
        var point = middle(of: content)
        func drag(by step: Double, frames: Int) {
            fixture.window.send(.pointerDown(point, button: 1, time: fixture.clock.now))
            for _ in 0..<frames {
                fixture.clock.advance(by: 1.0 / 60)
                point.y += step
                fixture.window.send(.pointerMoved(point, time: fixture.clock.now))
            }
        }
        drag(by: -10, frames: 12)
        // The first few points of a drag only tell it from a tap; from then on the list follows the pointer.
        let scrolled = content.list.contentOffset.y
        #expect(scrolled > 100 && scrolled <= 120, "scrolled \(scrolled) of the 120-point drag")
        fixture.clock.advance(by: 1.0 / 60)
        point.y -= 10
        fixture.window.send(.pointerMoved(point, time: fixture.clock.now))
        #expect(content.list.contentOffset.y == scrolled + 10)
        fixture.window.send(.pointerUp(point, button: 1, time: fixture.clock.now))
        fixture.runUntilIdle()
        content.list.contentOffset = .zero
        drag(by: 10, frames: 12)
        #expect(content.list.contentOffset.y < 0, "rubber-banded: \(content.list.contentOffset.y)")
        #expect(content.view.frame == frame, "the presentation did not move")
        fixture.window.send(.pointerUp(point, button: 1, time: fixture.clock.now))
        fixture.runUntilIdle()
        #expect(content.list.contentOffset.y == 0)
        #expect(fixture.root.presentedViewController === content && content.view.frame == frame)
    }
}
