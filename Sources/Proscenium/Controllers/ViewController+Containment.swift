// MARK: - Child view controllers

extension ViewController {
    /// The controllers added with `addChild(_:)`, in order.
    public var children: [ViewController] { childControllers }

    /// The container controller this one is a child of.
    public var parent: ViewController? { parentController }

    /// Adds `child` as a child, removing it from a former parent first; calls `child.willMove(toParent:)`.
    /// As in UIKit, add its view to the view tree next and then call `child.didMove(toParent: self)`.
    public func addChild(_ child: ViewController) {
        precondition(child !== self, "a view controller cannot be its own child")
        if child.parentController === self { return }
        if child.parentController != nil { child.removeFromParent() }
        child.willMove(toParent: self)
        childControllers.append(child)
        child.parentController = self
    }

    /// Removes the controller from its parent and calls `didMove(toParent: nil)`. As in UIKit, call
    /// `willMove(toParent: nil)` before and remove its view from the view tree yourself.
    public func removeFromParent() {
        guard let parent = parentController else { return }
        parent.childControllers.removeAll { $0 === self }
        parentController = nil
        didMove(toParent: nil)
    }

}
