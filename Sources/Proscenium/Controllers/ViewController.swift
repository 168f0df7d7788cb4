/// Manages one screenful of content: owns a root view that it loads on first use, sits after that view in
/// the responder chain, contains child controllers and presents other controllers, as UIKit's
/// `UIViewController`.
@MainActor open class ViewController: Responder {
    private var loadedView: View?

    // MARK: - State kept by the containment, appearance and presentation extensions

    /// Where the controller is in its appearance cycle; see ViewController+Appearance.swift.
    var appearanceState: AppearanceState = .disappeared
    var appearanceIsAnimated = false
    /// Who began the appearance transition running now, when a presentation did; see
    /// `beginAppearanceTransition(_:animated:by:)`.
    weak var appearanceTransitionOwner: AnyObject?
    var childControllers: [ViewController] = []
    weak var parentController: ViewController?
    /// The controller this one presents; held strongly for the time of the presentation, as in UIKit.
    var presentedController: ViewController?
    weak var presentingController: ViewController? {
        // A presented controller's view inherits its presenter's appearance.
        didSet { if presentingController !== oldValue, let view = loadedView { view.window?.setNeedsTraitsUpdate(of: view) } }
    }
    /// The presentation showing this controller, while it is presented; the window owns it.
    weak var presentation: Presentation?
    /// The transition whose last appearance callback (`viewDidAppear`, `viewDidDisappear`) runs now, so that
    /// `isBeingPresented` and `isBeingDismissed` still answer there, as UIKit's do.
    var endingTransition: EndingTransition?
    /// The transition between this container's children running now (see `TransitionContext.start()`).
    var runningTransition: TransitionContext?
    /// Set from `willMove(toParent:)` until `didMove(toParent:)` (see `isMovingToParent`).
    var movingToParent = false, movingFromParent = false
    /// Made on first use of `navigationItem`, and of `tabBarItem`.
    var storedNavigationItem: NavigationItem?
    var storedTabBarItem: TabBarItem?

    /// What the controller shows, for the containers that name it: a navigation bar's title, and the back
    /// button of the screen pushed after it. Setting it sets its `navigationItem`'s title too, as UIKit's.
    open var title: String? {
        didSet {
            guard title != oldValue else { return }
            // The item's change updates the bar; with no item yet, the bar reads the title itself.
            if let storedNavigationItem, storedNavigationItem.title != title {
                storedNavigationItem.title = title
            } else {
                (parentController as? NavigationController)?.updateNavigationBar()
            }
            (parentController as? TabBarController)?.tabBar.itemsDidChange()
        }
    }
    /// A presentation controller made before presenting, for a built-in style that is configured first
    /// (a popover's source view); handed over to the presentation when it starts.
    var preparedPresentationController: PresentationController?
    /// The window this controller is the root of, while it is.
    weak var windowAsRoot: Window?
    /// The window a presentation of this controller is starting in, set before it loads the view.
    weak var windowPresentingIn: Window?

    /// A controller with no view yet; the view is loaded the first time `view` is read.
    public override init() {
        super.init()
        LiveObjects.created(.viewController)
    }

    isolated deinit {
        // A container freed while a transition between its children runs (the scene holding a navigation
        // controller dismissed mid-push) ends that transition with it, as UIKit's does when its animations
        // go with the views: the coordinator's completions run, completed, and nothing waits for an end
        // that would never come.
        runningTransition?.containerWentAway()
        LiveObjects.freed(.viewController)
    }

    // MARK: - The view

    /// The root view, created by `loadView()` and configured by `viewDidLoad()` the first time it is read.
    public var view: View {
        get {
            if let loadedView { return loadedView }
            loadView()
            let view = loadedView ?? View()
            loadedView = view
            view.owningViewController = self
            viewDidLoad()
            return view
        }
        set {
            loadedView?.owningViewController = nil
            loadedView = newValue
            newValue.owningViewController = self
        }
    }

