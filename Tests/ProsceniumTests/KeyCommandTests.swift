import Testing
@testable import Proscenium

/// Keyboard shortcuts as UIKit's `UIKeyCommand`: responders offer `keyCommands`; the window runs the first
/// match from the first responder up the chain before the press is delivered, and the press goes no
/// further; what the user types into a field, a focused control's own keys and Tab stay theirs unless a
/// command wants priority over them.
@MainActor @Suite("Key commands")
struct KeyCommandTests {
    /// A controller offering `commands`, recording the keys that reach its `pressesBegan`, which go on to
    /// the window (Tab moves the focus there).
    final class Screen: ViewController {
        var commands: [KeyCommand] = []
        private(set) var keys: [Key] = []
        override var keyCommands: [KeyCommand]? { commands }
        override func pressesBegan(_ presses: Set<Press>, with event: Event?) {
            keys += presses.map(\.key)
            super.pressesBegan(presses, with: event)
        }
    }

    /// A focusable view offering `commands`; keys it gets travel on, key-ups are counted.
    final class CommandView: View {
        var commands: [KeyCommand] = []
        private(set) var keys: [Key] = []
        private(set) var ups = 0
        override var canBecomeFirstResponder: Bool { true }
        override var keyCommands: [KeyCommand]? { commands }
        override func pressesBegan(_ presses: Set<Press>, with event: Event?) {
            keys += presses.map(\.key)
            super.pressesBegan(presses, with: event)
        }
        override func pressesEnded(_ presses: Set<Press>, with event: Event?) { ups += presses.count }
    }

    /// What the commands ran, in order, by title.
    @MainActor final class Ran {
        var titles: [String] = []
        func command(_ title: String, _ input: Key, _ modifiers: KeyModifiers = [], priority: Bool = false,
                     attributes: MenuElementAttributes = [], repeatBehavior: KeyCommand.RepeatBehavior = .repeatable) -> KeyCommand {
            KeyCommand(title: title, input: input, modifierFlags: modifiers, attributes: attributes, repeatBehavior: repeatBehavior,
                       wantsPriorityOverSystemBehavior: priority) { [unowned self] command in titles.append(command.title) }
        }
    }

    /// A context menu of one row.
    final class MenuSource: ContextMenuInteractionDelegate {
        func contextMenuInteraction(_ interaction: ContextMenuInteraction,
                                    configurationForMenuAtLocation location: Point) -> ContextMenuConfiguration? {
            ContextMenuConfiguration { _ in Menu(children: [Action(title: "Open") { _ in }]) }
        }
    }

    let clock = ManualFrameClock()
    let window: Window
    let screen = Screen()
    let view = CommandView(frame: Rect(x: 10, y: 10, width: 40, height: 40))
    let ran = Ran()
    var time = 1.0

    init() {
        window = Window(size: Size(width: 400, height: 300), clock: clock)
        window.rootViewController = screen
        screen.view.addSubview(view)
        clock.step()
    }

    mutating func press(_ key: Key, _ modifiers: KeyModifiers = [], repeats: Int = 0) {
        time += 0.1
        window.send(.keyDown(key, modifiers: modifiers, time: time))
        for _ in 0..<repeats { window.send(.keyDown(key, modifiers: modifiers, isRepeat: true, time: time)) }
        window.send(.keyUp(key, modifiers: modifiers, time: time))
    }

