@testable import Proscenium
import Testing

/// The bottom sheet's dimming while it comes in, and its detent after a cancelled drag to dismiss.
@MainActor @Suite("Sheet dimming and detents under interleaving")
struct SheetDetentInterleavingTests {
    final class DetentLog: SheetPresentationControllerDelegate {
        var changes: [SheetDetent.Identifier?] = []
        func sheetPresentationControllerDidChangeSelectedDetentIdentifier(_ controller: BottomSheetPresentationController) {
            changes.append(controller.selectedDetentIdentifier)
        }
    }

    @Test func anUndimmedSheetNeverDarkensWhatIsAboveWhileItComesIn() {
        let fixture = PresentationFixture(size: Size(width: 600, height: 800))
        let presented = ViewController()
        presented.modalPresentationStyle = .bottomSheet
        let sheet = presented.presentationController as! BottomSheetPresentationController
        sheet.largestUndimmedDetentIdentifier = .medium
        fixture.root.present(presented, animated: true)
        var alphas: [Double] = []
        for _ in 0..<40 {
            fixture.frames(1)
            alphas.append(sheet.dimmingView.presentation.alpha)
        }
        #expect(alphas.allSatisfy { $0 < 0.01 }, "a black flash: \(alphas)")
    }

    @Test func aDimmedSheetFadesItsDimmingInFromNothing() {
        let fixture = PresentationFixture(size: Size(width: 600, height: 800))
        let presented = ViewController()
        presented.modalPresentationStyle = .bottomSheet
        let sheet = presented.presentationController as! BottomSheetPresentationController
        fixture.root.present(presented, animated: true)
        fixture.frames(1)
        var alphas = [sheet.dimmingView.presentation.alpha]
        fixture.runUntilIdle()
        alphas.append(sheet.dimmingView.presentation.alpha)
        #expect(alphas[0] < 0.1, "starts near 0, not at 1: \(alphas[0])")
        #expect(abs(alphas[1] - sheet.dimmingAlpha) < 0.001, "dimmed at every detent by default, as in UIKit")
    }

    @Test func aCancelledDragToDismissFromTheLargerDetentSettlesOnTheSmallerAndSaysSo() {
        let fixture = PresentationFixture(size: Size(width: 400, height: 600))
        let presented = ViewController()
        presented.modalPresentationStyle = .bottomSheet
        fixture.root.present(presented, animated: false)
        let sheet = presented.presentationController as! BottomSheetPresentationController
        let log = DetentLog()
        sheet.sheetDelegate = log
        sheet.detents = [.medium(), .large()]
        sheet.selectedDetentIdentifier = .large
        sheet.largestUndimmedDetentIdentifier = .medium
        fixture.runUntilIdle()
        let largeTop = presented.view.frame.minY
        // Down from the large detent past the medium one: the dismissal starts under the finger...
        var time = fixture.clock.now
        fixture.window.send(.pointerDown(Point(x: 200, y: largeTop + 10), button: 1, time: time))
        for step in 1...20 {
            time += 1.0 / 60
            fixture.window.send(.pointerMoved(Point(x: 200, y: largeTop + 10 + Double(step) * 17), time: time))
            fixture.clock.step()
        }
        #expect(presented.isBeingDismissed)
        // ...then back up a little and a slow release: cancelled.
        for step in 1...10 {
            time += 1.0 / 60
            fixture.window.send(.pointerMoved(Point(x: 200, y: largeTop + 350 - Double(step) * 5), time: time))
            fixture.clock.step()
        }
        fixture.window.send(.pointerUp(Point(x: 200, y: largeTop + 300), button: 1, time: time + 0.5))
        let problems = fixture.runCheckingEveryFrame()
        #expect(problems.isEmpty)
        #expect(presented.view.window === fixture.window, "still presented")
        let mediumTop = 600 - SheetDetent.medium().height(in: Size(width: 400, height: 600))
        #expect(abs(presented.view.frame.minY - mediumTop) < 0.5, "rests at the medium detent")
        #expect(sheet.selectedDetentIdentifier == .medium, "and says so")
        #expect(log.changes == [.medium], "the delegate heard of it once")
        #expect(sheet.dimmingView.alpha < 0.01, "undimmed at medium")
        // A resize keeps it there: nothing snaps.
        fixture.window.resize(to: Size(width: 400, height: 620))
        fixture.runUntilIdle()
        #expect(abs(presented.view.frame.minY - (620 - SheetDetent.medium().height(in: Size(width: 400, height: 620)))) < 0.5)
    }
}
