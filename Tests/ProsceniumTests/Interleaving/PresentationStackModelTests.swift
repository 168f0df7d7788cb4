@testable import Proscenium
import Testing

/// The reference model of the stack, stepped by a window's events, agrees with a window that behaves and
/// catches a planted divergence of each kind the soak and the fuzz look for.
@MainActor @Suite("The presentation stack's reference model")
struct PresentationStackModelTests {
    /// A window with `names` presented one above the other (form sheets), settled, and a model that
    /// heard every event.
    @MainActor private struct Stack {
        let fixture = PresentationFixture(size: Size(width: 500, height: 600))
        let model: PresentationStackModel
        var controllers: [LoggingViewController] = []

        init(_ names: [String]) {
            model = PresentationStackModel(window: fixture.window)
            let model = self.model
            fixture.window.presentationObserver = { model.record($0) }
            var presenter: ViewController = fixture.root
            for name in names {
                let controller = LoggingViewController(name, log: fixture.log)
                controller.modalPresentationStyle = .formSheet
                presenter.present(controller, animated: true)
                fixture.runUntilIdle()
                controllers.append(controller)
                presenter = controller
            }
        }
    }

    @Test func aWindowThatBehavesAgreesWithTheModelThroughEveryFrame() {
        let stack = Stack(["lower", "upper"])
        #expect(stack.model.divergences(settled: true).isEmpty)
        stack.fixture.root.dismiss(animated: true)
        for _ in 0..<90 {
            stack.fixture.clock.step()
            #expect(stack.model.divergences().isEmpty)
        }
        #expect(stack.model.divergences(settled: true).isEmpty)
        #expect(stack.fixture.window.presentedViewControllers.isEmpty)
    }

    @Test func aWrongOrderIsCaught() {
        let stack = Stack(["lower", "upper"])
        stack.fixture.window.presentations.reverse()
        #expect(stack.model.divergences().contains { $0.contains("the window presents") })
    }

    @Test func aLeavingControllerReportedAppearedIsCaught() {
        let stack = Stack(["only"])
        stack.controllers[0].dismiss(animated: true)
        stack.fixture.frames(2)
        #expect(stack.model.divergences().isEmpty)
        stack.controllers[0].appearanceState = .appeared
        #expect(stack.model.divergences().contains { $0.contains("is leaving but reported appearing or appeared") })
    }

    @Test func aWaitingDismissalIsCaught() {
        let stack = Stack(["lower", "upper"])
        stack.controllers[1].dismiss(animated: true)
        stack.fixture.frames(2)
        // Planted: the dismissal loses its transition, so nothing will ever end it.
        let presentation = try! #require(stack.controllers[1].presentation)
        presentation.transition?.abandon()
        stack.fixture.runUntilIdle()
        #expect(stack.model.divergences(settled: true).contains { $0.contains("is still leaving after everything settled: its dismissal waits") })
    }

    @Test func aLowerControllerLeavingUnderOneThatStaysIsCaught() {
        let stack = Stack(["lower", "upper"])
        // Planted: the lower one reports a dismissal of its own while the upper one stays.
        stack.model.record(PresentationEvent(kind: .dismissalWillBegin, controller: stack.controllers[0], completed: nil,
                                             style: .formSheet))
        #expect(stack.model.divergences().contains { $0.contains("stays above") })
    }

    @Test func aMisplacedViewIsCaught() {
        let stack = Stack(["only"])
        #expect(stack.model.divergences(settled: true).isEmpty)
        stack.controllers[0].view.frame.origin.y += 40
        #expect(stack.model.divergences(settled: true).contains { $0.contains("rests at") })
    }
}
