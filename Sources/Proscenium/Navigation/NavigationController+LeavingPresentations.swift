// MARK: - What a leaving screen presented leaves with it

/// The rule: what a controller presents is dismissed alongside the transition that removes it from its
/// container. A pop (or `popToRoot`, or `setViewControllers`) that takes away a screen which presented a
/// sheet dismisses the sheet in the same transition, not after it: the dismissal is driven, frame by frame,
/// to the pop's progress, ends in the frame the pop ends, and goes back with it if an interactive pop is
/// cancelled. This is the scenario PSPDFKit's engineers had to work around in UIKit, where the
/// dismissal waited for the pop.
extension NavigationController {
    /// Starts the dismissals of what `removed` (and their children) presented, each driven by `context`;
    /// without animation when the transition has none.
    func dismissPresentations(of removed: [ViewController], alongside context: TransitionContext) {
        guard let (window, leaving) = leavingPresentation(of: removed) else { return }
        guard context.isAnimated else {
            window.presentationStack.request(.dismiss(leaving, animated: false, interactive: false, completion: nil))
            return
        }
        let follower = FollowingDismissal()
        leaving.followingInteraction = follower
        window.presentationStack.request(.dismiss(leaving, animated: true, interactive: true, completion: nil))
        // Each frame, before animations advance, the dismissal is put where the pop is.
        let link = window.makeDisplayLink { [weak context] link in
            guard let context else { return link.invalidate() }
            guard let driver = context.driver else { return }
            follower.update(driver.fractionComplete)
        }
        let end = { (completed: Bool) in
            link.invalidate()
            follower.end(completed: completed)
        }
        // A transition that ended as it started (a delegate's animator that completes at once) ends the
        // dismissal now, the way it went.
        if !context.coordinator.animate(alongsideTransition: nil, completion: { end(!$0.isCancelled) }) {
            end(!context.transitionWasCancelled)
        }
    }
}

extension ViewController {
    /// Dismisses what `removed` presented on its own, for screens that leave a container with no
    /// transition to follow: taken from under the same top screen (`setViewControllers`), by a push turned
    /// around, or a tab removed from a tab bar controller.
    func dismissPresentations(of removed: [ViewController], animated: Bool) {
        guard let (window, leaving) = leavingPresentation(of: removed) else { return }
        window.presentationStack.request(.dismiss(leaving, animated: animated, interactive: false, completion: nil))
    }

    /// The lowest presentation still up whose source is one of `removed` or inside one (dismissing it takes
    /// those above it along), with the window it is in.
    fileprivate func leavingPresentation(of removed: [ViewController]) -> (Window, Presentation)? {
        // Under a full-screen presentation the container's view is out of the window; what it presents is in.
        let window = viewIfLoaded?.window ?? presentedViewController?.viewIfLoaded?.window
        guard let window, !removed.isEmpty else { return nil }
        let leaving = window.presentationStack.presentations.first { presentation in
            guard var source = presentation.source, presentation.phase != .dismissing else { return false }
            while true {
                if removed.contains(where: { $0 === source }) { return true }
                guard let parent = source.parentController else { return false }
                source = parent
            }
        }
        return leaving.map { (window, $0) }
    }
}

/// Drives a dismissal to another transition's progress (`update(_:)` each frame), and ends it when that
/// one ends.
@MainActor final class FollowingDismissal: PercentDrivenInteractiveTransition {
    /// How the leading transition ended, when it ended before this dismissal started (a request that
    /// waited for another change to be applied first).
    private var endedBeforeStart: Bool?

    override func startInteractiveTransition(_ context: TransitionContext) {
        super.startInteractiveTransition(context)
        if let completed = endedBeforeStart { end(completed: completed) }
    }

    /// Ends the dismissal now, completed (the sheet is gone) or cancelled (back where it was).
    func end(completed: Bool) {
        guard context != nil else {
            endedBeforeStart = completed
            return
        }
        endAtOnce(completed: completed)
    }
}
