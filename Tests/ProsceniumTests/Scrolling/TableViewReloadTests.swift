import Testing
@testable import Proscenium

/// A table's selection and cells across reloads and data sources that do not play by the book: the
/// selection goes with a reload, as in UIKit; rows that do not exist cannot be selected; a data source
/// that never dequeues, or hands back a cell it kept, neither grows the table without end nor stops it.
@MainActor @Suite("Table view reloads and cells")
struct TableViewReloadTests {
    /// Rows numbered 0..<count; `cells` says how a cell is had: dequeued, always new, or (for the first
    /// five rows) kept by the data source and handed back, the others dequeued.
    @MainActor final class Rows: TableViewDataSource {
        enum Cells { case dequeued, alwaysNew, keptForTheFirstRows }
        var count: Int
        let cells: Cells
        var kept: [Int: TableViewCell] = [:]
        init(count: Int, cells: Cells = .dequeued) {
            self.count = count
            self.cells = cells
        }
        func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { count }
        func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
            let cell: TableViewCell
            switch cells {
            case .dequeued: cell = tableView.dequeueReusableCell(withIdentifier: "row") ?? TableViewCell(reuseIdentifier: "row")
            case .alwaysNew: cell = TableViewCell(reuseIdentifier: "row")
            case .keptForTheFirstRows:
                if indexPath.row < 5 {
                    cell = kept[indexPath.row] ?? TableViewCell(reuseIdentifier: "row")
                    kept[indexPath.row] = cell
                } else {
                    cell = tableView.dequeueReusableCell(withIdentifier: "row") ?? TableViewCell(reuseIdentifier: "row")
                }
            }
            cell.textLabel.text = "Row \(indexPath.row)"
            return cell
        }
    }

    private func table(_ rows: Rows) -> (ScrollScene, TableView) {
        let table = TableView()
        let scene = ScrollScene(scrollView: table)
        table.dataSource = rows
        scene.clock.step()
        return (scene, table)
    }

    @Test("reloadData drops the selection at once, as UIKit's does: the row it named may hold another item now")
    func reloadDropsTheSelection() {
        let rows = Rows(count: 10)
        let (scene, table) = table(rows)
        table.selectRow(at: IndexPath(row: 3, section: 0), animated: false, scrollPosition: .none)
        rows.count = 2
        table.reloadData()
        #expect(table.indexPathForSelectedRow == nil, "nothing selected, even before the next layout")
        scene.clock.step()
        #expect(table.visibleCells.allSatisfy { !$0.isSelected })
    }

    @Test("a scroll right after reloadData, before the next layout, asks only for rows that exist now")
    func aScrollAfterAReloadShowsTheNewRows() {
        let rows = AskedRows(count: 100)
        let table = TableView()
        let scene = ScrollScene(scrollView: table)
        table.dataSource = rows
        scene.clock.step()
        table.setContentOffset(Point(x: 0, y: 2000), animated: false)
        scene.clock.step()
        rows.asked = []
        rows.count = 3
        table.reloadData()
        table.setContentOffset(.zero, animated: false)
        #expect(!rows.asked.isEmpty && rows.asked.allSatisfy { $0 < 3 }, "\(rows.asked)")
        scene.clock.step()
        #expect(table.indexPathsForVisibleRows.map(\.row) == [0, 1, 2])
    }

    @Test("selecting a row that does not exist is refused with a warning; the selection stays")
    func selectingNoSuchRowIsRefused() {
        var warnings: [String] = []
        let saved = Warnings.handler
        Warnings.handler = { warnings.append($0) }
        defer { Warnings.handler = saved }
        let rows = Rows(count: 5)
        let (_, table) = table(rows)
        table.selectRow(at: IndexPath(row: 1, section: 0), animated: false, scrollPosition: .none)
        for missing in [IndexPath(row: 5, section: 0), IndexPath(row: -1, section: 0), IndexPath(row: 0, section: 1)] {
            table.selectRow(at: missing, animated: false, scrollPosition: .none)
        }
        #expect(table.indexPathForSelectedRow == IndexPath(row: 1, section: 0))
        #expect(warnings.count == 3, "\(warnings)")
    }

    @Test("a data source that never dequeues leaves no more hidden cells than rows show, however far it scrolls")
    func cellsNeverDequeuedAreLetGo() {
        let rows = Rows(count: 2000, cells: .alwaysNew)
        let (scene, table) = table(rows)
        for page in 1...60 {
            table.setContentOffset(Point(x: 0, y: Double(page) * 290), animated: false)
            scene.clock.step()
        }
        #expect(table.subviews.filter { $0 is TableViewCell }.count <= 2 * table.visibleCells.count, "\(table.subviews.count) subviews")
    }

    @Test("a data source that hands back the cell it kept for a row, waiting in the pool, shows each row once and stops nothing")
    func aKeptCellLeavesThePool() {
        let rows = Rows(count: 200, cells: .keptForTheFirstRows)
        let (scene, table) = table(rows)
        for offset in [600.0, 0, 300, 900, 0, 100] {
            table.setContentOffset(Point(x: 0, y: offset), animated: false)
            scene.clock.step()
        }
        let shown = table.visibleCells
        #expect(shown.allSatisfy { !$0.isHidden && $0.textLabel.text == "Row \($0.indexPath!.row)" })
        #expect(Set(shown.map(ObjectIdentifier.init)).count == shown.count)
    }

    /// Sends every click to `redirect`, and records what it is told.
    @MainActor final class Redirecting: TableViewDelegate {
        let redirect: IndexPath
        var told: [String] = []
        init(redirect: IndexPath) { self.redirect = redirect }
        func tableView(_ tableView: TableView, willSelectRowAt indexPath: IndexPath) -> IndexPath? { redirect }
        func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) { told.append("select \(indexPath.row)") }
        func tableView(_ tableView: TableView, didDeselectRowAt indexPath: IndexPath) { told.append("deselect \(indexPath.row)") }
    }

    @Test("a click the delegate sends to a row that does not exist selects nothing and deselects nothing")
    func aClickSentToNoRowChangesNothing() {
        let saved = Warnings.handler
        Warnings.handler = { _ in }
        defer { Warnings.handler = saved }
        let rows = Rows(count: 5)
        let (scene, table) = table(rows)
        let delegate = Redirecting(redirect: IndexPath(row: 99, section: 0))
        table.delegate = delegate
        table.selectRow(at: IndexPath(row: 1, section: 0), animated: false, scrollPosition: .none)
        scene.press(at: Point(x: 100, y: 100))
        scene.release(at: Point(x: 100, y: 100))
        #expect(delegate.told.isEmpty && table.indexPathForSelectedRow == IndexPath(row: 1, section: 0), "\(delegate.told)")
    }
}

/// Rows 0..<count that note which rows the table asked cells for.
@MainActor private final class AskedRows: TableViewDataSource {
    var count: Int
    var asked: [Int] = []
    init(count: Int) { self.count = count }
    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { count }
    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        asked.append(indexPath.row)
        return tableView.dequeueReusableCell(withIdentifier: "row") ?? TableViewCell(reuseIdentifier: "row")
    }
}
