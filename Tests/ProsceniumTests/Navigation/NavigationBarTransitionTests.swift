import Testing
@testable import Proscenium

/// The bar during a push or pop: the old title and buttons fade out and the new ones in alongside the
/// screens, the titles sliding the way the screens go; an interactive pop let go short brings the old
/// item back whole, and nothing that faded stays in the bar.
@MainActor @Suite("Navigation bar during a push or pop")
struct NavigationBarTransitionTests {
    private func labels(in bar: NavigationBar) -> [Label] { bar.subviews.compactMap { $0 as? Label } }

    @Test("a push: the old title fades out sliding left, the new one in from the right, the back button in; nothing is left after")
    func pushCrossFades() {
        let fixture = NavigationFixture()
        let bar = fixture.navigation.navigationBar
        fixture.navigation.pushViewController(fixture.screen("B"), animated: true)
        fixture.frames(6)
        let outgoing = labels(in: bar).filter { $0 !== bar.titleLabel }
        #expect(outgoing.map(\.text) == ["A"], "the old title fades out")
        let old = outgoing.first?.presentation, new = bar.titleLabel.presentation
        #expect(bar.titleLabel.text == "B")
        #expect((old?.alpha ?? 0) > 0 && (old?.alpha ?? 1) < 1 && new.alpha > 0 && new.alpha < 1, "both part way: \(old?.alpha ?? -1), \(new.alpha)")
        #expect((old?.transform.tx ?? 0) < 0 && new.transform.tx > 0, "the old title leaves left, the new comes from the right")
        #expect(!bar.backButton.isHidden && bar.backButton.presentation.alpha < 1)
        fixture.runUntilIdle()
        #expect(labels(in: bar).map(\.text) == ["B"])
        #expect(bar.titleLabel.alpha == 1 && bar.titleLabel.transform == .identity && bar.backButton.alpha == 1)
    }

    @Test("an interactive pop let go short: the old item comes back whole, the faded one goes")
    func cancelledPopRestoresTheItem() {
        let fixture = NavigationFixture()
        let bar = fixture.navigation.navigationBar
        fixture.navigation.pushViewController(fixture.screen("B"), animated: false)
        fixture.frames(1)
        var point = Point(x: 4, y: 150)
        fixture.window.send(.pointerDown(point, button: 1, time: fixture.clock.now))
        for _ in 0..<12 {
            fixture.clock.advance(by: 1.0 / 60)
            point.x += 6
            fixture.window.send(.pointerMoved(point, time: fixture.clock.now))
            fixture.window.setNeedsFrame()
            fixture.clock.advance(by: 0)
        }
        #expect(bar.titleLabel.text == "A" && bar.titleLabel.presentation.alpha < 1, "the pop's item fades in with the finger")
        #expect(labels(in: bar).contains { $0.text == "B" })
        fixture.clock.advance(by: 0.2)
        fixture.window.send(.pointerMoved(point, time: fixture.clock.now))
        fixture.window.send(.pointerUp(point, button: 1, time: fixture.clock.now))
        fixture.runUntilIdle()
        #expect(fixture.stack == ["A", "B"])
        #expect(labels(in: bar).map(\.text) == ["B"] && bar.titleLabel.alpha == 1 && bar.titleLabel.presentation.alpha == 1)
        #expect(!bar.backButton.isHidden && bar.backButton.title == "‹ A" && bar.backButton.alpha == 1)
    }

    @Test("without animation the new item shows at once")
    func unanimatedPushShowsAtOnce() {
        let fixture = NavigationFixture()
        let bar = fixture.navigation.navigationBar
        fixture.navigation.pushViewController(fixture.screen("B"), animated: false)
        #expect(labels(in: bar).map(\.text) == ["B"] && bar.titleLabel.alpha == 1)
    }

    /// A screen that names itself as it loads and adds its button as it appears, as UIKit apps do.
    final class SelfNamingScreen: ViewController {
        override func viewDidLoad() { title = "Loaded" }
        override func viewWillAppear(_ animated: Bool) {
            navigationItem.rightBarButtonItem = BarButtonItem(title: "Edit", style: .plain) {}
        }
    }

    @Test("a title set in viewDidLoad and a button in viewWillAppear fade in with the push; a title changed midway joins the fade")
    func itemChangesJoinTheCrossFade() {
        let fixture = NavigationFixture()
        let bar = fixture.navigation.navigationBar
        let screen = SelfNamingScreen()
        fixture.navigation.pushViewController(screen, animated: true)
        fixture.frames(4)
        #expect(labels(in: bar).filter { $0 !== bar.titleLabel }.map(\.text) == ["A"], "the old title fades out, not cut")
        #expect(bar.titleLabel.text == "Loaded" && bar.titleLabel.presentation.alpha < 1)
        #expect(bar.itemButtons.map(\.title) == ["Edit"])
        screen.title = "Renamed"
        screen.navigationItem.rightBarButtonItem = BarButtonItem(title: "Done", style: .done) {}
        fixture.frames(2)
        #expect(bar.titleLabel.text == "Renamed" && bar.titleLabel.presentation.alpha < 1, "still fading in")
        #expect(bar.itemButtons.map(\.title) == ["Done"])
        #expect(bar.itemButtons.allSatisfy { $0.presentation.alpha > 0 && $0.presentation.alpha < 1 }, "the new button fades in too")
        #expect(labels(in: bar).filter { $0 !== bar.titleLabel }.map(\.text) == ["A"])
        fixture.runUntilIdle()
        #expect(labels(in: bar).map(\.text) == ["Renamed"] && bar.titleLabel.alpha == 1)
        #expect(bar.itemButtons.map(\.title) == ["Done"] && bar.itemButtons.allSatisfy { $0.alpha == 1 && $0.presentation.alpha == 1 })
    }

    @Test("a push turned around fades back to the old item; a change of it meanwhile shows at the end, one title only")
    func aTurnedPushFadesBack() {
        let fixture = NavigationFixture()
        let bar = fixture.navigation.navigationBar
        fixture.navigation.pushViewController(fixture.screen("B"), animated: true)
        fixture.frames(5)
        fixture.navigation.popViewController(animated: true)
        fixture.a.title = "Home"
        fixture.frames(2)
        #expect(labels(in: bar).filter { $0.text == "A" || $0.text == "Home" }.count <= 1, "one title for A: \(labels(in: bar).map(\.text))")
        fixture.runUntilIdle()
        #expect(labels(in: bar).map(\.text) == ["Home"] && bar.titleLabel.alpha == 1 && bar.backButton.isHidden)
    }

    @Test("a bar button item changed while shown changes its button: enabled, title, weight, identifier")
    func barButtonItemChangesShowAtOnce() {
        let (fixture, b) = NavigationFixture.withScreenPushed()
        var saved = 0
        let save = BarButtonItem(title: "Save", style: .done) { saved += 1 }
        b.navigationItem.rightBarButtonItem = save
        fixture.frames(1)
        let bar = fixture.navigation.navigationBar
        let button = try? #require(bar.itemButtons.first)
        let width = button?.frame.width ?? 0
        save.isEnabled = false
        save.title = "Saving changes"
        save.style = .plain
        save.identifier = "save"
        fixture.frames(1)
        #expect(button?.isEnabled == false && button?.title == "Saving changes" && button?.identifier == "save")
        #expect(button?.titleLabel.font.weight == .regular)
        #expect((button?.frame.width ?? 0) > width, "the bar made room for the longer title")
        fixture.tap("save")
        #expect(saved == 0, "a disabled item's button takes no tap")
    }
}
