// MARK: - Calling out

extension Presentation {
    /// Runs `body`, which calls out to app code (appearance callbacks, hooks, completions): a `dismiss`,
    /// `present` or adaptation asked for meanwhile runs once the outermost such sequence is over, in the
    /// order asked.
    func callingOut(_ body: () -> Void) {
        callOutDepth += 1
        body()
        callOutDepth -= 1
        guard callOutDepth == 0 else { return }
        while !deferredRequests.isEmpty, callOutDepth == 0 {
            let request = deferredRequests.removeFirst()
            switch request {
            case let .dismiss(animated, interactive, completion):
                dismiss(animated: animated, interactive: interactive, completion: completion)
            case let .present(completion):
                _ = reverseIntoPresentation(completion: completion)
            case let .adapt(animated, force):
                adaptIfNeeded(animated: animated, force: force)
            }
        }
    }

    /// Whether calls out are running now, so a request must wait; `request` is queued if so.
    private func deferIfCallingOut(_ request: DeferredRequest) -> Bool {
        guard callOutDepth > 0 else { return false }
        deferredRequests.append(request)
        return true
    }

    /// Defers a `present` of the presented controller made from inside a callback; see `callingOut`.
    func deferPresentIfCallingOut(completion: (@MainActor () -> Void)?) -> Bool {
        deferIfCallingOut(.present(completion: completion))
    }

    /// Defers an adaptation asked for from inside a callback; see `callingOut`.
    func deferAdaptationIfCallingOut(animated: Bool, force: Bool) -> Bool {
        deferIfCallingOut(.adapt(animated: animated, force: force))
    }

    /// Calls a presentation-controller hook; one about to run without a container is a defect the
    /// window's self-check reports.
    func callHook(_ controller: PresentationController? = nil, _ hook: (PresentationController) -> Void) {
        let target = controller ?? presentationController
        if target.containerView == nil {
            window?.recordProblem("\(type(of: target)) ran a hook with a nil containerView")
        }
        hook(target)
    }
}
