/// A scrolling list of rows in sections, as UIKit's `UITableView`: its data source makes a cell for each
/// row as the row comes into view, and cells that scroll out are handed back for reuse, so only the
/// visible rows exist: a table of 100,000 rows holds as many cells as one of 20.
///
/// The table's `delegate` (a `ScrollViewDelegate`) is also its `TableViewDelegate` when it conforms.
@MainActor open class TableView: ScrollView {
    /// Where `scrollToRow` and `selectRow` bring a row.
    public enum ScrollPosition: Sendable {
        /// As little as it takes to show the row whole.
        case none
        /// The row at the top.
        case top
        /// The row in the middle.
        case middle
        /// The row at the bottom.
        case bottom
    }

    /// Where the rows and their cells come from; setting it reloads the table at its next layout.
    public weak var dataSource: TableViewDataSource? { didSet { setNeedsReload() } }
    /// The height of every row whose delegate does not size it; 44 points by default, as UIKit's.
    public var rowHeight = 44.0 {
        didSet {
            guard rowHeight.isFinite, rowHeight > 0 else {
                Warnings.warn("TableView.rowHeight \(rowHeight) ignored: heights must be finite and positive")
                rowHeight = oldValue
                return
            }
            if rowHeight != oldValue { setNeedsReload() }
        }
    }
    /// Whether a click selects a row; true by default.
    public var allowsSelection = true
    /// Whether several rows can be selected at once, as UIKit's `allowsMultipleSelection`, with the
    /// clicks of UIKit on the Mac and of every desktop list (see `TableView+Selection.swift`). Turned off,
    /// only the first selected row stays selected.
    public var allowsMultipleSelection = false {
        didSet { if !allowsMultipleSelection, let first = indexPathForSelectedRow { keepOnly(first) } }
    }

    /// The selected rows.
    var selectedRows: Set<IndexPath> = []
    /// Where a Shift+click's run starts: the row last clicked without Shift.
    var selectionAnchor: IndexPath?

    /// The rows of each section and where they lie.
    var sections: [TableSectionLayout] = []
    var needsReload = true
    /// Cells showing rows now, by row.
    var visibleCellsByIndexPath: [IndexPath: TableViewCell] = [:]
    /// Cells out of view, waiting to be handed out again, by reuse identifier.
    var reusableCells: [String: [TableViewCell]] = [:]
    var registeredCellClasses: [String: TableViewCell.Type] = [:]
    /// True while the data source is being asked for cells; a reload asked for then waits for the pass after.
    var isUpdatingCells = false

    /// The row the keyboard is on while the table has focus (see `TableView+Keyboard.swift`): the arrows
    /// move it, Return and Space select it. Nil until the table first takes focus.
    public internal(set) var indexPathForFocusedRow: IndexPath?
    /// The ring around the focused row while focus is visible.
    let focusIndicator = View()

