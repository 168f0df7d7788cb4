import Testing
@testable import Proscenium

/// UIKit's alert controller: which action each key picks, when its handler runs, and how the buttons are
/// laid out.
@MainActor @Suite("Alert controller")
struct AlertControllerTests {
    /// An alert with Cancel and OK (preferred) on a 400x300 window, presented and settled; `picked`
    /// collects the handlers' titles.
    private func presentedAlert(_ fixture: PresentationFixture, picked: Box<[String]>,
                                configure: (AlertController) -> Void = { _ in }) -> AlertController {
        let alert = AlertController(title: "Discard changes?", message: "The draft will be lost.", preferredStyle: .alert)
        alert.addAction(AlertAction(title: "Cancel", style: .cancel) { picked.value.append($0.title) })
        let ok = AlertAction(title: "OK", style: .default) { picked.value.append($0.title) }
        alert.addAction(ok)
        alert.preferredAction = ok
        configure(alert)
        fixture.root.present(alert, animated: true)
        fixture.runUntilIdle()
        return alert
    }

    private func press(_ fixture: PresentationFixture, _ key: Key, isRepeat: Bool = false) {
        fixture.window.send(.keyDown(key, isRepeat: isRepeat, time: fixture.clock.now))
        fixture.window.send(.keyUp(key, time: fixture.clock.now))
    }

    @Test("Return picks the preferred action once; its handler runs when the alert has gone, not before")
    func returnPicksThePreferredActionOnce() {
        let fixture = PresentationFixture()
        let picked = Box<[String]>([])
        let alert = presentedAlert(fixture, picked: picked)
        press(fixture, .return)
        press(fixture, .return, isRepeat: true)
        press(fixture, .return)
        #expect(alert.isBeingDismissed && picked.value.isEmpty, "the handler waits for the dismissal")
        fixture.runUntilIdle()
        #expect(picked.value == ["OK"])
        #expect(fixture.window.presentedViewControllers.isEmpty)
    }

    @Test("Escape picks Cancel; an alert with no cancel action stays up on Escape")
    func escapePicksCancel() {
        let fixture = PresentationFixture()
        let picked = Box<[String]>([])
        _ = presentedAlert(fixture, picked: picked)
        press(fixture, .escape)
        fixture.runUntilIdle()
        #expect(picked.value == ["Cancel"])

        let second = PresentationFixture()
        let alert = AlertController(title: "Saved", message: nil, preferredStyle: .alert)
        alert.addAction(AlertAction(title: "OK", style: .default) { picked.value.append($0.title) })
        second.root.present(alert, animated: false)
        press(second, .escape)
        second.runUntilIdle()
        #expect(second.window.presentedViewControllers.first === alert && picked.value == ["Cancel"])
        // With no preferred action, Return picks the only default one.
        press(second, .return)
        second.runUntilIdle()
        #expect(picked.value == ["Cancel", "OK"])
    }

    @Test("a disabled action is not picked by its key or its button, and its button follows isEnabled")
    func disabledActionIsNotPicked() {
        let fixture = PresentationFixture()
        let picked = Box<[String]>([])
        let alert = presentedAlert(fixture, picked: picked) { $0.preferredAction?.isEnabled = false }
        press(fixture, .return)
        fixture.runUntilIdle()
        #expect(picked.value.isEmpty && !alert.isBeingDismissed)
        let okButton = fixture.window.view(withIdentifier: "ok") as? Button
        #expect(okButton?.isEnabled == false)
        alert.preferredAction?.isEnabled = true
        #expect(okButton?.isEnabled == true)
    }

    @Test("two short actions sit side by side, Cancel on the left; three stack with Cancel last")
    func buttonLayout() {
        let fixture = PresentationFixture()
        let picked = Box<[String]>([])
        let alert = presentedAlert(fixture, picked: picked)
        let cancel = fixture.window.view(withIdentifier: "cancel")!, ok = fixture.window.view(withIdentifier: "ok")!
        #expect(cancel.frame.minY == ok.frame.minY && cancel.frame.maxX <= ok.frame.minX)
        #expect(ok.frame.maxY == alert.view.bounds.height, "the row ends the alert: \(ok.frame) in \(alert.view.bounds)")
        #expect(alert.view.frame.width == 270)

        let other = PresentationFixture()
        let sheet = AlertController(title: "Save?", message: nil, preferredStyle: .alert)
        for (title, style) in [("Cancel", AlertAction.Style.cancel), ("Save", .default), ("Delete", .destructive)] {
            sheet.addAction(AlertAction(title: title, style: style))
        }
        other.root.present(sheet, animated: false)
        other.frames(1)
        let ids = ["save", "delete", "cancel"].map { other.window.view(withIdentifier: $0)!.frame }
        #expect(ids[0].maxY < ids[1].minY && ids[1].maxY < ids[2].minY, "stacked in order, Cancel last: \(ids)")
        #expect(ids[2].maxY == sheet.view.bounds.height)
        let delete = other.window.view(withIdentifier: "delete") as? Button
        #expect(delete?.titleColor == AlertController.destructiveColor)
    }

