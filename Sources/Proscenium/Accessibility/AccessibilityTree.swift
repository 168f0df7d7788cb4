/// The window's views as assistive technology reads them, built in one walk: a node for the window, for
/// each presentation's container (a dialog when modal) and for each accessibility element; plain
/// containers pass their elements up. Hidden views, `accessibilityElementsHidden` subtrees and everything
/// behind the front-most modal view (`accessibilityViewIsModal`, or a presentation whose container takes
/// the touches around it) are left out, so what lies under an alert cannot be reached through it; behind
/// a presentation that lets touches through to some views, only those stay in reach.
@MainActor public struct AccessibilityTree {
    /// The nodes by id.
    public private(set) var nodes: [UInt64: AccessibilityNode] = [:]
    /// The id of the window's node, where reading starts.
    public let root: UInt64
    private var views: [UInt64: WeakView] = [:]

    /// The tree of `window` as it is now.
    public init(window: Window) {
        root = Self.id(of: window)
        let blocker = Self.frontMostBlocker(in: window)
        // In a focused table, the keyboard's row is what has focus; in an open menu, the highlighted row.
        let focused = (window.firstResponder as? TableView)?.focusedCell
            ?? (window.firstResponder as? ContextMenuView)?.highlightedElement ?? window.firstResponder as? View
        var builder = Builder(blocker: blocker, focused: focused, clip: window.bounds)
        let windowNode = builder.node(for: window, role: .window, parent: nil)
        builder.add(windowNode, view: window)
        builder.walkChildren(of: window, into: root)
        nodes = builder.nodes
        views = builder.views
    }

    /// The node `id`, if it is in the tree.
    public subscript(id: UInt64) -> AccessibilityNode? { nodes[id] }

    /// The view behind node `id`, while it lives.
    public func view(for id: UInt64) -> View? { views[id]?.view }

    /// Runs `action` on node `id`; returns whether it did something.
    @discardableResult
    public func perform(_ action: AccessibilityNode.Action, on id: UInt64) -> Bool {
        guard let view = view(for: id), nodes[id]?.actions.contains(action) == true, Self.takesInput(view) else { return false }
        switch action {
        case .activate: return view.accessibilityActivate()
        case .increment: view.accessibilityIncrement()
        case .decrement: view.accessibilityDecrement()
        }
        return true
    }

    /// The nodes in reading order, depth first from the window.
    public var allNodes: [AccessibilityNode] {
        var result: [AccessibilityNode] = []
        func visit(_ id: UInt64) {
            guard let node = nodes[id] else { return }
            result.append(node)
            for child in node.children { visit(child) }
        }
        visit(root)
        return result
    }

    /// A view's node id.
    public static func id(of view: View) -> UInt64 { UInt64(UInt(bitPattern: ObjectIdentifier(view).hashValue)) }

    /// Whether `view` hides what lies behind it: set so, or a presentation's container that takes the touches
    /// around its presented view — every presentation but one whose chrome forwards them to passthrough
    /// views with no dimming shown over them (an undimmed sheet).
    static func isModal(_ view: View) -> Bool { passthroughViews(of: view) == nil }

    /// What stays in reach behind `view`: nil when nothing does (a modal view), else the views a
    /// presentation's undimmed chrome forwards touches to — the whole screen under an undimmed sheet, only
    /// the counter beside a popover that lets it through. Everything else behind is out of reach, as it is
    /// to the pointer.
    static func passthroughViews(of view: View) -> [View]? {
        if view.accessibilityViewIsModal { return nil }
        guard view is TransitionContainerView else { return [] }
        let dims = view.subviews.contains { $0 is DimmingView && !$0.isHidden && $0.alpha > 0.01 }
        let forwarded = view.subviews.flatMap { ($0 as? TouchForwardingView)?.passthroughViews ?? [] }
        return dims || forwarded.isEmpty ? nil : forwarded
    }

    /// Whether assistive technology skips `view` and what it holds: hidden, transparent, hidden from it, or
    /// a presentation on its way out (its container takes no more touches: what is below is in reach).
    static func isSkipped(_ view: View) -> Bool {
        view.isHidden || view.presentation.alpha <= 0.01 || view.accessibilityElementsHidden
            || (view is TransitionContainerView && !view.isUserInteractionEnabled)
    }

    /// Whether `view` or a view holding it is skipped: an element listed in `accessibilityElements` that a
    /// hidden superview hides, or that left the window, is not read.
    static func isSkippedWithSuperviews(_ view: View, in window: Window?) -> Bool {
        guard let window, view.window === window else { return true }
        var current: View? = view
        while let next = current {
            if isSkipped(next) { return true }
            current = next.superview
        }
        return false
    }

