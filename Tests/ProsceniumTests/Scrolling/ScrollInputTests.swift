import Testing
@testable import Proscenium

/// The wheel, touchpads and keys: each goes to the innermost scroll view under the pointer that can
/// still move that way, and what it cannot use travels outward.
@MainActor @Suite("Scroll input")
struct ScrollInputTests {
    @Test func wheelNotchGlidesAFixedDistance() {
        let scene = ScrollScene()
        scene.wheel()
        scene.clock.step()
        let first = scene.scrollView.contentOffset.y
        #expect(first > 0 && first < InputEvent.wheelNotchDistance, "it glides, not jumps")
        scene.run(0.3)
        #expect(scene.scrollView.contentOffset.y == InputEvent.wheelNotchDistance)
        #expect(scene.recorder.calls == ["didEndScrollingAnimation"])
        #expect(scene.phases.value == [.animating, .ended])
    }

    @Test func notchesDuringAGlideAddUp() {
        let scene = ScrollScene()
        for _ in 0..<5 {
            scene.wheel()
            scene.clock.step()
        }
        scene.run(0.5)
        #expect(scene.scrollView.contentOffset.y == 5 * InputEvent.wheelNotchDistance)
        scene.wheel(-100)
        scene.run(0.5)
        #expect(scene.scrollView.contentOffset.y == 0, "the wheel stops at the top: no rubber band")
    }

    @Test func preciseDeltasMoveOneToOne() {
        let scene = ScrollScene()
        scene.window.send(.scroll(Point(x: 10, y: 10), delta: Vector(dx: 0, dy: 7.5), isPrecise: true, time: 0))
        #expect(scene.scrollView.contentOffset.y == 7.5)
    }

    @Test func nestedHorizontalScrollViewPassesVerticalWheelOutward() {
        let scene = ScrollScene()
        let carousel = ScrollView(frame: Rect(x: 0, y: 100, width: 400, height: 100))
        carousel.contentSize = Size(width: 2000, height: 100)
        scene.scrollView.addSubview(carousel)
        scene.wheel(2, at: Point(x: 200, y: 150))
        scene.run(0.5)
        #expect(scene.scrollView.contentOffset.y == 2 * InputEvent.wheelNotchDistance)
        #expect(carousel.contentOffset == .zero)
        // Sideways over the carousel moves the carousel, not the list.
        // The list moved 106 points: the carousel now lies from -6 to 94 in the window.
        scene.wheel(1, at: Point(x: 200, y: 50), horizontal: true)
        scene.run(0.5)
        #expect(carousel.contentOffset.x == InputEvent.wheelNotchDistance)
        #expect(scene.scrollView.contentOffset.x == 0)
    }

    @Test func innerScrollViewAtItsEndPassesTheRestOn() {
        let scene = ScrollScene()
        let inner = ScrollView(frame: Rect(x: 0, y: 0, width: 400, height: 200))
        inner.contentSize = Size(width: 400, height: 260)   // 60 points to scroll
        scene.scrollView.addSubview(inner)
        scene.window.send(.scroll(Point(x: 200, y: 100), delta: Vector(dx: 0, dy: 100), isPrecise: true, time: 0))
        #expect(inner.contentOffset.y == 60)
        #expect(scene.scrollView.contentOffset.y == 40)
    }

    @Test func scrollKeysScrollWhatLiesUnderThePointer() {
        let scene = ScrollScene()
        scene.move(to: Point(x: 200, y: 150))
        func key(_ key: Key, _ modifiers: KeyModifiers = []) {
            scene.window.send(.keyDown(key, modifiers: modifiers, time: scene.clock.now))
            scene.window.send(.keyUp(key, modifiers: modifiers, time: scene.clock.now))
            scene.run(0.3)
        }
        key(.pageDown)
        #expect(scene.scrollView.contentOffset.y == 260)
        key(.down)
        #expect(scene.scrollView.contentOffset.y == 300)
        key(.space, .shift)
        #expect(scene.scrollView.contentOffset.y == 40)
        key(.end)
        #expect(scene.scrollView.contentOffset.y == 2700)
        key(.space)
        #expect(scene.scrollView.contentOffset.y == 2700)
        key(.home)
        #expect(scene.scrollView.contentOffset.y == 0)
    }

    @Test func disabledScrollingPassesTheWheelOn() {
        let scene = ScrollScene()
        let inner = ScrollView(frame: Rect(x: 0, y: 0, width: 400, height: 200))
        inner.contentSize = Size(width: 400, height: 2000)
        inner.isScrollEnabled = false
        scene.scrollView.addSubview(inner)
        scene.window.send(.scroll(Point(x: 200, y: 100), delta: Vector(dx: 0, dy: 30), isPrecise: true, time: 0))
        #expect(inner.contentOffset.y == 0)
        #expect(scene.scrollView.contentOffset.y == 30)
    }

