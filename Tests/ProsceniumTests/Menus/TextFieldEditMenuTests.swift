import Testing
@testable import Proscenium

/// A text field's own context menu, as GTK's and Qt's entries have: Undo, Redo, Cut, Copy, Paste, Delete
/// and Select All on a right click or the Menu key, greyed when they would do nothing, acting on the
/// field's selection once the menu has gone.
@MainActor @Suite("Text field edit menu")
struct TextFieldEditMenuTests {
    private func scene(_ text: String) -> FieldScene {
        FieldScene(text: text, controller: ViewController())
    }

    private func menu(in scene: FieldScene) -> ContextMenuController? {
        scene.window.presentedViewControllers.last as? ContextMenuController
    }

    private func rightClick(_ scene: FieldScene, atX x: Double = 100) {
        scene.window.send(.pointerDown(Point(x: x, y: 38), button: 3, time: scene.clock.now))
        scene.window.send(.pointerUp(Point(x: x, y: 38), button: 3, time: scene.clock.now))
        scene.clock.run(for: 0.3)
    }

    /// Each row's title, with "(off)" after a greyed one and "—" for a separator.
    private func rows(_ menu: ContextMenuController) -> [String] {
        menu.menuView.rows.map { row in
            switch row {
            case let .action(action): action.title + (action.attributes.contains(.disabled) ? " (off)" : "")
            case let .heading(title): "# " + title
            case .separator: "—"
            }
        }
    }

    /// Clicks the row titled `title` and lets the menu go.
    private func choose(_ title: String, in menu: ContextMenuController, _ scene: FieldScene) throws {
        let index = try #require(menu.menuView.rows.firstIndex { $0.action?.title == title }, "no row \(title)")
        let frame = menu.menuView.convert(menu.menuView.frame(ofRow: index), to: scene.window)
        scene.window.send(.pointerDown(Point(x: frame.midX, y: frame.midY), button: 1, time: scene.clock.now))
        scene.window.send(.pointerUp(Point(x: frame.midX, y: frame.midY), button: 1, time: scene.clock.now))
        scene.clock.run(for: 0.5)
    }

    @Test("a right click on a field not being edited focuses it with its caret where it was and offers only what would act")
    func rightClickFocusesAndGreysWhatWouldDoNothing() throws {
        let scene = scene("hello world")
        scene.field.selectedRange = 3..<3
        #expect(!scene.field.isEditing)
        rightClick(scene, atX: FieldScene.x(8))
        let menu = try #require(self.menu(in: scene))
        #expect(rows(menu) == ["Undo (off)", "Redo (off)", "—", "Cut (off)", "Copy (off)", "Paste", "Delete (off)", "—", "Select All"])
        try choose("Select All", in: menu, scene)
        #expect(self.menu(in: scene) == nil)
        #expect(scene.field.isEditing && scene.field.isFirstResponder, "focus came back to the field")
        #expect(scene.field.selectedRange == 0..<11)
    }

