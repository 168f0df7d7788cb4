import Testing
import Proscenium

/// A bottom sheet let go between detents springs to its detent with the finger's speed: the sheet's top
/// edge moves, the instant after the release, as fast as the finger moved it just before.
@MainActor @Suite("Sheet detent release velocity")
struct SheetReleaseVelocityTests {
    /// A 400x600 window with a bottom sheet at detents small (top 450), medium (300) and large (10).
    private func presentSheet(selected: SheetDetent.Identifier) -> (PresentationFixture, ViewController, BottomSheetPresentationController) {
        let fixture = PresentationFixture(size: Size(width: 400, height: 600))
        let sheet = ViewController()
        sheet.modalPresentationStyle = .bottomSheet
        fixture.root.present(sheet, animated: false)
        let controller = sheet.presentationController as! BottomSheetPresentationController
        controller.detents = [.custom(identifier: "small") { _ in 150 }, .medium(), .large()]
        controller.selectedDetentIdentifier = selected
        fixture.runUntilIdle()
        return (fixture, sheet, controller)
    }

    /// Drags the sheet from `start` at `speed` points per second (down positive) for `frames` frames,
    /// one move per frame, and lets go at once; returns the speed of the sheet's top over the last
    /// frame of the drag and its speed over the 0.1 ms after the release.
    private func flick(_ fixture: PresentationFixture, _ sheet: ViewController, from start: Point, speed: Double,
                       frames: Int) -> (finger: Double, sheet: Double) {
        var time = fixture.clock.now
        var location = start
        fixture.window.send(.pointerDown(location, button: 1, time: time))
        var lastTop = sheet.view.presentation.frame.minY, fingerSpeed = 0.0
        for _ in 1...frames {
            time += 1.0 / 60
            location.y += speed / 60
            fixture.window.send(.pointerMoved(location, time: time))
            fixture.window.setNeedsFrame()
            fixture.clock.step()
            let top = sheet.view.presentation.frame.minY
            fingerSpeed = (top - lastTop) * 60
            lastTop = top
        }
        fixture.window.send(.pointerUp(location, button: 1, time: time))
        fixture.window.setNeedsFrame()
        fixture.clock.advance(by: 0.0001)
        return (fingerSpeed, (sheet.view.presentation.frame.minY - lastTop) / 0.0001)
    }

    @Test func aFlickUpSpringsToTheLargestDetentAtTheFingersSpeed() {
        let (fixture, sheet, controller) = presentSheet(selected: .medium)
        #expect(sheet.view.presentation.frame.minY == 300)
        // 1200 points per second up for 6 frames: top 300 → 180, projected past the top, so large.
        let speeds = flick(fixture, sheet, from: Point(x: 200, y: 320), speed: -1200, frames: 6)
        #expect(abs(speeds.finger + 1200) < 1, "the sheet follows the finger while dragged: \(speeds.finger)")
        #expect(abs(speeds.sheet - speeds.finger) < 0.1 * abs(speeds.finger),
                "the spring starts at the finger's speed: \(speeds.finger) then \(speeds.sheet)")
        #expect(controller.selectedDetentIdentifier == .large)
        fixture.runUntilIdle()
        #expect(sheet.view.presentation.frame.minY == 10)
    }

    @Test func aFlickDownSpringsToTheNextDetentDownAtTheFingersSpeed() {
        let (fixture, sheet, controller) = presentSheet(selected: .large)
        #expect(sheet.view.presentation.frame.minY == 10)
        // 600 points per second down for 6 frames: top 10 → 70, projected to about 370: medium (300).
        let speeds = flick(fixture, sheet, from: Point(x: 200, y: 30), speed: 600, frames: 6)
        #expect(abs(speeds.finger - 600) < 1, "the sheet follows the finger while dragged: \(speeds.finger)")
        #expect(abs(speeds.sheet - speeds.finger) < 0.1 * abs(speeds.finger),
                "the spring starts at the finger's speed: \(speeds.finger) then \(speeds.sheet)")
        #expect(controller.selectedDetentIdentifier == .medium)
        fixture.runUntilIdle()
        #expect(sheet.view.presentation.frame.minY == 300)
    }

    /// A slow drag let go after a pause starts its spring from rest: the speed the spring starts with is
    /// the finger's at the release, not the drag's average.
    @Test func aReleaseAfterAPauseStartsFromRest() {
        let (fixture, sheet, controller) = presentSheet(selected: .medium)
        var time = fixture.clock.now
        let start = Point(x: 200, y: 320)
        fixture.window.send(.pointerDown(start, button: 1, time: time))
        for step in 1...6 {
            time += 1.0 / 60
            fixture.window.send(.pointerMoved(Point(x: 200, y: 320 - Double(step) * 10), time: time))
            fixture.clock.step()
        }
        fixture.clock.run(for: 0.3)
        let top = sheet.view.presentation.frame.minY
        fixture.window.send(.pointerUp(Point(x: 200, y: 260), button: 1, time: time + 0.3))
        fixture.window.setNeedsFrame()
        fixture.clock.advance(by: 0.0001)
        let speed = (sheet.view.presentation.frame.minY - top) / 0.0001
        #expect(abs(speed) < 5, "from rest: \(speed) points per second")
        #expect(controller.selectedDetentIdentifier == .medium, "top 240 is nearer 300 than 10")
        fixture.runUntilIdle()
        #expect(sheet.view.presentation.frame.minY == 300)
    }
}
