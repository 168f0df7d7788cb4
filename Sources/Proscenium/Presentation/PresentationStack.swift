/// The window's presentation stack and the one owner of every change to it: presenting, dismissing
/// (from code or by the user, animated or not, interactive), presenting again what is leaving, adapting
/// to another style and replacing the root controller are requests to it.
///
/// A request made while another change is being applied — from an appearance callback, a
/// presentation-controller hook, a delegate method or a completion — is queued and applied when the
/// outermost change is over, in the order asked, never nested inside another. So no callback ever sees
/// the stack change under it, and every change starts from a stack at rest between two calls out.
@MainActor final class PresentationStack {
    /// A structural change asked for.
    enum Request {
        /// `presenting.present(controller, …)`: a new presentation, or a leaving one turned around.
        case present(ViewController, from: ViewController, animated: Bool, completion: (@MainActor () -> Void)?)
        /// `controller.dismiss(…)`: what `controller` presents, else `controller` itself, with all above.
        case dismissFrom(ViewController, animated: Bool, completion: (@MainActor () -> Void)?)
        /// One presentation dismissed, with all above it.
        case dismiss(Presentation, animated: Bool, interactive: Bool, completion: (@MainActor () -> Void)?)
        /// A presentation asks its delegate for a style and moves to it.
        case adapt(Presentation, animated: Bool, force: Bool)
        /// Any other change that calls out (a root controller swap).
        case perform(@MainActor () -> Void)
    }

    /// The presentations shown in the window, bottom to top.
    var presentations: [Presentation] = []
    /// How many changes are being applied now (nested calls out of one change).
    private var applyingDepth = 0
    /// Requests made while a change was being applied, oldest first.
    private var queue: [Request] = []

    /// Whether a change is being applied now, so a request made now waits for its end.
    var isApplying: Bool { applyingDepth > 0 }
    /// How many requests wait, for the self-check (none may wait once a change is over).
    var queuedRequests: Int { queue.count }

    /// Applies `request` now, or once the change being applied is over.
    func request(_ request: Request) {
        guard applyingDepth == 0 else {
            queue.append(request)
            return
        }
        applying { apply(request) }
    }

    /// Runs `body`, a part of a change that calls out to app code; requests made meanwhile are applied
    /// once the outermost such part is over, one after the other.
    func applying(_ body: () -> Void) {
        applyingDepth += 1
        body()
        applyingDepth -= 1
        guard applyingDepth == 0 else { return }
        while !queue.isEmpty {
            let next = queue.removeFirst()
            applyingDepth += 1
            apply(next)
            applyingDepth -= 1
        }
    }

    private func apply(_ request: Request) {
        switch request {
        case let .present(controller, presenting, animated, completion):
            Presentation.applyPresent(controller, from: presenting, animated: animated, completion: completion)
        case let .dismissFrom(controller, animated, completion):
            let context = controller.presentationContext
            let target = context.presentedController ?? (context.presentation != nil ? context : nil)
            target?.presentation?.applyDismiss(animated: animated, interactive: true, completion: completion)
        case let .dismiss(presentation, animated, interactive, completion):
            presentation.applyDismiss(animated: animated, interactive: interactive, completion: completion)
        case let .adapt(presentation, animated, force):
            presentation.applyAdaptation(animated: animated, force: force)
        case let .perform(body):
            body()
        }
    }

    // MARK: - Following anchors

    /// Lays out again the containers of presentations whose controller is anchored to a view that moved
    /// (a popover's source view on a card springing in): the controller's frame follows it. Called around
    /// each layout pass of a frame.
    func followMovedAnchors() {
        for presentation in presentations where presentation.phase != .gone {
            let anchor = presentation.presentationController.anchorInContainer
            guard anchor != presentation.lastAnchor else { continue }
            presentation.lastAnchor = anchor
            presentation.container.setNeedsLayout()
        }
    }

    // MARK: - The stack's shape

    /// Adds `presentation` on top.
    func push(_ presentation: Presentation) {
        presentations.append(presentation)
    }

    /// Forgets `presentation` once it ended.
    func remove(_ presentation: Presentation) {
        presentations.removeAll { $0 === presentation }
    }

    /// The presentation directly above `presentation` in its chain: the one its presented controller
    /// presents. Not merely the next in the window: after the root controller was replaced, the old root's
    /// presentations and the new root's are separate chains.
    func presentation(above presentation: Presentation) -> Presentation? {
        presentations.first { $0 !== presentation && $0.presenting === presentation.presented }
    }

    /// The presentation directly below `presentation` in its chain: the one that presents its presenter.
    func presentation(below presentation: Presentation) -> Presentation? {
        guard let presenting = presentation.presenting else { return nil }
        return presentations.first { $0 !== presentation && $0.presented === presenting }
    }

    /// `presentation` and every presentation above it in its chain, bottom to top.
    func chain(from presentation: Presentation) -> [Presentation] {
        var chain = [presentation]
        while let above = self.presentation(above: chain[chain.count - 1]), !chain.contains(where: { $0 === above }) {
            chain.append(above)
        }
        return chain
    }
}