    @Test("the first text field has the keyboard; Return in it picks the preferred action, which reads the text")
    func textFieldReturnPicksPreferred() {
        let fixture = PresentationFixture()
        let picked = Box<[String]>([])
        var typed = ""
        let alert = AlertController(title: "Rename", message: "Enter a new name.", preferredStyle: .alert)
        alert.addTextField { $0.text = "Untitled"; $0.identifier = "name" }
        alert.addAction(AlertAction(title: "Cancel", style: .cancel))
        let rename = AlertAction(title: "Rename", style: .default) { [weak alert] _ in typed = alert?.textFields[0].text ?? "?" }
        alert.addAction(rename)
        alert.preferredAction = rename
        fixture.root.present(alert, animated: true)
        fixture.runUntilIdle()
        let field = alert.textFields[0]
        #expect(fixture.window.firstResponder === field)
        for character in "Notes" { press(fixture, .character(String(character))) }
        // Tab goes from the field to the buttons and round again.
        press(fixture, .tab)
        #expect(fixture.window.firstResponder === fixture.window.view(withIdentifier: "cancel"))
        press(fixture, .tab)
        press(fixture, .tab)
        #expect(fixture.window.firstResponder === field)
        press(fixture, .return)
        fixture.runUntilIdle()
        #expect(typed == "Notes" && picked.value.isEmpty)
    }

    @Test("Return in a field whose delegate the app set still picks the preferred action, unless that delegate keeps Return")
    func returnPicksWhateverTheFieldsDelegate() {
        for keepsReturn in [false, true] {
            let fixture = PresentationFixture()
            let delegate = LimitingDelegate(keepsReturn: keepsReturn)
            var picked = 0
            let alert = AlertController(title: "Rename", message: nil, preferredStyle: .alert)
            alert.addTextField { $0.delegate = delegate }
            alert.addAction(AlertAction(title: "Cancel", style: .cancel))
            let ok = AlertAction(title: "OK", style: .default) { _ in picked += 1 }
            alert.addAction(ok)
            alert.preferredAction = ok
            fixture.root.present(alert, animated: true)
            fixture.runUntilIdle()
            for character in "abcdef" { press(fixture, .character(String(character))) }
            press(fixture, .return)
            fixture.runUntilIdle()
            #expect(alert.textFields[0].text == "abc", "the app's delegate limits the text")
            #expect(picked == (keepsReturn ? 0 : 1), "keeps Return: \(keepsReturn)")
            #expect((fixture.root.presentedViewController === alert) == keepsReturn)
        }
    }

    @Test("an alert taller than its window scrolls: Cancel at its foot comes into view by the wheel, and by Tab, and takes a click")
    func aTallAlertScrolls() {
        let fixture = PresentationFixture(size: Size(width: 640, height: 240))
        let picked = Box<[String]>([])
        let alert = AlertController(title: "Export", message: "Choose a format for the document.", preferredStyle: .alert)
        for title in ["PDF", "PNG", "JPEG", "SVG", "HTML"] {
            alert.addAction(AlertAction(title: title, style: .default) { picked.value.append($0.title) })
        }
        alert.addAction(AlertAction(title: "Cancel", style: .cancel) { picked.value.append($0.title) })
        fixture.root.present(alert, animated: true)
        fixture.runUntilIdle()
        #expect(alert.view.frame.height <= 240)
        let cancel = fixture.window.view(withIdentifier: "cancel")!
        func reachable() -> Bool {
            let frame = cancel.convert(cancel.bounds, to: nil)
            let center = Point(x: frame.midX, y: frame.midY)
            return fixture.window.bounds.contains(center) && fixture.window.hitTest(center, with: nil) === cancel
        }
        #expect(!reachable(), "Cancel starts below the window")
        // Tab from the first button on to Cancel, the last, brings it into view.
        for _ in 0..<6 { press(fixture, .tab) }
        fixture.runUntilIdle()
        #expect(fixture.window.firstResponder === cancel && reachable())
        // And the wheel scrolls the rest back.
        let middle = Point(x: 320, y: 120)
        fixture.window.send(.scroll(middle, delta: Vector(dx: 0, dy: -1000), isPrecise: true, time: fixture.clock.now))
        #expect(!reachable())
        fixture.window.send(.scroll(middle, delta: Vector(dx: 0, dy: 1000), isPrecise: true, time: fixture.clock.now))
        fixture.runUntilIdle()
        #expect(reachable())
        let frame = cancel.convert(cancel.bounds, to: nil)
        fixture.window.send(.pointerDown(Point(x: frame.midX, y: frame.midY), button: 1, time: fixture.clock.now))
        fixture.window.send(.pointerUp(Point(x: frame.midX, y: frame.midY), button: 1, time: fixture.clock.now))
        fixture.runUntilIdle()
        #expect(picked.value == ["Cancel"])
    }

