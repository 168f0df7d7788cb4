import Testing
@testable import Proscenium

/// The seed's scenario, with no workaround: a screen in a navigation stack presents a half-modal sheet;
/// Back pops the screen and the sheet leaves in the same transition, driven by the pop, ending with it,
/// and coming back with the screen when an interactive pop is cancelled.
@MainActor @Suite("What a leaving screen presented")
struct LeavingPresentationTests {
    /// A with B pushed, B presenting a medium-detent sheet, everything at rest; the sheet's top on screen.
    private func sheetUp() -> (NavigationFixture, NavigationScreen, ViewController) {
        let (fixture, b, inspector) = NavigationFixture.withSheetUp()
        #expect(fixture.navigation.presentedViewController === inspector)
        #expect(fixture.navigation.visibleViewController === inspector && fixture.navigation.topViewController === b)
        fixture.log.entries = []
        return (fixture, b, inspector)
    }

    private func sheetTop(_ inspector: ViewController) -> Double { inspector.view.presentation.frame.minY }

    @Test("Back: the first frame moves both the screen and the sheet; both transitions end in the same frame")
    func backTakesTheSheetAlong() {
        let (fixture, b, inspector) = sheetUp()
        let restingTop = sheetTop(inspector)
        var popEndedAt: Double?, sheetGoneAt: Double?
        fixture.navigation.popViewController(animated: true)
        fixture.navigation.transitionCoordinator?.animate(alongsideTransition: nil) { _ in popEndedAt = fixture.clock.now }
        inspector.transitionCoordinator?.animate(alongsideTransition: nil) { _ in sheetGoneAt = fixture.clock.now }
        #expect(inspector.isBeingDismissed, "the sheet leaves at once, not after the pop")
        fixture.frames(2)
        #expect(b.view.presentation.transform.tx > 0, "the screen moved")
        #expect(sheetTop(inspector) > restingTop, "the sheet moved down in the same frames")
        fixture.frames(8)
        let midway = sheetTop(inspector)
        #expect(midway > restingTop && midway < 600)
        fixture.runUntilIdle()
        #expect(fixture.navigation.presentedViewController == nil && fixture.stack == ["A"])
        #expect(popEndedAt != nil && popEndedAt == sheetGoneAt, "pop ended at \(String(describing: popEndedAt)), sheet at \(String(describing: sheetGoneAt))")
    }

    @Test("an interactive pop cancelled halfway brings the sheet back with the screen")
    func cancelledPopKeepsTheSheet() {
        let (fixture, b, inspector) = sheetUp()
        let restingTop = sheetTop(inspector)
        let interaction = PercentDrivenInteractiveTransition()
        fixture.navigation.interactivePop = interaction
        fixture.navigation.popViewController(animated: true)
        interaction.update(0.5)
        fixture.frames(2)
        let halfway = sheetTop(inspector)
        #expect(halfway > restingTop + 20 && halfway < 600, "the sheet went down with the pop: \(halfway)")
        interaction.cancel()
        fixture.runUntilIdle()
        #expect(fixture.stack == ["A", "B"] && fixture.shownScreens == ["B"])
        #expect(fixture.navigation.presentedViewController === inspector && !inspector.isBeingDismissed)
        #expect(abs(sheetTop(inspector) - restingTop) < 0.5, "back at rest: \(sheetTop(inspector)) against \(restingTop)")
        _ = b
    }

    @Test("popToRoot and setViewControllers take along what the screens they remove presented; a pop without animation too")
    func everyRemovalTakesItsPresentations() {
        let (fixture, _, inspector) = sheetUp()
        fixture.navigation.popToRootViewController(animated: false)
        fixture.runUntilIdle()
        #expect(fixture.navigation.presentedViewController == nil && inspector.presentingViewController == nil)
        let c = fixture.screen("C")
        fixture.navigation.pushViewController(c, animated: false)
        fixture.frames(1)
        let other = ViewController()
        other.modalPresentationStyle = .formSheet
        c.present(other, animated: false)
        fixture.frames(1)
        fixture.navigation.setViewControllers([fixture.a], animated: true)
        fixture.runUntilIdle()
        #expect(fixture.navigation.presentedViewController == nil && fixture.stack == ["A"])
    }

    @Test("setViewControllers that takes away a covered screen, the top one staying, takes along what it presented")
    func aCoveredScreenTakenAwayTakesItsSheet() {
        let (fixture, _, inspector) = sheetUp()
        let c = fixture.screen("C")
        fixture.navigation.pushViewController(c, animated: false)
        fixture.frames(1)
        #expect(fixture.navigation.presentedViewController === inspector, "the sheet stays over the pushed screen")
        fixture.navigation.setViewControllers([fixture.a, c], animated: true)
        fixture.runUntilIdle()
        #expect(fixture.stack == ["A", "C"] && fixture.navigation.presentedViewController == nil)
        #expect(inspector.presentingViewController == nil)
    }

    @Test("a push turned around by Back takes along what the screen presented while it came in")
    func aTurnedPushTakesItsSheet() {
        let fixture = NavigationFixture(size: Size(width: 400, height: 600))
        let b = fixture.screen("B")
        fixture.navigation.pushViewController(b, animated: true)
        fixture.frames(3)
        let sheet = ViewController()
        sheet.modalPresentationStyle = .bottomSheet
        b.present(sheet, animated: true)
        #expect(sheet.presentingViewController != nil, "presented during the push")
        fixture.frames(2)
        fixture.navigation.popViewController(animated: true)
        fixture.runUntilIdle()
        #expect(fixture.stack == ["A"] && b.parent == nil)
        #expect(!fixture.log.entries.contains("B.didMove(toParent: navigation)"), "turned around before it ended")
        #expect(fixture.navigation.presentedViewController == nil && sheet.presentingViewController == nil)
    }

    /// Puts the new screen in place and completes at once, inside `animateTransition`.
    final class InstantAnimator: AnimatedTransitioning {
        func transitionDuration(using context: TransitionContext) -> Double { 0 }
        func animateTransition(using context: TransitionContext) {
            let to = context.view(forKey: .to)!
            to.frame = context.finalFrame(for: context.viewController(forKey: .to)!)
            context.containerView.addSubview(to)
            context.completeTransition(true)
        }
    }

    final class InstantDelegate: NavigationControllerDelegate {
        func navigationController(_ navigationController: NavigationController, animationControllerFor operation: NavigationOperation,
                                  from: ViewController, to: ViewController) -> AnimatedTransitioning? { InstantAnimator() }
    }

    @Test("a pop whose animator completes at once takes the sheet along all the same, and then all is still")
    func anInstantPopTakesTheSheet() {
        let (fixture, _, inspector) = sheetUp()
        let delegate = InstantDelegate()
        fixture.navigation.delegate = delegate
        fixture.navigation.popViewController(animated: true)
        fixture.runUntilIdle()
        #expect(fixture.stack == ["A"] && fixture.navigation.presentedViewController == nil)
        #expect(inspector.presentingViewController == nil)
        fixture.frames(1)
        #expect(!fixture.clock.needsFrame, "nothing left asking for frames")
    }
}
