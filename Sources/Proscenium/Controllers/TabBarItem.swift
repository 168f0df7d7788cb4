/// What a tab bar shows for one tab, as UIKit's `UITabBarItem`: its title and a badge. Each view
/// controller has one (`ViewController.tabBarItem`), titled with the controller's title until set.
@MainActor public final class TabBarItem {
    /// The tab's title; nil shows the controller's `title`.
    public var title: String? { didSet { if title != oldValue { changed() } } }
    /// A short text in a red capsule at the title's top right, as an unread count ("3"); nil for none.
    public var badgeValue: String? { didSet { if badgeValue != oldValue { changed() } } }
    /// Whether the tab can be chosen; a disabled tab is greyed and skipped by the tab keys.
    public var isEnabled = true { didSet { if isEnabled != oldValue { changed() } } }
    /// A number for the app to tell items apart.
    public var tag = 0

    /// The bar showing this item, told when it changes.
    weak var bar: TabBar?

    /// An item titled `title` (nil: the controller's title), tagged `tag`.
    public init(title: String? = nil, tag: Int = 0) {
        self.title = title
        self.tag = tag
    }

    private func changed() {
        bar?.itemsDidChange()
    }
}

extension ViewController {
    /// The item a tab bar controller shows for this controller, as UIKit's `tabBarItem`; made on first use.
    public var tabBarItem: TabBarItem {
        get {
            if let item = storedTabBarItem { return item }
            let item = TabBarItem()
            storedTabBarItem = item
            return item
        }
        set {
            storedTabBarItem = newValue
            (parentController as? TabBarController)?.tabBar.itemsDidChange()
        }
    }

    /// The nearest tab bar controller this controller is inside, as UIKit's `tabBarController`.
    public var tabBarController: TabBarController? {
        var current = parentController
        while let controller = current {
            if let tabs = controller as? TabBarController { return tabs }
            current = controller.parentController
        }
        return nil
    }
}
