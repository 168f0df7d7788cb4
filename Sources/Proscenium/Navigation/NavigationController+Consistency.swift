// MARK: - Self-check

extension NavigationController {
    /// What is wrong with the stack as the window's self-check sees it (`Window.consistencyProblems()`):
    /// every screen is this controller's child; and when no push or pop runs, only the top screen's view
    /// is in the content view, nothing is waiting to run, and every screen under the top has disappeared.
    func consistencyProblems() -> [String] {
        var problems: [String] = []
        let name = Self.describe(self)
        for screen in stack where screen.parentController !== self {
            problems.append("\(Self.describe(screen)) is in \(name)'s stack but not its child")
        }
        guard runningTransition == nil, isViewLoaded else { return problems }
        if !pendingOperations.isEmpty {
            problems.append("\(name) has \(pendingOperations.count) pushes or pops waiting with no transition running")
        }
        let shown = contentView.subviews.filter { $0.identifier != NavigationTransitionAnimator.shadeIdentifier }
        if let top = stack.last {
            if shown.count != 1 || shown.first !== top.viewIfLoaded {
                let names = shown.map { $0.owningViewController.map(Self.describe) ?? $0.identifier ?? "a view" }
                problems.append("\(name) shows \(names) with nothing moving, not its top screen \(Self.describe(top)) alone")
            }
        } else if !shown.isEmpty {
            problems.append("\(name) has no screens but shows \(shown.count) views")
        }
        for screen in stack.dropLast() where screen.appearanceState == .appeared || screen.appearanceState == .appearing {
            problems.append("\(Self.describe(screen)) is under the top of \(name)'s stack but \(screen.appearanceState)")
        }
        return problems
    }
}