    @Test func indicatorShowsWhileMovingThenFadesAndTheClockSleeps() {
        let scene = ScrollScene()
        scene.wheel()
        scene.clock.step()
        #expect(scene.scrollView.verticalIndicator.alpha == 1)
        #expect(scene.scrollView.horizontalIndicator.alpha == 0, "nothing to scroll sideways")
        let indicator = scene.scrollView.verticalIndicator.frame
        #expect(indicator.minX > 390 && indicator.maxX <= 400 - ScrollIndicatorView.inset + 1e-9)
        #expect(indicator.height == 36, "the visible tenth would be 29.4 points: the shortest bar at rest is 36")
        scene.scrollView.contentSize = Size(width: 400, height: 600)
        #expect(abs(scene.scrollView.verticalIndicator.frame.height - (300 - 6) * 300 / 600) < 1e-9)
        scene.run(1.5)
        #expect(scene.scrollView.verticalIndicator.presentation.alpha == 0)
        #expect(!scene.clock.needsFrame)
    }

    @Test func animatedOffsetEndsWithItsDelegateCall() {
        let scene = ScrollScene()
        scene.scrollView.setContentOffset(Point(x: 0, y: 500), animated: true)
        scene.run(0.15)
        #expect(scene.scrollView.contentOffset.y > 0 && scene.scrollView.contentOffset.y < 500)
        scene.run(0.3)
        #expect(scene.scrollView.contentOffset.y == 500)
        #expect(scene.recorder.calls == ["didEndScrollingAnimation"])
        scene.scrollView.scrollRectToVisible(Rect(x: 0, y: 1000, width: 10, height: 50), animated: false)
        #expect(scene.scrollView.contentOffset.y == 750)
        scene.scrollView.scrollRectToVisible(Rect(x: 0, y: 800, width: 10, height: 50), animated: false)
        #expect(scene.scrollView.contentOffset.y == 750, "already visible")
        // An animation aimed past an edge glides to the edge and never beyond it (the soak's seed 12 once
        // left one resting 5.6 points above the top).
        scene.scrollView.setContentOffset(Point(x: 0, y: -5.55), animated: true)
        for _ in 0..<30 {
            scene.clock.step()
            #expect(scene.scrollView.contentOffset.y >= 0)
        }
        #expect(scene.scrollView.contentOffset.y == 0)
        // An offset set at once past the end is kept until the next layout, which brings it back.
        scene.scrollView.contentOffset = Point(x: 0, y: 99_999)
        #expect(scene.scrollView.contentOffset.y == 99_999)
        scene.clock.step()
        #expect(scene.scrollView.contentOffset.y == 2700)
    }

    @Test func badGeometryIsIgnoredWithAWarning() {
        var warnings: [String] = []
        let previous = Warnings.handler
        Warnings.handler = { warnings.append($0) }
        defer { Warnings.handler = previous }
        let scene = ScrollScene()
        scene.scrollView.contentSize = Size(width: .nan, height: 10)
        scene.scrollView.contentSize = Size(width: 10, height: -5)
        scene.scrollView.contentOffset = Point(x: 0, y: .infinity)
        scene.scrollView.contentInset = EdgeInsets(top: -1, left: 0, bottom: 0, right: 0)
        scene.scrollView.contentInset = EdgeInsets(top: .nan, left: 0, bottom: 0, right: 0)
        #expect(warnings.count == 5)
        #expect(warnings[0].contains("contentSize") && warnings[2].contains("contentOffset") && warnings[3].contains("contentInset"))
        #expect(scene.scrollView.contentSize == Size(width: 400, height: 3000))
        #expect(scene.scrollView.contentOffset == .zero)
        scene.wheel()
        scene.run(0.5)
        #expect(scene.scrollView.contentOffset.y == InputEvent.wheelNotchDistance, "the clock still runs")
    }

    @Test func contentInsetExtendsTheRange() {
        let scene = ScrollScene(contentHeight: 1000)
        scene.scrollView.contentInset = EdgeInsets(top: 50, left: 0, bottom: 20, right: 0)
        #expect(scene.scrollView.minimumContentOffset == Point(x: 0, y: -50))
        #expect(scene.scrollView.maximumContentOffset == Point(x: 0, y: 720))
        scene.wheel(-5)
        scene.run(0.5)
        #expect(scene.scrollView.contentOffset.y == -50)
    }
}
