// MARK: - Selection

/// One row selected, or several with `allowsMultipleSelection`, as UIKit on the Mac and desktop lists:
/// a click selects the row alone, Ctrl+click adds it to the selection or takes it out, Shift+click selects
/// the run of rows from the last row clicked without Shift; Space does what Ctrl+click does for the
/// keyboard row, Return what a click does, Shift with a moving key what Shift+click does, Ctrl+A selects every
/// row. The delegate is asked about the row the user clicks (it may send
/// the click to another row, or refuse it), and told of each row selected or deselected; code that selects
/// tells nobody, as in UIKit.
extension TableView {
    /// The selected row, or the first of the selected rows, if any.
    public var indexPathForSelectedRow: IndexPath? { selectedRows.min() }

    /// The selected rows in order, as UIKit's `indexPathsForSelectedRows`; nil when none is.
    public var indexPathsForSelectedRows: [IndexPath]? { selectedRows.isEmpty ? nil : selectedRows.sorted() }

    /// Selects the row without calling the delegate, as UIKit does for code — adding it to the selection
    /// with `allowsMultipleSelection`, else in place of the row selected before — and scrolls it to
    /// `scrollPosition`; nil deselects every row.
    public func selectRow(at indexPath: IndexPath?, animated: Bool, scrollPosition: ScrollPosition) {
        guard let indexPath else {
            for row in selectedRows { deselectRow(at: row, animated: animated) }
            return
        }
        if !needsReload, !hasRow(indexPath) {
            Warnings.warn("TableView.selectRow(at: \(indexPath)): there is no such row; the selection is unchanged")
            return
        }
        if !allowsMultipleSelection { keepOnly(nil) }
        selectedRows.insert(indexPath)
        visibleCellsByIndexPath[indexPath]?.isSelected = true
        if scrollPosition != .none { scrollToRow(at: indexPath, at: scrollPosition, animated: animated) }
    }

    /// Deselects the row if it is selected, without calling the delegate.
    public func deselectRow(at indexPath: IndexPath, animated: Bool) {
        guard selectedRows.remove(indexPath) != nil else { return }
        visibleCellsByIndexPath[indexPath]?.isSelected = false
    }

    /// Deselects every row but `kept`, without calling the delegate.
    func keepOnly(_ kept: IndexPath?) {
        for row in selectedRows where row != kept { deselectRow(at: row, animated: false) }
    }

    /// A click (or Return, or a screen reader's activation) on a row, with the modifiers held: the
    /// delegate may redirect or refuse it; then rows are deselected and selected as the click means, each
    /// with its delegate call, deselections first.
    func userSelectedRow(at indexPath: IndexPath, modifiers: KeyModifiers = []) {
        guard allowsSelection else { return }
        let tableDelegate = delegate as? TableViewDelegate
        guard let chosen = tableDelegate.map({ $0.tableView(self, willSelectRowAt: indexPath) }) ?? indexPath else { return }
        // Sent to a row that does not exist, the click selects nothing and leaves the selection be.
        guard hasRow(chosen) else {
            Warnings.warn("TableView: willSelectRowAt sent the click to \(chosen), which is no row; nothing is selected")
            return
        }
        // The keyboard goes on from the row the user chose.
        moveFocus(to: chosen, scrolling: false)
        let wanted: Set<IndexPath>
        if !allowsMultipleSelection {
            wanted = [chosen]
        } else if modifiers.contains(.shift), let anchor = selectionAnchor, hasRow(anchor) {
            wanted = Set(rows(between: anchor, and: chosen))
        } else if modifiers.contains(.control) {
            selectionAnchor = chosen
            if selectedRows.contains(chosen) {
                deselectRow(at: chosen, animated: false)
                tableDelegate?.tableView(self, didDeselectRowAt: chosen)
                return
            }
            wanted = selectedRows.union([chosen])
        } else {
            selectionAnchor = chosen
            wanted = [chosen]
        }
        for row in selectedRows.subtracting(wanted).sorted() {
            deselectRow(at: row, animated: false)
            tableDelegate?.tableView(self, didDeselectRowAt: row)
        }
        // The chosen row is told again even when it was selected already, as a click on it in UIKit is.
        for row in wanted.subtracting(selectedRows).union([chosen]).sorted() {
            selectRow(at: row, animated: false, scrollPosition: .none)
            tableDelegate?.tableView(self, didSelectRowAt: row)
        }
    }

    /// Select All (Ctrl+A, or a screen reader's): with several rows selectable, every row not selected is
    /// selected in order, each as a Ctrl+click would (the delegate may send it elsewhere or refuse it) but
    /// leaving the keyboard row and the Shift+click anchor where they are.
    func userSelectedAllRows() {
        guard allowsSelection, allowsMultipleSelection else { return }
        loadIfNeeded()
        let tableDelegate = delegate as? TableViewDelegate
        let all = firstRow.flatMap { first in lastRow.map { rows(between: first, and: $0) } } ?? []
        for row in all where !selectedRows.contains(row) {
            guard let chosen = tableDelegate.map({ $0.tableView(self, willSelectRowAt: row) }) ?? row,
                  hasRow(chosen), !selectedRows.contains(chosen) else { continue }
            selectRow(at: chosen, animated: false, scrollPosition: .none)
            tableDelegate?.tableView(self, didSelectRowAt: chosen)
        }
    }

    /// A screen reader's Clear Selection: every selected row is deselected, in order, each told to the
    /// delegate, in view or not.
    func userDeselectedAllRows() {
        let tableDelegate = delegate as? TableViewDelegate
        for row in selectedRows.sorted() {
            deselectRow(at: row, animated: false)
            tableDelegate?.tableView(self, didDeselectRowAt: row)
        }
    }

    /// Every row from `start` to `end` (either way round), in order, across sections.
    private func rows(between start: IndexPath, and end: IndexPath) -> [IndexPath] {
        let (low, high) = start < end ? (start, end) : (end, start)
        var result: [IndexPath] = []
        for section in low.section...high.section where sections.indices.contains(section) {
            let first = section == low.section ? low.row : 0
            let last = section == high.section ? high.row : sections[section].rowCount - 1
            if first <= last { result += (first...last).map { IndexPath(row: $0, section: section) } }
        }
        return result
    }
}
