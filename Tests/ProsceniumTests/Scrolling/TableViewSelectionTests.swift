import Testing
@testable import Proscenium

/// Several rows selected at once, as UIKit's `allowsMultipleSelection` with the clicks of UIKit on the Mac
/// and of desktop lists: a click selects the row alone, Ctrl+click adds or removes it, Shift+click selects
/// the run from the last row clicked without Shift; Space toggles the keyboard row, Shift with a moving key
/// selects the run to where it lands, Ctrl+A selects every row.
@MainActor @Suite("Table view multiple selection")
struct TableViewSelectionTests {
    let table = TableView()
    let rows = NumberedRows(count: 30)
    let scene: ScrollScene

    init() {
        scene = ScrollScene(scrollView: table)
        table.dataSource = rows
        table.delegate = rows
        table.allowsMultipleSelection = true
        scene.clock.step()
    }

    /// A click on row `row` (rows are 44 points high) with `modifiers` held.
    func click(row: Int, _ modifiers: KeyModifiers = []) {
        let point = Point(x: 200, y: Double(row) * table.rowHeight + table.rowHeight / 2 - table.contentOffset.y)
        scene.window.send(.pointerDown(point, button: 1, modifiers: modifiers, time: scene.clock.now))
        scene.window.send(.pointerUp(point, button: 1, time: scene.clock.now))
        scene.clock.run(for: 0.5)
    }

    var selected: [Int] { table.indexPathsForSelectedRows?.map(\.row) ?? [] }

    @Test("a click selects alone, Ctrl+click adds and removes, Shift+click selects the run from the last plain or Ctrl click")
    func clicks() {
        click(row: 2)
        click(row: 5, .control)
        #expect(selected == [2, 5])
        click(row: 3, .shift)
        #expect(selected == [3, 4, 5], "the run from row 5, the last clicked without Shift")
        rows.selected = []
        rows.deselected = []
        click(row: 4, .control)
        #expect(selected == [3, 5] && rows.deselected.map(\.row) == [4] && rows.selected.isEmpty)
        click(row: 1)
        #expect(selected == [1] && rows.deselected.map(\.row) == [4, 3, 5] && rows.selected.map(\.row) == [1])
        #expect(table.indexPathForSelectedRow?.row == 1)
        let shown = table.visibleCellsByIndexPath.filter(\.value.isSelected).keys.map(\.row).sorted()
        #expect(shown == [1], "the cells show the selection")
    }

    @Test("with one row selectable, modifiers change nothing: each click selects its row alone")
    func singleSelection() {
        table.allowsMultipleSelection = false
        click(row: 2)
        click(row: 4, .control)
        click(row: 6, .shift)
        #expect(selected == [6] && rows.deselected.map(\.row) == [2, 4])
    }

    @Test("Space adds or removes the keyboard row, Return selects it alone")
    func keys() {
        click(row: 2)
        #expect(table.becomeFirstResponder())
        for key in [Key.down, .down, .space, .down, .space, .up, .space] {
            scene.window.send(.keyDown(key, time: scene.clock.now))
            scene.window.send(.keyUp(key, time: scene.clock.now))
        }
        #expect(selected == [2, 5], "row 4 added and taken out again, row 5 added: \(selected)")
        scene.window.send(.keyDown(.return, time: scene.clock.now))
        #expect(selected == [4])
    }

    /// Presses and releases `key` with `modifiers` in the window, as the keyboard does.
    func press(_ key: Key, _ modifiers: KeyModifiers = []) {
        scene.window.send(.keyDown(key, modifiers: modifiers, time: scene.clock.now))
        scene.window.send(.keyUp(key, modifiers: modifiers, time: scene.clock.now))
    }

