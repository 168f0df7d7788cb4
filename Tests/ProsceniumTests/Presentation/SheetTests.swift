import Testing
import Proscenium

/// Bottom-sheet detents: heights, selection, dimming above the largest undimmed detent, dragging between
/// detents with projected releases and rubber-banding, and drag-to-dismiss.
@MainActor @Suite("Bottom sheet detents and dragging")
struct SheetTests {
    /// Records detent changes.
    final class DetentLog: SheetPresentationControllerDelegate {
        var changes: [SheetDetent.Identifier?] = []
        func sheetPresentationControllerDidChangeSelectedDetentIdentifier(_ controller: BottomSheetPresentationController) {
            changes.append(controller.selectedDetentIdentifier)
        }
    }

    /// A 400x600 window with a bottom sheet at detents small (150), medium (300) and large (590).
    private func presentSheet(selected: SheetDetent.Identifier? = nil) -> (PresentationFixture, ViewController, BottomSheetPresentationController, DetentLog) {
        let fixture = PresentationFixture(size: Size(width: 400, height: 600))
        let sheet = ViewController()
        sheet.modalPresentationStyle = .bottomSheet
        fixture.root.present(sheet, animated: false)
        let controller = sheet.presentationController as! BottomSheetPresentationController
        let log = DetentLog()
        controller.sheetDelegate = log
        controller.detents = [.custom(identifier: "small") { _ in 150 }, .medium(), .large()]
        controller.selectedDetentIdentifier = selected
        fixture.frames(1)
        return (fixture, sheet, controller, log)
    }

    /// Drags from `start` by `dy` over `steps` moves 1/60 s apart, then releases after `pause` seconds.
    private func drag(_ fixture: PresentationFixture, from start: Point, by dy: Double, steps: Int, pause: Double = 0) {
        var time = fixture.clock.now
        fixture.window.send(.pointerDown(start, button: 1, time: time))
        for step in 1...steps {
            time += 1.0 / 60
            fixture.window.send(.pointerMoved(Point(x: start.x, y: start.y + dy * Double(step) / Double(steps)), time: time))
            fixture.clock.step()
        }
        time += pause
        fixture.window.send(.pointerUp(Point(x: start.x, y: start.y + dy), button: 1, time: time))
    }

    @Test func detentHeightsFollowTheContainer() {
        for size in [Size(width: 400, height: 600), Size(width: 800, height: 1000)] {
            #expect(SheetDetent.medium().height(in: size) == size.height / 2)
            #expect(SheetDetent.large().height(in: size) == size.height - SheetDetent.largeTopMargin)
            #expect(SheetDetent.custom(identifier: "x") { $0.height * 2 }.height(in: size) == size.height, "kept inside")
        }
    }

    @Test func theSheetRestsAtItsSelectedDetent() {
        let (fixture, sheet, controller, _) = presentSheet()
        #expect(sheet.view.frame == Rect(x: 0, y: 450, width: 400, height: 150), "the smallest by default")
        controller.selectedDetentIdentifier = .large
        fixture.frames(1)
        let large = Rect(x: 0, y: 10, width: 400, height: 590)
        #expect(controller.frameOfPresentedViewInContainerView == large, "the selected detent's frame")
        #expect(sheet.view.frame == large, "the sheet's model frame is that frame")
        #expect(sheet.view.presentation.frame == large, "and it is at rest there on screen")
    }

    @Test func animatedDetentChangesSpringAndAreReported() {
        let (fixture, sheet, controller, log) = presentSheet()
        controller.setSelectedDetent(.medium, animated: true)
        fixture.clock.step()
        #expect(sheet.view.presentation.frame.minY < 450 && sheet.view.presentation.frame.minY > 300, "on its way")
        fixture.runUntilIdle()
        #expect(sheet.view.presentation.frame == Rect(x: 0, y: 300, width: 400, height: 300))
        #expect(log.changes == [.medium])
    }

    @Test func aSlowReleaseLandsOnTheNearestDetent() {
        let (fixture, sheet, controller, log) = presentSheet(selected: .medium)
        drag(fixture, from: Point(x: 200, y: 320), by: -90, steps: 30, pause: 0.3) // top 300 → 210: nearer 300 than 10
        fixture.runUntilIdle()
        #expect(controller.selectedDetentIdentifier == .medium)
        #expect(sheet.view.frame.minY == 300)
        drag(fixture, from: Point(x: 200, y: 320), by: -200, steps: 30, pause: 0.3) // top 100: nearer 10
        fixture.runUntilIdle()
        #expect(controller.selectedDetentIdentifier == .large)
        #expect(sheet.view.presentation.frame.minY == 10)
        #expect(log.changes == [.large])
    }

