/// Manages one screenful of content: owns a root view that it loads on first use, and sits after that view
/// in the responder chain, as UIKit's `UIViewController`.
@MainActor open class ViewController: Responder {
    private var loadedView: View?

    public override init() {
        super.init()
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
    public var isViewLoaded: Bool { loadedView != nil }

    /// Creates the root view; override to make a custom one and assign it to `view`.
    open func loadView() {
        view = View()
    }

    /// Called once after the root view was loaded; override to build the view tree.
    open func viewDidLoad() {}

    // MARK: - Layout

    /// Called before the root view lays out its subviews; override to adjust them first.
    open func viewWillLayoutSubviews() {}

    /// Called after the root view laid out its subviews; override to position views the controller owns.
    open func viewDidLayoutSubviews() {}

    // MARK: - Responder chain

    /// After the controller come its view's superview, as in UIKit.
    open override var next: Responder? { loadedView?.superview }
}
