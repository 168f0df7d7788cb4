import CX11
import Foundation
@testable import CustomPresentation
@testable import HelloCard
@testable import NavigationInspector
@testable import PassthroughSheet
@testable import SignIn
@testable import Tabs
import Proscenium
import ProsceniumTesting
import Testing

/// Each example as its user would check it, with the public testing library: driven through XTest on
/// virtual time and compared with a snapshot beside this file.
@MainActor @Suite("Examples", .serialized)
struct ExamplesTests {
    @Test("HelloCard: a click springs the card to where it was clicked")
    func helloCard() async throws {
        let tester = try await WindowTester.start(HelloController(), size: Size(width: 640, height: 480))
        defer { tester.stop() }
        try tester.tap(at: Point(x: 400, y: 300))
        #expect(await tester.settle())
        let controller = try #require(tester.window.rootViewController as? HelloController)
        #expect(controller.card.center == Point(x: 400, y: 300))
        try await assertSnapshot(of: tester, named: "card-moved")
    }

    @Test("CustomPresentation: the card springs in inset 30 points over the dimming; Escape dismisses it")
    func customPresentation() async throws {
        let tester = try await WindowTester.start(CardHomeController(), size: Size(width: 640, height: 480))
        defer { tester.stop() }
        try tester.tap("present")
        let entering = try #require(tester.view(withIdentifier: "card"))
        #expect(entering.presentation.frame.maxY < 240, "it comes in from above")
        #expect(await tester.settle())
        let card = try #require(tester.view(withIdentifier: "card"))
        #expect(card.convert(card.bounds, to: nil) == Rect(x: 30, y: 30, width: 580, height: 420))
        let presentation = tester.window.rootViewController?.presentedViewController?.presentationController
        #expect((presentation as? InsetCardPresentation)?.dimmingView.alpha == 0.5)
        try await assertSnapshot(of: tester, named: "card-presented")
        try tester.press(keysym: UInt(XK_Escape))
        #expect(await tester.settle())
        #expect(tester.view(withIdentifier: "card") == nil)
    }

    @Test("PassthroughSheet: with the sheet up, a click on the counter above it counts and the sheet stays")
    func passthroughSheet() async throws {
        let tester = try await WindowTester.start(CounterController(), size: Size(width: 640, height: 480))
        defer { tester.stop() }
        try tester.tap("show-sheet")
        #expect(await tester.settle())
        #expect(tester.view(withIdentifier: "sheet")?.window != nil)
        try tester.tap("counter")
        try tester.tap("counter")
        #expect(await tester.settle())
        let controller = try #require(tester.window.rootViewController as? CounterController)
        #expect(controller.count == 2)
        #expect(tester.view(withIdentifier: "sheet")?.window != nil, "the sheet stays up")
        try await assertSnapshot(of: tester, named: "counted-under-sheet")
    }

    @Test("NavigationInspector: a document's inspector sheet leaves with it when Back pops it, in the same transition")
    func navigationInspector() async throws {
        let navigation = NavigationController(rootViewController: DocumentsController())
        let tester = try await WindowTester.start(navigation, size: Size(width: 640, height: 480))
        defer { tester.stop() }
        try tester.tap("open-1")
        #expect(await tester.settle())
        #expect(navigation.navigationBar.titleLabel.text == "Field Notes")
        try tester.tap("inspect")
        #expect(await tester.settle())
        let inspector = try #require(tester.view(withIdentifier: "inspector"))
        let restingTop = inspector.convert(inspector.bounds, to: nil).minY
        try await assertSnapshot(of: tester, named: "inspector-over-document")
        // Back, in the bar above the undimmed sheet: the document and the inspector leave together.
        try tester.tap("navigation-back")
        tester.frame()
        let document = try #require(tester.view(withIdentifier: "document"))
        #expect(document.presentation.transform.tx > 0, "the document slides away")
        #expect(inspector.presentation.frame.minY > restingTop, "the inspector goes down in the same frames")
        #expect(await tester.settle())
        #expect(navigation.viewControllers.count == 1 && navigation.presentedViewController == nil)
        #expect(tester.view(withIdentifier: "inspector") == nil && tester.view(withIdentifier: "document") == nil)
    }

