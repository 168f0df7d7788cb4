// MARK: - Self-check

extension Window {
    /// What is wrong with the window's view tree and presentations, one sentence per problem; empty when
    /// all is well. A soak test calls it after every operation; it is also handy in a debugger.
    ///
    /// Checked: every view's superview and window agree with where it sits; each presented controller has
    /// one presentation, and its presentation controller, container and transition point back at it; no
    /// container or dimming view outlives its presentation; a presented controller at rest is on screen.
    public func consistencyProblems() -> [String] {
        var problems: [String] = []
        var seen = Set<ObjectIdentifier>()
        checkTree(self, problems: &problems, seen: &seen)
        checkPresentations(problems: &problems)
        return problems
    }

    private func checkTree(_ view: View, problems: inout [String], seen: inout Set<ObjectIdentifier>) {
        guard seen.insert(ObjectIdentifier(view)).inserted else {
            problems.append("\(Self.describe(view)) appears twice in the tree")
            return
        }
        if view.window !== self { problems.append("\(Self.describe(view)) is in the window's tree but its window is another") }
        for subview in view.subviews {
            if subview.superview !== view {
                problems.append("\(Self.describe(subview)) is a subview of \(Self.describe(view)) but names another superview")
            }
            checkTree(subview, problems: &problems, seen: &seen)
        }
    }

    private func checkPresentations(problems: inout [String]) {
        var presented = Set<ObjectIdentifier>()
        var containers = Set<ObjectIdentifier>()
        for presentation in presentations {
            let controller = presentation.presented
            let name = String(describing: type(of: controller))
            if !presented.insert(ObjectIdentifier(controller)).inserted {
                problems.append("\(name) is presented twice in the window")
            }
            containers.insert(ObjectIdentifier(presentation.container))
            if controller.presentation !== presentation { problems.append("\(name) does not point back at its presentation") }
            if controller.presentationController !== presentation.presentationController {
                problems.append("\(name) names another presentation controller than its presentation's")
            }
            if presentation.presentationController.presentedViewController !== controller {
                problems.append("\(name)'s presentation controller presents another controller")
            }
            if presentation.container.presentationController !== presentation.presentationController {
                problems.append("\(name)'s container belongs to another presentation controller")
            }
            if presentation.container.superview !== presentationLayer {
                problems.append("\(name)'s container is not in the window's presentation layer")
            }
            if let transition = presentation.transition, transition.presentationController !== presentation.presentationController {
                problems.append("\(name)'s transition runs for another presentation controller")
            }
            if presentation.transition == nil, presentation.phase == .presented,
               let view = presentation.presentationController.presentedView, view.window !== self {
                problems.append("\(name) is presented and at rest but its view is not in the window")
            }
        }
        for view in presentationLayer?.subviews ?? [] where !containers.contains(ObjectIdentifier(view)) {
            problems.append("\(Self.describe(view)) in the presentation layer belongs to no presentation")
        }
        var dimmingViews: [View] = []
        collectDimming(in: self, into: &dimmingViews)
        for dimming in dimmingViews {
            var ancestor = dimming.superview
            while let view = ancestor, !containers.contains(ObjectIdentifier(view)) { ancestor = view.superview }
            if ancestor == nil { problems.append("a dimming view is in the window outside every presentation") }
        }
    }

    private func collectDimming(in view: View, into found: inout [View]) {
        if view is DimmingView { found.append(view) }
        for subview in view.subviews { collectDimming(in: subview, into: &found) }
    }

    private static func describe(_ view: View) -> String {
        "\(type(of: view))" + (view.identifier.map { " '\($0)'" } ?? "")
    }
}
