import CX11
import Proscenium
import ProsceniumGallery
import ProsceniumTesting
@testable import ProsceniumX11
import Testing

/// The home screen's counter menu operated through the X server as a user would: a right click (XTest
/// button 3) opens it at the pointer, a click on a row chooses, the Menu key and Shift+F10 open it on the
/// focused counter, arrows and Return choose, Escape closes; the menu drawn in both appearances.
@MainActor @Suite("Context menus through XTest")
struct ContextMenuInputTests {
    private func counterTitle(_ home: HomeViewController) -> String? {
        (home.view.view(withIdentifier: "counter") as? Button)?.title
    }

    @Test("right click, choose by pointer; Menu key and Shift+F10, choose by keys; Escape closes")
    func operatedLikeAUser() async throws {
        let home = HomeViewController()
        let tester = try await WindowTester.start(home, size: Size(width: 800, height: 600))
        defer { tester.stop() }
        tester.frame()
        let counter = try tester.center(of: "counter")
        try tester.secondaryClick(at: counter)
        #expect(await tester.settle())
        let menuView = try #require(tester.view(withIdentifier: "context-menu"))
        let frame = menuView.convert(menuView.bounds, to: tester.window)
        #expect(frame.minX == counter.x + 2 && frame.minY == counter.y + 2, "at the pointer")
        // "Add ten" is the second row.
        try tester.tap(at: Point(x: frame.midX, y: frame.minY + 6 + 30 + 15))
        #expect(await tester.settle())
        #expect(counterTitle(home) == "Tapped 10 times" && tester.view(withIdentifier: "context-menu") == nil)

        // The counter focused, as Tab would leave it.
        _ = tester.view(withIdentifier: "counter")?.becomeFirstResponder()
        try tester.press(keysym: UInt(XK_Menu))
        #expect(await tester.settle())
        #expect(tester.view(withIdentifier: "context-menu") != nil)
        try tester.press(keysym: UInt(XK_Escape))
        #expect(await tester.settle())
        #expect(tester.view(withIdentifier: "context-menu") == nil && counterTitle(home) == "Tapped 10 times")

        try tester.press(keysym: UInt(XK_F10), holding: [UInt(XK_Shift_L)])
        #expect(await tester.settle())
        #expect(tester.view(withIdentifier: "context-menu") != nil)
        // Up from nothing lands on the last row: Reset count (enabled at ten).
        try tester.press(keysym: UInt(XK_Up))
        try tester.press(keysym: UInt(XK_Return))
        #expect(await tester.settle())
        #expect(counterTitle(home) == "Tapped 0 times")
    }

    @Test("the menu in the light and the dark appearance", arguments: [UserInterfaceStyle.light, .dark])
    func drawn(style: UserInterfaceStyle) async throws {
        let home = HomeViewController()
        let tester = try await WindowTester.start(home, size: Size(width: 640, height: 480))
        defer { tester.stop() }
        tester.window.systemUserInterfaceStyle = style
        tester.frame()
        try tester.secondaryClick(at: tester.center(of: "counter"))
        #expect(await tester.settle())
        _ = tester.view(withIdentifier: "context-menu")?.becomeFirstResponder()
        try tester.press(keysym: UInt(XK_Down))
        #expect(await tester.settle())
        try await ImageComparison.assertMatches(tester.screenshot(), golden: ImageComparison.goldenPath("context-menu-\(style)"), tolerance: 8)
    }
}