    @Test func aFastFlickSkipsADetent() {
        let (fixture, _, controller, _) = presentSheet(selected: nil)
        // From small (top 450) a quick 60-point flick up: the projection passes medium and reaches large.
        drag(fixture, from: Point(x: 200, y: 470), by: -60, steps: 3)
        fixture.runUntilIdle()
        #expect(controller.selectedDetentIdentifier == .large)
    }

    @Test func draggingAboveTheLargestDetentRubberBands() {
        let (fixture, sheet, _, _) = presentSheet(selected: .large)
        var time = fixture.clock.now
        fixture.window.send(.pointerDown(Point(x: 200, y: 40), button: 1, time: time))
        for y in stride(from: 30.0, through: -200, by: -10) {
            time += 1.0 / 60
            fixture.window.send(.pointerMoved(Point(x: 200, y: y), time: time))
        }
        fixture.clock.step()
        let top = sheet.view.frame.minY
        #expect(top < 10 && top > 10 - 80, "it gives, but far less than the finger: \(top)")
        fixture.window.send(.pointerUp(Point(x: 200, y: -200), button: 1, time: time + 0.5))
        fixture.runUntilIdle()
        #expect(sheet.view.presentation.frame.minY == 10, "and springs back")
    }

    @Test func theDimmingShowsOnlyAboveTheLargestUndimmedDetent() {
        let (fixture, sheet, controller, _) = presentSheet(selected: .medium)
        controller.largestUndimmedDetentIdentifier = .medium
        fixture.frames(1)
        #expect(controller.dimmingView.alpha == 0)
        #expect(fixture.window.hitTest(Point(x: 40, y: 40), with: nil) === fixture.root.button, "usable above the sheet")
        controller.setSelectedDetent(.large, animated: false)
        fixture.frames(1)
        #expect(controller.dimmingView.alpha == 0.4)
        #expect(sheet.view.frame.minY == 10)
        #expect(fixture.window.hitTest(Point(x: 40, y: 5), with: nil) === controller.dimmingView, "blocked above the sheet")
    }

    @Test func aDownwardFlickDismissesWithTheReleaseVelocity() {
        let (fixture, sheet, _, _) = presentSheet(selected: nil)
        var dismissed = false
        fixture.window.presentationObserver = { if $0.kind == .dismissalDidEnd { dismissed = $0.completed == true } }
        var time = fixture.clock.now
        fixture.window.send(.pointerDown(Point(x: 200, y: 470), button: 1, time: time))
        var lastTop = sheet.view.presentation.frame.minY, lastSpeed = 0.0
        for step in 1...6 {
            time += 1.0 / 60
            fixture.window.send(.pointerMoved(Point(x: 200, y: 470 + Double(step) * 12), time: time))
            fixture.clock.step()
            let top = sheet.view.presentation.frame.minY
            lastSpeed = (top - lastTop) * 60
            lastTop = top
        }
        #expect(sheet.isBeingDismissed, "below the smallest detent the drag drives the dismissal")
        fixture.window.send(.pointerUp(Point(x: 200, y: 542), button: 1, time: time))
        fixture.clock.advance(by: 0.0001)
        let top = sheet.view.presentation.frame.minY
        let speed = (top - lastTop) / 0.0001
        #expect(abs(speed - lastSpeed) < 0.25 * lastSpeed, "the spring starts at the finger's speed: \(lastSpeed) then \(speed)")
        fixture.runUntilIdle()
        #expect(dismissed)
        #expect(fixture.root.presentedViewController == nil)
    }

    @Test func aSlowReleaseAboveHalfWayCancelsTheDismissal() {
        let (fixture, sheet, controller, _) = presentSheet(selected: nil)
        var ends: [Bool?] = []
        fixture.window.presentationObserver = { if $0.kind == .dismissalDidEnd { ends.append($0.completed) } }
        drag(fixture, from: Point(x: 200, y: 470), by: 50, steps: 20, pause: 0.4)
        fixture.runUntilIdle()
        #expect(ends == [false])
        #expect(fixture.root.presentedViewController === sheet)
        #expect(sheet.view.frame == controller.frameOfPresentedViewInContainerView)
        #expect(sheet.view.presentation.frame.minY == 450)
    }

