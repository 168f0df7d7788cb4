import Proscenium
import ProsceniumTesting
import Testing

/// The mouse's Back button, through the X server as a user's: it pops a navigation stack, as Alt+Left
/// does; the bar's back button does too.
@MainActor @Suite("Navigation back buttons")
struct NavigationBackButtonTests {
    @Test("mouse button 8 (Back) pops the top screen; the bar's back button pops the next")
    func mouseBackButtonPops() async throws {
        let root = ViewController()
        root.title = "Root"
        let navigation = NavigationController(rootViewController: root)
        let tester = try await WindowTester.start(navigation, size: Size(width: 480, height: 360))
        defer { tester.stop() }
        let middle = ViewController(), top = ViewController()
        middle.title = "Middle"
        top.title = "Top"
        navigation.setViewControllers([root, middle, top], animated: false)
        tester.frame()
        let input = try XTestInput(displayName: tester.display.name)
        input.click(at: tester.screenPoint(Point(x: 240, y: 200)), button: 8)
        tester.frame()
        #expect(navigation.viewControllers.map(\.title) == ["Root", "Middle"])
        #expect(await tester.settle())
        #expect(navigation.navigationBar.titleLabel.text == "Middle")
        try tester.tap("navigation-back")
        #expect(await tester.settle())
        #expect(navigation.viewControllers.map(\.title) == ["Root"] && top.parent == nil && middle.parent == nil)
    }
}
