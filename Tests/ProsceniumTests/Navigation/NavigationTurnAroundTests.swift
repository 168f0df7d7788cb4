import Testing
@testable import Proscenium

/// A pop turned around by pushing the screen it takes away, and a push turned around by Back: the
/// screens go back from where they are, with no jump, and the transition ends as cancelled.
@MainActor @Suite("Turning a push or pop around")
struct NavigationTurnAroundTests {
    /// The x offset of `screen`'s view on screen.
    private func offset(_ screen: ViewController) -> Double { screen.view.presentation.transform.tx }

    /// A with B pushed and at rest.
    private func bOnTop() -> (NavigationFixture, NavigationScreen) { NavigationFixture.withScreenPushed() }

    @Test("pushing the screen a pop takes away turns the pop around: B comes back from where it is; callbacks as for a cancelled pop")
    func pushTurnsAPopAround() {
        let (fixture, b) = bOnTop()
        var ended: [Bool] = []
        fixture.navigation.popViewController(animated: true)
        fixture.navigation.transitionCoordinator?.animate(alongsideTransition: nil) { ended.append(!$0.isCancelled) }
        var fastestStep = 0.0
        for _ in 0..<8 {
            let before = offset(b)
            fixture.frames(1)
            fastestStep = max(fastestStep, abs(offset(b) - before))
        }
        let turnedAt = offset(b)
        #expect(turnedAt > 40 && turnedAt < 360, "B is midway out: \(turnedAt)")
        fixture.navigation.pushViewController(b, animated: true)
        #expect(fixture.stack == ["A", "B"], "the stack is back at once")
        // The spring's timeline runs backwards from where it is: B never moves further in a frame than the
        // pop moved it in one, and is well on its way back within a few frames.
        var previous = turnedAt
        var lowest = turnedAt
        for frame in 0..<40 {
            fixture.frames(1)
            #expect(abs(offset(b) - previous) <= fastestStep, "frame \(frame): B jumped from \(previous) to \(offset(b))")
            previous = offset(b)
            lowest = min(lowest, previous)
        }
        #expect(lowest < turnedAt - 100, "B came back: \(lowest)")
        fixture.runUntilIdle()
        #expect(fixture.stack == ["A", "B"] && fixture.shownScreens == ["B"] && offset(b) == 0)
        #expect(b.parent === fixture.navigation && !b.isMovingFromParent)
        #expect(fixture.navigation.navigationBar.titleLabel.text == "B" && fixture.navigation.navigationBar.backButton.title == "‹ A")
        #expect(ended == [false], "the pop ended as cancelled")
        #expect(fixture.log.entries == [
            "B.willMove(toParent: nil)",
            "B.viewWillDisappear moving from parent",
            "A.viewWillAppear",
            "A.viewWillDisappear",
            "A.viewDidDisappear",
            "B.viewWillAppear",
            "B.viewDidAppear",
            "B.didMove(toParent: navigation)",
        ])
    }

    @Test("Back during a push turns it around: B slides back out, leaves the stack and its parent, A appears again")
    func backTurnsAPushAround() {
        let fixture = NavigationFixture()
        let b = fixture.screen("B")
        fixture.navigation.pushViewController(b, animated: true)
        fixture.frames(6)
        let turnedAt = offset(b)
        #expect(turnedAt > 20 && turnedAt < 380)
        #expect(fixture.navigation.popViewController(animated: true) === b)
        #expect(fixture.stack == ["A"])
        fixture.frames(6)
        #expect(offset(b) > turnedAt, "B heads back out: \(offset(b)) against \(turnedAt)")
        fixture.runUntilIdle()
        #expect(fixture.stack == ["A"] && fixture.shownScreens == ["A"] && b.parent == nil)
        #expect(!b.isMovingToParent && !b.isMovingFromParent, "out of the stack, B is moving neither way")
        #expect(fixture.navigation.navigationBar.titleLabel.text == "A" && fixture.navigation.navigationBar.backButton.isHidden)
        #expect(fixture.log.entries == [
            "B.willMove(toParent: navigation)",
            "A.viewWillDisappear",
            "B.viewWillAppear moving to parent",
            "B.viewWillDisappear moving to parent",
            "B.viewDidDisappear moving to parent",
            "A.viewWillAppear",
            "A.viewDidAppear",
            "B.willMove(toParent: nil)",
            "B.didMove(toParent: nil)",
        ])
    }

    @Test("turned twice, a pop completes after all; a different screen pushed during a pop waits for it")
    func turnedTwiceAndOthersWait() {
        let (fixture, b) = bOnTop()
        fixture.navigation.popViewController(animated: true)
        fixture.frames(5)
        fixture.navigation.pushViewController(b, animated: true)
        fixture.frames(3)
        #expect(fixture.navigation.popViewController(animated: true) === b)
        #expect(fixture.stack == ["A"])
        fixture.runUntilIdle()
        #expect(fixture.stack == ["A"] && fixture.shownScreens == ["A"] && b.parent == nil)

        let c = fixture.screen("C")
        fixture.navigation.pushViewController(c, animated: false)
        fixture.frames(1)
        let d = fixture.screen("D")
        fixture.navigation.popViewController(animated: true)
        fixture.frames(4)
        fixture.navigation.pushViewController(d, animated: true)
        #expect(fixture.stack == ["A"], "D waits for the pop")
        fixture.runUntilIdle()
        #expect(fixture.stack == ["A", "D"] && fixture.shownScreens == ["D"])
    }

    @Test("a request without animation does not turn a transition: it waits, as UIKit's queue does; Back pressed again once a push heads back to the root does nothing")
    func unanimatedRequestsWaitAndBackOnTheRootIsIgnored() {
        let (fixture, b) = bOnTop()
        fixture.navigation.popViewController(animated: true)
        fixture.frames(5)
        fixture.navigation.pushViewController(b, animated: false)
        #expect(fixture.stack == ["A"], "the push waits for the pop")
        fixture.runUntilIdle()
        #expect(fixture.stack == ["A", "B"] && fixture.shownScreens == ["B"] && offset(b) == 0)

        var warnings: [String] = []
        let saved = Warnings.handler
        Warnings.handler = { warnings.append($0) }
        defer { Warnings.handler = saved }
        fixture.navigation.popViewController(animated: false)
        fixture.runUntilIdle()
        let c = fixture.screen("C")
        fixture.navigation.pushViewController(c, animated: true)
        fixture.frames(4)
        fixture.navigation.navigationBar.backButton.sendActions(for: .primaryActionTriggered)
        #expect(fixture.stack == ["A"], "the first Back turns the push around")
        fixture.navigation.navigationBar.backButton.sendActions(for: .primaryActionTriggered)
        fixture.runUntilIdle()
        #expect(fixture.stack == ["A"] && fixture.shownScreens == ["A"] && c.parent == nil)
        #expect(warnings.isEmpty, "nothing is queued to pop the root: \(warnings)")
    }

    @Test("a sheet leaving with a pop comes back when the pop is turned around")
    func sheetComesBackWithTheTurn() {
        let (fixture, b, inspector) = NavigationFixture.withSheetUp()
        let restingTop = inspector.view.presentation.frame.minY
        fixture.navigation.popViewController(animated: true)
        fixture.frames(6)
        #expect(inspector.view.presentation.frame.minY > restingTop + 10, "the sheet went down with the pop")
        fixture.navigation.pushViewController(b, animated: true)
        fixture.runUntilIdle()
        #expect(fixture.stack == ["A", "B"] && fixture.navigation.presentedViewController === inspector && !inspector.isBeingDismissed)
        #expect(abs(inspector.view.presentation.frame.minY - restingTop) < 0.5)
    }
}
