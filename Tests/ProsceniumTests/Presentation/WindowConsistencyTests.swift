@testable import Proscenium
import Testing

/// `Window.consistencyProblems()`, the self-check the soak, the fuzz and `--self-check` run after every
/// frame: a healthy window reports nothing at any moment of any style's presentation, and each kind of
/// fault it looks for, planted through the internal API, is reported with its own sentence.
@Suite @MainActor struct WindowConsistencyTests {
    // MARK: - Healthy windows

    @Test func aWindowThroughAPresentationsLifeHasNoProblems() {
        let fx = PresentationFixture()
        let delegate = LoggingDelegate(log: fx.log)
        let presented = fx.makePresented(delegate: delegate)
        #expect(fx.window.consistencyProblems().isEmpty)
        fx.root.present(presented, animated: true)
        fx.frames(5)
        #expect(fx.window.consistencyProblems().isEmpty)
        fx.runUntilIdle()
        #expect(fx.window.consistencyProblems().isEmpty)
        presented.dismiss(animated: true)
        fx.frames(3)
        #expect(fx.window.consistencyProblems().isEmpty)
        fx.runUntilIdle()
        #expect(fx.window.consistencyProblems().isEmpty)
    }

    /// Every built-in style, with a second presentation stacked on it, checked after every frame of both
    /// presentations and of the dismissal that takes both away.
    @Test(arguments: [ModalPresentationStyle.custom, .fullScreen, .overFullScreen, .formSheet, .bottomSheet, .popover, .alert])
    func everyFrameOfAStackedPresentationIsHealthy(style: ModalPresentationStyle) {
        let fx = PresentationFixture()
        let delegate = LoggingDelegate(log: fx.log)
        let lower = fx.makePresented("lower", delegate: delegate)
        lower.modalPresentationStyle = style
        lower.popoverPresentationController?.sourceView = fx.root.button
        let upper = fx.makePresented("upper", delegate: delegate)
        upper.modalPresentationStyle = .formSheet
        var frame = 0
        func checkEveryFrame(_ stage: String) {
            var elapsed = 0.0
            repeat {
                let problems = fx.window.consistencyProblems()
                #expect(problems.isEmpty, "\(style), \(stage), frame \(frame): \(problems)")
                fx.clock.step()
                frame += 1
                elapsed += fx.clock.interval
            } while (fx.window.animationEngine.hasRunningAnimations || fx.clock.needsFrame) && elapsed < 5
            #expect(fx.window.consistencyProblems().isEmpty, "\(style), \(stage), at rest")
        }
        fx.root.present(lower, animated: true)
        checkEveryFrame("presenting the lower one")
        lower.present(upper, animated: true)
        checkEveryFrame("presenting the upper one")
        #expect(fx.window.presentedViewControllers.count == 2)
        // As in UIKit, the presenter's dismiss takes what it presented and everything above it.
        fx.root.dismiss(animated: true)
        checkEveryFrame("dismissing both")
        #expect(fx.window.presentedViewControllers.isEmpty)
    }

    @Test func theWindowGoesBackToItsOwnViewsOnceNothingIsPresented() {
        let fx = PresentationFixture()
        let before = fx.window.subviews.count
        let delegate = LoggingDelegate(log: fx.log)
        let presented = fx.makePresented(delegate: delegate)
        fx.root.present(presented, animated: true)
        fx.runUntilIdle()
        #expect(fx.window.subviews.count == before + 1, "the presentation layer")
        presented.dismiss(animated: true)
        fx.runUntilIdle()
        #expect(fx.window.subviews.count == before)
    }

    // MARK: - The view tree, each fault planted

    /// A view that lists its one subview twice, as a tree whose bookkeeping went wrong would.
    final class ListsItsSubviewTwice: View {
        override var subviews: [View] { super.subviews + super.subviews }
    }

    /// A view that names another superview than the one it sits in.
    final class NamesAnotherSuperview: View {
        var claimed: View?
        override var superview: View? { claimed ?? super.superview }
    }

    @Test func aViewInTheTreeTwiceIsReported() {
        let fx = PresentationFixture()
        let parent = ListsItsSubviewTwice()
        let child = View()
        child.identifier = "twice"
        parent.addSubview(child)
        fx.root.view.addSubview(parent)
        #expect(fx.window.consistencyProblems() == ["View 'twice' appears twice in the tree"])
        child.removeFromSuperview()
        #expect(fx.window.consistencyProblems().isEmpty)
    }