    /// The root view if it has been loaded, without loading it.
    public var viewIfLoaded: View? { loadedView }
    /// Whether the root view has been loaded.
    public var isViewLoaded: Bool { loadedView != nil }

    /// Creates the root view; override to make a custom one and assign it to `view`. The default makes a
    /// plain view as large as the window the controller is shown in, as UIKit's is as large as the screen,
    /// so that what reads its size or centre before anything places it (`viewDidLoad`, an animator taking
    /// the presented view's centre) sees a whole view rather than an empty one at the origin.
    open func loadView() {
        view = View(frame: Rect(origin: .zero, size: expectedWindow?.bounds.size ?? .zero))
    }

    /// The window the controller's view is shown in, or is about to be: the one it is the root of, the one
    /// a presentation of it starts in, its view's, its parent's or its presenter's; else the window made
    /// last, standing in for UIKit's screen.
    var expectedWindow: Window? {
        windowAsRoot ?? windowPresentingIn ?? presentation?.window ?? loadedView?.window
            ?? parentController?.expectedWindow ?? presentingController?.expectedWindow ?? Window.lastMade
    }

    /// Called once after the root view was loaded; override to build the view tree.
    open func viewDidLoad() {}

    // MARK: - Layout

    /// Called before the root view lays out its subviews; override to adjust them first.
    open func viewWillLayoutSubviews() {}

    /// Called after the root view laid out its subviews; override to position views the controller owns.
    open func viewDidLayoutSubviews() {}

    /// The size the controller's content would like, read by presentation controllers (a sheet's or
    /// popover's size) and by containers; zero means no preference. A change tells the container the
    /// controller is in and, while presented, the presentation controller
    /// (`preferredContentSizeDidChange(forChildContentContainer:)`).
    open var preferredContentSize: Size = .zero {
        didSet {
            guard preferredContentSize != oldValue else { return }
            parentController?.preferredContentSizeDidChange(forChildContentContainer: self)
            presentation?.presentationController.preferredContentSizeDidChange(forChildContentContainer: self)
        }
    }

    /// A child's `preferredContentSize` changed, as UIKit's: a navigation controller takes its top screen's
    /// (with its bar), a tab bar controller its selected tab's (with its bar); by default nothing.
    open func preferredContentSizeDidChange(forChildContentContainer container: ViewController) {}

    // MARK: - Appearance

    /// Called before the view appears: added to the window, or uncovered by a dismissal.
    open func viewWillAppear(_ animated: Bool) {}
    /// Called after the view appeared, once its transition is over.
    open func viewDidAppear(_ animated: Bool) {}
    /// Called before the view disappears: removed, covered by a full-screen presentation, or dismissed.
    open func viewWillDisappear(_ animated: Bool) {}
    /// Called after the view disappeared, once its transition is over.
    open func viewDidDisappear(_ animated: Bool) {}
    /// Called once `viewDidAppear` or `viewDidDisappear` has reached the children that appear with the view:
    /// for containers that tell a delegate after their children (a navigation controller's `didShow`).
    func appearanceTransitionDidEndInChildren() {}

    // MARK: - Containment

    /// Called before the controller is added to a container (`parent`) or removed from one (nil).
    open func willMove(toParent parent: ViewController?) {}
    /// Called after the controller was added to a container (`parent`) or removed from one (nil). An
    /// override calls `super`, which ends `isMovingToParent`.
    open func didMove(toParent parent: ViewController?) {
        if parent != nil { movingToParent = false }
    }

    // MARK: - Presenting

    /// How the controller is shown when presented; `.custom` asks `transitioningDelegate` for the
    /// presentation controller. Full screen by default. `.none` only answers an adaptivity question:
    /// set here (UIKit raises an exception), it warns and becomes `.fullScreen`.
    open var modalPresentationStyle: ModalPresentationStyle = .fullScreen {
        didSet {
            guard modalPresentationStyle == .none else { return }
            Warnings.warn("\(type(of: self)).modalPresentationStyle = .none is no style to present in; presenting full screen")
            modalPresentationStyle = .fullScreen
        }
    }

