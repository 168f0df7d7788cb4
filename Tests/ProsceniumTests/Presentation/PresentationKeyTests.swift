import Testing
import Proscenium

/// Escape that nobody handles dismisses the top presentation only, unless it refuses.
@MainActor @Suite("Escape and presentations")
struct PresentationKeyTests {
    private func stack(_ fixture: PresentationFixture) -> (ViewController, ViewController) {
        let first = ViewController()
        first.modalPresentationStyle = .formSheet
        let second = ViewController()
        second.modalPresentationStyle = .alert
        fixture.root.present(first, animated: false)
        first.present(second, animated: false)
        return (first, second)
    }

    @Test func escapeDismissesOnlyTheTopPresentation() {
        let fixture = PresentationFixture()
        let (first, second) = stack(fixture)
        fixture.window.send(.keyDown(.escape, time: 0))
        #expect(second.isBeingDismissed)
        #expect(!first.isBeingDismissed)
        fixture.runUntilIdle()
        #expect(fixture.window.presentedViewControllers.count == 1)
        #expect(fixture.window.presentedViewControllers.first === first)
    }

    @Test func escapeIsRefusedByAPresentationThatIsModalInPresentation() {
        let fixture = PresentationFixture()
        let (first, second) = stack(fixture)
        second.isModalInPresentation = true
        fixture.window.send(.keyDown(.escape, time: 0))
        fixture.runUntilIdle()
        #expect(fixture.window.presentedViewControllers.count == 2)
        #expect(!first.isBeingDismissed)
    }

    @Test func escapeAFirstResponderHandlesDoesNotDismiss() {
        let fixture = PresentationFixture()
        let (_, second) = stack(fixture)
        let field = KeyProbeView(frame: Rect(x: 0, y: 0, width: 50, height: 20))
        second.view.addSubview(field)
        #expect(field.becomeFirstResponder())
        fixture.window.send(.keyDown(.escape, time: 0))
        #expect(field.keys == [.escape])
        #expect(!second.isBeingDismissed)
    }
}
