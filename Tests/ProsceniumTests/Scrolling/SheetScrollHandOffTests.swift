import Testing
@testable import Proscenium

/// A list inside a bottom sheet shares the finger with the sheet as UIKit's sheets do: up from a smaller
/// detent moves the sheet to its largest detent and then scrolls the list with the rest of the same
/// drag; down at the list's top moves the sheet; down while scrolled scrolls the list back first. The
/// content under the finger never jumps at the hand-over.
@MainActor @Suite("Sheet and list hand-over")
struct SheetScrollHandOffTests {
    final class ListSheet: ViewController {
        let list = ScrollView()
        override func viewDidLoad() {
            list.contentSize = Size(width: 400, height: 3000)
            view.addSubview(list)
        }
        override func viewDidLayoutSubviews() { list.frame = view.bounds }
    }

    /// A 400x600 window with the sheet at medium (top 300) or large (top 10).
    private func present(at detent: SheetDetent.Identifier) -> (PresentationFixture, ListSheet, BottomSheetPresentationController) {
        let fixture = PresentationFixture(size: Size(width: 400, height: 600))
        let sheet = ListSheet()
        sheet.modalPresentationStyle = .bottomSheet
        fixture.root.present(sheet, animated: false)
        let controller = sheet.presentationController as! BottomSheetPresentationController
        controller.detents = [.medium(), .large()]
        controller.selectedDetentIdentifier = detent
        fixture.runUntilIdle()
        return (fixture, sheet, controller)
    }

    /// Where the content's top edge is on screen: the sheet's top less the list's offset.
    private func contentTop(_ sheet: ListSheet) -> Double {
        sheet.view.presentation.frame.minY - sheet.list.contentOffset.y
    }

    /// Presses at `start`, moves `step` points a frame for `frames` frames, recording after each frame
    /// how far the content moved on screen; the button stays down.
    private func drag(_ fixture: PresentationFixture, _ sheet: ListSheet, from start: Point, step: Double,
                      frames: Int) -> (location: Point, moves: [Double]) {
        var location = start
        fixture.window.send(.pointerDown(location, button: 1, time: fixture.clock.now))
        var moves: [Double] = []
        for _ in 0..<frames {
            let before = contentTop(sheet)
            fixture.clock.advance(by: 1.0 / 60)
            location.y += step
            fixture.window.send(.pointerMoved(location, time: fixture.clock.now))
            fixture.window.setNeedsFrame()
            fixture.clock.advance(by: 0)
            moves.append(contentTop(sheet) - before)
        }
        return (location, moves)
    }

    @Test func upFromMediumGrowsTheSheetThenScrollsWithTheSameFinger() {
        let (fixture, sheet, controller) = present(at: .medium)
        #expect(sheet.view.presentation.frame.minY == 300)
        let (end, moves) = drag(fixture, sheet, from: Point(x: 200, y: 500), step: -20, frames: 30)
        // The first 10 points recognized the drag; of the 590 after them the sheet took 290 to reach the
        // large detent and the list the other 300.
        #expect(sheet.view.presentation.frame.minY == 10)
        #expect(sheet.list.contentOffset.y == 300)
        #expect(moves.dropFirst().allSatisfy { abs($0 + 20) < 1e-9 }, "one to one through the hand-over: \(moves)")
        fixture.window.send(.pointerUp(end, button: 1, time: fixture.clock.now))
        #expect(controller.selectedDetentIdentifier == .large)
        #expect(sheet.list.isDecelerating, "the list keeps the finger's speed")
        let released = sheet.list.contentOffset.y
        fixture.clock.advance(by: 1.0 / 60)
        let firstFrame = sheet.list.contentOffset.y - released
        #expect(abs(firstFrame - 20) < 1, "it glides on at 20 points a frame: \(firstFrame)")
        fixture.runUntilIdle()
        #expect(sheet.view.presentation.frame.minY == 10)
    }

