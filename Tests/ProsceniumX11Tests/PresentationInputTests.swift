import Foundation
import Proscenium
import ProsceniumX11
import Testing
import TestSupport

/// Presentations on a real X server with clicks sent through XTest: a modal presentation's dimming keeps
/// clicks from the button beneath, a passthrough presentation lets them through, a right-click on the
/// dimming does nothing, and the dimming is drawn.
@MainActor @Suite("Presentations on X")
struct PresentationInputTests {
    /// The fixture with a counting button at (40, 40)–(200, 84) in the root view; runs `body` with the
    /// XTest input, which is closed before the server stops (closing it later would find the server gone).
    private func withScene(_ body: @MainActor (HostFixture, XTestInput, @MainActor () -> Int) async throws -> Void) async throws {
        let fixture = try await HostFixture()
        defer { fixture.stop() }
        var taps = 0
        let button = Button(title: "Below", frame: Rect(x: 40, y: 40, width: 160, height: 44)) { _ in taps += 1 }
        button.identifier = "below"
        fixture.root.addSubview(button)
        fixture.frame()
        let input = try XTestInput(displayName: fixture.server.displayName)
        try await body(fixture, input, { taps })
    }

    private func present(_ style: ModalPresentationStyle, in fixture: HostFixture) throws -> ViewController {
        let presented = ViewController()
        presented.modalPresentationStyle = style
        presented.preferredContentSize = Size(width: 200, height: 150)
        presented.view.backgroundColor = .white
        // A half-modal sheet: undimmed, what is above it usable (UIKit's nil would dim every detent).
        if let sheet = presented.presentationController as? BottomSheetPresentationController {
            sheet.largestUndimmedDetentIdentifier = sheet.effectiveDetents.last?.identifier
        }
        let root = try #require(fixture.host.window.rootViewController)
        root.present(presented, animated: true)
        fixture.clock.run(for: 1)
        #expect(!presented.isBeingPresented)
        return presented
    }

    @Test("a click on the dimming of a modal presentation does not reach the button beneath")
    func modalBlocks() async throws {
        try await withScene { fixture, input, taps in
            // 640x480 is regular width: a 200x150 sheet in the middle, dimming everywhere else.
            _ = try present(.formSheet, in: fixture)
            let origin = fixture.windowOrigin()
            input.click(at: Point(x: origin.x + 120, y: origin.y + 62))
            fixture.frame()
            fixture.frame()
            #expect(taps() == 0)
            let image = try fixture.capture()
            let dimmed = image.color(atX: 10, y: 10)
            #expect(dimmed.red < 0.7 && dimmed.red > 0.5, "white under black at 0.4 is about 0.6: \(dimmed)")
        }
    }

    @Test("a click outside a bottom sheet reaches the button beneath, and the sheet stays")
    func passthroughLetsThrough() async throws {
        try await withScene { fixture, input, taps in
            let presented = try present(.bottomSheet, in: fixture)
            let origin = fixture.windowOrigin()
            input.click(at: Point(x: origin.x + 120, y: origin.y + 62))
            try await fixture.waitUntil("the click passes through") { taps() == 1 }
            #expect(fixture.host.window.rootViewController?.presentedViewController === presented)
        }
    }

    @Test("a right-click on a dimming that dismisses on tap does nothing; a left click dismisses")
    func rightClickDoesNothing() async throws {
        try await withScene { fixture, input, _ in
            let presented = try present(.alert, in: fixture)
            let controller = try #require(presented.presentationController as? AlertPresentationController)
            controller.dismissesOnDimmingTap = true
            let origin = fixture.windowOrigin()
            let onDimming = Point(x: origin.x + 20, y: origin.y + 20)
            input.click(at: onDimming, button: 3)
            fixture.frame()
            fixture.frame()
            #expect(!presented.isBeingDismissed)
            #expect(fixture.host.window.rootViewController?.presentedViewController === presented)
            input.click(at: onDimming)
            try await fixture.waitUntil("the left click dismisses") { presented.isBeingDismissed }
        }
    }

    @Test("a sheet at its largest undimmed detent lets clicks above it through; at large it dims and blocks them")
    func sheetDetentsDimAndBlock() async throws {
        try await withScene { fixture, input, taps in
            let presented = try present(.bottomSheet, in: fixture)
            let sheet = try #require(presented.presentationController as? BottomSheetPresentationController)
            sheet.detents = [.medium(), .large()]
            sheet.largestUndimmedDetentIdentifier = .medium
            fixture.clock.run(for: 0.1)
            let origin = fixture.windowOrigin()
            input.click(at: Point(x: origin.x + 120, y: origin.y + 62))
            try await fixture.waitUntil("the click above the medium sheet passes through") { taps() == 1 }
            let undimmed = try fixture.capture().color(atX: 300, y: 20)
            #expect(undimmed.red > 0.95, "nothing dims the content: \(undimmed)")

            sheet.setSelectedDetent(.large, animated: true)
            fixture.clock.run(for: 1)
            input.click(at: Point(x: origin.x + 120, y: origin.y + 62))
            fixture.frame()
            fixture.frame()
            #expect(taps() == 1, "the dimming takes the click")
            let dimmed = try fixture.capture().color(atX: 300, y: 5)
            #expect(dimmed.red < 0.7 && dimmed.red > 0.5, "white under black at 0.4 is about 0.6: \(dimmed)")
        }
    }

    @Test("dragging a bottom sheet down through XTest dismisses it")
    func dragToDismiss() async throws {
        try await withScene { fixture, input, _ in
            let presented = try present(.bottomSheet, in: fixture)
            let origin = fixture.windowOrigin()
            // The 640x480 window's sheet is its 150-point preferred height: its top is at y = 330.
            #expect(presented.view.frame.minY == 330)
            // XTest syncs each event, so when `drag` returns the server has queued all of them for the window:
            // one frame reads the whole drag, and the dismissal then runs on virtual time — however slowly
            // the machine runs the test.
            input.drag(from: Point(x: origin.x + 320, y: origin.y + 350), to: Point(x: origin.x + 320, y: origin.y + 470), steps: 12)
            fixture.frame()
            #expect(presented.isBeingDismissed, "the drag below the sheet's detent dismisses it")
            fixture.clock.run(for: 1)
            #expect(fixture.host.window.rootViewController?.presentedViewController == nil)
            #expect(presented.view.window == nil)
        }
    }
}
