/// What a controller shows in a navigation bar while it is on top of a navigation stack, as UIKit's
/// `UINavigationItem`: its title (the controller's `title` when nil), the buttons either side, and what
/// the back button says on the screen pushed after it.
@MainActor public final class NavigationItem {
    /// The bar's title; nil shows the controller's `title`.
    public var title: String? { didSet { changed() } }
    /// Buttons at the bar's leading edge, after the back button (or instead of it, see
    /// `leftItemsSupplementBackButton`).
    public var leftBarButtonItems: [BarButtonItem] = [] { didSet { changed() } }
    /// Buttons at the bar's trailing edge, the first one outermost.
    public var rightBarButtonItems: [BarButtonItem] = [] { didSet { changed() } }
    /// The title of the back button on the screen pushed after this one; nil uses this screen's title
    /// ("Back" when it has none).
    public var backButtonTitle: String? { didSet { changed() } }
    /// Whether the bar leaves out the back button while this item is on top.
    public var hidesBackButton = false { didSet { changed() } }
    /// Whether left items come after the back button (true) or replace it (false, as in UIKit).
    public var leftItemsSupplementBackButton = false { didSet { changed() } }

    /// The one button at the leading edge: the first of `leftBarButtonItems`.
    public var leftBarButtonItem: BarButtonItem? {
        get { leftBarButtonItems.first }
        set { leftBarButtonItems = newValue.map { [$0] } ?? [] }
    }
    /// The one button at the trailing edge: the first of `rightBarButtonItems`.
    public var rightBarButtonItem: BarButtonItem? {
        get { rightBarButtonItems.first }
        set { rightBarButtonItems = newValue.map { [$0] } ?? [] }
    }

    /// Whether the bar shows a back button under this item, given a screen to go back to: not when it is
    /// hidden or replaced by left items. Without one, nothing else goes back either (the edge drag,
    /// Alt+Left, the mouse's Back button), as in UIKit: a screen that hides Back asks before it is left.
    public var showsBackButton: Bool {
        !hidesBackButton && (leftBarButtonItems.isEmpty || leftItemsSupplementBackButton)
    }

    /// Called when anything shown changes, so the bar showing the item can follow.
    var onChange: (@MainActor () -> Void)?

    /// An item titled `title` (nil: the controller's title).
    public init(title: String? = nil) {
        self.title = title
    }

    private func changed() { onChange?() }
}

/// A button in a navigation bar, as UIKit's `UIBarButtonItem` with a title: tapping it calls `action`.
@MainActor public final class BarButtonItem {
    /// How the button's title is set: plain, or bold for the action that ends a screen ("Done").
    public enum Style: Sendable {
        /// A regular-weight title: most buttons.
        case plain
        /// A semibold title: the button that ends the screen's task ("Done", "Save").
        case done
    }

    /// The text of the button. Changes to it, `style`, `isEnabled` and `identifier` show at once in a bar
    /// showing the item, as UIKit's (a Save button enabled as the form becomes valid).
    public var title: String { didSet { shownButton?.showTitle(title, style: style) } }
    /// Plain or bold.
    public var style: Style { didSet { shownButton?.showTitle(title, style: style) } }
    /// Whether the button takes taps; a disabled one is drawn faded.
    public var isEnabled = true { didSet { shownButton?.isEnabled = isEnabled } }
    /// What a tap does.
    public var action: (@MainActor () -> Void)?
    /// The `identifier` of the button's view in the bar, for tests and logs.
    public var identifier: String? { didSet { shownButton?.identifier = identifier } }
    /// The button a navigation bar shows the item with, while it does.
    weak var shownButton: Button?

    /// A button titled `title` that calls `action` when tapped.
    public init(title: String, style: Style = .plain, action: (@MainActor () -> Void)? = nil) {
        self.title = title
        self.style = style
        self.action = action
    }
}

extension ViewController {
    /// What this controller shows in a navigation bar; made on first use.
    public var navigationItem: NavigationItem {
        if let storedNavigationItem { return storedNavigationItem }
        let item = NavigationItem()
        item.onChange = { [weak self] in (self?.parentController as? NavigationController)?.updateNavigationBar() }
        storedNavigationItem = item
        return item
    }

    /// The nearest navigation controller among this controller's parents (or itself), as in UIKit.
    public var navigationController: NavigationController? {
        var controller: ViewController? = parentController
        while let current = controller {
            if let navigation = current as? NavigationController { return navigation }
            controller = current.parentController
        }
        return nil
    }
}
