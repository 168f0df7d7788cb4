// MARK: - Moving among rows with the keyboard

// A focused table keeps a keyboard row, as GTK's lists and UIKit's focus system do: Up and Down move it a row
// (across sections), Page Up and Page Down a screenful, Home and End to the ends, and Return or Space select
// it as a click would (the delegate is asked and told). With several rows selectable, Shift with any of the
// moving keys selects the run from the anchor to where it lands, as Shift+click does, and Ctrl+A selects
// every row, as desktop lists do. The table scrolls to keep the keyboard row in view, and a ring shows it
// while focus is visible in the window. Screen readers hear the row as the focused element.

extension TableView {
    /// Styles the ring that shows the keyboard row: the standard focus ring's colour, inside the row (a
    /// ring outside it would be clipped by the table at its edges).
    func configureFocusIndicator() {
        focusIndicator.identifier = "table-focus"
        focusIndicator.isUserInteractionEnabled = false
        focusIndicator.isHidden = true
        focusIndicator.borderWidth = FocusRing.standardWidth
        focusIndicator.borderColor = FocusRing.standardColor
        focusIndicator.cornerRadius = 6
        addSubview(focusIndicator)
    }

    /// The first row of the table, skipping empty sections; nil when it has none.
    var firstRow: IndexPath? {
        loadIfNeeded()
        guard let section = sections.firstIndex(where: { $0.rowCount > 0 }) else { return nil }
        return IndexPath(row: 0, section: section)
    }

    /// The last row of the table; nil when it has none.
    var lastRow: IndexPath? {
        loadIfNeeded()
        guard let section = sections.lastIndex(where: { $0.rowCount > 0 }) else { return nil }
        return IndexPath(row: sections[section].rowCount - 1, section: section)
    }

    /// The row `steps` rows after `indexPath` (before it when negative), across sections, stopping at the
    /// first and last rows.
    func row(_ steps: Int, from indexPath: IndexPath) -> IndexPath {
        var current = indexPath
        for _ in 0..<abs(steps) {
            guard let next = neighbour(of: current, forward: steps > 0) else { break }
            current = next
        }
        return current
    }

    /// The row a screenful from `indexPath`: the furthest one that shows with it in the clear height
    /// (less the insets), whatever the rows' heights; at least the next row, stopping at the ends.
    func page(from indexPath: IndexPath, forward: Bool) -> IndexPath {
        let clear = bounds.height - adjustedContentInset.top - adjustedContentInset.bottom
        let start = rectForRow(at: indexPath)
        var current = indexPath
        while let next = neighbour(of: current, forward: forward) {
            let rect = rectForRow(at: next)
            let span = forward ? rect.maxY - start.minY : start.maxY - rect.minY
            if span > clear, current != indexPath { break }
            current = next
            if span > clear { break }
        }
        return current
    }

    private func neighbour(of indexPath: IndexPath, forward: Bool) -> IndexPath? {
        if forward {
            if indexPath.row + 1 < sections[indexPath.section].rowCount {
                return IndexPath(row: indexPath.row + 1, section: indexPath.section)
            }
            guard let section = sections.indices.first(where: { $0 > indexPath.section && sections[$0].rowCount > 0 }) else { return nil }
            return IndexPath(row: 0, section: section)
        }
        if indexPath.row > 0 { return IndexPath(row: indexPath.row - 1, section: indexPath.section) }
        guard let section = sections.indices.last(where: { $0 < indexPath.section && sections[$0].rowCount > 0 }) else { return nil }
        return IndexPath(row: sections[section].rowCount - 1, section: section)
    }

    /// Puts the keyboard row where focus lands: the row it was on if still in view, else the selected row
    /// if in view, else the first row in view (the first row of the table if none is).
    func focusOnARowInView() {
        loadIfNeeded()
        let visible = Rect(x: 0, y: contentOffset.y + adjustedContentInset.top, width: bounds.width,
                           height: max(0, bounds.height - adjustedContentInset.top - adjustedContentInset.bottom))
        func inView(_ indexPath: IndexPath?) -> IndexPath? {
            guard let indexPath, hasRow(indexPath) else { return nil }
            let rect = rectForRow(at: indexPath)
            return rect.minY >= visible.minY - 0.5 && rect.maxY <= visible.maxY + 0.5 ? indexPath : nil
        }
        // Worked out from the rows' places, not the cells: a reload drops the cells until the next layout.
        let rowsInView = sections.indices.flatMap { section in
            sections[section].rows(from: visible.minY, to: visible.maxY).map { IndexPath(row: $0, section: section) }
        }.filter { inView($0) != nil }
        let chosen = inView(indexPathForFocusedRow) ?? inView(indexPathForSelectedRow) ?? rowsInView.first ?? firstRow
        moveFocus(to: chosen, scrolling: true)
    }

