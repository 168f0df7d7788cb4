import Testing
@testable import Proscenium

/// Context menus as UIKit's `UIContextMenuInteraction` with a pointer: a right click (or the Menu key,
/// Shift+F10 on the focused view) opens the delegate's menu at the pointer as a presentation that dims
/// nothing; keys and the pointer choose; Escape or a click elsewhere closes it, a click elsewhere lost
/// unless it lands on a passthrough.
@MainActor @Suite("Context menus")
struct ContextMenuTests {
    final class Screen: ViewController, ContextMenuInteractionDelegate {
        let target = Button(title: "Document", frame: Rect(x: 100, y: 100, width: 160, height: 44))
        let other = Button(title: "Other", frame: Rect(x: 500, y: 100, width: 120, height: 44))
        var chosen: [String] = []
        var events: [String] = []
        var taps = 0
        var locations: [Point] = []

        override func viewDidLoad() {
            view.backgroundColor = .white
            target.identifier = "target"
            other.identifier = "other"
            other.addAction { [unowned self] _ in taps += 1 }
            view.addSubview(target)
            view.addSubview(other)
            target.addInteraction(ContextMenuInteraction(delegate: self))
        }

        func contextMenuInteraction(_ interaction: ContextMenuInteraction,
                                    configurationForMenuAtLocation location: Point) -> ContextMenuConfiguration? {
            locations.append(location)
            return ContextMenuConfiguration(identifier: "document") { [unowned self] _ in
                Menu(children: [
                    Action(title: "Open", identifier: "open") { [unowned self] _ in chosen.append("open") },
                    Action(title: "Locked", attributes: .disabled) { [unowned self] _ in chosen.append("locked") },
                    Action(title: "Secret", attributes: .hidden) { [unowned self] _ in chosen.append("secret") },
                    Menu(title: "Share", children: [
                        Action(title: "Copy link", state: .on) { [unowned self] _ in chosen.append("copy") },
                    ]),
                    Action(title: "Delete", attributes: .destructive) { [unowned self] _ in
                        chosen.append("delete: \(presentedViewController == nil ? "menu gone" : "menu still presented")")
                        // A confirmation, presented from the handler as an app would.
                        let alert = AlertController(title: "Delete?", message: nil, preferredStyle: .alert)
                        alert.addAction(AlertAction(title: "Cancel", style: .cancel))
                        present(alert, animated: true)
                    },
                ])
            }
        }

        func contextMenuInteraction(_ interaction: ContextMenuInteraction, willDisplayMenuFor configuration: ContextMenuConfiguration) {
            events.append("willDisplay \(configuration.identifier ?? "")")
        }

        func contextMenuInteraction(_ interaction: ContextMenuInteraction, willEndFor configuration: ContextMenuConfiguration) {
            events.append("willEnd")
        }
    }

    /// An 800-wide window (600 high unless said) showing the screen, after its first frame.
    func makeWindow(height: Double = 600) -> (Window, ManualFrameClock, Screen) {
        let clock = ManualFrameClock()
        let window = Window(size: Size(width: 800, height: height), clock: clock)
        let screen = Screen()
        window.rootViewController = screen
        clock.step()
        return (window, clock, screen)
    }

    func rightClick(_ window: Window, at point: Point, _ clock: ManualFrameClock) {
        click(window, at: point, clock, button: 3)
    }

    func click(_ window: Window, at point: Point, _ clock: ManualFrameClock, button: Int = 1) {
        window.send(.pointerDown(point, button: button, time: clock.now))
        window.send(.pointerUp(point, button: button, time: clock.now))
        clock.run(for: 0.3)
    }

    func key(_ window: Window, _ key: Key, _ clock: ManualFrameClock, _ modifiers: KeyModifiers = []) {
        window.send(.keyDown(key, modifiers: modifiers, time: clock.now))
        window.send(.keyUp(key, modifiers: modifiers, time: clock.now))
        clock.run(for: 0.3)
    }

    /// The rows as text: an action's title, "# " and a heading's, "—" for a separator.
    private func titles(of rows: [MenuRow]) -> [String] {
        rows.map { row in
            switch row {
            case let .action(action): action.title
            case let .heading(title): "# " + title
            case .separator: "—"
            }
        }
    }

