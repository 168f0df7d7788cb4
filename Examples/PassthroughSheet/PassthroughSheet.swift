import Proscenium
import ProsceniumX11

/// A screen that stays usable under a bottom sheet: at the medium detent nothing is dimmed, and a click
/// above the sheet reaches the counter through the sheet's touch-forwarding view (PSPDFKit's half-modal).
final class CounterController: ViewController {
    private(set) var count = 0
    private let counter = Button(title: "Count: 0", frame: Rect(x: 24, y: 24, width: 200, height: 44))

    override func viewDidLoad() {
        view.backgroundColor = Color(hex: 0xF2F2F7)
        counter.identifier = "counter"
        counter.addAction { [unowned self] _ in
            count += 1
            counter.title = "Count: \(count)"
        }
        let showSheet = Button(title: "Show sheet", frame: Rect(x: 24, y: 80, width: 200, height: 44)) { [unowned self] _ in
            presentSheet()
        }
        showSheet.identifier = "show-sheet"
        view.addSubview(counter)
        view.addSubview(showSheet)
    }

    private func presentSheet() {
        let sheet = ViewController()
        sheet.view.backgroundColor = .white
        sheet.view.identifier = "sheet"
        sheet.modalPresentationStyle = .bottomSheet
        if let controller = sheet.presentationController as? BottomSheetPresentationController {
            controller.detents = [.medium(), .large()]
            controller.largestUndimmedDetentIdentifier = .medium
            controller.prefersGrabberVisible = true
        }
        present(sheet, animated: true)
    }
}

@main enum PassthroughSheet {
    @MainActor static func main() {
        Application.run(CounterController())
    }
}