    /// The README's code is these files, so it never rots.
    @Test("Tabs: a tab's screen slides in through the container's own transition; appearances balance")
    func tabs() async throws {
        let inbox = TabScreen(title: "Inbox", colour: Color(hex: 0xE8F0FE))
        let archive = TabScreen(title: "Archive", colour: Color(hex: 0xFEF3E2))
        let controller = TabsController(tabs: [inbox, archive])
        let tester = try await WindowTester.start(controller, size: Size(width: 640, height: 480))
        defer { tester.stop() }
        try tester.tap("tab-1")
        #expect(archive.transitionCoordinator != nil && inbox.transitionCoordinator != nil)
        for _ in 0..<4 { tester.frame() }
        let sliding = archive.view.presentation.transform.tx
        #expect(sliding > 0 && sliding < 640, "Archive comes in from the right: \(sliding)")
        #expect(tester.view(withIdentifier: "inbox")?.window != nil, "Inbox is still there under it")
        #expect(await tester.settle())
        #expect(controller.children.map { $0 === archive } == [true] && tester.view(withIdentifier: "inbox") == nil)
        #expect(archive.appearances == 1 && inbox.appearances == 1 && inbox.disappearances == 1)
        try await assertSnapshot(of: tester, named: "archive-tab")
        try tester.tap("tab-0")
        #expect(await tester.settle())
        #expect(controller.children.map { $0 === inbox } == [true] && inbox.appearances == 2 && archive.disappearances == 1)
        // The tab keys: Alt+2 shows Archive; Ctrl+Page Down and Up go to the next and previous tab,
        // wrapping at either end.
        try tester.press(keysym: UInt(XK_2), holding: [UInt(XK_Alt_L)])
        #expect(await tester.settle())
        #expect(controller.selectedIndex == 1 && archive.appearances == 2)
        try tester.press(keysym: UInt(XK_Page_Down), holding: [UInt(XK_Control_L)])
        #expect(await tester.settle())
        #expect(controller.selectedIndex == 0 && inbox.appearances == 3)
        try tester.press(keysym: UInt(XK_Page_Up), holding: [UInt(XK_Control_L)])
        #expect(await tester.settle())
        #expect(controller.selectedIndex == 1 && archive.appearances == 3)
    }

    @Test("SignIn: typed through XTest, the password shows as bullets until the switch shows it; Sign In waits for both fields; Return signs in")
    func signIn() async throws {
        let controller = SignInController()
        let tester = try await WindowTester.start(controller, size: Size(width: 640, height: 480))
        defer { tester.stop() }
        #expect(controller.email.isFirstResponder, "the email field has the keyboard")
        #expect(!controller.signIn.isEnabled)
        try tester.type("ada@example.org")
        #expect(await tester.settle())
        #expect(!controller.signIn.isEnabled, "greyed until the password is there too")
        try tester.press(keysym: UInt(XK_Return))
        #expect(await tester.settle())
        #expect(controller.password.isFirstResponder, "Return moved to the password")
        try tester.type("lovelace")
        #expect(await tester.settle())
        #expect(controller.email.text == "ada@example.org" && controller.password.text == "lovelace")
        #expect(controller.password.accessibilityValue == String(repeating: "\u{2022}", count: 8), "bullets")
        #expect(controller.signIn.isEnabled)
        // Selected, the password hides the caret: the snapshot does not depend on where its blink is.
        controller.password.selectAll()
        tester.frame()
        try await assertSnapshot(of: tester, named: "password-hidden")
        try tester.tap("show-password")
        #expect(await tester.settle())
        #expect(!controller.password.isSecureTextEntry && controller.password.accessibilityValue == "lovelace")
        // The click gave the switch the keys: back to the password, whose Return signs in.
        #expect(controller.password.becomeFirstResponder())
        try tester.press(keysym: UInt(XK_Return))
        #expect(await tester.settle())
        let alert = try #require(controller.presentedViewController as? AlertController)
        #expect(alert.message == "Welcome, ada@example.org.")
    }

    @Test("the README's first window is HelloCard, and its presentation controller is CustomPresentation's")
    func readmeCodeIsTheExamples() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        func block(after heading: String) throws -> String {
            let section = try #require(readme.range(of: heading)).upperBound
            let start = try #require(readme.range(of: "```swift\n", range: section..<readme.endIndex)).upperBound
            let end = try #require(readme.range(of: "```", range: start..<readme.endIndex)).lowerBound
            return String(readme[start..<end])
        }
        let hello = try String(contentsOf: root.appendingPathComponent("Examples/HelloCard/HelloCard.swift"), encoding: .utf8)
        #expect(try block(after: "## A first window") == hello)
        let custom = try String(contentsOf: root.appendingPathComponent("Examples/CustomPresentation/CustomPresentation.swift"),
                                encoding: .utf8)
        let presenting = try block(after: "## Presenting a controller")
        let classes = try #require(presenting.components(separatedBy: "\nlet transitions").first)
        #expect(custom.contains(classes), "README's presentation controller and delegate are CustomPresentation.swift's")
        #expect(custom.split(separator: "\n").count < 80, "CustomPresentation stays under 80 lines")
    }
}