    @Test("a matching command runs once for the press, which then reaches no responder, nor does its key-up")
    mutating func runsAndTakesThePress() {
        screen.commands = [ran.command("New", .character("n"), .control)]
        #expect(view.becomeFirstResponder())
        press(.character("n"), .control)
        #expect(ran.titles == ["New"])
        #expect(view.keys.isEmpty && screen.keys.isEmpty && view.ups == 0, "the press went nowhere else")
        press(.character("m"), .control)
        #expect(ran.titles == ["New"] && view.keys == [.character("m")] && screen.keys == [.character("m")],
                "a key no command matches is delivered as before")
    }

    @Test("the first match from the first responder up wins: a view's command before its controller's")
    mutating func chainOrder() {
        screen.commands = [ran.command("Screen save", .character("s"), .control)]
        view.commands = [ran.command("View save", .character("s"), .control)]
        press(.character("s"), .control)
        #expect(ran.titles == ["Screen save"], "with no first responder the view is not on the chain")
        #expect(view.becomeFirstResponder())
        press(.character("s"), .control)
        #expect(ran.titles == ["Screen save", "View save"])
    }

    @Test("a presented controller's commands come first, then its presenter's, as UIKit's chain goes; a view under the presentation is not asked")
    mutating func presentedChain() {
        let clock = ManualFrameClock()
        let window = Window(size: Size(width: 400, height: 300), clock: clock)
        let root = Screen(), presented = Screen()
        let view = CommandView(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        window.rootViewController = root
        root.view.addSubview(view)
        clock.step()
        #expect(view.becomeFirstResponder())
        root.commands = [ran.command("Root find", .character("f"), .control), ran.command("Root quit", .character("q"), .control)]
        view.commands = [ran.command("View quit", .character("q"), .control)]
        presented.commands = [ran.command("Presented find", .character("f"), .control)]
        root.present(presented, animated: false)
        clock.run(for: 0.5)
        window.send(.keyDown(.character("f"), modifiers: .control, time: clock.now))
        window.send(.keyDown(.character("q"), modifiers: .control, time: clock.now))
        #expect(ran.titles == ["Presented find", "Root quit"])
    }

    @Test("modifiers match exactly; letters in either case (Shift, Caps Lock); a character typed with Shift matches without asking for it")
    mutating func matching() {
        screen.commands = [
            ran.command("Undo", .character("z"), .control),
            ran.command("Redo", .character("z"), [.control, .shift]),
            ran.command("Zoom in", .character("+"), .control),
            ran.command("Tab 1", .character("1"), .alternate),
            ran.command("Reload", .function(5)),
            ran.command("Next", .pageDown, .control),
        ]
        press(.character("z"), .control)
        press(.character("Z"), [.control, .shift])
        press(.character("Z"), .control)           // Caps Lock on: still Ctrl+Z
        press(.character("z"), [.control, .alternate])
        press(.character("+"), [.control, .shift])  // Shift+= types "+" on US keyboards
        press(.character("+"), .control)           // the keypad's plus
        press(.character("1"), .alternate)
        press(.character("!"), [.alternate, .shift])
        press(.function(5))
        press(.function(5), .shift)
        press(.pageDown, .control)
        press(.pageDown)
        #expect(ran.titles == ["Undo", "Redo", "Undo", "Zoom in", "Zoom in", "Tab 1", "Reload", "Next"])
        #expect(screen.keys == [.character("z"), .character("!"), .function(5), .pageDown], "the rest were delivered")
    }

    @Test("an editing field keeps what it types and edits (Ctrl+A, letters, Backspace, Ctrl+Left); its unused shortcuts and a command with priority run")
    mutating func textFieldKeepsItsKeys() throws {
        let field = TextField(text: "hello", frame: Rect(x: 10, y: 60, width: 200, height: 36))
        screen.view.addSubview(field)
        screen.commands = [
            ran.command("All", .character("a"), .control),
            ran.command("N", .character("n")),
            ran.command("Erase", .backspace),
            ran.command("Word", .left, .control),
            ran.command("Save", .character("s"), .control),
        ]
        #expect(field.becomeFirstResponder() && field.isEditing)
        press(.end)
        press(.character("n"))
        press(.backspace)
        press(.character("a"), .control)
        #expect(field.selectedRange == 0..<5, "Ctrl+A selected all: \(field.selectedRange)")
        press(.left, .control)
        #expect(field.text == "hello" && ran.titles.isEmpty, "typed n, erased it, selected, moved: \(ran.titles)")
        press(.character("s"), .control)
        #expect(ran.titles == ["Save"], "the field has no use for Ctrl+S")
        screen.commands.append(ran.command("All first", .character("a"), .control, priority: true))
        screen.commands.removeFirst()
        press(.end)
        press(.character("a"), .control)
        #expect(ran.titles == ["Save", "All first"] && field.selectedRange == 5..<5, "priority over the field's Ctrl+A")
        #expect(field.resignFirstResponder())
        press(.character("n"))
        #expect(ran.titles == ["Save", "All first", "N"], "no field editing: plain N is the command's")
    }

    @Test("a focused button keeps Return and Space, Tab moves the focus; commands with priority take them")
    mutating func focusedControlKeepsItsKeys() {
        var taps = 0
        let button = Button(title: "OK", frame: Rect(x: 10, y: 100, width: 80, height: 36))
        let other = Button(title: "Other", frame: Rect(x: 100, y: 100, width: 80, height: 36))
        button.addAction { _ in taps += 1 }
        screen.view.addSubview(button)
        screen.view.addSubview(other)
        screen.commands = [ran.command("Submit", .return), ran.command("Next field", .tab), ran.command("Go", .return, .control)]
        #expect(button.becomeFirstResponder())
        press(.return)
        press(.space)
        #expect(taps == 2 && ran.titles.isEmpty)
        press(.return, .control)
        #expect(ran.titles == ["Go"], "Ctrl+Return is no key of the button's")
        press(.tab)
        #expect(other.isFirstResponder && ran.titles == ["Go"], "Tab moved the focus")
        screen.commands = [ran.command("Submit first", .return, priority: true), ran.command("Tab first", .tab, priority: true)]
        press(.return)
        press(.tab)
        #expect(ran.titles == ["Go", "Submit first", "Tab first"] && other.isFirstResponder && taps == 2)
        #expect(other.resignFirstResponder())
        screen.commands = [ran.command("Submit", .return)]
        press(.return)
        #expect(ran.titles.last == "Submit", "with nothing focused, Return is the command's")
    }

    @Test("a disabled command lets its key go on to the responders; a hidden one still runs; repeats run it unless it is non-repeatable, whose repeats go nowhere")
    mutating func disabledHiddenAndRepeats() {
        screen.commands = [
            ran.command("Off", .character("d"), .control, attributes: .disabled),
            ran.command("Secret", .character("h"), .control, attributes: .hidden),
            ran.command("Undo", .character("z"), .control),
            ran.command("Once", .character("o"), .control, repeatBehavior: .nonRepeatable),
        ]
        press(.character("d"), .control)
        press(.character("h"), .control)
        press(.character("z"), .control, repeats: 2)
        press(.character("o"), .control, repeats: 2)
        #expect(ran.titles == ["Secret", "Undo", "Undo", "Undo", "Once"])
        #expect(screen.keys == [.character("d")], "the disabled command's key was delivered, the non-repeatable's repeats were not")
    }

    @Test("over a screen with plain Return and Escape commands, an alert's Return picks its preferred action and Escape its cancel action")
    mutating func alertKeysComeFirst() {
        let clock = ManualFrameClock()
        let window = Window(size: Size(width: 400, height: 300), clock: clock)
        let root = Screen()
        window.rootViewController = root
        clock.step()
        root.commands = [ran.command("Screen return", .return), ran.command("Screen escape", .escape)]
        var picked: [String] = []
        func alert() -> AlertController {
            let alert = AlertController(title: "Save?", message: nil, preferredStyle: .alert)
            alert.addAction(AlertAction(title: "Cancel", style: .cancel) { _ in picked.append("cancel") })
            alert.addAction(AlertAction(title: "Save", style: .default) { _ in picked.append("save") })
            return alert
        }
        // Return on the focused Save button; on the alert itself, its focus taken away; Escape.
        for (key, unfocused) in [(Key.return, false), (.return, true), (.escape, false)] {
            root.present(alert(), animated: false)
            clock.run(for: 0.5)
            if unfocused { #expect(window.firstResponder?.resignFirstResponder() == true && window.firstResponder == nil) }
            window.send(.keyDown(key, time: clock.now))
            clock.run(for: 1)
        }
        #expect(picked == ["save", "save", "cancel"] && ran.titles.isEmpty, "\(picked) \(ran.titles)")
        #expect(root.presentedViewController == nil)
        window.send(.keyDown(.escape, time: clock.now))
        #expect(ran.titles == ["Screen escape"], "with nothing presented, Escape is the screen's")
    }

    @Test("Escape dismisses a sheet before the presenter's Escape command runs; a presenter's command with priority runs instead")
    mutating func escapeDismissesFirst() {
        let clock = ManualFrameClock()
        let window = Window(size: Size(width: 400, height: 300), clock: clock)
        let root = Screen(), sheet = Screen()
        window.rootViewController = root
        clock.step()
        root.commands = [ran.command("Clear", .escape)]
        sheet.modalPresentationStyle = .formSheet
        root.present(sheet, animated: false)
        clock.run(for: 0.5)
        window.send(.keyDown(.escape, time: clock.now))
        clock.run(for: 1)
        #expect(root.presentedViewController == nil && ran.titles.isEmpty, "the sheet went, the command did not run")
        root.commands = [ran.command("Clear first", .escape, priority: true)]
        root.present(sheet, animated: false)
        clock.run(for: 0.5)
        window.send(.keyDown(.escape, time: clock.now))
        clock.run(for: 1)
        #expect(root.presentedViewController === sheet && ran.titles == ["Clear first"])
        sheet.commands = [ran.command("Sheet escape", .escape)]
        window.send(.keyDown(.escape, time: clock.now))
        #expect(ran.titles == ["Clear first", "Sheet escape"], "the sheet's own Escape command comes before its dismissal")
    }

    @Test("an open context menu keeps every key but Page Up and Down: no shortcut of the screen under it runs")
    mutating func contextMenuKeepsTheKeys() throws {
        screen.commands = [ran.command("Save", .character("s"), .control), ran.command("Back", .left, .alternate)]
        let menus = MenuSource()
        view.addInteraction(ContextMenuInteraction(delegate: menus))
        window.send(.pointerDown(Point(x: 20, y: 20), button: 3, time: clock.now))
        window.send(.pointerUp(Point(x: 20, y: 20), button: 3, time: clock.now))
        clock.run(for: 0.5)
        let menu = try #require(screen.presentedViewController as? ContextMenuController)
        #expect(window.firstResponder is ContextMenuView)
        press(.character("s"), .control)
        press(.left, .alternate)
        #expect(ran.titles.isEmpty && screen.presentedViewController === menu)
    }

    @Test("the keys as menus write them")
    func shortcutTitles() {
        func title(_ key: Key, _ modifiers: KeyModifiers = []) -> String {
            KeyCommand(input: key, modifierFlags: modifiers) { _ in }.shortcutTitle
        }
        #expect(title(.character("z"), [.shift, .control]) == "Ctrl+Shift+Z")
        #expect(title(.character("1"), .alternate) == "Alt+1")
        #expect(title(.pageDown, .control) == "Ctrl+PgDown")
        #expect(title(.function(5)) == "F5")
        #expect(title(.escape, [.command, .alternate]) == "Alt+Super+Esc")
        #expect(title(.character("+"), .control) == "Ctrl++")
    }

    @Test("in a menu a command is a row with its keys; choosing it runs it; a hidden one has no row")
    func menuRow() throws {
        let ran = Ran()
        let menu = Menu(children: [
            ran.command("Duplicate", .character("d"), [.control, .shift]),
            ran.command("Secret", .character("h"), .control, attributes: .hidden),
            ran.command("Locked", .character("l"), .control, attributes: .disabled),
        ])
        let actions = menu.rows.compactMap(\.action)
        #expect(actions.map(\.title) == ["Duplicate", "Locked"])
        #expect(actions.map(\.shortcutTitle) == ["Ctrl+Shift+D", "Ctrl+L"])
        #expect(actions[1].attributes == .disabled)
        actions[0].handler(actions[0])
        #expect(ran.titles == ["Duplicate"])
    }
}