    @Test("Shift with Up, Down, Home or End selects the run from the anchor to the keyboard row, telling the delegate each change")
    func shiftArrows() {
        click(row: 2)
        #expect(table.becomeFirstResponder())
        press(.down, .shift)
        press(.down, .shift)
        #expect(selected == [2, 3, 4] && rows.selected.map(\.row) == [2, 3, 4])
        rows.selected = []
        press(.up, .shift)
        press(.up, .shift)
        press(.up, .shift)
        #expect(selected == [1, 2], "the run turns over the anchor: \(selected)")
        // As with Shift+click, the row landed on is told each time, selected before or not.
        #expect(rows.deselected.map(\.row) == [4, 3] && rows.selected.map(\.row) == [3, 2, 1])
        press(.down)
        #expect(selected == [1, 2] && table.indexPathForFocusedRow?.row == 2, "a plain arrow moves the keyboard row only")
        press(.end, .shift)
        #expect(selected == Array(2...29) && table.indexPathForFocusedRow?.row == 29)
        press(.home, .shift)
        #expect(selected == [0, 1, 2])
        click(row: 3, .control)
        press(.down, .shift)
        #expect(selected == [3, 4], "the run starts at the Ctrl+clicked row: \(selected)")
    }

    @Test("with no click yet, the run starts at the keyboard row; with one row selectable, Shift+Down selects nothing")
    func shiftArrowsFromTheKeyboardRow() {
        #expect(table.becomeFirstResponder())
        #expect(table.indexPathForFocusedRow?.row == 0)
        press(.down, .shift)
        #expect(selected == [0, 1])
        table.allowsMultipleSelection = false
        table.selectRow(at: nil, animated: false, scrollPosition: .none)
        press(.down, .shift)
        #expect(selected.isEmpty && rows.selected.map(\.row) == [0, 1])
    }

    @Test("Ctrl+A selects every row, scrolled out of view too, each told to the delegate; the keyboard row stays")
    func selectAll() {
        click(row: 4)
        #expect(table.becomeFirstResponder())
        rows.selected = []
        press(.character("a"), .control)
        #expect(selected == Array(0..<30))
        #expect(rows.selected.map(\.row) == Array(0..<30).filter { $0 != 4 })
        #expect(table.indexPathForFocusedRow?.row == 4)
        #expect(table.usesKeyItself(Press(key: .character("a"), timestamp: 0, modifiers: .control)), "no shortcut up the chain takes it")
        table.allowsMultipleSelection = false
        #expect(!table.usesKeyItself(Press(key: .character("a"), timestamp: 0, modifiers: .control)))
    }

    @Test("screen readers: a table selecting several rows is multiselectable, and Select All selects every row")
    func accessibilitySelectAll() throws {
        let id = AccessibilityTree.id(of: table)
        #expect(try #require(AccessibilityTree(window: scene.window)[id]).isMultiselectable)
        #expect(AccessibilityTree(window: scene.window).selectAll(of: id))
        #expect(selected == Array(0..<30))
        rows.deselected = []
        #expect(AccessibilityTree(window: scene.window).clearSelection(of: id))
        #expect(selected.isEmpty && rows.deselected.map(\.row) == Array(0..<30), "rows out of view too")
        table.allowsMultipleSelection = false
        #expect(try #require(AccessibilityTree(window: scene.window)[id]).isMultiselectable == false)
        #expect(!AccessibilityTree(window: scene.window).selectAll(of: id))
    }

    @Test("code adds rows without telling the delegate; nil, a reload or turning multiple selection off clear or keep the first")
    func code() {
        table.selectRow(at: IndexPath(row: 3, section: 0), animated: false, scrollPosition: .none)
        table.selectRow(at: IndexPath(row: 9, section: 0), animated: false, scrollPosition: .none)
        #expect(selected == [3, 9] && rows.selected.isEmpty)
        table.allowsMultipleSelection = false
        #expect(selected == [3])
        table.allowsMultipleSelection = true
        table.selectRow(at: IndexPath(row: 4, section: 0), animated: false, scrollPosition: .none)
        table.selectRow(at: nil, animated: false, scrollPosition: .none)
        #expect(table.indexPathsForSelectedRows == nil)
        table.selectRow(at: IndexPath(row: 4, section: 0), animated: false, scrollPosition: .none)
        rows.count = 3
        table.reloadData()
        scene.clock.step()
        #expect(table.indexPathsForSelectedRows == nil)
    }
}
