import CX11
import Proscenium
import ProsceniumTesting
import Testing
import TestSupport

/// A tab bar controller drawn by the X server: its bar along the foot, the selected tab in the tint
/// colour, a badge; clicked through XTest as a user would.
@MainActor @Suite("Tab bar controller on screen", .serialized)
struct TabBarControllerPixelTests {
    @Test("three tabs, Archive badged: a click through XTest on Archive shows its screen and marks its tab")
    func clickThroughXTest() async throws {
        func screen(_ title: String, _ colour: Color) -> ViewController {
            let controller = ViewController()
            controller.title = title
            controller.view.backgroundColor = colour
            controller.view.identifier = title.lowercased()
            return controller
        }
        let tabs = TabBarController()
        let archive = screen("Archive", Color(hex: 0xFEF3E2))
        tabs.viewControllers = [screen("Inbox", Color(hex: 0xE8F0FE)), archive, screen("Settings", Color(hex: 0xEAF7EE))]
        archive.tabBarItem.badgeValue = "12"
        let tester = try await WindowTester.start(tabs, size: Size(width: 480, height: 240))
        defer { tester.stop() }
        try tester.tap("tab-1")
        #expect(await tester.settle())
        #expect(tabs.selectedViewController === archive && tester.view(withIdentifier: "inbox") == nil)
        try await assertSnapshot(of: tester, named: "archive-selected")
    }
}
