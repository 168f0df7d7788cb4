import Testing
@testable import Proscenium

/// Hiding and showing the navigation bar as UIKit's `setNavigationBarHidden(_:animated:)`: animated from a
/// pushed screen's `viewWillAppear`, the bar slides out alongside the push while the screens take its room.
@MainActor @Suite("Navigation bar hiding")
struct NavigationBarHidingTests {
    @Test("hidden from the pushed screen's viewWillAppear: the bar slides up with the push, nothing jumps, and it ends hidden")
    func hiddenAlongsideAPush() {
        let fixture = NavigationFixture()
        let b = fixture.screen("B")
        b.onWillAppear = { $0.navigationController?.setNavigationBarHidden(true, animated: true) }
        fixture.navigation.pushViewController(b, animated: true)
        var barTops: [Double] = [], contentTops: [Double] = []
        for _ in 0..<12 {
            fixture.frames(1)
            barTops.append(fixture.navigation.navigationBar.presentation.frame.minY)
            contentTops.append(fixture.navigation.contentView.presentation.frame.minY)
        }
        #expect(barTops.contains { $0 < -1 && $0 > -NavigationBar.height + 1 }, "on its way: \(barTops)")
        #expect(zip(contentTops, contentTops.dropFirst()).allSatisfy { $0 - $1 < 20 }, "no jump: \(contentTops)")
        fixture.runUntilIdle()
        #expect(fixture.navigation.isNavigationBarHidden && fixture.navigation.navigationBar.isHidden)
        #expect(fixture.navigation.contentView.frame.minY == 0 && b.view.frame.height == 300)
        #expect(fixture.window.consistencyProblems().isEmpty)
    }

    @Test("shown again on its own, animated: it slides back down; set without animation it is there at the next layout")
    func shownAgain() {
        let fixture = NavigationFixture()
        fixture.navigation.isNavigationBarHidden = true
        fixture.frames(1)
        #expect(fixture.navigation.navigationBar.isHidden && fixture.a.view.frame.height == 300)
        fixture.navigation.setNavigationBarHidden(false, animated: true)
        #expect(!fixture.navigation.navigationBar.isHidden)
        fixture.frames(6)
        let top = fixture.navigation.navigationBar.presentation.frame.minY
        #expect(top > -NavigationBar.height && top < 0, "sliding down: \(top)")
        fixture.runUntilIdle()
        #expect(fixture.navigation.navigationBar.frame.minY == 0 && fixture.a.view.frame.height == 300 - NavigationBar.height)
    }
}
