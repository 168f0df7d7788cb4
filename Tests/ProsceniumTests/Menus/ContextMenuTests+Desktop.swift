import Testing
@testable import Proscenium

/// What a desktop user expects of an open menu beyond choosing from it: it keeps the keys to itself, jumps
/// to a row by its first letter, follows the hovering pointer, takes a right-button drag, closes when the
/// window loses the keyboard, leaves a text field's selection alone, and never slides away like a sheet.
extension ContextMenuTests {
    @Test("while a menu is open, Alt+Left, Tab and letters stay with it: the screen under it neither pops nor moves focus")
    func keysStayWithTheOpenMenu() throws {
        let clock = ManualFrameClock()
        let window = Window(size: Size(width: 800, height: 600), clock: clock)
        let screen = Screen()
        let navigation = NavigationController(rootViewController: ViewController())
        window.rootViewController = navigation
        navigation.pushViewController(screen, animated: false)
        clock.run(for: 0.3)
        rightClick(window, at: Point(x: 150, y: 150), clock)
        let menu = try #require(self.menu(in: window))
        key(window, .left, clock, .alternate)
        #expect(navigation.viewControllers.count == 2, "Alt+Left did not pop the screen under the menu")
        #expect(self.menu(in: window) === menu)
        key(window, .tab, clock)
        #expect(window.firstResponder === menu.menuView, "Tab did not take focus out of the menu")
        // A letter moves to the next row whose title starts with it; again, it wraps around.
        key(window, .character("d"), clock)
        #expect(menu.menuView.highlighted == 6, "D: Delete")
        key(window, .character("O"), clock)
        #expect(menu.menuView.highlighted == 0, "O, any case: Open")
        key(window, .character("x"), clock)
        #expect(menu.menuView.highlighted == 0, "no row starts with X: the highlight stays")
        // The Menu key closes it, choosing nothing.
        key(window, .menu, clock)
        #expect(window.presentedViewControllers.isEmpty && screen.chosen.isEmpty)
        #expect(navigation.viewControllers.count == 2)
    }

    @Test("the pointer hovering over a menu lights the row under it; the right button dragged from its press onto a row and let go chooses it")
    func hoverAndRightButtonDrag() throws {
        let (window, clock, screen) = makeWindow()
        rightClick(window, at: Point(x: 150, y: 120), clock)
        let menu = try #require(self.menu(in: window))
        func middle(ofRow row: Int) -> Point {
            let frame = menu.menuView.convert(menu.menuView.frame(ofRow: row), to: window)
            return Point(x: frame.midX, y: frame.midY)
        }
        window.send(.pointerMoved(middle(ofRow: 0), time: clock.now))
        #expect(menu.menuView.highlighted == 0, "hovering Open lights it")
        window.send(.pointerMoved(middle(ofRow: 1), time: clock.now))
        #expect(menu.menuView.highlighted == nil, "a disabled row does not light up")
        window.send(.pointerMoved(Point(x: 700, y: 500), time: clock.now))
        #expect(menu.menuView.highlighted == nil && self.menu(in: window) === menu, "off the menu: still open")
        key(window, .down, clock)
        window.send(.pointerMoved(Point(x: 710, y: 505), time: clock.now))
        #expect(menu.menuView.highlighted == 0, "a nudge of the mouse off the menu leaves the keys' row lit")
        // A plain right click leaves the menu open (above); pressed, dragged onto Delete and let go, it chooses.
        let press = Point(x: 150, y: 120)
        click(window, at: Point(x: 700, y: 500), clock)
        #expect(self.menu(in: window) == nil)
        window.send(.pointerDown(press, button: 3, time: clock.now))
        clock.run(for: 0.2)
        let opened = try #require(self.menu(in: window))
        let delete = opened.menuView.convert(opened.menuView.frame(ofRow: 6), to: window)
        window.send(.pointerMoved(Point(x: delete.midX, y: delete.midY), time: clock.now))
        #expect(opened.menuView.highlighted == 6)
        window.send(.pointerUp(Point(x: delete.midX, y: delete.midY), button: 3, time: clock.now))
        clock.run(for: 0.3)
        #expect(screen.chosen == ["delete: menu gone"])
    }

    @Test("a right click let go within a few points of its press leaves the menu open for a click")
    func aRightClickReleasedInPlaceKeepsTheMenu() throws {
        let (window, clock, screen) = makeWindow()
        // Near the bottom right, the menu flips above and left of the pointer; the release lands in its inset.
        screen.target.frame = Rect(x: 600, y: 520, width: 190, height: 70)
        let point = Point(x: 780, y: 580)
        window.send(.pointerDown(point, button: 3, time: clock.now))
        window.send(.pointerMoved(Point(x: 781, y: 581), time: clock.now))
        window.send(.pointerUp(Point(x: 781, y: 581), button: 3, time: clock.now))
        clock.run(for: 0.3)
        #expect(menu(in: window) != nil && screen.chosen.isEmpty)
    }

