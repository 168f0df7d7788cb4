import Testing
import Proscenium

// The README's "Beyond UIKit" snippets, compiled and run, so the README cannot drift from the API. Its
// presentation example is Examples/CustomPresentation, run by ExamplesTests.

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
