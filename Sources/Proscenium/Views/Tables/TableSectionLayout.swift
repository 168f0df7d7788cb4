/// Where one section's rows lie in a table's content: a start and either one height for every row
/// (nothing stored per row, whatever the count) or the running sum of each row's height.
struct TableSectionLayout {
    let rowCount: Int
    let y: Double
    let rowHeight: Double
    /// `rowStarts[i]` is row i's top relative to `y`, with one more entry for the section's end; nil when
    /// every row is `rowHeight` tall.
    let rowStarts: [Double]?

    var height: Double { rowStarts?.last ?? Double(rowCount) * rowHeight }

    func span(ofRow row: Int) -> (y: Double, height: Double)? {
        guard row >= 0, row < rowCount else { return nil }
        if let rowStarts { return (y + rowStarts[row], rowStarts[row + 1] - rowStarts[row]) }
        return (y + Double(row) * rowHeight, rowHeight)
    }

    /// The row whose span holds `position` (content coordinates), or nil outside the section.
    func row(at position: Double) -> Int? {
        let local = position - y
        guard rowCount > 0, local >= 0, local < height else { return nil }
        guard let rowStarts else { return min(Int(local / rowHeight), rowCount - 1) }
        // The last start at or before `local`.
        var low = 0, high = rowCount - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if rowStarts[middle] <= local { low = middle } else { high = middle - 1 }
        }
        return low
    }

    /// The rows that overlap `top..<bottom`, clamped to the section.
    func rows(from top: Double, to bottom: Double) -> Range<Int> {
        guard rowCount > 0, bottom > y, top < y + height else { return 0..<0 }
        let first = row(at: max(top, y)) ?? 0
        let last = row(at: min(bottom, y + height) - 1e-9) ?? rowCount - 1
        return first..<(last + 1)
    }
}

extension TableView {
    // MARK: - Loading and showing rows

    /// Asks the data source for the sections and rows (and the delegate for heights) when something
    /// made the loaded ones stale, and sizes the content to them.
    func loadIfNeeded() {
        guard needsReload, !isUpdatingCells else { return }
        needsReload = false
        let showing = visibleCellsByIndexPath.count
        for cell in visibleCellsByIndexPath.values { recycle(cell, keepingAtMost: showing) }
        visibleCellsByIndexPath = [:]
        sections = []
        guard let dataSource else {
            contentSize = Size(width: bounds.width, height: 0)
            return
        }
        let tableDelegate = delegate as? TableViewDelegate
        var y = 0.0
        let count = dataSource.numberOfSections(in: self)
        precondition(count >= 0, "TableView: numberOfSections(in:) returned \(count)")
        for section in 0..<count {
            let rows = dataSource.tableView(self, numberOfRowsInSection: section)
            precondition(rows >= 0, "TableView: numberOfRowsInSection \(section) returned \(rows)")
            var starts: [Double]?
            if let tableDelegate {
                var running = 0.0, uniform = true
                var list = [0.0]
                list.reserveCapacity(rows + 1)
                for row in 0..<rows {
                    var height = tableDelegate.tableView(self, heightForRowAt: IndexPath(row: row, section: section))
                    if !height.isFinite || height < 0 {
                        Warnings.warn("TableView: height \(height) for row [\(section), \(row)] ignored; rowHeight used")
                        height = rowHeight
                    }
                    if height != rowHeight { uniform = false }
                    running += height
                    list.append(running)
                }
                if !uniform { starts = list }
            }
            let layout = TableSectionLayout(rowCount: rows, y: y, rowHeight: rowHeight, rowStarts: starts)
            sections.append(layout)
            y += layout.height
        }
        for selected in selectedRows where !hasRow(selected) { deselectRow(at: selected, animated: false) }
        contentSize = Size(width: bounds.width, height: y)
        keepFocusedRowAfterReload()
    }

    /// Brings cells for the rows that came into view and hands back those that left it.
    func updateVisibleCells() {
        guard !isUpdatingCells, !sections.isEmpty || !visibleCellsByIndexPath.isEmpty else { return }
        guard let dataSource else { return }
        isUpdatingCells = true
        defer {
            isUpdatingCells = false
            // A reload asked for by the data source or a delegate while cells were made runs next pass.
            if needsReload { setNeedsLayout() }
        }
        let top = contentOffset.y, bottom = contentOffset.y + bounds.height
        var wanted: [IndexPath] = []
        for (index, section) in sections.enumerated() {
            for row in section.rows(from: top, to: bottom) { wanted.append(IndexPath(row: row, section: index)) }
        }
        let wantedSet = Set(wanted)
        for (indexPath, cell) in visibleCellsByIndexPath where !wantedSet.contains(indexPath) {
            visibleCellsByIndexPath[indexPath] = nil
            recycle(cell, keepingAtMost: wanted.count)
        }
        for indexPath in wanted {
            let frame = rectForLoadedRow(indexPath)
            if let cell = visibleCellsByIndexPath[indexPath] {
                if cell.frame != frame { cell.frame = frame }
                continue
            }
            let cell = dataSource.tableView(self, cellForRowAt: indexPath)
            // A cell the data source kept rather than dequeued leaves the pool if it waits there.
            if cell.isHidden, let identifier = cell.reuseIdentifier { reusableCells[identifier]?.removeAll { $0 === cell } }
            precondition(cell.indexPath == nil || visibleCellsByIndexPath[cell.indexPath!] !== cell,
                         "TableView: cellForRowAt \(indexPath) returned the cell already showing row \(cell.indexPath!); dequeue a cell for each row")
            cell.tableView = self
            cell.indexPath = indexPath
            cell.isSelected = selectedRows.contains(indexPath)
            cell.frame = frame
            cell.isHidden = false
            if cell.superview !== self { insertSubview(cell, at: 0) }
            visibleCellsByIndexPath[indexPath] = cell
        }
    }

    private func rectForLoadedRow(_ indexPath: IndexPath) -> Rect {
        guard let span = sections[indexPath.section].span(ofRow: indexPath.row) else { return .zero }
        return Rect(x: 0, y: span.y, width: bounds.width, height: span.height)
    }

    /// A cell out of view: hidden in place (adding and removing subviews costs more than hiding) and kept
    /// for reuse under its identifier, up to `limit` of them (as many as rows show: a data source that
    /// never dequeues would otherwise leave one hidden cell behind for every row scrolled past); a cell
    /// without an identifier, or beyond that, is let go.
    private func recycle(_ cell: TableViewCell, keepingAtMost limit: Int) {
        cell.indexPath = nil
        cell.isHighlighted = false
        guard let identifier = cell.reuseIdentifier, reusableCells[identifier, default: []].count < limit else {
            cell.removeFromSuperview()
            return
        }
        cell.isHidden = true
        reusableCells[identifier, default: []].append(cell)
    }

    /// Whether the loaded data has the row at `indexPath`.
    func hasRow(_ indexPath: IndexPath) -> Bool {
        sections.indices.contains(indexPath.section) && indexPath.row >= 0 && indexPath.row < sections[indexPath.section].rowCount
    }
}
