import Testing
import Proscenium

/// A delegate written against UIKit's adaptivity questions — `adaptivePresentationStyle(for:)` and
/// `adaptivePresentationStyle(for:traitCollection:)`, answering `.none` for no adaptation — is heard:
/// the window asks the two-argument form, which by default asks the one-argument form, and, as in
/// UIKit, only when the window is horizontally compact.
@MainActor @Suite("Adaptivity in UIKit's forms")
struct AdaptivityUIKitFormsTests {
    /// UIKit's common answer with traits: full screen in compact widths.
    final class TraitsDelegate: AdaptivePresentationControllerDelegate {
        var asked: [UserInterfaceSizeClass] = []
        func adaptivePresentationStyle(for controller: PresentationController,
                                       traitCollection: TraitCollection) -> ModalPresentationStyle {
            asked.append(traitCollection.horizontalSizeClass)
            return .fullScreen
        }
    }

    /// UIKit's first form, answering "no adaptation" (keep the popover) or a style.
    final class OneArgumentDelegate: AdaptivePresentationControllerDelegate {
        var answer: ModalPresentationStyle = .none
        var asked = 0
        func adaptivePresentationStyle(for controller: PresentationController) -> ModalPresentationStyle {
            asked += 1
            return answer
        }
    }

    private func presentPopover(width: Double, delegate: AdaptivePresentationControllerDelegate)
        -> (PresentationFixture, ViewController) {
        let fixture = PresentationFixture(size: Size(width: width, height: 600))
        let controller = ViewController()
        controller.modalPresentationStyle = .popover
        controller.preferredContentSize = Size(width: 320, height: 400)
        controller.popoverPresentationController?.sourceView = fixture.root.button
        controller.presentationController?.delegate = delegate
        fixture.root.present(controller, animated: false)
        fixture.frames(1)
        return (fixture, controller)
    }

    @Test func theTwoArgumentFormAdaptsInCompactWidthsOnly() {
        let delegate = TraitsDelegate()
        let (fixture, controller) = presentPopover(width: 900, delegate: delegate)
        #expect(controller.presentationController is PopoverPresentationController, "regular: the popover stays")
        fixture.window.resize(to: Size(width: 500, height: 600))
        fixture.runUntilIdle()
        #expect(controller.presentationController is FullScreenPresentationController)
        #expect(delegate.asked.last == .compact)
        fixture.window.resize(to: Size(width: 900, height: 600))
        fixture.runUntilIdle()
        #expect(controller.presentationController is PopoverPresentationController, "back to the original style")
    }

    @Test func theOneArgumentFormIsAskedThroughTheTwoArgumentOne() {
        let delegate = OneArgumentDelegate()
        let (fixture, controller) = presentPopover(width: 900, delegate: delegate)
        fixture.window.resize(to: Size(width: 500, height: 600))
        fixture.runUntilIdle()
        #expect(delegate.asked > 0)
        #expect(controller.presentationController is PopoverPresentationController, ".none keeps the popover")

        delegate.answer = .overFullScreen
        controller.presentationController?.updateAdaptivePresentation(animated: false)
        fixture.runUntilIdle()
        #expect(controller.presentationController?.presentationStyle == .overFullScreen)
    }

    /// `.none` answers an adaptivity question; it is no style to present in (UIKit raises an exception).
    @Test func noneAsAPresentationStyleWarnsAndPresentsFullScreen() {
        var warnings: [String] = []
        let previous = Warnings.handler
        Warnings.handler = { warnings.append($0) }
        defer { Warnings.handler = previous }
        let controller = ViewController()
        controller.modalPresentationStyle = .none
        #expect(controller.modalPresentationStyle == .fullScreen)
        #expect(warnings.count == 1 && warnings.first?.contains(".none") == true, "\(warnings)")
    }
}
