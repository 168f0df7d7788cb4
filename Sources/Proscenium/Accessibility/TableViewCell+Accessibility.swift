/// What a row does for assistive technology beyond its overrides (in `TableViewCell`): selection through
/// its list, and whether it holds elements of its own.
extension TableViewCell {
    /// Whether the row can be selected through assistive technology.
    var isAccessibilitySelectable: Bool { tableView?.allowsSelection == true && indexPath != nil }

    /// Deselects the row, telling the delegate, as the user's choice of another row would.
    func accessibilityDeselect() -> Bool {
        guard let tableView, let indexPath, isSelected else { return false }
        tableView.deselectRow(at: indexPath, animated: false)
        (tableView.delegate as? TableViewDelegate)?.tableView(tableView, didDeselectRowAt: indexPath)
        return true
    }

    var holdsOtherElements: Bool {
        func holds(_ view: View) -> Bool {
            !view.isHidden && (view.isAccessibilityElement || view.subviews.contains(where: holds))
        }
        return subviews.contains { $0 !== textLabel && $0 !== detailTextLabel && holds($0) }
    }
}
