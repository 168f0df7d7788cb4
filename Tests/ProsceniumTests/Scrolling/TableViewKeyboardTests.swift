import Testing
@testable import Proscenium

/// A table with the keyboard: Tab focuses it, the arrows, Page Down, Home and End move a keyboard row that
/// the table keeps in view and rings while focus is visible, and Return or Space select it as a click does.
@MainActor @Suite("Table view keyboard")
struct TableViewKeyboardTests {
    private func focusedTable(rows: Int = 100) -> (ScrollScene, TableView, NumberedRows) {
        let table = TableView()
        let source = NumberedRows(count: rows)
        let scene = ScrollScene(scrollView: table)
        // Tab moves focus inside the root controller's view.
        let root = ViewController()
        scene.window.rootViewController = root
        root.view.addSubview(table)
        table.dataSource = source
        table.delegate = source
        scene.clock.step()
        return (scene, table, source)
    }

    private func key(_ scene: ScrollScene, _ key: Key, _ modifiers: KeyModifiers = []) {
        scene.window.send(.keyDown(key, modifiers: modifiers, time: scene.clock.now))
        scene.window.send(.keyUp(key, modifiers: modifiers, time: scene.clock.now))
        scene.run(0.5)
    }

    @Test("Tab focuses the table on its first row in view; Down, Page Down, End and Home move the row, which stays in view and ringed")
    func arrowsMoveTheKeyboardRow() {
        let (scene, table, source) = focusedTable()
        defer { withExtendedLifetime(source) {} }
        table.setContentOffset(Point(x: 0, y: 440), animated: false)
        scene.clock.step()
        key(scene, .tab)
        #expect(scene.window.firstResponder === table)
        #expect(table.indexPathForFocusedRow == IndexPath(row: 10, section: 0), "the first row in view")
        let ring = table.focusIndicator
        #expect(!ring.isHidden && ring.frame == table.rectForRow(at: IndexPath(row: 10, section: 0)).insetBy(dx: 2, dy: 2))
        key(scene, .down)
        #expect(table.indexPathForFocusedRow?.row == 11)
        key(scene, .pageDown)
        let paged = table.indexPathForFocusedRow?.row ?? 0
        #expect(paged > 11 && paged < 20, "a screenful: \(paged)")
        key(scene, .end)
        #expect(table.indexPathForFocusedRow?.row == 99)
        let last = table.rectForRow(at: IndexPath(row: 99, section: 0))
        #expect(last.maxY <= table.contentOffset.y + table.bounds.height + 0.5, "scrolled into view")
        let order = table.subviews.suffix(3).map(\.identifier)
        #expect(order.first == "table-focus" && ring.frame == last.insetBy(dx: 2, dy: 2), "over the cells, under the indicators: \(order)")
        key(scene, .home)
        #expect(table.indexPathForFocusedRow?.row == 0 && table.contentOffset.y == 0)
        key(scene, .up)
        #expect(table.indexPathForFocusedRow?.row == 0, "it stops at the first row")
    }

    @Test("Page Down and Page Up move a screenful whatever the rows' heights: 150-point rows a row at a time in 300 points, 30-point ones nine")
    func pagesFollowTheRowsHeights() {
        for (height, rows) in [(150.0, 1), (30.0, 9)] {
            let (scene, table, source) = focusedTable()
            source.heights = { _ in height }
            table.reloadData()
            scene.clock.step()
            key(scene, .tab)
            #expect(table.indexPathForFocusedRow?.row == 0)
            key(scene, .pageDown)
            #expect(table.indexPathForFocusedRow?.row == rows, "\(height)-point rows")
            let focused = table.rectForRow(at: IndexPath(row: rows, section: 0))
            #expect(focused.maxY - table.rectForRow(at: IndexPath(row: 0, section: 0)).minY <= table.bounds.height)
            key(scene, .pageUp)
            #expect(table.indexPathForFocusedRow?.row == 0)
        }
    }