    @Test func aViewWhoseWindowIsAnotherIsReported() {
        let fx = PresentationFixture()
        // A window nested in another window's tree is its own window: everything in it names another.
        let nested = Window(size: Size(width: 50, height: 50), clock: ManualFrameClock())
        nested.identifier = "nested"
        let inside = View()
        inside.identifier = "inside"
        nested.addSubview(inside)
        fx.root.view.addSubview(nested)
        #expect(fx.window.consistencyProblems() == [
            "Window 'nested' is in the window's tree but its window is another",
            "View 'inside' is in the window's tree but its window is another",
        ])
        nested.removeFromSuperview()
        #expect(fx.window.consistencyProblems().isEmpty)
    }

    @Test func aSubviewNamingAnotherSuperviewIsReported() {
        let fx = PresentationFixture()
        let liar = NamesAnotherSuperview()
        liar.identifier = "liar"
        fx.root.view.addSubview(liar)
        #expect(fx.window.consistencyProblems().isEmpty, "healthy while it tells the truth")
        liar.claimed = fx.root.button
        #expect(fx.window.consistencyProblems() == ["NamesAnotherSuperview 'liar' is a subview of View 'root' but names another superview"])
        liar.claimed = nil
        #expect(fx.window.consistencyProblems().isEmpty)
    }

    // MARK: - Presentations, each fault planted

    /// A fixture with `presented` shown at rest (not animated) over the root, and its presentation.
    private func presentedAtRest() -> (PresentationFixture, LoggingDelegate, LoggingViewController, Presentation) {
        let fx = PresentationFixture()
        let delegate = LoggingDelegate(log: fx.log)
        let presented = fx.makePresented(delegate: delegate)
        fx.root.present(presented, animated: false)
        fx.frames(1)
        let presentation = fx.window.presentations.first!
        return (fx, delegate, presented, presentation)
    }

    @Test func aControllerPresentedTwiceIsReported() throws {
        let (fx, delegate, presented, presentation) = presentedAtRest()
        defer { withExtendedLifetime(delegate) {} }
        #expect(fx.window.consistencyProblems().isEmpty)
        #expect(presented.presentation === presentation)
        fx.window.presentations.append(presentation)
        #expect(fx.window.consistencyProblems() == ["LoggingViewController is presented twice in the window"])
        fx.window.presentations.removeLast()
        #expect(fx.window.consistencyProblems().isEmpty)
    }

    @Test func aControllerPointingAtAnotherPresentationIsReported() throws {
        let (fx, delegate, lower, lowerPresentation) = presentedAtRest()
        let upper = fx.makePresented("upper", delegate: delegate)
        lower.present(upper, animated: false)
        fx.frames(1)
        #expect(fx.window.consistencyProblems().isEmpty)
        let upperPresentation = try #require(fx.window.presentations.last)
        #expect(upperPresentation !== lowerPresentation)
        // The controller's presentation controller is read through its presentation, so pointing at
        // another presentation also names another presentation controller.
        lower.presentation = upperPresentation
        #expect(fx.window.consistencyProblems() == [
            "LoggingViewController does not point back at its presentation",
            "LoggingViewController names another presentation controller than its presentation's",
        ])
        lower.presentation = lowerPresentation
        #expect(fx.window.consistencyProblems().isEmpty)
    }

    /// The presentation's presentation controller swapped for one that presents another controller. The
    /// sentence for it must be among what is reported (other links break with it).
    @Test func aPresentationControllerPresentingAnotherControllerIsReported() {
        let (fx, delegate, _, presentation) = presentedAtRest()
        defer { withExtendedLifetime(delegate) {} }
        let original = presentation.presentationController
        let other = LoggingViewController("other", log: fx.log)
        presentation.presentationController = PresentationController(presentedViewController: other, presenting: fx.root)
        let problems = fx.window.consistencyProblems()
        #expect(problems.contains { $0.hasSuffix("'s presentation controller presents another controller") },
                "\(problems)")
        presentation.presentationController = original
        #expect(fx.window.consistencyProblems().isEmpty)
    }

    @Test func aContainerOfAnotherPresentationControllerIsReported() {
        let (fx, delegate, presented, presentation) = presentedAtRest()
        defer { withExtendedLifetime(delegate) {} }
        let original = presentation.container.presentationController
        // Kept alive: the container refers to its controller weakly, and a foreign one freed at once would
        // leave it referring to none, the case below.
        let foreign = PresentationController(presentedViewController: presented, presenting: fx.root)
        defer { withExtendedLifetime(foreign) {} }
        presentation.container.presentationController = foreign
        #expect(fx.window.consistencyProblems() == ["LoggingViewController's container belongs to another presentation controller"])
        presentation.container.presentationController = nil
        #expect(fx.window.consistencyProblems() == ["LoggingViewController's container belongs to another presentation controller"],
                "or to none")
        presentation.container.presentationController = original
        #expect(fx.window.consistencyProblems().isEmpty)
    }

    @Test func aContainerOutsideThePresentationLayerIsReported() throws {
        let (fx, delegate, presented, presentation) = presentedAtRest()
        defer { withExtendedLifetime(delegate) {} }
        let layer = try #require(fx.window.presentationLayer)
        // Moved under the root view: still in the window (so the presented view is too), not in the layer.
        fx.root.view.addSubview(presentation.container)
        #expect(presented.view.window === fx.window)
        #expect(fx.window.consistencyProblems() == ["LoggingViewController's container is not in the window's presentation layer"])
        layer.addSubview(presentation.container)
        #expect(fx.window.consistencyProblems().isEmpty)
    }

    @Test func aTransitionRunningForAnotherPresentationControllerIsReported() throws {
        let fx = PresentationFixture()
        let delegate = LoggingDelegate(log: fx.log)
        let presented = fx.makePresented(delegate: delegate)
        fx.root.present(presented, animated: true)
        fx.frames(3)
        let presentation = try #require(fx.window.presentations.first)
        let transition = try #require(presentation.transition, "still presenting")
        #expect(fx.window.consistencyProblems().isEmpty)
        let original = transition.presentationController
        transition.presentationController = PresentationController(presentedViewController: presented, presenting: fx.root)
        #expect(fx.window.consistencyProblems() == ["LoggingViewController's transition runs for another presentation controller"])
        transition.presentationController = original
        #expect(fx.window.consistencyProblems().isEmpty)
        fx.runUntilIdle()
        #expect(fx.window.consistencyProblems().isEmpty)
    }

    @Test func aPresentedViewMissingAtRestIsReported() {
        let (fx, delegate, presented, presentation) = presentedAtRest()
        defer { withExtendedLifetime(delegate) {} }
        #expect(presentation.transition == nil && presentation.phase == .presented)
        let container = presentation.container
        presented.view.removeFromSuperview()
        // The controller's appearance state (it has appeared) disagrees too, which newer checks report.
        let problems = fx.window.consistencyProblems()
        #expect(problems.contains("LoggingViewController is presented and at rest but its view is not in the window"), "\(problems)")
        #expect(problems.allSatisfy { $0.hasPrefix("LoggingViewController ") }, "nothing else: \(problems)")
        container.addSubview(presented.view)
        #expect(fx.window.consistencyProblems().isEmpty)
    }

    @Test func aViewInThePresentationLayerWithoutAPresentationIsReported() throws {
        let (fx, delegate, _, _) = presentedAtRest()
        defer { withExtendedLifetime(delegate) {} }
        let layer = try #require(fx.window.presentationLayer)
        let stray = View()
        stray.identifier = "stray"
        layer.addSubview(stray)
        #expect(fx.window.consistencyProblems() == ["View 'stray' in the presentation layer belongs to no presentation"])
        stray.removeFromSuperview()
        #expect(fx.window.consistencyProblems().isEmpty)
    }

    @Test func chromeWithoutAPresentationIsReported() {
        let fx = PresentationFixture()
        fx.root.view.addSubview(DimmingView())
        #expect(fx.window.consistencyProblems() == ["a dimming view is in the window outside every presentation"])
    }

    @Test func chromeLeftInTheLayerAfterItsPresentationIsReported() throws {
        let (fx, delegate, _, _) = presentedAtRest()
        defer { withExtendedLifetime(delegate) {} }
        let layer = try #require(fx.window.presentationLayer)
        // A container a presentation left behind, with its dimming still in it.
        let leftover = TransitionContainerView()
        leftover.addSubview(DimmingView())
        layer.addSubview(leftover)
        #expect(fx.window.consistencyProblems() == [
            "TransitionContainerView 'container' in the presentation layer belongs to no presentation",
            "a dimming view is in the window outside every presentation",
        ])
        leftover.removeFromSuperview()
        #expect(fx.window.consistencyProblems().isEmpty)
    }
}
