import Testing
@testable import Proscenium

/// The window as assistive technology reads it: elements with UIKit's defaults, modal presentations that
/// hide what lies under them, passthrough sheets that do not, and actions that do what a user's would.
@MainActor @Suite("Accessibility tree")
struct AccessibilityTreeTests {
    /// A 600x400 window whose root screen holds a title label, a counter button, a field and a slider.
    private final class Home: ViewController {
        let heading = Label()
        let counter = Button(title: "Count")
        let field = TextField()
        let slider = Slider()
        let decoration = View()
        var taps = 0

        override func viewDidLoad() {
            view.backgroundColor = .white
            heading.text = "Home"
            heading.accessibilityTraits = .header
            heading.frame = Rect(x: 20, y: 20, width: 200, height: 30)
            counter.frame = Rect(x: 20, y: 60, width: 120, height: 44)
            counter.identifier = "counter"
            counter.addAction(for: .primaryActionTriggered) { [unowned self] _ in taps += 1 }
            field.placeholder = "Name"
            field.frame = Rect(x: 20, y: 120, width: 200, height: 36)
            slider.frame = Rect(x: 20, y: 170, width: 200, height: 31)
            slider.value = 0.5
            decoration.frame = Rect(x: 300, y: 20, width: 50, height: 50)
            decoration.addSubview(Label())  // empty: not an element
            for view in [heading, counter, field, slider, decoration] { self.view.addSubview(view) }
        }
    }

    private func makeWindow() -> (Window, ManualFrameClock, Home) {
        let clock = ManualFrameClock(startTime: 10, framesPerSecond: 60)
        let window = Window(size: Size(width: 600, height: 400), clock: clock)
        let home = Home()
        window.rootViewController = home
        clock.step()
        return (window, clock, home)
    }

    private func settle(_ window: Window, _ clock: ManualFrameClock) {
        AnimationFixture.runUntilIdle(window: window, clock: clock, limit: 10)
    }

    private func summary(_ tree: AccessibilityTree) -> [String] {
        tree.allNodes.map { "\($0.role.rawValue) \($0.label ?? "-")" }
    }

    @Test("the home screen: the window, then its elements in order with their roles, names, values and frames")
    func homeScreen() throws {
        let (window, _, home) = makeWindow()
        let tree = AccessibilityTree(window: window)
        #expect(summary(tree) == ["window -", "header Home", "button Count", "textField Name", "slider -"])
        let counter = try #require(tree.allNodes.first { $0.identifier == "counter" })
        #expect(counter.frame == Rect(x: 20, y: 60, width: 120, height: 44))
        #expect(counter.actions == [.activate] && counter.isFocusable && counter.parent == tree.root)
        let slider = try #require(tree[AccessibilityTree.id(of: home.slider)])
        #expect(slider.value == "50%" && slider.actions == [.increment, .decrement])
        #expect(tree[AccessibilityTree.id(of: home.field)]?.isEditable == true)
    }

    @Test("actions do what the user's would: a button runs its action, a slider steps, a field takes focus")
    func actions() {
        let (window, _, home) = makeWindow()
        let tree = AccessibilityTree(window: window)
        #expect(tree.perform(.activate, on: AccessibilityTree.id(of: home.counter)))
        #expect(home.taps == 1)
        tree.perform(.increment, on: AccessibilityTree.id(of: home.slider))
        #expect(abs(home.slider.value - 0.6) < 1e-9)
        #expect(!tree.perform(.increment, on: AccessibilityTree.id(of: home.counter)), "a button has no increment")
        #expect(tree.perform(.activate, on: AccessibilityTree.id(of: home.field)))
        #expect(window.firstResponder === home.field)
        #expect(AccessibilityTree(window: window)[AccessibilityTree.id(of: home.field)]?.isFocused == true)
        home.counter.isEnabled = false
        let disabled = AccessibilityTree(window: window)
        #expect(disabled[AccessibilityTree.id(of: home.counter)]?.traits.contains(.notEnabled) == true)
        #expect(!disabled.perform(.activate, on: AccessibilityTree.id(of: home.counter)))
        #expect(home.taps == 1)
    }

    @Test("hidden views, hidden elements and a custom order")
    func hiddenAndOrdered() {
        let (window, _, home) = makeWindow()
        home.field.isHidden = true
        home.slider.accessibilityElementsHidden = true
        home.view.accessibilityElements = [home.counter, home.heading]
        #expect(summary(AccessibilityTree(window: window)) == ["window -", "button Count", "header Home"])
        home.view.accessibilityElements = nil
        home.heading.isAccessibilityElement = false
        home.counter.accessibilityLabel = "Add one"
        #expect(summary(AccessibilityTree(window: window)) == ["window -", "button Add one"])
    }