    func menu(in window: Window) -> ContextMenuController? {
        window.presentedViewControllers.last as? ContextMenuController
    }

    @Test func aRightClickOpensTheMenuAtThePointerWithNoDimmingAndAClickOnARowChoosesIt() throws {
        let (window, clock, screen) = makeWindow()
        rightClick(window, at: Point(x: 150, y: 120), clock)
        let menu = try #require(self.menu(in: window))
        #expect(screen.locations == [Point(x: 50, y: 20)], "the location in the interaction's view")
        #expect(screen.events == ["willDisplay document"])
        let frame = menu.view.convert(menu.view.bounds, to: window)
        #expect(frame.origin == Point(x: 152, y: 122), "just below and right of the pointer")
        #expect(!window.allViews().contains { $0 is DimmingView })
        // Rows: Open, Locked, Share's section (heading, Copy link) between separators, Delete; no Secret.
        #expect(titles(of: menu.menuView.rows) == ["Open", "Locked", "—", "# Share", "Copy link", "—", "Delete"])
        // A click on the disabled row does nothing; on Delete, it closes the menu, then runs the action.
        let locked = menu.menuView.convert(menu.menuView.frame(ofRow: 1), to: window)
        click(window, at: Point(x: locked.midX, y: locked.midY), clock)
        #expect(screen.chosen.isEmpty && self.menu(in: window) != nil)
        let delete = menu.menuView.convert(menu.menuView.frame(ofRow: 6), to: window)
        click(window, at: Point(x: delete.midX, y: delete.midY), clock)
        #expect(screen.chosen == ["delete: menu gone"], "the handler runs once the menu has gone")
        #expect(window.presentedViewControllers.count == 1 && window.presentedViewControllers.first is AlertController,
                "and what it presents is shown")
        #expect(screen.events == ["willDisplay document", "willEnd"])
    }

    @Test("a right click during a left press opens the menu and cancels the press: released, it presses nothing")
    func aMenuOpenedDuringAPressCancelsIt() throws {
        let (window, clock, screen) = makeWindow()
        let onOther = Point(x: 560, y: 120)
        window.send(.pointerDown(onOther, button: 1, time: clock.now))
        rightClick(window, at: Point(x: 150, y: 120), clock)
        #expect(menu(in: window) != nil)
        window.send(.pointerUp(onOther, button: 1, time: clock.now))
        clock.run(for: 0.3)
        #expect(screen.taps == 0 && menu(in: window) != nil, "the button under the released press stays untouched")
    }

    @Test func keysMoveChooseAndCloseAndTheMenuKeyOpensTheFocusedViewsMenu() throws {
        let (window, clock, screen) = makeWindow()
        _ = screen.target.becomeFirstResponder()
        key(window, .menu, clock)
        let menu = try #require(self.menu(in: window))
        #expect(screen.locations == [Point(x: 80, y: 22)], "the focused view's middle")
        // Down lands on Open; Down again skips the disabled row and the heading to Copy link; Up wraps.
        key(window, .down, clock)
        key(window, .down, clock)
        #expect(menu.menuView.highlighted == 4)
        key(window, .up, clock)
        key(window, .up, clock)
        #expect(menu.menuView.highlighted == 6, "wrapped around to Delete")
        key(window, .home, clock)
        key(window, .return, clock)
        #expect(screen.chosen == ["open"] && window.presentedViewControllers.isEmpty)
        #expect(window.firstResponder === screen.target, "focus goes back where it was")
        // Shift+F10 opens it again; Escape closes it, choosing nothing.
        key(window, .function(10), clock, .shift)
        #expect(self.menu(in: window) != nil)
        key(window, .escape, clock)
        #expect(window.presentedViewControllers.isEmpty && screen.chosen == ["open"])
        #expect(screen.events == ["willDisplay document", "willEnd", "willDisplay document", "willEnd"])
        // F10 alone opens nothing.
        key(window, .function(10), clock)
        #expect(window.presentedViewControllers.isEmpty)
    }

    @Test func aClickElsewhereClosesTheMenuAndIsLostUnlessItPassesThrough() throws {
        let (window, clock, screen) = makeWindow()
        rightClick(window, at: Point(x: 150, y: 120), clock)
        click(window, at: Point(x: 560, y: 122), clock)
        #expect(window.presentedViewControllers.isEmpty, "closed")
        #expect(screen.taps == 0, "the click that closed it went nowhere, as in UIKit")
        rightClick(window, at: Point(x: 520, y: 122), clock)
        #expect(window.presentedViewControllers.isEmpty, "no interaction on that button: no menu")

        // Under a passthrough sheet, the click outside the menu closes it and reaches the button too.
        let sheet = ViewController()
        sheet.modalPresentationStyle = .bottomSheet
        (sheet.presentationController as? BottomSheetPresentationController)?.largestUndimmedDetentIdentifier = .medium
        screen.present(sheet, animated: false)
        clock.run(for: 0.5)
        rightClick(window, at: Point(x: 150, y: 120), clock)
        #expect(menu(in: window) != nil)
        click(window, at: Point(x: 560, y: 122), clock)
        #expect(screen.taps == 1, "passed through to the button under the sheet's open area")
        #expect(window.presentedViewControllers.count == 1 && window.presentedViewControllers.first === sheet)
    }

    @Test func aMenuClosesAtOnceAndARightClickWhileOneComesInReplacesIt() throws {
        let (window, clock, screen) = makeWindow()
        rightClick(window, at: Point(x: 150, y: 120), clock)
        window.send(.keyDown(.escape, time: clock.now))
        #expect(window.presentedViewControllers.isEmpty, "closed in the same event, as desktop menus close")
        window.send(.keyUp(.escape, time: clock.now))
        // A right click, and another in the first frame of the menu's fade-in: the second menu stays.
        window.send(.pointerDown(Point(x: 200, y: 130), button: 3, time: clock.now))
        window.send(.pointerUp(Point(x: 200, y: 130), button: 3, time: clock.now))
        clock.step()
        let first = menu(in: window)
        window.send(.pointerDown(Point(x: 120, y: 110), button: 3, time: clock.now))
        window.send(.pointerUp(Point(x: 120, y: 110), button: 3, time: clock.now))
        clock.run(for: 0.3)
        #expect(window.presentedViewControllers.count == 1 && menu(in: window) != nil && menu(in: window) !== first)
        #expect(screen.events == ["willDisplay document", "willEnd", "willDisplay document", "willEnd", "willDisplay document"])
    }

    @Test func overAPopoverAClickOnItsBackgroundIsSpentAndOneOnAPassthroughGoesOn() throws {
        let (window, clock, screen) = makeWindow()
        let popover = ViewController()
        popover.modalPresentationStyle = .popover
        popover.preferredContentSize = Size(width: 200, height: 100)
        let controller = try #require(popover.presentationController as? PopoverPresentationController)
        controller.sourceView = screen.target
        controller.passthroughViews = [screen.other]
        screen.present(popover, animated: false)
        clock.run(for: 0.5)
        // The passthrough button has a menu of its own, reached through the popover's outside.
        screen.other.addInteraction(ContextMenuInteraction { _ in Menu(children: [Action(title: "Pin") { _ in }]) })
        rightClick(window, at: Point(x: 560, y: 122), clock)
        #expect(menu(in: window) != nil)
        click(window, at: Point(x: 700, y: 500), clock)
        #expect(window.presentedViewControllers.count == 1 && window.presentedViewControllers.first === popover,
                "the menu closed; the click was spent, so the popover stays")
        rightClick(window, at: Point(x: 560, y: 122), clock)
        click(window, at: Point(x: 540, y: 110), clock)
        #expect(screen.taps == 1 && window.presentedViewControllers.first === popover, "the passthrough took the click")
    }

    @Test func aMenuNearTheEdgesFlipsToStayInTheWindowAndARightClickElsewhereMovesIt() throws {
        let (window, clock, screen) = makeWindow()
        screen.target.frame = Rect(x: 600, y: 520, width: 190, height: 70)
        rightClick(window, at: Point(x: 780, y: 580), clock)
        let menu = try #require(self.menu(in: window))
        let frame = menu.view.convert(menu.view.bounds, to: window)
        #expect(frame.maxX == 780 && frame.maxY == 580, "above and left of the pointer")
        rightClick(window, at: Point(x: 610, y: 530), clock)
        #expect(window.presentedViewControllers.count == 1)
        let moved = try #require(self.menu(in: window))
        #expect(moved !== menu)
    }

    @Test func theClosureFormAndNoMenuForNoActions() throws {
        let (window, clock, screen) = makeWindow()
        var opened = 0
        screen.other.addInteraction(ContextMenuInteraction { _ in
            opened += 1
            return opened == 1 ? Menu(children: []) : Menu(children: [Action(title: "Rename") { _ in }])
        })
        rightClick(window, at: Point(x: 560, y: 122), clock)
        #expect(window.presentedViewControllers.isEmpty, "an empty menu shows nothing")
        rightClick(window, at: Point(x: 560, y: 122), clock)
        #expect(menu(in: window) != nil)
        #expect(screen.other.interactions.count == 1)
        screen.other.removeInteraction(screen.other.interactions[0])
        #expect(screen.other.interactions.isEmpty)
    }

    @Test("a titled menu or section whose actions are all hidden shows nothing, not an orphan title")
    func aTitleWithNothingUnderItShowsNothing() throws {
        let (window, clock, screen) = makeWindow()
        let hidden = Action(title: "Secret", attributes: .hidden) { _ in }
        let offer = Menu(title: "Document", children: [hidden])
        screen.other.addInteraction(ContextMenuInteraction { _ in offer })
        rightClick(window, at: Point(x: 560, y: 122), clock)
        #expect(window.presentedViewControllers.isEmpty, "nothing to choose: no menu")
        let rows = Menu(title: "Document", children: [Action(title: "Rename") { _ in }, Menu(title: "Share", children: [hidden])]).rows
        #expect(rows.count == 2, "the heading and Rename, no Share heading between separators: \(rows)")
    }

    @Test("a menu taller than the window scrolls: the keys bring the row they reach into view, the wheel scrolls it, and its last row can be chosen")
    func aMenuTallerThanTheWindowScrolls() throws {
        let (window, clock, screen) = makeWindow(height: 150)
        rightClick(window, at: Point(x: 150, y: 120), clock)
        let menu = try #require(self.menu(in: window))
        let shown = menu.view.convert(menu.view.bounds, to: window)
        #expect(shown.height < menu.preferredContentSize.height, "cut to the window: \(shown)")
        func onScreen(_ row: Int) -> Rect { menu.menuView.convert(menu.menuView.frame(ofRow: row), to: window) }
        #expect(!shown.contains(onScreen(6)), "Delete starts out of view")
        key(window, .end, clock)
        #expect(menu.menuView.highlighted == 6 && shown.contains(onScreen(6)), "End brought Delete into view: \(onScreen(6))")
        key(window, .home, clock)
        #expect(shown.contains(onScreen(0)), "Home brought Open back")
        window.send(.scroll(Point(x: shown.midX, y: shown.midY), delta: Vector(dx: 0, dy: 100), isPrecise: true, time: clock.now))
        clock.run(for: 0.5)
        let delete = onScreen(6)
        #expect(shown.contains(delete), "the wheel scrolled to the end: \(delete)")
        click(window, at: Point(x: delete.midX, y: delete.midY), clock)
        #expect(screen.chosen == ["delete: menu gone"])
    }

    @Test("a titled menu opening with a titled section keeps the separator between their headings; Page Down in a tall menu turns the page")
    func headingsAndPaging() throws {
        let copy = Action(title: "Copy") { _ in }
        #expect(titles(of: Menu(title: "Edit", children: [Menu(title: "Clipboard", children: [copy])]).rows)
                == ["# Edit", "—", "# Clipboard", "Copy"])
        let (window, clock, _) = makeWindow(height: 150)
        rightClick(window, at: Point(x: 150, y: 120), clock)
        let menu = try #require(self.menu(in: window))
        key(window, .home, clock)
        key(window, .pageDown, clock)
        let scroller = try #require(menu.view as? ScrollView)
        #expect(scroller.contentOffset.y > 0, "the page turned, not pulled back to the highlighted row")
        key(window, .home, clock)
        #expect(scroller.contentOffset.y == 0, "Home, on the row already highlighted, brings it back into view")
    }
}