    /// Whether what assistive technology asks of `view` (an action, a value, a selection, an edit) may
    /// happen: it is in a window and no superview keeps touches from it.
    static func takesInput(_ view: View) -> Bool {
        view.window != nil && !isInsideViewIgnoringTouches(view)
    }

    /// Whether a superview of `view` takes no touches (a form frozen while it is sent): then it takes no
    /// action either, as the pointer's clicks do nothing there. The view's own flag is not read: a label
    /// inside a control takes no touches itself, the control does.
    static func isInsideViewIgnoringTouches(_ view: View) -> Bool {
        var current = view.superview
        while let next = current {
            if !next.isUserInteractionEnabled { return true }
            current = next.superview
        }
        return false
    }

    /// The front-most shown view that hides what lies behind it — a modal view or any presentation's
    /// container — with what it leaves in reach (see `passthroughViews(of:)`).
    private static func frontMostBlocker(in view: View) -> Blocker? {
        for subview in view.subviews.reversed() where !isSkipped(subview) {
            if let found = frontMostBlocker(in: subview) { return found }
            if subview.accessibilityViewIsModal || subview is TransitionContainerView {
                return Blocker(view: subview, reachable: passthroughViews(of: subview) ?? [])
            }
        }
        return nil
    }
}

/// The front-most view hiding what lies behind it, and the views behind it that stay in reach.
@MainActor private struct Blocker {
    let view: View
    let reachable: [View]

    /// Whether the walk, not yet at the blocker, goes into `view`: it holds the blocker or a view in
    /// reach, or is inside one in reach.
    func lets(_ view: View) -> Bool {
        self.view.isDescendant(of: view) || reachable.contains { $0.isDescendant(of: view) || view.isDescendant(of: $0) }
    }
}

/// The walk that builds an `AccessibilityTree`.
@MainActor private struct Builder {
    let blocker: Blocker?
    let focused: View?
    var nodes: [UInt64: AccessibilityNode] = [:]
    var views: [UInt64: WeakView] = [:]
    /// Whether the walk has reached the front-most blocker: what comes before it, outside it, is behind.
    var reachedBlocker = false

    /// What the views clipping the walk's position leave on screen, in window coordinates.
    var clip: Rect

    init(blocker: Blocker?, focused: View?, clip: Rect) {
        self.blocker = blocker
        self.focused = focused
        self.clip = clip
        reachedBlocker = blocker == nil
    }

    mutating func add(_ node: AccessibilityNode, view: View) {
        nodes[node.id] = node
        views[node.id] = WeakView(view: view)
        if let parent = node.parent { nodes[parent]?.children.append(node.id) }
    }

    func node(for view: View, role: AccessibilityNode.Role, parent: UInt64?) -> AccessibilityNode {
        var actions: [AccessibilityNode.Action] = []
        var traits = view.accessibilityTraits
        if traits.contains(.adjustable) {
            actions = [.increment, .decrement]
        } else if view.isAccessibilityElement, traits.contains(.button) || traits.contains(.link) || traits.contains(.toggleButton) || view is TextField {
            actions = [.activate]
        } else if (view as? TableViewCell)?.isAccessibilitySelectable == true {
            actions = [.activate]
        }
        // What a superview keeps from touches does nothing when activated either: it reads as dimmed.
        if !actions.isEmpty, AccessibilityTree.isInsideViewIgnoringTouches(view) { traits.insert(.notEnabled) }
        var node = AccessibilityNode(
            id: AccessibilityTree.id(of: view), parent: parent, role: role, label: view.accessibilityLabel,
            hint: view.accessibilityHint ?? view.activeToolTipInteraction?.defaultToolTip, value: view.accessibilityValue,
            traits: traits, frame: view.accessibilityFrame,
            isFocused: view === focused, isFocusable: view.canBecomeFocused, isModal: role == .dialog || role == .alert,
            isEditable: view is TextField && !traits.contains(.notEnabled), actions: actions, identifier: view.identifier)
        if let content = view as? AccessibilityTextContent {
            node.text = content.accessibilityText
            if let selection = content.accessibilityTextSelection {
                node.selectedRange = selection.range
                node.caretOffset = selection.caret
            }
        }
        node.valueRange = (view as? AccessibilityValueContent)?.accessibilityValueRange
        if traits.contains(.notEnabled) { node.valueRange?.isSettable = false }
        node.isDefault = view.accessibility.isDefaultButton
        if let table = view as? TableView { node.isMultiselectable = table.allowsMultipleSelection && table.allowsSelection }
        node.keyboardShortcut = view.accessibility.keyboardShortcut
        node.visibleFrame = node.frame.intersection(clip)
        return node
    }

