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
            // Taken while everything is alive and shown.
            weakPresented = presented
            weakController = presented.presentationController
            weakContainer = presented.presentationController?.containerView
            weakView = presented.view
            presented.dismiss(animated: true)
        }
        #expect(weakPresented != nil, "\(style): the presented controller is alive while it leaves")
        #expect(weakController != nil, "\(style): so is its presentation controller")
        #expect(weakContainer != nil, "\(style): and the container")
        #expect(weakContainer?.window === fixture.window, "\(style): the container is in the window while the dismissal runs")
        #expect(weakView?.window === fixture.window, "\(style): so is the presented view")
        fixture.runUntilIdle()
        #expect(weakPresented == nil, "\(style)")
        #expect(weakController == nil, "\(style)")
        #expect(weakContainer == nil, "\(style)")
        #expect(weakView == nil, "\(style)")
        #expect(fixture.window.animationEngine.animationCount == 0)
    }

    @Test func aPresentedControllerHeldElsewhereIsReleasedByThePresentation() {
        let fixture = PresentationFixture()
        let delegate = LoggingDelegate(log: fixture.log)
        let presented = fixture.makePresented(delegate: delegate)
        weak var weakController: PresentationController?
        weak var weakContainer: View?
        fixture.root.present(presented, animated: false)
        weakController = presented.presentationController
        weakContainer = presented.presentationController?.containerView
        #expect(weakController != nil, "taken while presented")
        #expect(weakContainer != nil)
        #expect(presented.presentingViewController === fixture.root)
        presented.dismiss(animated: false)
        #expect(weakController == nil, "the presentation controller went with the presentation")
        #expect(weakContainer == nil)
        #expect(presented.presentingViewController == nil)
        #expect(fixture.root.presentedViewController == nil)
        withExtendedLifetime(delegate) {}
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
            if cycle % 100 < 4 {
                // Taken while the presentation is up (each style, animated or not), so they must be alive
                // now and gone at the end.
                weak let weakPresented = presented
                weak let weakController = presented.presentationController
                weak let weakContainer = presented.presentationController?.containerView
                #expect(weakController != nil && weakContainer != nil, "cycle \(cycle)")
                weakControllers.append({ weakPresented })
                weakControllers.append({ weakController })
                weakControllers.append({ weakContainer })
            }
            fixture.clock.run(for: 0.1)
            presented.dismiss(animated: animated)
            fixture.runUntilIdle()
            fixture.log.entries.removeAll()
        }
        #expect(weakControllers.count == 120)
        #expect(weakControllers.allSatisfy { $0() == nil })
        #expect(fixture.window.presentedViewControllers.isEmpty)
        #expect(fixture.window.animationEngine.animationCount == 0)
        #expect(!fixture.window.animationEngine.hasRunningAnimations)
        // The presentation layer stays once made; everything in it is gone.
        #expect(fixture.window.allViews().count <= viewsBefore + 1)
    }
}
