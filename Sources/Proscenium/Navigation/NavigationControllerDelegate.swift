/// Which way a navigation transition goes.
public enum NavigationOperation: Sendable {
    /// Nothing moves (the stack changed under the same top screen).
    case none
    /// A screen comes on top.
    case push
    /// The top screen leaves for one under it.
    case pop
}

/// Follows a navigation controller's transitions and may supply their animators, as UIKit's
/// `UINavigationControllerDelegate`: the same `AnimatedTransitioning` and `InteractiveTransitioning`
/// protocols presentations use. Every method has a default that does nothing (or returns nil).
@MainActor public protocol NavigationControllerDelegate: AnyObject {
    /// Before `viewController` becomes the top screen (its appearance begins).
    func navigationController(_ navigationController: NavigationController, willShow viewController: ViewController,
                              animated: Bool)
    /// After `viewController` became the top screen (the transition completed).
    func navigationController(_ navigationController: NavigationController, didShow viewController: ViewController,
                              animated: Bool)
    /// The animator for a push or pop from `from` to `to`; nil uses the default slide.
    func navigationController(_ navigationController: NavigationController,
                              animationControllerFor operation: NavigationOperation,
                              from: ViewController, to: ViewController) -> AnimatedTransitioning?
    /// The interaction controller that drives `animationController` by hand; nil runs it by itself.
    func navigationController(_ navigationController: NavigationController,
                              interactionControllerFor animationController: AnimatedTransitioning) -> InteractiveTransitioning?
}

extension NavigationControllerDelegate {
    public func navigationController(_ navigationController: NavigationController, willShow viewController: ViewController,
                                     animated: Bool) {}
    public func navigationController(_ navigationController: NavigationController, didShow viewController: ViewController,
                                     animated: Bool) {}
    public func navigationController(_ navigationController: NavigationController,
                                     animationControllerFor operation: NavigationOperation,
                                     from: ViewController, to: ViewController) -> AnimatedTransitioning? { nil }
    public func navigationController(_ navigationController: NavigationController,
                                     interactionControllerFor animationController: AnimatedTransitioning) -> InteractiveTransitioning? { nil }
}