    /// Walks `view`'s elements (its `accessibilityElements`, else its subviews) into the node `parent`.
    mutating func walkChildren(of view: View, into parent: UInt64) {
        let outerClip = clip
        defer { clip = outerClip }
        if view.clipsToBounds { clip = clip.intersection(view.convert(view.presentation.bounds, to: nil)) }
        // A table's rows (and what sits between them) are read top to bottom, whatever order their cells
        // were added in; its refresh control after them, so the list's children start with its items.
        let ordered = (view as? TableView).map { table in
            table.subviews.enumerated().sorted { first, second in
                let a = (first.element is RefreshControl ? 1 : 0, first.element.frame.minY, first.offset)
                let b = (second.element is RefreshControl ? 1 : 0, second.element.frame.minY, second.offset)
                return a < b
            }.map(\.element)
        } ?? (view as? NavigationBar).map { bar in
            // A bar is read from its leading end, as UIKit's: Back, the title, then the buttons.
            bar.subviews.enumerated().sorted { ($0.element.frame.minX, $0.offset) < ($1.element.frame.minX, $1.offset) }.map(\.element)
        }
        if let listed = view.accessibilityElements {
            for child in listed where !AccessibilityTree.isSkippedWithSuperviews(child, in: view.window) { walk(child, into: parent) }
            return
        }
        let first = nodes[parent]?.children.count ?? 0
        for child in ordered ?? view.subviews {
            let before = nodes[parent]?.children.count ?? 0
            walk(child, into: parent)
            // A navigation bar, drawn over the screen under it (and walked after it, front-most last, which
            // is what decides what a modal view hides), is read before it, as UIKit's is.
            if child is NavigationBar, let after = nodes[parent]?.children.count, after > before, before > first {
                let bar = nodes[parent]!.children[before..<after]
                nodes[parent]!.children.removeSubrange(before..<after)
                nodes[parent]!.children.insert(contentsOf: bar, at: first)
            }
        }
    }

    private mutating func walk(_ view: View, into parent: UInt64) {
        guard !AccessibilityTree.isSkipped(view) else { return }
        if !reachedBlocker, let blocker, view !== blocker.view, !blocker.lets(view) { return }
        if view === blocker?.view { reachedBlocker = true }
        if view.isAccessibilityElement {
            add(node(for: view, role: Self.role(of: view), parent: parent), view: view)
            return
        }
        guard let containerRole = Self.containerRole(of: view) else { return walkChildren(of: view, into: parent) }
        // A presentation, a view made modal, a list and its rows: a node of its own, a presentation's
        // named after what it presents.
        var container = node(for: view, role: containerRole, parent: parent)
        if container.label == nil, let presented = (view as? TransitionContainerView)?.presentationController?.presentedViewController {
            container.label = presented.title
        }
        add(container, view: view)
        walkChildren(of: view, into: container.id)
    }

    /// The role of a view that is not an element but holds its own: nil for a view that passes its
    /// elements up.
    private static func containerRole(of view: View) -> AccessibilityNode.Role? {
        if view is TransitionContainerView || view.accessibilityViewIsModal {
            if (view as? TransitionContainerView)?.presentationController?.presentedViewController is ContextMenuController { return .menu }
            guard AccessibilityTree.isModal(view) else { return .group }
            let alert = (view as? TransitionContainerView)?.presentationController?.presentedViewController as? AlertController
            return alert?.preferredStyle == .alert ? .alert : .dialog
        }
        if view is TableViewCell { return .listItem }
        switch view.accessibilityContainerType {
        case .none: return nil
        case .list: return .list
        case .semanticGroup: return .group
        }
    }

    private static func role(of view: View) -> AccessibilityNode.Role {
        let traits = view.accessibilityTraits
        if view is TableViewCell { return .listItem }
        if let row = view as? ContextMenuRowElement { return row.role }
        if view is ProgressView { return .progressBar }
        if (view as? TextField)?.isSecureTextEntry == true { return .secureTextField }
        if traits.contains(.searchField) { return .searchField }
        if view is TextField { return .textField }
        if traits.contains(.adjustable) { return .slider }
        if traits.contains(.toggleButton) { return .toggleButton }
        if traits.contains(.link) { return .link }
        if traits.contains(.button) { return .button }
        if traits.contains(.header) { return .header }
        if traits.contains(.image) { return .image }
        return .staticText
    }
}
