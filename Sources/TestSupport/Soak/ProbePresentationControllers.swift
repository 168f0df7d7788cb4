import Proscenium

// MARK: - Hooked presentation controllers

/// What the soak's presentation controllers do around each transition hook: check that the hook has a
/// container to work in, then let the probe run what it is armed with.
@MainActor enum ProbeHooks {
    static func entering(_ controller: PresentationController, _ hook: ReentryHook) {
        guard controller.containerView == nil, let probe = controller.presentedViewController as? ProbeController else { return }
        probe.world?.problems.append("\(type(of: controller)) of \(probe.name): \(hook.rawValue) ran with a nil containerView")
    }

    static func leaving(_ controller: PresentationController, _ hook: ReentryHook) {
        (controller.presentedViewController as? ProbeController)?.fire(hook)
    }

    /// Runs the hook's own work (`body`, the superclass's) between `entering` and `leaving`.
    static func around(_ controller: PresentationController, _ hook: ReentryHook, _ body: () -> Void) {
        entering(controller, hook)
        body()
        leaving(controller, hook)
    }
}

@MainActor final class ProbePlainPresentationController: PresentationController {
    override func presentationTransitionWillBegin() { ProbeHooks.around(self, .presentationTransitionWillBegin) { super.presentationTransitionWillBegin() } }
    override func presentationTransitionDidEnd(_ completed: Bool) { ProbeHooks.around(self, .presentationTransitionDidEnd) { super.presentationTransitionDidEnd(completed) } }
    override func dismissalTransitionWillBegin() { ProbeHooks.around(self, .dismissalTransitionWillBegin) { super.dismissalTransitionWillBegin() } }
    override func dismissalTransitionDidEnd(_ completed: Bool) { ProbeHooks.around(self, .dismissalTransitionDidEnd) { super.dismissalTransitionDidEnd(completed) } }
}

@MainActor final class ProbeFullScreenPresentationController: FullScreenPresentationController {
    override func presentationTransitionWillBegin() { ProbeHooks.around(self, .presentationTransitionWillBegin) { super.presentationTransitionWillBegin() } }
    override func presentationTransitionDidEnd(_ completed: Bool) { ProbeHooks.around(self, .presentationTransitionDidEnd) { super.presentationTransitionDidEnd(completed) } }
    override func dismissalTransitionWillBegin() { ProbeHooks.around(self, .dismissalTransitionWillBegin) { super.dismissalTransitionWillBegin() } }
    override func dismissalTransitionDidEnd(_ completed: Bool) { ProbeHooks.around(self, .dismissalTransitionDidEnd) { super.dismissalTransitionDidEnd(completed) } }
}

@MainActor final class ProbeFormSheetPresentationController: FormSheetPresentationController {
    override func presentationTransitionWillBegin() { ProbeHooks.around(self, .presentationTransitionWillBegin) { super.presentationTransitionWillBegin() } }
    override func presentationTransitionDidEnd(_ completed: Bool) { ProbeHooks.around(self, .presentationTransitionDidEnd) { super.presentationTransitionDidEnd(completed) } }
    override func dismissalTransitionWillBegin() { ProbeHooks.around(self, .dismissalTransitionWillBegin) { super.dismissalTransitionWillBegin() } }
    override func dismissalTransitionDidEnd(_ completed: Bool) { ProbeHooks.around(self, .dismissalTransitionDidEnd) { super.dismissalTransitionDidEnd(completed) } }
}

@MainActor final class ProbeSheetPresentationController: BottomSheetPresentationController {
    override func presentationTransitionWillBegin() { ProbeHooks.around(self, .presentationTransitionWillBegin) { super.presentationTransitionWillBegin() } }
    override func presentationTransitionDidEnd(_ completed: Bool) { ProbeHooks.around(self, .presentationTransitionDidEnd) { super.presentationTransitionDidEnd(completed) } }
    override func dismissalTransitionWillBegin() { ProbeHooks.around(self, .dismissalTransitionWillBegin) { super.dismissalTransitionWillBegin() } }
    override func dismissalTransitionDidEnd(_ completed: Bool) { ProbeHooks.around(self, .dismissalTransitionDidEnd) { super.dismissalTransitionDidEnd(completed) } }
}

@MainActor final class ProbePopoverPresentationController: PopoverPresentationController {
    override func presentationTransitionWillBegin() { ProbeHooks.around(self, .presentationTransitionWillBegin) { super.presentationTransitionWillBegin() } }
    override func presentationTransitionDidEnd(_ completed: Bool) { ProbeHooks.around(self, .presentationTransitionDidEnd) { super.presentationTransitionDidEnd(completed) } }
    override func dismissalTransitionWillBegin() { ProbeHooks.around(self, .dismissalTransitionWillBegin) { super.dismissalTransitionWillBegin() } }
    override func dismissalTransitionDidEnd(_ completed: Bool) { ProbeHooks.around(self, .dismissalTransitionDidEnd) { super.dismissalTransitionDidEnd(completed) } }
}

@MainActor final class ProbeAlertPresentationController: AlertPresentationController {
    override func presentationTransitionWillBegin() { ProbeHooks.around(self, .presentationTransitionWillBegin) { super.presentationTransitionWillBegin() } }
    override func presentationTransitionDidEnd(_ completed: Bool) { ProbeHooks.around(self, .presentationTransitionDidEnd) { super.presentationTransitionDidEnd(completed) } }
    override func dismissalTransitionWillBegin() { ProbeHooks.around(self, .dismissalTransitionWillBegin) { super.dismissalTransitionWillBegin() } }
    override func dismissalTransitionDidEnd(_ completed: Bool) { ProbeHooks.around(self, .dismissalTransitionDidEnd) { super.dismissalTransitionDidEnd(completed) } }
}
