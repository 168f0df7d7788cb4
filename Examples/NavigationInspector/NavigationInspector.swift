import Proscenium
import ProsceniumX11

/// Documents in a navigation stack. A document shows its inspector in an undimmed half-modal sheet, with
/// the navigation bar above it still usable, and Back takes the document and the inspector away in one
/// transition: the scenario of PSPDFKit's half-modal inspector, which UIKit made them work around.
final class DocumentsController: ViewController {
    static let names = ["Annual Report", "Field Notes", "Invoice 42"]

    override func viewDidLoad() {
        title = "Documents"
        view.backgroundColor = .white
        for (index, name) in Self.names.enumerated() {
            let open = Button(title: name, frame: Rect(x: 24, y: 24 + Double(index) * 56, width: 240, height: 44)) { [unowned self] _ in
                navigationController?.pushViewController(DocumentController(name: name), animated: true)
            }
            open.identifier = "open-\(index)"
            view.addSubview(open)
        }
    }
}

/// One document, with an Inspect button in the bar.
final class DocumentController: ViewController {
    init(name: String) {
        super.init()
        title = name
    }

    override func viewDidLoad() {
        view.backgroundColor = Color(hex: 0xF2F2F7)
        view.identifier = "document"
        let inspect = BarButtonItem(title: "Inspect") { [weak self] in self?.showInspector() }
        inspect.identifier = "inspect"
        navigationItem.rightBarButtonItem = inspect
    }

    private func showInspector() {
        guard navigationController?.presentedViewController == nil else { return }
        let inspector = ViewController()
        inspector.view.backgroundColor = .white
        inspector.view.identifier = "inspector"
        inspector.modalPresentationStyle = .bottomSheet
        if let sheet = inspector.presentationController as? BottomSheetPresentationController {
            sheet.detents = [.medium(), .large()]
            sheet.largestUndimmedDetentIdentifier = .medium
            sheet.prefersGrabberVisible = true
        }
        present(inspector, animated: true)
    }
}

@main enum NavigationInspector {
    @MainActor static func main() {
        Application.run(NavigationController(rootViewController: DocumentsController()))
    }
}