    @Test("Copy, Cut, Undo and Delete act on the selection the field had when the menu opened")
    func editsFromTheMenu() throws {
        let scene = scene("hello brave world")
        #expect(scene.field.becomeFirstResponder())
        scene.field.selectedRange = 6..<11
        rightClick(scene)
        try choose("Copy", in: try #require(menu(in: scene)), scene)
        #expect(scene.pasteboard.string(for: .clipboard) == "brave")
        #expect(scene.field.selectedRange == 6..<11, "the right click kept the selection")
        rightClick(scene)
        try choose("Cut", in: try #require(menu(in: scene)), scene)
        #expect(scene.field.text == "hello  world")
        rightClick(scene)
        let afterCut = try #require(menu(in: scene))
        #expect(rows(afterCut).prefix(2) == ["Undo", "Redo (off)"])
        try choose("Undo", in: afterCut, scene)
        #expect(scene.field.text == "hello brave world")
        scene.field.selectedRange = 0..<6
        rightClick(scene)
        try choose("Delete", in: try #require(menu(in: scene)), scene)
        #expect(scene.field.text == "brave world")
        #expect(scene.pasteboard.string(for: .clipboard) == "brave", "Delete leaves the clipboard alone")
    }

    @Test("Paste from the menu inserts the clipboard's text at the caret once it answers")
    func pasteFromTheMenu() async throws {
        let scene = scene("ab")
        scene.pasteboard.setString("XY", for: .clipboard)
        #expect(scene.field.becomeFirstResponder())
        scene.field.selectedRange = 1..<1
        rightClick(scene)
        try choose("Paste", in: try #require(menu(in: scene)), scene)
        await scene.settle { scene.field.text != "ab" }
        #expect(scene.field.text == "aXYb")
    }

    @Test("each row shows its keys at the menu's right end, past its title, and screen readers get them too")
    func shortcutsShown() throws {
        let scene = scene("hello")
        #expect(scene.field.becomeFirstResponder())
        rightClick(scene)
        let menu = try #require(self.menu(in: scene))
        let shortcuts = menu.menuView.rows.compactMap { $0.action.map { "\($0.title)=\($0.shortcutTitle ?? "")" } }
        #expect(shortcuts == ["Undo=Ctrl+Z", "Redo=Ctrl+Shift+Z", "Cut=Ctrl+X", "Copy=Ctrl+C", "Paste=Ctrl+V", "Delete=", "Select All=Ctrl+A"])
        let frame = menu.menuView.convert(menu.menuView.bounds, to: scene.window)
        let texts = scene.drawnTexts
        let redo = try #require(texts.first { $0.text == "Redo" }), keys = try #require(texts.first { $0.text == "Ctrl+Shift+Z" })
        let keysWidth = scene.field.textMeasurer.width(of: "Ctrl+Shift+Z", font: .systemFont(ofSize: 14))
        let redoWidth = scene.field.textMeasurer.width(of: "Redo", font: .systemFont(ofSize: 14))
        #expect(keys.origin.x >= redo.origin.x + redoWidth + 24, "the keys stand clear of the title")
        #expect(abs(keys.origin.x + keysWidth - (frame.maxX - 16)) <= 1, "right-aligned 16 points in: \(keys.origin.x + keysWidth) in \(frame)")
        let tree = AccessibilityTree(window: scene.window)
        let cutNode = try #require(tree.nodes.values.first { $0.role == .menuItem && $0.label == "Cut" })
        #expect(cutNode.keyboardShortcut == "Ctrl+X")
    }

    @Test("a menu squeezed narrower than it asked for drops a shortcut that would leave its title under half the room")
    func squeezedMenuDropsShortcuts() {
        let clock = ManualFrameClock(startTime: 0)
        let window = Window(size: Size(width: 400, height: 300), clock: clock)
        let surface = ProbeSurface()
        window.surface = surface
        let menuView = ContextMenuView(menu: Menu(children: [
            Action(title: "Paste Special", shortcutTitle: "Ctrl+Shift+Alt+V") { _ in },
            Action(title: "Cut", shortcutTitle: "Ctrl+X") { _ in },
        ]))
        window.addSubview(menuView)
        let fitting = menuView.sizeThatFits(Size(width: 400, height: 300))
        menuView.frame = Rect(origin: .zero, size: fitting)
        clock.step()
        var texts = (surface.lastList?.commands ?? []).compactMap { if case let .text(layout, _, _) = $0 { layout.lines.first?.text } else { nil } }
        #expect(texts.contains("Ctrl+Shift+Alt+V") && texts.contains("Ctrl+X"), "at its fitting width both show: \(texts)")
        menuView.frame = Rect(x: 0, y: 0, width: 200, height: fitting.height)
        clock.step()
        texts = (surface.lastList?.commands ?? []).compactMap { if case let .text(layout, _, _) = $0 { layout.lines.first?.text } else { nil } }
        #expect(!texts.contains("Ctrl+Shift+Alt+V") && texts.contains("Ctrl+X"), "squeezed, the long one goes: \(texts)")
    }

    /// Records the delegate's begin and end of editing.
    private final class EditingLog: TextFieldDelegate {
        var events: [String] = []
        func textFieldDidBeginEditing(_ textField: TextField) { events.append("begin") }
        func textFieldDidEndEditing(_ textField: TextField) { events.append("end") }
    }

    @Test("editing goes on under the menu: the selection stays drawn, the caret hides, the delegate hears no end; closed, the caret is back")
    func editingHeldUnderTheMenu() throws {
        let scene = scene("hello brave world")
        let log = EditingLog()
        scene.field.delegate = log
        #expect(scene.field.becomeFirstResponder())
        scene.field.selectedRange = 6..<11
        rightClick(scene)
        #expect(menu(in: scene) != nil && !scene.field.isFirstResponder)
        #expect(scene.field.isEditing && !scene.field.isCaretVisible)
        let selectionColor = scene.field.tintColor.withAlphaComponent(0.25).resolvedColor(with: scene.field.traitCollection)
        #expect(scene.commands.contains { if case let .fill(_, _, color, _) = $0 { color == selectionColor } else { false } },
                "the selection is drawn under the menu")
        scene.press(.escape)
        scene.clock.run(for: 0.5)
        #expect(menu(in: scene) == nil && scene.field.isFirstResponder && scene.field.isEditing)
        #expect(log.events == ["begin"], "one beginning, no end: \(log.events)")
        scene.field.selectedRange = 3..<3
        #expect(scene.field.isCaretVisible)
    }

    @Test("editing held under the menu ends when focus goes elsewhere from it, or the field leaves the window")
    func heldEditingEnds() throws {
        let scene = scene("hello")
        let log = EditingLog()
        scene.field.delegate = log
        let other = TextField(text: "other", frame: Rect(x: 20, y: 100, width: 200, height: 36))
        scene.field.superview?.addSubview(other)
        // An app's menu item that moves focus to the other field.
        scene.field.addInteraction(ContextMenuInteraction { _ in
            Menu(children: [Action(title: "Next") { _ in _ = other.becomeFirstResponder() }])
        })
        #expect(scene.field.becomeFirstResponder())
        rightClick(scene)
        try choose("Next", in: try #require(menu(in: scene)), scene)
        #expect(other.isFirstResponder && !scene.field.isEditing)
        #expect(log.events == ["begin", "end"])

        #expect(scene.field.becomeFirstResponder())
        rightClick(scene)
        #expect(scene.field.isEditing && menu(in: scene) != nil)
        scene.field.removeFromSuperview()
        #expect(!scene.field.isEditing)
        #expect(log.events == ["begin", "end", "begin", "end"])
    }

    /// Refuses to begin editing: a read-only field.
    private final class ReadOnly: TextFieldDelegate {
        func textFieldShouldBeginEditing(_ textField: TextField) -> Bool { false }
    }

    @Test("a field whose delegate refuses editing offers Copy and Select All only; with showsEditMenu off, a right click reaches the row's own menu")
    func readOnlyFieldsAndTheRowsMenu() throws {
        let scene = scene("read only")
        let readOnly = ReadOnly()
        scene.field.delegate = readOnly
        scene.field.selectedRange = 0..<4
        rightClick(scene)
        let menu = try #require(self.menu(in: scene))
        #expect(!scene.field.isEditing)
        #expect(rows(menu) == ["Undo (off)", "Redo (off)", "—", "Cut (off)", "Copy", "Paste (off)", "Delete (off)", "—", "Select All"])
        try choose("Copy", in: menu, scene)
        #expect(scene.pasteboard.string(for: .clipboard) == "read")

        let row = try #require(scene.field.superview)
        row.addInteraction(ContextMenuInteraction { _ in Menu(children: [Action(title: "Delete Row") { _ in }]) })
        scene.field.showsEditMenu = false
        rightClick(scene)
        #expect(rows(try #require(self.menu(in: scene))) == ["Delete Row"])
    }

    /// Logs a field's delegate calls with its name; can refuse to begin or to end.
    private final class NamedLog: TextFieldDelegate {
        var events: [String] = []
        var refusesBegin = false, refusesEnd = false
        func textFieldShouldBeginEditing(_ textField: TextField) -> Bool {
            events.append("\(textField.identifier ?? "") should begin")
            return !refusesBegin
        }
        func textFieldDidBeginEditing(_ textField: TextField) { events.append("\(textField.identifier ?? "") begin") }
        func textFieldShouldEndEditing(_ textField: TextField) -> Bool {
            events.append("\(textField.identifier ?? "") should end")
            return !refusesEnd
        }
        func textFieldDidEndEditing(_ textField: TextField) { events.append("\(textField.identifier ?? "") end") }
    }

    @Test("a field editing under its menu: taking the keys back asks nothing; another field asks it to end first; disabled or resigned, it ends")
    func heldEditingAndItsDelegate() throws {
        let scene = scene("hello")
        let log = NamedLog()
        let a = scene.field, b = TextField(text: "other", frame: Rect(x: 20, y: 100, width: 200, height: 36))
        a.identifier = "a"
        b.identifier = "b"
        a.superview?.addSubview(b)
        a.delegate = log
        b.delegate = log
        #expect(a.becomeFirstResponder())
        rightClick(scene)
        log.events.removeAll()
        log.refusesBegin = true
        scene.press(.escape)
        scene.clock.run(for: 0.5)
        #expect(a.isFirstResponder && a.isEditing && log.events.isEmpty, "the keys came back with nothing asked: \(log.events)")

        log.refusesBegin = false
        rightClick(scene)
        log.refusesEnd = true
        #expect(!b.becomeFirstResponder(), "a refuses to end")
        #expect(a.isEditing && !b.isEditing)
        log.refusesEnd = false
        log.events.removeAll()
        #expect(b.becomeFirstResponder())
        #expect(log.events == ["b should begin", "a should end", "a end", "b begin"], "a ends before b begins: \(log.events)")
        scene.press(.escape)
        scene.clock.run(for: 0.5)

        #expect(a.becomeFirstResponder())
        rightClick(scene)
        a.isEnabled = false
        #expect(!a.isEditing, "disabled under the menu: editing ends")
        a.isEnabled = true
        scene.press(.escape)
        scene.clock.run(for: 0.5)
        #expect(a.becomeFirstResponder())
        rightClick(scene)
        log.events.removeAll()
        #expect(a.resignFirstResponder())
        #expect(!a.isEditing && log.events == ["a should end", "a end"])
    }

    @Test("the Menu key on the focused field opens it; a password field greys Cut and Copy; a disabled field has none; an app's own menu comes first")
    func keysPasswordsDisabledAndTheAppsMenu() throws {
        let scene = scene("secret")
        #expect(scene.field.becomeFirstResponder())
        scene.press(.menu)
        scene.clock.run(for: 0.3)
        #expect(menu(in: scene) != nil, "the Menu key")
        scene.press(.escape)
        scene.clock.run(for: 0.5)
        #expect(menu(in: scene) == nil)

        scene.field.isSecureTextEntry = true
        scene.field.selectAll()
        rightClick(scene)
        let password = try #require(menu(in: scene))
        #expect(rows(password).contains("Cut (off)") && rows(password).contains("Copy (off)") && rows(password).contains("Delete"))
        scene.press(.escape)
        scene.clock.run(for: 0.5)

        scene.field.isEnabled = false
        rightClick(scene)
        #expect(menu(in: scene) == nil, "no menu for a disabled field")

        scene.field.isEnabled = true
        var asked = 0
        scene.field.addInteraction(ContextMenuInteraction { _ in
            asked += 1
            return Menu(children: [Action(title: "Reveal", identifier: "reveal") { _ in }])
        })
        rightClick(scene)
        let own = try #require(menu(in: scene))
        #expect(asked == 1 && rows(own) == ["Reveal"])
    }
}
