import Testing
import Proscenium

/// Nothing a presentation made outlives its dismissal: the presentation controller, its chrome, its
/// container and the presented controller (when nothing else holds it) are freed.
@MainActor @Suite("Presentation lifetime")
struct PresentationLifetimeTests {
    @Test(arguments: [ModalPresentationStyle.custom, .fullScreen, .overFullScreen, .formSheet, .bottomSheet, .popover, .alert])
    func nothingOfAPresentationSurvivesItsDismissal(style: ModalPresentationStyle) {
        let fixture = PresentationFixture()
        let delegate = LoggingDelegate(log: fixture.log)
        weak var weakPresented: ViewController?
        weak var weakController: PresentationController?
        weak var weakContainer: View?
        weak var weakView: View?
        do {
            let presented = fixture.makePresented(delegate: delegate)
            presented.modalPresentationStyle = style
            presented.popoverPresentationController?.sourceView = fixture.root.button
            fixture.root.present(presented, animated: true)
            fixture.runUntilIdle()
            weakPresented = presented
            weakController = presented.presentationController
            weakContainer = presented.presentationController?.containerView
            weakView = presented.view
            presented.dismiss(animated: true)
        }
        fixture.runUntilIdle()
        #expect(weakPresented == nil)
        #expect(weakController == nil)
        #expect(weakContainer == nil)
        #expect(weakView == nil)
        #expect(fixture.window.animationEngine.animationCount == 0)
    }

    @Test func aPresentedControllerHeldElsewhereIsReleasedByThePresentation() {
        let fixture = PresentationFixture()
        let delegate = LoggingDelegate(log: fixture.log)
        let presented = fixture.makePresented(delegate: delegate)
        weak var weakController: PresentationController?
        fixture.root.present(presented, animated: false)
        weakController = presented.presentationController
        presented.dismiss(animated: false)
        #expect(weakController == nil)
        #expect(presented.presentationController == nil)
        #expect(presented.presentingViewController == nil)
    }

    @Test func aThousandCyclesLeaveNothingBehind() {
        let fixture = PresentationFixture()
        let delegate = LoggingDelegate(log: fixture.log)
        let viewsBefore = fixture.window.allViews().count
        var weakControllers: [() -> AnyObject?] = []
        for cycle in 0..<1000 {
            let presented = fixture.makePresented(delegate: delegate)
            presented.modalPresentationStyle = [.custom, .formSheet, .bottomSheet, .alert][cycle % 4]
            let animated = cycle % 2 == 0
            fixture.root.present(presented, animated: animated)
            fixture.clock.run(for: 0.1)
            presented.dismiss(animated: animated)
            fixture.runUntilIdle()
            if cycle % 100 == 0 {
                weak var weakPresented = presented
                weak var weakController = presented.presentationController
                weakControllers.append({ weakPresented })
                weakControllers.append({ weakController })
            }
            fixture.log.entries.removeAll()
        }
        #expect(weakControllers.allSatisfy { $0() == nil })
        #expect(fixture.window.presentedViewControllers.isEmpty)
        #expect(fixture.window.animationEngine.animationCount == 0)
        #expect(!fixture.window.animationEngine.hasRunningAnimations)
        // The presentation layer stays once made; everything in it is gone.
        #expect(fixture.window.allViews().count <= viewsBefore + 1)
    }
}