    @Test func downAtTheListsTopMovesTheSheet() {
        let (fixture, sheet, controller) = present(at: .large)
        let (end, moves) = drag(fixture, sheet, from: Point(x: 200, y: 100), step: 15, frames: 14)
        #expect(sheet.list.contentOffset.y == 0, "the list does not rubber-band while the sheet moves")
        #expect(sheet.view.presentation.frame.minY == 10 + 14 * 15 - 10)
        #expect(moves.dropFirst().allSatisfy { abs($0 - 15) < 1e-9 })
        fixture.clock.run(for: 0.3)   // hold still, then let go: the nearest detent
        fixture.window.send(.pointerUp(end, button: 1, time: fixture.clock.now))
        fixture.runUntilIdle()
        #expect(controller.selectedDetentIdentifier == .medium)
        #expect(sheet.view.presentation.frame.minY == 300)
    }

    @Test func downWhileScrolledScrollsTheListBackFirst() {
        let (fixture, sheet, _) = present(at: .large)
        sheet.list.contentOffset = Point(x: 0, y: 100)
        let (_, moves) = drag(fixture, sheet, from: Point(x: 200, y: 100), step: 15, frames: 14)
        // 200 points after recognition: 100 bring the list to its top, 100 move the sheet.
        #expect(sheet.list.contentOffset.y == 0)
        #expect(sheet.view.presentation.frame.minY == 10 + 100)
        #expect(moves.dropFirst().allSatisfy { abs($0 - 15) < 1e-9 }, "\(moves)")
    }

    @Test func withoutExpandingTheListScrollsAtOnce() {
        let (fixture, sheet, controller) = present(at: .medium)
        controller.prefersScrollingExpandsWhenScrolledToEdge = false
        let (end, _) = drag(fixture, sheet, from: Point(x: 200, y: 500), step: -20, frames: 10)
        #expect(sheet.view.presentation.frame.minY == 300)
        #expect(sheet.list.contentOffset.y == 190)
        fixture.window.send(.pointerUp(end, button: 1, time: fixture.clock.now))
        fixture.runUntilIdle()
        #expect(controller.selectedDetentIdentifier == .medium)
    }

    @Test func theWheelScrollsTheListAndNeverTheSheet() {
        let (fixture, sheet, controller) = present(at: .medium)
        fixture.window.send(.scroll(Point(x: 200, y: 400), delta: Vector(dx: 0, dy: 3 * InputEvent.wheelNotchDistance),
                                    isPrecise: false, time: fixture.clock.now))
        fixture.runUntilIdle()
        #expect(sheet.list.contentOffset.y == 3 * InputEvent.wheelNotchDistance)
        fixture.window.send(.scroll(Point(x: 200, y: 400), delta: Vector(dx: 0, dy: -10 * InputEvent.wheelNotchDistance),
                                    isPrecise: false, time: fixture.clock.now))
        fixture.runUntilIdle()
        #expect(sheet.list.contentOffset.y == 0)
        #expect(sheet.view.presentation.frame.minY == 300)
        #expect(controller.selectedDetentIdentifier == .medium)
    }

    @Test("down past the smallest detent starts the dismissal; back up in the same drag the sheet follows the finger up to its largest detent, then the list scrolls")
    func downIntoTheDismissalThenBackUp() {
        let (fixture, sheet, controller) = present(at: .medium)
        var location = Point(x: 200, y: 400)
        fixture.window.send(.pointerDown(location, button: 1, time: fixture.clock.now))
        func move(_ dy: Double) {
            fixture.clock.advance(by: 1.0 / 60)
            location.y += dy
            fixture.window.send(.pointerMoved(location, time: fixture.clock.now))
            fixture.window.setNeedsFrame()
            fixture.clock.advance(by: 0)
        }
        for _ in 0..<6 { move(20) }
        #expect(controller.isDismissing, "the dismissal follows the finger")
        var tops: [Double] = []
        for _ in 0..<20 {
            move(-20)
            tops.append(sheet.view.presentation.frame.minY)
        }
        #expect(!controller.isDismissing, "called off")
        #expect(tops.last! < 300 - 200, "the sheet rose with the finger: \(tops)")
        #expect(zip(tops.dropFirst(3), tops.dropFirst(4)).allSatisfy { $1 < $0 }, "no dead zone on the way up: \(tops)")
        for _ in 0..<20 { move(-20) }
        #expect(sheet.view.presentation.frame.minY == 10 && sheet.list.contentOffset.y > 0, "at large, then the list scrolls")
        fixture.window.send(.pointerUp(location, button: 1, time: fixture.clock.now))
        fixture.runUntilIdle()
        #expect(fixture.root.presentedViewController === sheet && controller.selectedDetentIdentifier == .large)
    }
}
