import Testing
@testable import Proscenium

/// Rows as UIKit's table makes them: only visible rows have cells, cells are reused as rows scroll by,
/// heights may vary, and selection goes through the delegate.
@MainActor final class NumberedRows: TableViewDataSource, TableViewDelegate {
    var count: Int
    var heights: ((IndexPath) -> Double)?
    var cellsMade = 0
    var asked: [IndexPath] = []
    var selected: [IndexPath] = []
    var deselected: [IndexPath] = []
    var onCell: ((TableView, IndexPath) -> Void)?
    var onScroll: ((TableView) -> Void)?

    init(count: Int) { self.count = count }

    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { count }
    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        asked.append(indexPath)
        let cell: TableViewCell
        if let reused = tableView.dequeueReusableCell(withIdentifier: "row") {
            cell = reused
        } else {
            cellsMade += 1
            cell = TableViewCell(reuseIdentifier: "row")
        }
        cell.textLabel.text = "Row \(indexPath.row)"
        onCell?(tableView, indexPath)
        return cell
    }
    func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> Double {
        heights?(indexPath) ?? tableView.rowHeight
    }
    func scrollViewDidScroll(_ scrollView: ScrollView) { onScroll?(scrollView as! TableView) }
    func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) { selected.append(indexPath) }
    func tableView(_ tableView: TableView, didDeselectRowAt indexPath: IndexPath) { deselected.append(indexPath) }
}

@MainActor @Suite("Table view")
struct TableViewTests {
    private func table(rows: Int, heights: ((IndexPath) -> Double)? = nil) -> (ScrollScene, TableView, NumberedRows) {
        let table = TableView()
        let rowsSource = NumberedRows(count: rows)
        rowsSource.heights = heights
        let scene = ScrollScene(scrollView: table)
        table.dataSource = rowsSource
        table.delegate = rowsSource
        scene.clock.step()
        return (scene, table, rowsSource)
    }

    @Test func onlyVisibleRowsHaveCellsWhateverTheCount() {
        let (_, table, rows) = table(rows: 100_000)
        #expect(table.contentSize.height == 4_400_000)
        // 300 points of 44-point rows: rows 0 to 6.
        #expect(table.indexPathsForVisibleRows == (0...6).map { IndexPath(row: $0, section: 0) })
        #expect(rows.cellsMade == 7)
        #expect(table.visibleCells.map(\.textLabel.text).first == "Row 0")
    }

    @Test func scrollingReusesCellsThatLeftTheView() {
        let (scene, table, rows) = table(rows: 100_000)
        for _ in 0..<40 {
            scene.wheel(3)
            scene.clock.step()
        }
        scene.run(1)
        #expect(table.contentOffset.y == 120 * InputEvent.wheelNotchDistance)
        #expect(rows.cellsMade <= 9, "made \(rows.cellsMade) cells")
        let first = Int(table.contentOffset.y / 44)
        #expect(table.indexPathsForVisibleRows.first == IndexPath(row: first, section: 0))
        for cell in table.visibleCells {
            #expect(cell.textLabel.text == "Row \(cell.indexPath!.row)")
            #expect(cell.frame == table.rectForRow(at: cell.indexPath!))
        }
        table.scrollToRow(at: IndexPath(row: 99_999, section: 0), at: .bottom, animated: false)
        #expect(table.contentOffset.y == 4_400_000 - 300)
        #expect(table.indexPathsForVisibleRows.last == IndexPath(row: 99_999, section: 0))
        #expect(rows.cellsMade <= 9)
    }

    @Test func rowsMayHaveTheirOwnHeights() {
        let (_, table, rows) = table(rows: 1000, heights: { $0.row % 2 == 0 ? 30 : 60 })
        defer { withExtendedLifetime(rows) {} }
        #expect(table.contentSize.height == 500 * 90)
        #expect(table.rectForRow(at: IndexPath(row: 3, section: 0)) == Rect(x: 0, y: 120, width: 400, height: 60))
        #expect(table.indexPathForRow(at: Point(x: 10, y: 125)) == IndexPath(row: 3, section: 0))
        table.scrollToRow(at: IndexPath(row: 501, section: 0), at: .top, animated: false)
        #expect(table.contentOffset.y == 250 * 90 + 30)
        #expect(table.indexPathsForVisibleRows.first == IndexPath(row: 501, section: 0))
    }

    @Test func clickingARowSelectsItThroughTheDelegate() {
        let (scene, table, rows) = table(rows: 50)
        scene.press(at: Point(x: 100, y: 50))
        // The table may yet scroll: the row lights up only once the press has stayed a press a moment.
        #expect(!table.cellForRow(at: IndexPath(row: 1, section: 0))!.isHighlighted)
        scene.run(ScrollView.contentTouchDelay + 0.02)
        #expect(table.cellForRow(at: IndexPath(row: 1, section: 0))!.isHighlighted)
        scene.release(at: Point(x: 100, y: 50))
        #expect(rows.selected == [IndexPath(row: 1, section: 0)])
        #expect(table.indexPathForSelectedRow == IndexPath(row: 1, section: 0))
        #expect(table.cellForRow(at: IndexPath(row: 1, section: 0))!.isSelected)
        scene.press(at: Point(x: 100, y: 100))
        scene.release(at: Point(x: 100, y: 100))
        #expect(rows.deselected == [IndexPath(row: 1, section: 0)])
        #expect(!table.cellForRow(at: IndexPath(row: 1, section: 0))!.isSelected)
        // A drag over the rows scrolls and selects nothing.
        let end = scene.drag(from: Point(x: 100, y: 250), step: Point(x: 0, y: -15), frames: 8)
        scene.release(at: end)
        #expect(rows.selected.count == 2)
        #expect(table.visibleCells.allSatisfy { !$0.isHighlighted })
    }

    @Test func selectedRowStaysSelectedWhenItsCellIsReused() {
        let (scene, table, rows) = table(rows: 500)
        defer { withExtendedLifetime(rows) {} }
        table.selectRow(at: IndexPath(row: 2, section: 0), animated: false, scrollPosition: .none)
        table.setContentOffset(Point(x: 0, y: 5000), animated: false)
        scene.clock.step()
        #expect(table.visibleCells.allSatisfy { !$0.isSelected })
        table.setContentOffset(.zero, animated: false)
        #expect(table.cellForRow(at: IndexPath(row: 2, section: 0))!.isSelected)
    }

    @Test func reloadFromInsideCellForRowRunsAfterThePass() {
        let (scene, table, rows) = table(rows: 10)
        var reloads = 0
        rows.onCell = { tableView, indexPath in
            if indexPath.row == 0, reloads == 0 { reloads += 1; rows.count = 3; tableView.reloadData() }
        }
        table.reloadData()
        scene.clock.step()
        #expect(table.numberOfRows(inSection: 0) == 3)
        #expect(table.indexPathsForVisibleRows.count == 3)
        #expect(table.contentSize.height == 132)
    }

    @Test func reloadFromScrollViewDidScrollRunsAfterThePass() {
        let (scene, table, rows) = table(rows: 1000)
        var reloaded = false
        rows.onScroll = { tableView in
            if tableView.contentOffset.y > 100, !reloaded { reloaded = true; rows.count = 20; tableView.reloadData() }
        }
        scene.wheel(10)
        scene.run(0.5)
        #expect(reloaded)
        #expect(table.numberOfRows(inSection: 0) == 20)
        #expect(table.contentOffset.y == 530, "the glide's target lies within the shorter list")
        #expect(table.visibleCells.allSatisfy { $0.indexPath!.row < 20 })
    }
}