    @Test func aSheetThatIsModalInPresentationStaysAtItsSmallestDetent() {
        let (fixture, sheet, _, _) = presentSheet(selected: .medium)
        sheet.isModalInPresentation = true
        drag(fixture, from: Point(x: 200, y: 320), by: 300, steps: 4) // a hard flick down from medium
        fixture.runUntilIdle()
        #expect(fixture.root.presentedViewController === sheet)
        #expect(sheet.view.presentation.frame.minY == 450, "it lands on the smallest detent instead")
    }

    @Test func theGrabberSitsAtTheTopOfTheSheet() {
        let (fixture, sheet, controller, _) = presentSheet(selected: .medium)
        controller.prefersGrabberVisible = true
        fixture.frames(1)
        let grabber = try! #require(sheet.view.view(withIdentifier: "grabber"))
        #expect(grabber.superview === sheet.view && sheet.view.subviews.last === grabber)
        #expect(grabber.frame == Rect(x: 182, y: 6, width: 36, height: 5))
        controller.prefersGrabberVisible = false
        #expect(sheet.view.view(withIdentifier: "grabber") == nil)
    }

    /// Records what a sheet's presentation controller asks and tells its delegate about a user's dismissal.
    final class DismissalLog: AdaptivePresentationControllerDelegate {
        var calls: [String] = []
        func presentationControllerShouldDismiss(_ controller: PresentationController) -> Bool {
            calls.append("should")
            return true
        }
        func presentationControllerDidAttemptToDismiss(_ controller: PresentationController) { calls.append("attempt") }
        func presentationControllerWillDismiss(_ controller: PresentationController) { calls.append("will") }
        func presentationControllerDidDismiss(_ controller: PresentationController) { calls.append("did") }
    }

    /// A click at `point` in the fixture's window.
    private func click(_ fixture: PresentationFixture, at point: Point) {
        fixture.window.send(.pointerDown(point, button: 1, time: fixture.clock.now))
        fixture.window.send(.pointerUp(point, button: 1, time: fixture.clock.now))
    }

    @Test("a click on the dimming above a sheet dismisses it as the user's dismissal; refused when modal in presentation")
    func clickingTheDimmingDismisses() {
        let (fixture, sheet, controller, _) = presentSheet()
        let log = DismissalLog()
        controller.delegate = log
        sheet.isModalInPresentation = true
        click(fixture, at: Point(x: 200, y: 100))
        fixture.runUntilIdle()
        #expect(fixture.root.presentedViewController === sheet && log.calls == ["attempt"])
        sheet.isModalInPresentation = false
        click(fixture, at: Point(x: 200, y: 100))
        fixture.runUntilIdle()
        #expect(fixture.root.presentedViewController == nil)
        #expect(log.calls == ["attempt", "should", "will", "did"])
    }

    @Test("at or below the largest undimmed detent a click above the sheet reaches the content instead")
    func undimmedClicksPassThrough() {
        let (fixture, sheet, controller, _) = presentSheet()
        controller.largestUndimmedDetentIdentifier = .medium
        fixture.frames(1)
        click(fixture, at: Point(x: 200, y: 100))
        fixture.runUntilIdle()
        #expect(fixture.root.presentedViewController === sheet)
    }

    @Test("animateChanges fades the dimming when the largest undimmed detent changes, with the sheet's spring")
    func animatedUndimmedChangeFades() {
        let (fixture, _, controller, _) = presentSheet(selected: .large)
        #expect(controller.dimmingView.alpha == controller.dimmingAlpha)
        controller.animateChanges { controller.largestUndimmedDetentIdentifier = .large }
        fixture.clock.step()
        let shown = controller.dimmingView.presentation.alpha
        #expect(shown > 0 && shown < controller.dimmingAlpha, "on its way, not snapped: \(shown)")
        fixture.runUntilIdle()
        #expect(controller.dimmingView.presentation.alpha == 0)
        // Outside animateChanges it follows at once, as before.
        controller.largestUndimmedDetentIdentifier = .medium
        #expect(controller.dimmingView.alpha == controller.dimmingAlpha)
    }
}