    /// When true, the user cannot dismiss the presentation (Escape, clicks outside, drags); code still can.
    open var isModalInPresentation = false

    /// Vends the presentation controller and the animators for a `.custom` presentation (and animators
    /// for any style). Held weakly, as in UIKit: keep the delegate alive yourself.
    public weak var transitioningDelegate: TransitioningDelegate?

    /// Presents `controller` over this controller's content: the window hosts it in a container above,
    /// with the presentation controller its style (or transitioning delegate) gives. `completion` runs
    /// once the presentation transition has completed; not when it was cancelled. A controller that
    /// already presents one, or is not in a window, presents nothing.
    open func present(_ controller: ViewController, animated: Bool, completion: (@MainActor () -> Void)? = nil) {
        startPresenting(controller, animated: animated, completion: completion)
    }

    /// Dismisses the controller this one presents (with everything above it), or, when it presents none,
    /// this controller itself if it was presented. `completion` runs when the dismissal has completed.
    open func dismiss(animated: Bool, completion: (@MainActor () -> Void)? = nil) {
        startDismissing(animated: animated, completion: completion)
    }

    // MARK: - Size and traits

    /// The traits the controller lays out for: the size classes of its presentation controller while
    /// presented, its parent's as a child, else derived from its window's size; its appearance is its
    /// override, else its view's (inherited from the parent, the presenter or the window).
    open var traitCollection: TraitCollection {
        var traits: TraitCollection
        if let presentation {
            traits = presentation.presentationController.traitCollection
        } else if let parentController {
            traits = parentController.traitCollection
        } else if let window = loadedView?.window {
            traits = TraitCollection(containerSize: window.bounds.size, displayScale: window.displayScale)
        } else {
            traits = TraitCollection()
        }
        traits.userInterfaceStyle = resolvedUserInterfaceStyle
        return traits
    }

    /// Draws the controller's view, its children and what it presents in `style` whatever the window's
    /// appearance, as UIKit's `overrideUserInterfaceStyle`; `.unspecified` (the default) inherits.
    public var overrideUserInterfaceStyle: UserInterfaceStyle = .unspecified {
        didSet { if overrideUserInterfaceStyle != oldValue { expectedWindow?.setNeedsTraitsUpdate() } }
    }

    /// The appearance the controller's traits report (see `traitCollection`).
    var resolvedUserInterfaceStyle: UserInterfaceStyle {
        if overrideUserInterfaceStyle != .unspecified { return overrideUserInterfaceStyle }
        // A view taken out of its window (under a full-screen presentation) still has its own override
        // and, through its controller, the window's.
        if let view = loadedView, view.window != nil || view.superview == nil { return view.effectiveUserInterfaceStyle }
        if let parentController { return parentController.resolvedUserInterfaceStyle }
        if let presentingController { return presentingController.resolvedUserInterfaceStyle }
        return expectedWindow?.effectiveUserInterfaceStyle ?? .light
    }

    /// Called before a layout pass when the traits of the controller's view changed (appearance, scale,
    /// size classes), just before the view's own `traitCollectionDidChange(_:)`; override point.
    open func traitCollectionDidChange(_ previousTraitCollection: TraitCollection?) {}

    /// Called before the view's container changes size (the window is resized); the coordinator runs
    /// animations alongside the change. The default forwards to the children with their new size.
    open func viewWillTransition(to size: Size, with coordinator: TransitionCoordinator) {
        for child in childControllers {
            child.viewWillTransition(to: size, with: coordinator)
        }
    }

    // MARK: - Responder chain

    /// After the controller comes its view's superview; a presented controller's chain goes on to the
    /// controller that presented it, as in UIKit; a window's root controller's to the window, also while a
    /// full-screen presentation has taken its view out (so Escape still reaches the window).
    open override var next: Responder? {
        if parentController == nil, let presentingController { return presentingController }
        return loadedView?.superview ?? windowAsRoot
    }
}
