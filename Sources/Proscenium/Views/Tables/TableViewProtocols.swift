/// Supplies a table view's rows and their cells, as UIKit's `UITableViewDataSource`.
@MainActor public protocol TableViewDataSource: AnyObject {
    /// The number of sections; 1 unless implemented.
    func numberOfSections(in tableView: TableView) -> Int
    /// The number of rows in `section`.
    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int
    /// The cell that shows the row at `indexPath`, usually from `dequeueReusableCell(withIdentifier:for:)`.
    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell
}

extension TableViewDataSource {
    public func numberOfSections(in tableView: TableView) -> Int { 1 }
}

/// Hears a table view's selection and scrolling and may size its rows, as UIKit's `UITableViewDelegate`.
@MainActor public protocol TableViewDelegate: ScrollViewDelegate {
    /// The height of one row; the table's `rowHeight` unless implemented. Asked for every row when the
    /// table loads its data, so keep it cheap.
    func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> Double
    /// The row the user is about to select, or another one, or nil to select nothing.
    func tableView(_ tableView: TableView, willSelectRowAt indexPath: IndexPath) -> IndexPath?
    /// The user selected the row (clicked it, or a screen reader activated it).
    func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath)
    /// The row lost its selection: to another one, or to a Ctrl+click on it with several rows selectable.
    func tableView(_ tableView: TableView, didDeselectRowAt indexPath: IndexPath)
}

extension TableViewDelegate {
    public func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> Double { tableView.rowHeight }
    public func tableView(_ tableView: TableView, willSelectRowAt indexPath: IndexPath) -> IndexPath? { indexPath }
    public func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) {}
    public func tableView(_ tableView: TableView, didDeselectRowAt indexPath: IndexPath) {}
}