    /// An empty table occupying `frame`.
    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
        backgroundColor = .systemBackground
        alwaysBounceVertical = true
        configureFocusIndicator()
    }

    // MARK: - Keyboard focus

    /// A table whose rows can be selected takes keyboard focus, as a GTK list does: Tab reaches it, and
    /// the arrows, Home, End, Page Up and Page Down move among its rows.
    open override var canBecomeFocused: Bool { allowsSelection && isHitTestable && firstRow != nil }
    open override var canBecomeFirstResponder: Bool { canBecomeFocused }

    /// Taking focus puts the keyboard on the selected row if it is in view, else on the first row in view.
    open override func becomeFirstResponder() -> Bool {
        guard super.becomeFirstResponder() else { return false }
        focusOnARowInView()
        return true
    }

    /// A focused table's keyboard-row keys are its own too: Return and Space select the focused row, and
    /// with several rows selectable Shift with a moving key and Ctrl+A select rows.
    override func usesKeyItself(_ press: Press) -> Bool {
        if super.usesKeyItself(press) || (press.modifiers.isEmpty && press.key == .return && indexPathForFocusedRow != nil) {
            return true
        }
        guard allowsMultipleSelection, allowsSelection else { return false }
        let moving: Set<Key> = [.up, .down, .pageUp, .pageDown, .home, .end]
        return Self.isSelectAll(press) || (press.modifiers == .shift && moving.contains(press.key))
    }

    open override func pressesBegan(_ presses: Set<Press>, with event: Event?) {
        let unhandled = presses.filter { !(isFirstResponder && handleFocusKey($0)) }
        if !unhandled.isEmpty { super.pressesBegan(unhandled, with: event) }
    }

    // MARK: - Data

    /// Forgets every row and the selection, as UIKit does, and asks the data source again at the next
    /// layout; visible cells go back for reuse. Called from inside `cellForRowAt` or `scrollViewDidScroll`,
    /// it runs after the current pass.
    public func reloadData() {
        selectRow(at: nil, animated: false, scrollPosition: .none)
        selectionAnchor = nil
        setNeedsReload()
    }

    private func setNeedsReload() {
        needsReload = true
        setNeedsLayout()
    }

    /// The number of sections, as loaded.
    public var numberOfSections: Int {
        loadIfNeeded()
        return sections.count
    }

    /// The number of rows in `section`, as loaded.
    public func numberOfRows(inSection section: Int) -> Int {
        loadIfNeeded()
        return sections.indices.contains(section) ? sections[section].rowCount : 0
    }

    // MARK: - Cells

    /// Makes cells of `cellClass` when `dequeueReusableCell(withIdentifier:for:)` finds none to reuse.
    public func register(_ cellClass: TableViewCell.Type, forCellReuseIdentifier identifier: String) {
        registeredCellClasses[identifier] = cellClass
    }

    /// A cell that scrolled out of view under `identifier`, ready to show another row, or nil if none waits.
    public func dequeueReusableCell(withIdentifier identifier: String) -> TableViewCell? {
        guard let cell = reusableCells[identifier]?.popLast() else { return nil }
        cell.prepareForReuse()
        return cell
    }

    /// A cell for the row at `indexPath`: one to reuse, else a new one of the class registered for
    /// `identifier`. Asking for an identifier nothing was registered for is a programming error.
    public func dequeueReusableCell(withIdentifier identifier: String, for indexPath: IndexPath) -> TableViewCell {
        if let cell = dequeueReusableCell(withIdentifier: identifier) { return cell }
        guard let cellClass = registeredCellClasses[identifier] else {
            preconditionFailure("TableView: no cell class registered for reuse identifier \"\(identifier)\"; call register(_:forCellReuseIdentifier:) first")
        }
        return cellClass.init(reuseIdentifier: identifier)
    }

    /// The cells showing rows now, top to bottom.
    public var visibleCells: [TableViewCell] {
        indexPathsForVisibleRows.compactMap { visibleCellsByIndexPath[$0] }
    }

    /// The rows shown now, top to bottom.
    public var indexPathsForVisibleRows: [IndexPath] {
        visibleCellsByIndexPath.keys.sorted()
    }

    /// The cell showing the row at `indexPath`, or nil when the row is out of view.
    public func cellForRow(at indexPath: IndexPath) -> TableViewCell? {
        visibleCellsByIndexPath[indexPath]
    }

    // MARK: - Geometry

    /// Where the row lies in content coordinates; `.zero` for a row that does not exist.
    public func rectForRow(at indexPath: IndexPath) -> Rect {
        loadIfNeeded()
        guard sections.indices.contains(indexPath.section),
              let span = sections[indexPath.section].span(ofRow: indexPath.row) else { return .zero }
        return Rect(x: 0, y: span.y, width: bounds.width, height: span.height)
    }

    /// The row at `point` in content coordinates, or nil.
    public func indexPathForRow(at point: Point) -> IndexPath? {
        loadIfNeeded()
        guard point.x >= 0, point.x < bounds.width else { return nil }
        for (index, section) in sections.enumerated() {
            if let row = section.row(at: point.y) { return IndexPath(row: row, section: index) }
        }
        return nil
    }

    /// Scrolls the row into view at `position`.
    public func scrollToRow(at indexPath: IndexPath, at position: ScrollPosition, animated: Bool) {
        let rect = rectForRow(at: indexPath)
        guard rect.height > 0 else { return }
        let visible = bounds.height - adjustedContentInset.top - adjustedContentInset.bottom
        var y: Double
        switch position {
        case .top: y = rect.minY - adjustedContentInset.top
        case .middle: y = rect.midY - adjustedContentInset.top - visible / 2
        case .bottom: y = rect.maxY - contentInset.top - visible
        case .none:
            // Just enough to show it, clear of the insets: what any scroll view does.
            return scrollRectToVisible(rect, animated: animated)
        }
        y = clampedContentOffset(Point(x: contentOffset.x, y: y)).y
        setContentOffset(Point(x: contentOffset.x, y: y), animated: animated)
    }

    // MARK: - Layout

    open override func layoutSubviews() {
        loadIfNeeded()
        // Rows are as wide as the table: the content never scrolls sideways.
        if contentSize.width != bounds.width { contentSize = Size(width: bounds.width, height: contentSize.height) }
        super.layoutSubviews()
        updateVisibleCells()
        updateFocusIndicator()
    }

    override func contentOffsetDidChange() {
        // A scroll right after `reloadData()`, before the next layout, shows the new rows: the old ones
        // may no longer exist.
        loadIfNeeded()
        updateVisibleCells()
        updateFocusIndicator()
    }
}
