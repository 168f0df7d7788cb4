// MARK: - Self-check

extension Window {
    /// What is wrong with the window's view tree and presentations, one sentence per problem; empty when
    /// all is well. A soak test calls it after every operation; it is also handy in a debugger.
    ///
    /// Checked: every view's superview and window agree with where it sits; each presented controller has
    /// one presentation, and its presentation controller, container and transition point back at it; no
    /// container or dimming view outlives its presentation; a presented controller at rest is on screen;
    /// every controller's appearance state matches whether its view is in the window, and none is half-way
    /// through an appearance transition when nothing moves; no gesture recognizer follows a touch for a
    /// view that left; no dismissal waits for a presentation above that is not leaving, nor for nothing; no request to the stack
    /// waits once a change is over; a tooltip shown is the window's topmost view. Also reported,
    /// once, what was seen as it happened since the last call: a presentation-controller hook run with a
    /// nil `containerView`, a presentation's events out of order.
    public func consistencyProblems() -> [String] {
        var problems = recordedProblems
        recordedProblems = []
        var seen = Set<ObjectIdentifier>()
        checkTree(self, problems: &problems, seen: &seen)
        checkPresentations(problems: &problems)
        checkAppearance(problems: &problems)
        checkTouch(problems: &problems)
        checkTraits(problems: &problems)
        checkEditing(problems: &problems)
        checkToolTips(problems: &problems)
        return problems
    }

    /// At most one tooltip is in the window, the one it shows, above everything else.
    private func checkToolTips(problems: inout [String]) {
        for case let tip as ToolTipView in allViews() where tip !== toolTips.shown {
            problems.append("a tooltip (\(tip.label.text)) is in the window but not the one shown")
        }
        if let tip = toolTips.shown, tip.superview !== self || subviews.last !== tip {
            problems.append("the tooltip shown (\(tip.label.text)) is not the window's topmost view")
        }
    }

    /// Notes a defect seen as it happened, for the next `consistencyProblems()`.
    func recordProblem(_ problem: String) {
        recordedProblems.append(problem)
    }

    private func checkAppearance(problems: inout [String]) {
        var controllers: [ViewController] = []
        var seen = Set<ObjectIdentifier>()
        func collect(_ controller: ViewController?) {
            guard let controller, seen.insert(ObjectIdentifier(controller)).inserted else { return }
            controllers.append(controller)
            controller.childControllers.forEach(collect)
        }
        collect(rootViewController)
        for presentation in presentations {
            collect(presentation.presented)
            collect(presentation.presenting)
        }
        let somethingMoves = presentations.contains { $0.transition != nil || $0.morphsRunning > 0 }
        for controller in controllers {
            if let navigation = controller as? NavigationController { problems += navigation.consistencyProblems() }
            if let tabs = controller as? TabBarController { problems += tabs.consistencyProblems() }
            let name = Self.describe(controller)
            let onScreen = controller.viewIfLoaded?.window === self
            switch controller.appearanceState {
            case .appeared where !onScreen:
                problems.append("\(name) has appeared but its view is not in the window")
            // A screen pushed while its container leaves never appears: its view goes with the container's.
            case .disappeared where onScreen && !Self.isInLeavingContainer(controller):
                problems.append("\(name) has disappeared but its view is in the window")
            case .appearing where !somethingMoves && !Self.isInContainerTransition(controller),
                 .disappearing where !somethingMoves && !Self.isInContainerTransition(controller):
                problems.append("\(name) is \(controller.appearanceState) with no transition running")
            default:
                break
            }
        }
    }

    /// Whether a container above `controller` (a navigation controller pushing, an app's own container)
    /// runs a transition that moves it.
    private static func isInContainerTransition(_ controller: ViewController) -> Bool {
        hasContainer(above: controller) { $0.runningTransition != nil }
    }

    /// Whether a container above `controller` is disappearing or has disappeared.
    private static func isInLeavingContainer(_ controller: ViewController) -> Bool {
        hasContainer(above: controller) { $0.appearanceState == .disappearing || $0.appearanceState == .disappeared }
    }

    private static func hasContainer(above controller: ViewController, where test: (ViewController) -> Bool) -> Bool {
        var current = controller.parentController
        while let container = current {
            if test(container) { return true }
            current = container.parentController
        }
        return false
    }

    /// A text field edits only while it has the keys, or while a context menu over it holds its editing.
    private func checkEditing(problems: inout [String]) {
        let menuUp = presentations.contains { $0.presented is ContextMenuController }
        if let held = fieldEditingUnderMenu, !menuUp || held.window !== self {
            problems.append("\(Self.describe(held)) is held editing under a context menu with none up")
        }
        for case let field as TextField in allViews() where field.isEditing {
            guard field !== firstResponder, field !== fieldEditingUnderMenu else { continue }
            problems.append("\(Self.describe(field)) is editing without the keys")
        }
    }

    private func checkTouch(problems: inout [String]) {
        if let view = activeTouch?.view, view.window !== self {
            problems.append("the touch in progress is for \(Self.describe(view)), which left the window")
        }
        for recognizer in touchRecognizers where recognizer.view?.window !== self {
            problems.append("\(type(of: recognizer)) follows the touch in progress but its view left the window")
        }
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
            if let leader = presentation.leader {
                if leader.phase != .dismissing || leader.transition == nil || !presentations.contains(where: { $0 === leader }) {
                    problems.append("\(name)'s dismissal waits for a presentation above that is not leaving")
                }
            } else if presentation.phase == .dismissing, presentation.transition == nil {
                problems.append("\(name) is dismissing but no transition moves it: its dismissal never ends")
            }
            if presentation.phase == .gone { problems.append("\(name)'s presentation ended but is still in the window") }
            if presentation.transition == nil, presentation.phase == .presented, presentation.coveringPresentation == nil,
               let view = presentation.presentationController.presentedView, view.window !== self {
                problems.append("\(name) is presented and at rest but its view is not in the window")
            }
        }
        if !presentationStack.isApplying, presentationStack.queuedRequests > 0 {
            problems.append("\(presentationStack.queuedRequests) requests to the presentation stack wait with no change under way")
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

    private static func describe(_ controller: ViewController) -> String {
        "\(type(of: controller))" + (controller.viewIfLoaded?.identifier.map { " '\($0)'" } ?? "")
    }

    private static func describe(_ view: View) -> String {
        "\(type(of: view))" + (view.identifier.map { " '\($0)'" } ?? "")
    }
}