    @Test("a menu closes when the window loses the keyboard to another window")
    func theMenuClosesWhenTheWindowResignsKey() throws {
        let (window, clock, screen) = makeWindow()
        window.becomeKey()
        rightClick(window, at: Point(x: 150, y: 120), clock)
        #expect(menu(in: window) != nil)
        window.resignKey()
        clock.run(for: 0.3)
        #expect(window.presentedViewControllers.isEmpty && screen.chosen.isEmpty)
        #expect(screen.events == ["willDisplay document", "willEnd"])
    }

    @Test("a text field's selection is still there when its menu's action runs, and after an alert over it")
    func aFieldKeepsItsSelectionAcrossAMenuAndAnAlert() throws {
        let (window, clock, screen) = makeWindow()
        let field = TextField(text: "hello world", frame: Rect(x: 100, y: 300, width: 240, height: 32))
        screen.view.addSubview(field)
        var copied: [String] = []
        field.addInteraction(ContextMenuInteraction { _ in
            Menu(children: [Action(title: "Copy") { _ in copied.append(field.selectedText) }])
        })
        _ = field.becomeFirstResponder()
        field.selectedRange = 6..<11
        rightClick(window, at: Point(x: 200, y: 316), clock)
        let menu = try #require(self.menu(in: window))
        let copy = menu.menuView.convert(menu.menuView.frame(ofRow: 0), to: window)
        click(window, at: Point(x: copy.midX, y: copy.midY), clock)
        #expect(copied == ["world"])
        #expect(window.firstResponder === field && field.selectedRange == 6..<11)

        let alert = AlertController(title: "Sure?", message: nil, preferredStyle: .alert)
        alert.addAction(AlertAction(title: "OK", style: .default))
        screen.present(alert, animated: true)
        clock.run(for: 0.5)
        key(window, .return, clock)
        clock.run(for: 0.5)
        #expect(window.presentedViewControllers.isEmpty)
        #expect(window.firstResponder === field && field.selectedRange == 6..<11, "\(field.selectedRange)")
    }

    @Test("an app dismissing an open menu with animation fades it where it is; it does not slide down the window")
    func anAnimatedDismissalFadesTheMenuInPlace() throws {
        let (window, clock, screen) = makeWindow()
        rightClick(window, at: Point(x: 150, y: 120), clock)
        let menu = try #require(self.menu(in: window))
        let frame = menu.view.convert(menu.view.bounds, to: window)
        screen.dismiss(animated: true)
        clock.step()
        clock.step()
        clock.step()
        let moving = menu.view.presentation
        #expect(menu.view.convert(menu.view.bounds, to: window).origin == frame.origin, "in place")
        #expect(moving.alpha < 1, "fading: \(moving.alpha)")
        clock.run(for: 0.3)
        #expect(window.presentedViewControllers.isEmpty)
    }
}

extension ContextMenuTests {
    @Test("a screen reader finds an open menu as a popup menu of items, named and checked as drawn, the highlighted one focused, each chosen when activated")
    func screenReadersReadAndChooseTheMenusRows() throws {
        let (window, clock, screen) = makeWindow()
        _ = screen.target.becomeFirstResponder()
        key(window, .menu, clock)
        let menu = try #require(self.menu(in: window))
        var tree = AccessibilityTree(window: window)
        let popup = try #require(tree.allNodes.first { $0.role == .menu })
        let rows = tree.allNodes.filter { isInside($0, popup, tree) }
        #expect(rows.map { "\($0.role.rawValue) \($0.label ?? "-")" }
                == ["menuItem Open", "menuItem Locked", "header Share", "checkMenuItem Copy link", "menuItem Delete"])
        #expect(rows[1].traits.contains(.notEnabled) && !rows[0].traits.contains(.notEnabled))
        #expect(rows[3].value == "1", "Copy link is checked")
        #expect(tree.allNodes.contains { $0.label == "Other" } == false, "the screen under the menu is out of reach")
        #expect(!tree.allNodes.contains { $0.isFocused }, "nothing highlighted yet")
        key(window, .down, clock)
        tree = AccessibilityTree(window: window)
        #expect(tree.allNodes.filter(\.isFocused).map(\.label) == ["Open"], "the highlighted row has focus")
        #expect(tree.perform(.activate, on: rows[4].id))
        clock.run(for: 0.3)
        #expect(screen.chosen == ["delete: menu gone"] && menu.menuView.window == nil)
    }

    /// Whether `node` lies under `ancestor` in `tree`.
    private func isInside(_ node: AccessibilityNode, _ ancestor: AccessibilityNode, _ tree: AccessibilityTree) -> Bool {
        var parent = node.parent
        while let id = parent {
            if id == ancestor.id { return true }
            parent = tree[id]?.parent
        }
        return false
    }
}