    @Test("focus taken right after a reload lands on the first row in view, not on the table's first row")
    func focusRightAfterAReload() {
        let (scene, table, source) = focusedTable()
        defer { withExtendedLifetime(source) {} }
        table.setContentOffset(Point(x: 0, y: 440), animated: false)
        scene.clock.step()
        table.reloadData()
        #expect(table.becomeFirstResponder())
        scene.run(0.5)
        #expect(table.indexPathForFocusedRow == IndexPath(row: 10, section: 0))
        #expect(table.contentOffset.y == 440)
    }

    @Test("Return and Space select the keyboard row through the delegate; a click moves the row there and hides the ring")
    func returnSelects() {
        let (scene, table, source) = focusedTable()
        key(scene, .tab)
        key(scene, .down)
        key(scene, .down)
        key(scene, .return)
        #expect(source.selected == [IndexPath(row: 2, section: 0)])
        #expect(table.indexPathForSelectedRow == IndexPath(row: 2, section: 0))
        key(scene, .down)
        key(scene, .space)
        #expect(source.selected.last == IndexPath(row: 3, section: 0) && source.deselected == [IndexPath(row: 2, section: 0)])

        let point = Point(x: 200, y: table.rectForRow(at: IndexPath(row: 5, section: 0)).midY - table.contentOffset.y)
        scene.press(at: point)
        scene.release(at: point)
        #expect(table.indexPathForFocusedRow == IndexPath(row: 5, section: 0))
        #expect(table.focusIndicator.isHidden, "a click hides focus rings until the keyboard is used")
        key(scene, .down)
        #expect(table.indexPathForFocusedRow?.row == 6 && !table.focusIndicator.isHidden)
    }

    @Test("a table that takes no selection, or has no rows, is not focused by Tab; losing focus hides the ring")
    func onlySelectableTablesTakeFocus() {
        let (scene, table, source) = focusedTable()
        table.allowsSelection = false
        key(scene, .tab)
        #expect(scene.window.firstResponder !== table)
        table.allowsSelection = true
        source.count = 0
        table.reloadData()
        scene.clock.step()
        key(scene, .tab)
        #expect(scene.window.firstResponder !== table)
        source.count = 10
        table.reloadData()
        scene.clock.step()
        key(scene, .tab)
        #expect(scene.window.firstResponder === table && !table.focusIndicator.isHidden)
        _ = table.resignFirstResponder()
        #expect(table.focusIndicator.isHidden)
    }

    @Test("a screen reader hears the keyboard row as the focused element, and hears it move")
    func theKeyboardRowIsFocusedForScreenReaders() {
        let (scene, table, source) = focusedTable()
        defer { withExtendedLifetime(source) {} }
        let surface = ProbeSurface()
        scene.window.surface = surface
        key(scene, .tab)
        key(scene, .down)
        let cell = table.cellForRow(at: IndexPath(row: 1, section: 0))!
        let tree = AccessibilityTree(window: scene.window)
        #expect(tree[AccessibilityTree.id(of: cell)]?.isFocused == true)
        #expect(tree[AccessibilityTree.id(of: table)]?.isFocused != true)
        let told = surface.accessibilityChanges
        key(scene, .down)
        #expect(surface.accessibilityChanges > told, "the bridge was told at once")
    }

    @Test("after a reload with fewer rows, the keyboard row moves to the last row there is, ringed")
    func theKeyboardRowOutlivesAReload() {
        let (scene, table, source) = focusedTable()
        key(scene, .tab)
        key(scene, .end)
        #expect(table.indexPathForFocusedRow?.row == 99)
        source.count = 5
        table.reloadData()
        scene.run(0.5)
        #expect(table.indexPathForFocusedRow == IndexPath(row: 4, section: 0))
        #expect(!table.focusIndicator.isHidden && table.focusIndicator.frame == table.rectForRow(at: IndexPath(row: 4, section: 0)).insetBy(dx: 2, dy: 2))
        key(scene, .up)
        #expect(table.indexPathForFocusedRow?.row == 3)
    }
}
