// MARK: - Self-check

extension TabBarController {
    /// What is wrong with the tabs as the window's self-check sees it (`Window.consistencyProblems()`):
    /// every tab is this controller's child; and when no animated switch runs, only the selected tab's
    /// view is in the content view, nothing waits for a switch's end, and no other tab has appeared.
    func consistencyProblems() -> [String] {
        var problems: [String] = []
        let name = Self.describe(self)
        for tab in tabs where tab.parentController !== self {
            problems.append("\(Self.describe(tab)) is a tab of \(name) but not its child")
        }
        guard switching == nil, isViewLoaded else { return problems }
        let shown = contentView.subviews
        if let selected = selectedViewController {
            if shown.count != 1 || shown.first !== selected.viewIfLoaded {
                problems.append("\(name) shows \(shown.count) views with nothing moving, not its selected tab \(Self.describe(selected)) alone")
            }
        } else if !shown.isEmpty {
            problems.append("\(name) has no tabs but shows \(shown.count) views")
        }
        for tab in tabs where tab !== selectedViewController && (tab.appearanceState == .appeared || tab.appearanceState == .appearing) {
            problems.append("\(Self.describe(tab)) is not the selected tab of \(name) but \(tab.appearanceState)")
        }
        return problems
    }
}