    /// After a reload, the keyboard row stays where it was if that row still exists, else on the last row
    /// of its section, else on the last row of the table (nil with no rows): it never points at nothing.
    func keepFocusedRowAfterReload() {
        guard let focused = indexPathForFocusedRow, !hasRow(focused) else { return }
        var kept = lastRow
        if sections.indices.contains(focused.section), sections[focused.section].rowCount > 0 {
            kept = IndexPath(row: sections[focused.section].rowCount - 1, section: focused.section)
        }
        indexPathForFocusedRow = kept
        updateFocusIndicator()
        if isFirstResponder { window?.accessibilityDidChange() }
    }

    /// Moves the keyboard row to `indexPath`, scrolling it into view if asked.
    func moveFocus(to indexPath: IndexPath?, scrolling: Bool) {
        let changed = indexPath != indexPathForFocusedRow
        indexPathForFocusedRow = indexPath
        if scrolling, let indexPath { scrollToRow(at: indexPath, at: .none, animated: true) }
        updateFocusIndicator()
        if changed, isFirstResponder { window?.accessibilityDidChange() }
    }

    /// Handles a key aimed at the keyboard row; false for keys it does not use (they scroll, or travel on).
    func handleFocusKey(_ press: Press) -> Bool {
        let several = allowsMultipleSelection && allowsSelection
        if several, Self.isSelectAll(press) {
            if !press.isRepeat { userSelectedAllRows() }
            return true
        }
        let extending = several && press.modifiers == .shift && press.key != .return && press.key != .space
        guard press.modifiers.isEmpty || extending else { return false }
        loadIfNeeded()
        if let focused = indexPathForFocusedRow, !hasRow(focused) { indexPathForFocusedRow = nil }
        guard let first = firstRow, let last = lastRow else { return false }
        let current = indexPathForFocusedRow
        let target: IndexPath
        switch press.key {
        case .down: target = current.map { row(1, from: $0) } ?? first
        case .up: target = current.map { row(-1, from: $0) } ?? first
        case .pageDown: target = current.map { page(from: $0, forward: true) } ?? first
        case .pageUp: target = current.map { page(from: $0, forward: false) } ?? first
        case .home: target = first
        case .end: target = last
        case .return, .space:
            guard !press.isRepeat else { return true }
            guard let current else { return false }
            // With several rows selectable, Space adds or removes the keyboard row, as Ctrl+click does.
            userSelectedRow(at: current, modifiers: press.key == .space && allowsMultipleSelection ? .control : [])
            return true
        default:
            return false
        }
        moveFocus(to: target, scrolling: true)
        if extending {
            // The run starts where the keyboard was when no click or key started one.
            if selectionAnchor.map(hasRow) != true { selectionAnchor = current ?? target }
            userSelectedRow(at: target, modifiers: .shift)
        }
        return true
    }

    /// Whether `press` is Ctrl+A, Select All.
    static func isSelectAll(_ press: Press) -> Bool {
        guard press.modifiers == .control, case .character(let character) = press.key else { return false }
        return character.lowercased() == "a"
    }

    /// Shows the ring around the keyboard row while the table has focus, keys reach it and focus is
    /// visible in its window; hides it otherwise. Called on layout and scrolling, and by the window when
    /// focus or its visibility changes.
    func updateFocusIndicator() {
        guard let focused = indexPathForFocusedRow, hasRow(focused), let window, window.firstResponder === self,
              window.isFocusVisible, window.receivesKeys(self) else {
            if !focusIndicator.isHidden { focusIndicator.isHidden = true }
            return
        }
        let frame = rectForRow(at: focused).insetBy(dx: 2, dy: 2)
        View.performWithoutAnimation {
            if focusIndicator.frame != frame { focusIndicator.frame = frame }
            focusIndicator.isHidden = false
        }
        // Over the cells (which go in at the back) and under the scroll indicators, which stay on top.
        let index = subviews.firstIndex { $0 === focusIndicator } ?? subviews.count
        if index + 1 >= subviews.count || subviews[index + 1] !== verticalIndicator {
            insertSubview(focusIndicator, belowSubview: verticalIndicator)
        }
    }

    /// The cell of the keyboard row, while the table has focus: what screen readers are told is focused.
    var focusedCell: TableViewCell? {
        guard isFirstResponder, let focused = indexPathForFocusedRow else { return nil }
        return cellForRow(at: focused)
    }
}
