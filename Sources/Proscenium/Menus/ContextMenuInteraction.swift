/// Something a view does with the pointer and keys that is not a gesture, attached with
/// `View.addInteraction(_:)`, as UIKit's `UIInteraction`.
@MainActor public protocol Interaction: AnyObject {
    /// The view the interaction is attached to.
    var view: View? { get }
    /// Called before the interaction is attached to `view` (nil: detached).
    func willMove(to view: View?)
    /// Called after the interaction was attached to `view` (nil: detached).
    func didMove(to view: View?)
}

extension View {
    /// Attaches `interaction` (moving it from another view), as UIKit's `addInteraction(_:)`.
    public func addInteraction(_ interaction: Interaction) {
        guard !interactions.contains(where: { $0 === interaction }) else { return }
        interaction.view?.removeInteraction(interaction)
        interaction.willMove(to: self)
        interactions.append(interaction)
        interaction.didMove(to: self)
    }

    /// Detaches `interaction` from this view, as UIKit's `removeInteraction(_:)`.
    public func removeInteraction(_ interaction: Interaction) {
        guard interactions.contains(where: { $0 === interaction }) else { return }
        interaction.willMove(to: nil)
        interactions.removeAll { $0 === interaction }
        interaction.didMove(to: nil)
    }
}

/// What a context menu shows, as UIKit's `UIContextMenuConfiguration`: a menu made when the menu opens.
@MainActor public final class ContextMenuConfiguration {
    /// A name for the delegate to tell its configurations apart.
    public let identifier: String?
    /// Makes the menu; given the suggested actions (none here), nil shows no menu.
    public let actionProvider: @MainActor ([MenuElement]) -> Menu?

    /// A configuration whose menu `actionProvider` makes as the menu opens.
    public init(identifier: String? = nil, actionProvider: @escaping @MainActor ([MenuElement]) -> Menu?) {
        self.identifier = identifier
        self.actionProvider = actionProvider
    }
}

/// Supplies a context menu interaction's menu, as UIKit's `UIContextMenuInteractionDelegate`.
@MainActor public protocol ContextMenuInteractionDelegate: AnyObject {
    /// The menu for a right click (or the Menu key, Shift+F10) at `location`, in the interaction's view;
    /// nil shows none.
    func contextMenuInteraction(_ interaction: ContextMenuInteraction,
                                configurationForMenuAtLocation location: Point) -> ContextMenuConfiguration?
    /// The menu is about to show.
    func contextMenuInteraction(_ interaction: ContextMenuInteraction, willDisplayMenuFor configuration: ContextMenuConfiguration)
    /// The menu is closing, an action chosen or not.
    func contextMenuInteraction(_ interaction: ContextMenuInteraction, willEndFor configuration: ContextMenuConfiguration)
}

extension ContextMenuInteractionDelegate {
    public func contextMenuInteraction(_ interaction: ContextMenuInteraction, willDisplayMenuFor configuration: ContextMenuConfiguration) {}
    public func contextMenuInteraction(_ interaction: ContextMenuInteraction, willEndFor configuration: ContextMenuConfiguration) {}
}

/// Gives its view a context menu, as UIKit's `UIContextMenuInteraction`: a right click on the view, or the
/// Menu key or Shift+F10 while it (or a view in it) has keyboard focus, shows the delegate's menu at the
/// pointer (at the focused view for keys) as a presentation over everything; keys and the pointer choose
/// from it, Escape or a click elsewhere closes it.
@MainActor public final class ContextMenuInteraction: Interaction {
    /// Supplies the menu; held weakly, as in UIKit.
    public private(set) weak var delegate: ContextMenuInteractionDelegate?
    public private(set) weak var view: View?
    /// For the closure form: the delegate it stands in for, kept alive by the interaction.
    private var ownedDelegate: ContextMenuInteractionDelegate?

    /// An interaction whose menus `delegate` supplies.
    public init(delegate: ContextMenuInteractionDelegate) {
        self.delegate = delegate
    }

    /// An interaction whose menu `menuProvider` makes for a location in the view (nil: no menu there).
    public convenience init(menuProvider: @escaping @MainActor (Point) -> Menu?) {
        let provider = ClosureMenuProvider(menuProvider)
        self.init(delegate: provider)
        ownedDelegate = provider
    }

    public func willMove(to view: View?) {}
    public func didMove(to view: View?) { self.view = view }

    /// The configuration for `location` in the view, with a menu that has something to show; nil when
    /// the delegate offers none.
    func menu(at location: Point) -> (ContextMenuConfiguration, Menu)? {
        guard let configuration = delegate?.contextMenuInteraction(self, configurationForMenuAtLocation: location),
              let menu = configuration.actionProvider([]), !menu.rows.isEmpty else { return nil }
        return (configuration, menu)
    }
}

/// The delegate of `ContextMenuInteraction(menuProvider:)`.
@MainActor private final class ClosureMenuProvider: ContextMenuInteractionDelegate {
    let provider: @MainActor (Point) -> Menu?
    init(_ provider: @escaping @MainActor (Point) -> Menu?) { self.provider = provider }

    func contextMenuInteraction(_ interaction: ContextMenuInteraction,
                                configurationForMenuAtLocation location: Point) -> ContextMenuConfiguration? {
        let menu = provider(location)
        return menu.map { menu in ContextMenuConfiguration { _ in menu } }
    }
}
