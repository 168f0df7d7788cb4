import Testing
import Proscenium

/// A window resized while the user drags a bottom sheet down to dismiss it: if the drag is let go and the
/// sheet comes back, it comes back at the new width, not at the one the dismissal started with.
@MainActor @Suite struct SheetResizeDuringDismissalTests {
    @Test func aCancelledDismissalFollowsAResizeMadeDuringIt() throws {
        let fixture = PresentationFixture(size: Size(width: 400, height: 600))
        let sheet = ViewController()
        sheet.modalPresentationStyle = .bottomSheet
        fixture.root.present(sheet, animated: false)
        let controller = try #require(sheet.presentationController as? BottomSheetPresentationController)
        controller.detents = [.custom(identifier: "small") { _ in 150 }, .large()]
        fixture.frames(1)
        #expect(sheet.view.frame == Rect(x: 0, y: 450, width: 400, height: 150))

        var ends: [Bool?] = []
        fixture.window.presentationObserver = { if $0.kind == .dismissalDidEnd { ends.append($0.completed) } }
        // Down by 50 from the smallest detent: the interactive dismissal runs.
        var time = fixture.clock.now
        let start = Point(x: 200, y: 470)
        fixture.window.send(.pointerDown(start, button: 1, time: time))
        for step in 1...10 {
            time += 1.0 / 60
            fixture.window.send(.pointerMoved(Point(x: 200, y: start.y + 5 * Double(step)), time: time))
            fixture.clock.step()
        }
        #expect(sheet.isBeingDismissed)
        fixture.window.resize(to: Size(width: 300, height: 600))
        fixture.frames(3)
        // Let go slowly, above half-way: the sheet comes back.
        fixture.window.send(.pointerUp(Point(x: 200, y: 520), button: 1, time: time + 0.4))
        fixture.runUntilIdle()
        #expect(ends == [false])
        #expect(fixture.root.presentedViewController === sheet)
        #expect(controller.frameOfPresentedViewInContainerView == Rect(x: 0, y: 450, width: 300, height: 150))
        #expect(sheet.view.frame == controller.frameOfPresentedViewInContainerView, "at the new width")
        #expect(sheet.view.presentation.frame == sheet.view.frame)
    }
}
