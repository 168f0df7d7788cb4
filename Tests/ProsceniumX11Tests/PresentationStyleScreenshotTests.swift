import Foundation
import Proscenium
import ProsceniumX11
import Testing
import TestSupport

/// The built-in presentation styles as they reach the screen, settled, against golden PNGs: the dimming,
/// rounded corners, the popover's arrow, the sheet's grabber.
@MainActor @Suite("Presentation style screenshots")
struct PresentationStyleScreenshotTests {
    /// A home view with a button at (40, 40); presents a white content controller in `style` and lets it
    /// settle, then compares the window with `golden`.
    private func check(_ style: ModalPresentationStyle, golden: String, configure: (ViewController, Button) -> Void = { _, _ in },
                       afterPresenting: (ViewController) -> Void = { _ in }) async throws {
        let fixture = try await HostFixture()
        defer { fixture.stop() }
        fixture.root.backgroundColor = Color(hex: 0xF2F2F7)
        let button = Button(title: "Source", frame: Rect(x: 40, y: 40, width: 160, height: 44))
        fixture.root.addSubview(button)
        let content = ViewController()
        content.view.backgroundColor = .white
        let label = Label()
        label.text = "Presented"
        label.frame = Rect(x: 20, y: 24, width: 200, height: 24)
        content.view.addSubview(label)
        content.modalPresentationStyle = style
        content.preferredContentSize = Size(width: 280, height: 200)
        configure(content, button)
        try #require(fixture.host.window.rootViewController).present(content, animated: true)
        afterPresenting(content)
        fixture.clock.run(for: 1.5)
        #expect(!content.isBeingPresented)
        try await ImageComparison.assertMatches(try fixture.capture(), golden: ImageComparison.goldenPath(golden), tolerance: 8)
    }

    @Test("a form sheet: centred, rounded, over 0.4 black dimming")
    func formSheet() async throws { try await check(.formSheet, golden: "style-form-sheet") }

    @Test("an alert: 270 wide, centred, over dimming")
    func alert() async throws { try await check(.alert, golden: "style-alert") }

    @Test("a popover with its arrow pointing up at the source button")
    func popover() async throws {
        try await check(.popover, golden: "style-popover") { content, button in
            content.popoverPresentationController?.sourceView = button
        }
    }

    @Test("a bottom sheet with a grabber, undimmed")
    func bottomSheet() async throws {
        try await check(.bottomSheet, golden: "style-bottom-sheet", configure: { content, _ in
            content.preferredContentSize = .zero
        }, afterPresenting: { content in
            let sheet = content.presentationController as? BottomSheetPresentationController
            sheet?.prefersGrabberVisible = true
            sheet?.largestUndimmedDetentIdentifier = .medium  // nil would dim every detent, as in UIKit
        })
    }
}
