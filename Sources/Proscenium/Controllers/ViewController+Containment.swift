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
        child.movingToParent = true
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
        // Out of its parent, it is moving neither from it nor to it (a push turned around ends here).
        movingFromParent = false
        movingToParent = false
    }

    /// True while the controller is being added to its parent: from `addChild(_:)` until its
    /// `didMove(toParent:)` (a pushed controller's appearance callbacks see it true).
    public var isMovingToParent: Bool { movingToParent }

    /// True while the controller is being removed from its parent: from the container's
    /// `willMove(toParent: nil)` until `removeFromParent()` (a popped controller's disappearance
    /// callbacks see it true). Containers mark it with `beginRemovingFromParent()`.
    public var isMovingFromParent: Bool { movingFromParent }

    /// Calls `willMove(toParent: nil)` and marks the controller as moving from its parent until
    /// `removeFromParent()`: what a container does as a child starts to leave.
    public func beginRemovingFromParent() {
        guard parentController != nil else { return }
        movingFromParent = true
        willMove(toParent: nil)
    }

    /// A controller as warnings and self-checks name it: its type and title.
    static func describe(_ controller: ViewController) -> String {
        "\(type(of: controller))" + (controller.title.map { " \"\($0)\"" } ?? "")
    }
}

extension ViewController {
    /// A container's own preferred size taken from `child`'s, `extraHeight` taller (its bar); a child with
    /// no preference gives none. `adopted` is what was taken last: while the container's size is still
    /// that (or was never set), it follows; one the app set itself stays.
    func adoptPreferredContentSize(of child: ViewController?, extraHeight: Double, adopted: inout Size?) {
        let wanted = child?.preferredContentSize ?? .zero
        let size = wanted == .zero ? .zero : Size(width: wanted.width, height: wanted.height + extraHeight)
        guard adopted == preferredContentSize || (adopted == nil && preferredContentSize == .zero) else { return }
        adopted = size
        preferredContentSize = size
    }
}
