// MARK: - Calling out

extension Presentation {
    /// Runs `body`, which calls out to app code (appearance callbacks, hooks, completions), as a part of
    /// a change of the window's stack: a `dismiss`, `present` or adaptation asked for meanwhile, of any
    /// presentation of the window, is applied once the outermost such part is over, in the order asked.
    func callingOut(_ body: () -> Void) {
        if let stack = window?.presentationStack {
            stack.applying(body)
        } else {
            body()
        }
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