    @Test("an alert is a modal alert named by its title, holding its message and buttons, its default button focused; the home screen is out of reach")
    func alertIsModal() throws {
        let (window, clock, home) = makeWindow()
        var ok = 0
        let alert = AlertController(title: "Delete?", message: "It cannot be undone.", preferredStyle: .alert)
        alert.addAction(AlertAction(title: "OK", style: .default) { _ in ok += 1 })
        alert.addAction(AlertAction(title: "Cancel", style: .cancel))
        home.present(alert, animated: true)
        settle(window, clock)
        let tree = AccessibilityTree(window: window)
        let dialog = try #require(tree.allNodes.first { $0.role == .alert })
        #expect(dialog.label == "Delete?" && dialog.isModal && dialog.parent == tree.root)
        let inside = tree.allNodes.filter { $0.parent == dialog.id }.map { "\($0.role.rawValue) \($0.label ?? "-")" }
        #expect(inside.contains("staticText It cannot be undone.") && inside.contains("button OK") && inside.contains("button Cancel"),
                "\(inside)")
        #expect(tree[AccessibilityTree.id(of: home.counter)] == nil, "the counter under the alert is out of reach")
        #expect(tree[tree.root]?.children == [dialog.id])

        let okNode = try #require(tree.allNodes.first { $0.label == "OK" && $0.role == .button })
        let cancelNode = try #require(tree.allNodes.first { $0.label == "Cancel" && $0.role == .button })
        #expect(okNode.isDefault && okNode.isFocused && !cancelNode.isDefault && !cancelNode.isFocused,
                "the only default action is the default button and has the keyboard as the alert appears")
        #expect(tree.perform(.activate, on: okNode.id))
        settle(window, clock)
        #expect(ok == 1 && home.presentedViewController == nil)
        #expect(AccessibilityTree(window: window)[AccessibilityTree.id(of: home.counter)] != nil, "back in reach")
    }

    @Test("an undimmed sheet is a group beside the screen, whose controls stay in reach; dimmed, it is a dialog")
    func passthroughSheet() throws {
        let (window, clock, home) = makeWindow()
        let sheet = ViewController()
        sheet.title = "Inspector"
        sheet.modalPresentationStyle = .bottomSheet
        let sheetButton = Button(title: "Done")
        sheet.view.addSubview(sheetButton)
        let controller = try #require(sheet.presentationController as? BottomSheetPresentationController)
        controller.detents = [.medium(), .large()]
        controller.largestUndimmedDetentIdentifier = .medium
        home.present(sheet, animated: true)
        settle(window, clock)
        let tree = AccessibilityTree(window: window)
        let group = try #require(tree.allNodes.first { $0.label == "Inspector" })
        #expect(group.role == .group && !group.isModal)
        #expect(tree[AccessibilityTree.id(of: home.counter)] != nil, "the counter stays operable")
        #expect(tree[AccessibilityTree.id(of: sheetButton)]?.parent == group.id)
        #expect(tree.perform(.activate, on: AccessibilityTree.id(of: home.counter)) && home.taps == 1)

        controller.selectedDetentIdentifier = .large
        controller.updateDimmingForSelectedDetent()
        settle(window, clock)
        let dimmed = AccessibilityTree(window: window)
        #expect(dimmed.allNodes.first { $0.label == "Inspector" }?.role == .dialog)
        #expect(dimmed[AccessibilityTree.id(of: home.counter)] == nil)
    }

    @Test("behind a popover that lets touches through only to the counter, only the counter stays in reach, as it does to the pointer")
    func popoverPassthrough() throws {
        let (window, clock, home) = makeWindow()
        let popover = ViewController()
        popover.title = "Options"
        popover.modalPresentationStyle = .popover
        let controller = try #require(popover.popoverPresentationController)
        controller.sourceView = home.counter
        controller.passthroughViews = [home.counter]
        home.present(popover, animated: true)
        settle(window, clock)
        let tree = AccessibilityTree(window: window)
        let group = try #require(tree.allNodes.first { $0.label == "Options" })
        #expect(group.role == .group && !group.isModal)
        #expect(tree[AccessibilityTree.id(of: home.counter)] != nil, "the counter the popover lets through")
        #expect(tree[AccessibilityTree.id(of: home.heading)] == nil && tree[AccessibilityTree.id(of: home.field)] == nil,
                "the rest of the screen is behind the popover: \(tree.allNodes.map { $0.label ?? "-" })")
    }
}
