import Testing
@testable import Proscenium

/// What a screen reader may reach and set off: nothing a superview keeps from touches, nothing a hidden
/// superview hides even when listed, nothing of a presentation on its way out; a navigation bar read before
/// its screen, Back first; a row's detail text spoken; accessibility-only changes passed on at once.
@MainActor @Suite("Accessibility reach")
struct AccessibilityReachTests {
    final class Form: ViewController {
        let box = View(frame: Rect(x: 0, y: 0, width: 400, height: 300))
        let submit = Button(title: "Submit", frame: Rect(x: 20, y: 20, width: 120, height: 44))
        let banner = View(frame: Rect(x: 20, y: 80, width: 300, height: 40))
        let message = Label()
        var sent = 0
        override func viewDidLoad() {
            view.backgroundColor = .white
            message.text = "Try again"
            message.frame = Rect(x: 0, y: 0, width: 200, height: 30)
            banner.addSubview(message)
            submit.addAction { [unowned self] _ in sent += 1 }
            box.addSubview(submit)
            box.addSubview(banner)
            view.addSubview(box)
        }
    }

    /// A window whose navigation controller shows "Detail" pushed over "Root", configured by `configure`
    /// before the push, after a frame.
    private func pushedDetail(_ configure: (Form) -> Void = { _ in }) -> (Window, Form) {
        let clock = ManualFrameClock()
        let window = Window(size: Size(width: 400, height: 300), clock: clock)
        let root = Form()
        root.title = "Root"
        let navigation = NavigationController(rootViewController: root)
        window.rootViewController = navigation
        let detail = Form()
        detail.title = "Detail"
        configure(detail)
        navigation.pushViewController(detail, animated: false)
        clock.step()
        return (window, detail)
    }

    private func labels(_ window: Window) -> [String] {
        AccessibilityTree(window: window).allNodes.dropFirst().map { "\($0.role.rawValue) \($0.label ?? "-")" }
    }

    @Test("a button under a superview that takes no touches reads as dimmed and does nothing when activated")
    func frozenFormTakesNoActions() {
        let window = Window(size: Size(width: 400, height: 300), clock: ManualFrameClock())
        let form = Form()
        window.rootViewController = form
        form.box.isUserInteractionEnabled = false
        let tree = AccessibilityTree(window: window)
        let id = AccessibilityTree.id(of: form.submit)
        #expect(tree[id]?.traits.contains(.notEnabled) == true)
        #expect(!tree.perform(.activate, on: id) && form.sent == 0)
        form.box.isUserInteractionEnabled = true
        #expect(AccessibilityTree(window: window).perform(.activate, on: id) && form.sent == 1)
    }

    @Test("an element listed in accessibilityElements is not read while a superview hides it, or once it left the window")
    func listedElementsHiddenBySuperviews() {
        let window = Window(size: Size(width: 400, height: 300), clock: ManualFrameClock())
        let form = Form()
        window.rootViewController = form
        form.view.accessibilityElements = [form.message, form.submit]
        #expect(labels(window) == ["staticText Try again", "button Submit"])
        form.banner.isHidden = true
        #expect(labels(window) == ["button Submit"])
        form.banner.isHidden = false
        form.message.removeFromSuperview()
        #expect(labels(window) == ["button Submit"])
    }

    @Test("a presentation being dismissed is out of the tree at once: what is below is in reach again")
    func aLeavingPresentationIsOutOfTheTree() {
        let clock = ManualFrameClock()
        let window = Window(size: Size(width: 400, height: 300), clock: clock)
        let form = Form()
        window.rootViewController = form
        let sheet = Form()
        sheet.modalPresentationStyle = .formSheet
        form.present(sheet, animated: false)
        #expect(!AccessibilityTree(window: window).perform(.activate, on: AccessibilityTree.id(of: form.submit)), "behind the sheet")
        sheet.dismiss(animated: true)
        clock.step()
        let tree = AccessibilityTree(window: window)
        #expect(tree[AccessibilityTree.id(of: sheet.submit)] == nil)
        #expect(tree.perform(.activate, on: AccessibilityTree.id(of: form.submit)) && form.sent == 1)
        #expect(sheet.sent == 0)
    }

    @Test("a navigation bar is read before the screen under it: Back, then the title, then the buttons")
    func navigationBarReadFirst() {
        let (window, _) = pushedDetail { $0.navigationItem.rightBarButtonItem = BarButtonItem(title: "Edit") {} }
        let read = labels(window)
        #expect(Array(read.prefix(4)) == ["button ‹ Root", "header Detail", "button Edit", "button Submit"], "\(read)")
    }

    @Test("a row's detail text is spoken after its name; a slider's number and a field's text are not repeated there")
    func detailTextIsSpoken() {
        let window = Window(size: Size(width: 400, height: 300), clock: ManualFrameClock())
        let form = Form()
        window.rootViewController = form
        form.submit.accessibilityValue = "On"
        form.submit.accessibilityHint = "Sends the form"
        let slider = Slider()
        form.view.addSubview(slider)
        var tree = AccessibilityTree(window: window)
        #expect(tree[AccessibilityTree.id(of: form.submit)]?.spokenDescription == "On, Sends the form")
        #expect(tree[AccessibilityTree.id(of: slider)]?.spokenDescription == nil, "its value is a number, read as one")
        form.submit.accessibilityHint = nil
        tree = AccessibilityTree(window: window)
        #expect(tree[AccessibilityTree.id(of: form.submit)]?.spokenDescription == "On")
    }

    @Test("a label or value set for a screen reader only reaches the window's surface, with no frame to draw")
    func accessibilityOnlyChangesReachTheSurface() {
        final class Surface: WindowSurface {
            var changes = 0
            func present(_ list: DisplayList, damage: Region, size: Size) {}
            func setCursor(_ cursor: Cursor) {}
            func accessibilityDidChange() { changes += 1 }
        }
        let window = Window(size: Size(width: 400, height: 300), clock: ManualFrameClock())
        let surface = Surface()
        window.surface = surface
        let form = Form()
        window.rootViewController = form
        form.submit.accessibilityHint = "Sends the form"
        form.banner.accessibilityViewIsModal = true
        #expect(surface.changes == 2)
        Form().view.accessibilityLabel = "not in a window"
        #expect(surface.changes == 2)
    }

    @Test("under a superview that takes no touches, a slider reads as not settable and its value cannot be set")
    func frozenValuesAndRows() {
        let window = Window(size: Size(width: 400, height: 300), clock: ManualFrameClock())
        let form = Form()
        window.rootViewController = form
        let slider = Slider()
        slider.frame = Rect(x: 20, y: 200, width: 200, height: 31)
        form.box.addSubview(slider)
        form.box.isUserInteractionEnabled = false
        let tree = AccessibilityTree(window: window)
        let id = AccessibilityTree.id(of: slider)
        #expect(tree[id]?.valueRange?.isSettable == false)
        #expect(!tree.setValue(0.9, of: id) && slider.value == 0)
    }

    @Test("the bar stays read first, and in reach, beside a view made modal inside the pushed screen")
    func navigationBarBesideAModalView() {
        let (window, detail) = pushedDetail()
        detail.banner.accessibilityViewIsModal = true
        let read = labels(window)
        #expect(read.first == "button ‹ Root" && read.contains("staticText Try again") && !read.contains("button Submit"), "\(read)")
    }
}
