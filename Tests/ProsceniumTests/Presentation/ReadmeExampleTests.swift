import Testing
import Proscenium

// The adaptive delegate of the Adaptivity article and the sheet set-up of "Passthrough and detents", run
// together: a sheet configured that way becomes a popover when the window widens. DocumentationSnippetTests
// type-checks every snippet; this one also checks what it does. The README's presentation example is
// Examples/CustomPresentation, run by ExamplesTests.

private final class SheetOrPopover: AdaptivePresentationControllerDelegate {
    func adaptivePresentationStyle(for controller: PresentationController, traitCollection: TraitCollection,
                                   containerSize size: Size) -> ModalPresentationStyle? {
        size.width < 640 ? .bottomSheet : .popover
    }
}

@MainActor @Suite("README example")
struct ReadmeExampleTests {
    @Test func beyondUIKitSnippets() {
        let fixture = PresentationFixture()
        let picker = ViewController()
        picker.modalPresentationStyle = .bottomSheet
        fixture.root.present(picker, animated: false)
        let sheetOrPopover = SheetOrPopover()
        picker.presentationController?.delegate = sheetOrPopover
        let sheet = picker.presentationController as! BottomSheetPresentationController
        sheet.detents = [.medium(), .large()]
        sheet.largestUndimmedDetentIdentifier = .medium
        sheet.prefersGrabberVisible = true
        fixture.window.resize(to: Size(width: 800, height: 600))
        fixture.runUntilIdle()
        #expect(picker.presentationController is PopoverPresentationController)
        withExtendedLifetime(sheetOrPopover) {}
    }
}
