import Testing
@testable import Proscenium

/// Key commands next to what else uses keys: each focused control keeps exactly the keys it acts on, a
/// table its keyboard row's, an editing field its plain Return; alerts and context menus keep the screen
/// under them from its shortcuts; a navigation controller's Back comes before its container's; a command
/// may present, dismiss or move focus.
extension KeyCommandTests {
    @Test("focused controls keep the keys they act on and only those: a slider's Home, a stepper's +, not a button's arrows")
    mutating func controlsKeepTheirOwnKeys() {
        let slider = Slider(value: 0.5, frame: Rect(x: 10, y: 100, width: 200, height: 30))
        let stepper = Stepper(value: 0)
        let segments = SegmentedControl(items: ["A", "B"], frame: Rect(x: 10, y: 200, width: 120, height: 30))
        let button = Button(title: "OK", frame: Rect(x: 250, y: 100, width: 80, height: 36))
        for control in [slider, stepper, segments, button] as [View] { screen.view.addSubview(control) }
        screen.commands = [ran.command("Start", .home), ran.command("Left", .left), ran.command("Plus", .character("+")),
                           ran.command("Up", .up), ran.command("Back", .left, .alternate)]
        #expect(slider.becomeFirstResponder())
        press(.home)
        press(.left, .alternate)
        #expect(slider.value == 0 && ran.titles == ["Back"], "Home moved the thumb; Alt+Left is a shortcut: \(ran.titles)")
        #expect(stepper.becomeFirstResponder())
        press(.character("+"))
        #expect(stepper.value == 1 && ran.titles == ["Back"])
        #expect(segments.becomeFirstResponder())
        press(.up)
        #expect(ran.titles == ["Back", "Up"], "the segments use Left and Right, not Up")
        #expect(button.becomeFirstResponder())
        press(.left)
        press(.character("+"))
        #expect(ran.titles == ["Back", "Up", "Left", "Plus"], "a button uses no arrows and no +")
        button.isEnabled = false
        #expect(ran.titles.count == 4)
    }

    @Test("a focused table's Return selects its keyboard row before a Return command; with no keyboard row the command runs")
    mutating func tableKeepsReturnForItsRow() {
        let table = TableView(frame: Rect(x: 0, y: 0, width: 400, height: 300))
        let rows = NumberedRows(count: 20)
        defer { withExtendedLifetime(rows) {} }
        table.dataSource = rows
        table.delegate = rows
        screen.view.addSubview(table)
        clock.step()
        screen.commands = [ran.command("Open", .return)]
        #expect(table.becomeFirstResponder())
        table.indexPathForFocusedRow = nil
        press(.return)
        #expect(ran.titles == ["Open"], "no keyboard row: Return is the command's")
        press(.down)
        #expect(table.indexPathForFocusedRow != nil)
        press(.return)
        #expect(ran.titles == ["Open"] && rows.selected.count == 1, "Return selected the row")
    }

    @Test("an editing field keeps plain Return; Ctrl+Return is a shortcut (a chat's Send)")
    mutating func fieldLeavesModifiedReturn() {
        let field = TextField(text: "hello", frame: Rect(x: 10, y: 60, width: 200, height: 36))
        var returns = 0
        field.addAction(for: .editingDidEndOnExit) { _ in returns += 1 }
        screen.view.addSubview(field)
        screen.commands = [ran.command("Send", .return, .control), ran.command("Newline", .return)]
        #expect(field.becomeFirstResponder())
        press(.return)
        press(.return, .control)
        #expect(returns == 1 && ran.titles == ["Send"])
    }

    @Test("under an alert or an open context menu no shortcut of the screen runs, priority or not")
    mutating func modalsKeepShortcutsBelow() throws {
        screen.commands = [ran.command("Next", .pageDown, .control), ran.command("Quit", .character("q"), .control, priority: true)]
        let alert = AlertController(title: "Sure?", message: nil, preferredStyle: .alert)
        alert.addAction(AlertAction(title: "OK", style: .default))
        screen.present(alert, animated: false)
        clock.run(for: 0.5)
        press(.pageDown, .control)
        press(.character("q"), .control)
        #expect(ran.titles.isEmpty && screen.presentedViewController === alert)
        press(.return)
        clock.run(for: 1)
        #expect(screen.presentedViewController == nil)
        let menus = MenuSource()
        defer { withExtendedLifetime(menus) {} }
        view.addInteraction(ContextMenuInteraction(delegate: menus))
        window.send(.pointerDown(Point(x: 20, y: 20), button: 3, time: clock.now))
        window.send(.pointerUp(Point(x: 20, y: 20), button: 3, time: clock.now))
        clock.run(for: 0.5)
        _ = try #require(screen.presentedViewController as? ContextMenuController)
        press(.pageDown, .control)
        press(.character("q"), .control)
        press(.pageDown)
        #expect(ran.titles.isEmpty)
        press(.character("q"), .control)
    }

    @Test("Alt+Left pops a navigation stack before its container's own Alt+Left command, which runs at the root")
    mutating func navigationBackComesFirst() {
        let navigation = NavigationController(rootViewController: ViewController())
        screen.addChild(navigation)
        screen.view.addSubview(navigation.view)
        navigation.view.frame = screen.view.bounds
        navigation.didMove(toParent: screen)
        navigation.pushViewController(ViewController(), animated: false)
        clock.run(for: 0.5)
        screen.commands = [ran.command("Container back", .left, .alternate)]
        let field = TextField(frame: Rect(x: 10, y: 100, width: 200, height: 36))
        navigation.topViewController?.view.addSubview(field)
        #expect(field.becomeFirstResponder())
        press(.left, .alternate)
        clock.run(for: 1)
        #expect(navigation.viewControllers.count == 1 && ran.titles.isEmpty)
        let rootField = TextField(frame: Rect(x: 10, y: 100, width: 200, height: 36))
        navigation.topViewController?.view.addSubview(rootField)
        #expect(rootField.becomeFirstResponder())
        press(.left, .alternate)
        #expect(ran.titles == ["Container back"])
    }

    @Test("a command may present, dismiss, or take its view out of the window: each runs once and leaves the window consistent")
    mutating func reentrantCommands() {
        let sheet = Screen()
        screen.commands = [
            KeyCommand(input: .character("p"), modifierFlags: .control) { [screen] _ in screen.present(sheet, animated: true) },
            KeyCommand(input: .character("r"), modifierFlags: .control) { [view] _ in view.removeFromSuperview() },
        ]
        sheet.commands = [KeyCommand(input: .character("w"), modifierFlags: .control) { [sheet] _ in sheet.dismiss(animated: true) }]
        #expect(view.becomeFirstResponder())
        window.send(.keyDown(.character("r"), modifiers: .control, time: clock.now))
        window.send(.keyUp(.character("r"), modifiers: .control, time: clock.now))
        #expect(view.window == nil && view.ups == 0 && window.firstResponder == nil)
        press(.character("p"), .control)
        clock.run(for: 0.1)
        press(.character("w"), .control)
        clock.run(for: 1)
        #expect(screen.presentedViewController == nil && window.consistencyProblems().isEmpty)
    }
}
