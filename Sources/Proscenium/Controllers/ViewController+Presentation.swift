// MARK: - Presentation relationships

extension ViewController {
    /// The controller this one presents, while it does (from the start of the presentation transition to
    /// the end of the dismissal).
    public var presentedViewController: ViewController? { presentedController }

    /// The controller that presented this one, while it is presented.
    public var presentingViewController: ViewController? { presentingController }

    /// The presentation controller managing this controller's presentation, while it is presented. Before
    /// presenting, as in UIKit, the one it will be presented with, made on first use for the current
    /// `modalPresentationStyle` (for `.custom`, by the transitioning delegate), so that
    /// `controller.presentationController?.delegate = self` before `present` works. Changing the style
    /// afterwards makes a new one, keeping the delegate.
    public var presentationController: PresentationController? {
        if let presentation { return presentation.presentationController }
        if let prepared = preparedPresentationController, prepared.presentationStyle == modalPresentationStyle {
            return prepared
        }
        let made = Presentation.makePresentationController(for: self, presenting: nil, source: self)
        made.presentationStyle = modalPresentationStyle
        made.delegate = made.delegate ?? preparedPresentationController?.delegate
        made.holdPresentedWeakly()
        preparedPresentationController = made
        return made
    }

    /// The popover presentation controller to configure before presenting with the `.popover` style.
    public var popoverPresentationController: PopoverPresentationController? {
        presentationController as? PopoverPresentationController
    }

    /// True while the controller's presentation transition runs, its `viewWillAppear` and `viewDidAppear`
    /// included: where a controller tells being presented from being uncovered.
    public var isBeingPresented: Bool {
        presentation?.phase == .presenting || (endingTransition == .presentation && presentation?.phase == .presented)
    }
    /// True while the controller's dismissal transition runs, its `viewWillDisappear` and `viewDidDisappear`
    /// included: where a controller tells being dismissed from being covered, to let go of what it holds.
    public var isBeingDismissed: Bool {
        presentation?.phase == .dismissing || (endingTransition == .dismissal && presentation == nil)
    }

    /// Which transition ends while `endingTransition` is set.
    enum EndingTransition {
        case presentation, dismissal
    }

    /// The coordinator of the transition this controller takes part in (presented, presenting, or a child
    /// of either), while it runs; nil otherwise.
    public var transitionCoordinator: TransitionCoordinator? {
        if let context = presentation?.transition { return context.coordinator }
        // Leaving with the presentations above it, it follows the transition of the top one.
        if let context = presentation?.leader?.transition { return context.coordinator }
        if let presented = presentedController, let context = presented.presentation?.transition {
            return context.coordinator
        }
        // Uncovered by a dismissal of several presentations at once: the one it presented follows the top one's.
        if let presented = presentedController, let context = presented.presentation?.leader?.transition {
            return context.coordinator
        }
        // A container's transition between its children: the container's, and its children's.
        if let context = runningTransition { return context.coordinator }
        if let context = parentController?.runningTransition { return context.coordinator }
        return parentController?.transitionCoordinator
    }

    /// The controller that presents on behalf of this one: the top of its parent chain, which is a
    /// window's root controller or a presented controller.
    var presentationContext: ViewController {
        var controller = self
        while let parent = controller.parentController { controller = parent }
        return controller
    }

    // MARK: - Starting and ending presentations

    func startPresenting(_ controller: ViewController, animated: Bool, completion: (@MainActor () -> Void)?) {
        let presenting = presentationContext
        guard let window = presenting.viewIfLoaded?.window ?? presenting.presentation?.window ?? presenting.windowAsRoot else {
            return Warnings.warn("cannot present \(type(of: controller)) on \(type(of: presenting)): its view is not in a window")
        }
        window.presentationStack.request(.present(controller, from: self, animated: animated, completion: completion))
    }

    func startDismissing(animated: Bool, completion: (@MainActor () -> Void)?) {
        let context = presentationContext
        guard let window = context.presentedController?.presentation?.window ?? context.presentation?.window else { return }
        window.presentationStack.request(.dismissFrom(self, animated: animated, completion: completion))
    }
}