    @Test("an alert the app keeps answers again when it is presented again")
    func aKeptAlertAnswersAgain() {
        let fixture = PresentationFixture()
        let picked = Box<[String]>([])
        let alert = presentedAlert(fixture, picked: picked)
        press(fixture, .return)
        fixture.runUntilIdle()
        fixture.root.present(alert, animated: true)
        fixture.runUntilIdle()
        press(fixture, .escape)
        fixture.runUntilIdle()
        #expect(picked.value == ["OK", "Cancel"] && fixture.window.presentedViewControllers.isEmpty)
    }

    @Test("an action added while the alert is up grows it: the buttons stack inside it, Cancel at its foot, and the new one takes a click")
    func anActionAddedLateGrowsTheAlert() {
        let fixture = PresentationFixture(size: Size(width: 800, height: 600))
        let picked = Box<[String]>([])
        let alert = presentedAlert(fixture, picked: picked)
        let before = alert.view.frame
        alert.addAction(AlertAction(title: "Discard Everything Now", style: .destructive) { picked.value.append($0.title) })
        fixture.frames(1)
        let after = alert.view.frame
        let discard = fixture.window.view(withIdentifier: "discard-everything-now")!
        #expect(after.height > before.height && after.midY == before.midY, "grown about its centre: \(before) → \(after)")
        let cancel = fixture.window.view(withIdentifier: "cancel")!
        #expect(discard.frame.maxY < cancel.frame.minY && cancel.frame.maxY == alert.view.bounds.height,
                "\(discard.frame), \(cancel.frame) in \(alert.view.bounds)")
        let point = discard.convert(Point(x: discard.bounds.midX, y: discard.bounds.midY), to: nil)
        fixture.window.send(.pointerDown(point, button: 1, time: fixture.clock.now))
        fixture.window.send(.pointerUp(point, button: 1, time: fixture.clock.now))
        fixture.runUntilIdle()
        #expect(picked.value == ["Discard Everything Now"])
    }

    @Test("Tab goes through the fields, then the buttons as they are shown, whatever order they were added in")
    func tabFollowsTheButtonsAsShown() {
        let fixture = PresentationFixture()
        let alert = AlertController(title: "Rename", message: nil, preferredStyle: .alert)
        alert.addTextField { $0.identifier = "first" }
        alert.addAction(AlertAction(title: "OK", style: .default))
        alert.addAction(AlertAction(title: "Cancel", style: .cancel))
        fixture.root.present(alert, animated: false)
        fixture.frames(1)
        alert.addTextField { $0.identifier = "second" }
        fixture.frames(1)
        let cancel = fixture.window.view(withIdentifier: "cancel")!, ok = fixture.window.view(withIdentifier: "ok")!
        #expect(cancel.frame.maxX <= ok.frame.minX, "side by side, Cancel on the left")
        #expect(fixture.window.focusableViews(in: alert.view).compactMap(\.identifier) == ["first", "second", "cancel", "ok"])

        let stacked = PresentationFixture()
        let sheet = AlertController(title: "Save?", message: nil, preferredStyle: .alert)
        for (title, style) in [("Cancel", AlertAction.Style.cancel), ("Save", .default), ("Delete", .destructive)] {
            sheet.addAction(AlertAction(title: title, style: style))
        }
        stacked.root.present(sheet, animated: false)
        stacked.frames(1)
        #expect(stacked.window.focusableViews(in: sheet.view).compactMap(\.identifier) == ["save", "delete", "cancel"])
    }

    @Test("what UIKit refuses is refused with a warning: a second Cancel, a field on an action sheet, a foreign preferred action")
    func refusals() {
        var warnings: [String] = []
        let saved = Warnings.handler
        Warnings.handler = { warnings.append($0) }
        defer { Warnings.handler = saved }
        let alert = AlertController(title: "A", message: nil, preferredStyle: .alert)
        alert.addAction(AlertAction(title: "Cancel", style: .cancel))
        alert.addAction(AlertAction(title: "Never mind", style: .cancel))
        alert.preferredAction = AlertAction(title: "Elsewhere", style: .default)
        let sheet = AlertController(title: nil, message: nil, preferredStyle: .actionSheet)
        sheet.addTextField()
        #expect(alert.actions.count == 1 && alert.preferredAction == nil && sheet.textFields.isEmpty)
        #expect(warnings.count == 3, "\(warnings)")
    }
}

/// An app's text-field delegate: at most three characters, and Return kept to itself or not.
@MainActor private final class LimitingDelegate: TextFieldDelegate {
    let keepsReturn: Bool
    init(keepsReturn: Bool) { self.keepsReturn = keepsReturn }
    func textField(_ textField: TextField, shouldChangeCharactersIn range: Range<Int>, replacementString string: String) -> Bool {
        textField.text.count - range.count + string.count <= 3
    }
    func textFieldShouldReturn(_ textField: TextField) -> Bool { !keepsReturn }
}

/// A value a test's closures append to.
@MainActor final class Box<Value> {
    var value: Value
    init(_ value: Value) { self.value = value }
}
