/// An item of a menu: an `Action`, a `KeyCommand` or a nested `Menu`, as UIKit's `UIMenuElement`.
@MainActor open class MenuElement {
    /// What the item says.
    public let title: String

    init(title: String) {
        self.title = title
    }
}

/// How a menu action looks and behaves, as UIKit's `UIMenuElement.Attributes` (`Action.Attributes`).
public struct MenuElementAttributes: OptionSet, Sendable, Hashable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// Drawn in red: it destroys something.
    public static let destructive = MenuElementAttributes(rawValue: 1 << 0)
    /// Greyed out; cannot be chosen, by pointer or keys.
    public static let disabled = MenuElementAttributes(rawValue: 1 << 1)
    /// Not shown at all.
    public static let hidden = MenuElementAttributes(rawValue: 1 << 2)
}

/// Whether a menu action shows a check mark, as UIKit's `UIMenuElement.State` (`Action.State`).
public enum MenuElementState: Sendable, Hashable {
    /// No mark beside the title.
    case off
    /// A check mark beside the title.
    case on
    /// A dash: some of what it stands for is on.
    case mixed
}

/// A command in a menu, as UIKit's `UIAction`: a title, how it looks (destructive, disabled), whether it is
/// checked, and what it does when chosen.
@MainActor public final class Action: MenuElement {
    /// How an action looks and behaves (UIKit's `UIMenuElement.Attributes`).
    public typealias Attributes = MenuElementAttributes
    /// Whether an action shows a check mark (UIKit's `UIMenuElement.State`).
    public typealias State = MenuElementState

    /// A name for tests and logs.
    public let identifier: String?
    /// How it looks and behaves.
    public var attributes: Attributes
    /// Its check mark.
    public var state: State
    /// The keys that do the same outside the menu, as the row shows them at its right end, as desktop
    /// menus do, and screen readers read them: only shown, the keys are the view's to handle (a
    /// `KeyCommand` in the menu shows its own, which run it while a responder offers it). Written as
    /// GTK and Qt write them, modifiers first, joined by "+": "Ctrl+C", "Ctrl+Shift+Z", "Alt+F4".
    public var shortcutTitle: String?
    /// Runs when the action is chosen, after the menu began to close.
    public let handler: @MainActor (Action) -> Void

    /// An action titled `title` that runs `handler` when chosen; `shortcutTitle` names its keys.
    public init(title: String, identifier: String? = nil, attributes: Attributes = [], state: State = .off,
                shortcutTitle: String? = nil, handler: @escaping @MainActor (Action) -> Void) {
        self.identifier = identifier
        self.attributes = attributes
        self.state = state
        self.shortcutTitle = shortcutTitle
        self.handler = handler
        super.init(title: title)
    }

    /// Whether the pointer and keys can choose it.
    var isChoosable: Bool { !attributes.contains(.disabled) && !attributes.contains(.hidden) }
}

/// A list of actions and nested menus, as UIKit's `UIMenu`. In a context menu a nested menu shows inline,
/// its items set apart by separators (UIKit's `.displayInline`); a title over them when it has one.
@MainActor public final class Menu: MenuElement {
    /// The menu's items, in order.
    public let children: [MenuElement]

    /// A menu titled `title` (empty: no title shown) of `children`.
    public init(title: String = "", children: [MenuElement]) {
        self.children = children
        super.init(title: title)
    }

    /// The rows a context menu shows for this menu: its actions, with nested menus as sections between
    /// separators (a section's title, if any, as a heading row). Hidden actions are left out, and a menu or
    /// section left with no action shows nothing, not even its title.
    var rows: [MenuRow] {
        var rows: [MenuRow] = title.isEmpty ? [] : [.heading(title)]
        for child in children {
            if let action = child as? Action {
                if !action.attributes.contains(.hidden) { rows.append(.action(action)) }
            } else if let command = child as? KeyCommand {
                if !command.attributes.contains(.hidden) { rows.append(.action(command.menuAction)) }
            } else if let menu = child as? Menu {
                let section = menu.rows
                guard !section.isEmpty else { continue }
                if let last = rows.last, !last.isSeparator { rows.append(.separator) }
                rows += section
                rows.append(.separator)
            }
        }
        while rows.last?.isSeparator == true { rows.removeLast() }
        guard rows.contains(where: { if case .action = $0 { true } else { false } }) else { return [] }
        return rows
    }
}

/// One row of a shown menu.
enum MenuRow {
    case action(Action)
    case heading(String)
    case separator

    var isSeparator: Bool { if case .separator = self { true } else { false } }
    var action: Action? { if case let .action(action) = self { action } else { nil } }
}
