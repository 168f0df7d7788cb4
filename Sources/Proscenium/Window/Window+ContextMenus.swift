/// Opening and closing context menus (see `ContextMenuInteraction`): a right click opens the menu of the
/// deepest view under the pointer that has one; the Menu key or Shift+F10 that of the focused view (else
/// the view under the pointer); a press anywhere outside an open menu closes it first.
extension Window {
    /// The context menu on screen and not closing, if any.
    var openContextMenu: ContextMenuController? {
        presentations.last { $0.presented is ContextMenuController && $0.phase != .dismissing }?.presented as? ContextMenuController
    }

    /// A press (of any button) outside the open menu closes it. Whether the press is spent: a primary
    /// press that lands on the menu's outside is (as in UIKit); one that passes through to a passthrough
    /// view goes on there, and a right click goes on to open the menu of what it landed on.
    func closeContextMenu(forPressAt location: Point, button: Int) -> Bool {
        guard let menu = openContextMenu, let view = menu.viewIfLoaded,
              let container = menu.presentationController?.containerView else { return false }
        if view.bounds.contains(view.convert(location, from: nil)) { return false }
        // Where the press lands with the menu out of the way: does it pass through to a passthrough?
        container.isUserInteractionEnabled = false
        let hit = hitTest(location, with: nil)
        let passes = hit.map { hit in
            ContextMenuPresentationController.passthroughTargets(in: self).contains { hit.isDescendant(of: $0) }
        } ?? false
        menu.close()
        return !passes && button != 3
    }

    /// How far the pointer travels from the right button's press before its release over a row chooses
    /// that row; a release nearer leaves the menu open for a click, as a plain right click does.
    static let contextMenuDragDistance = 4.0

    /// The right button let go: if its press opened the menu and the pointer has since been dragged onto a
    /// row, that row is chosen (press, drag, release: one gesture, as desktop menus allow).
    func contextMenuButtonReleased(at location: Point) {
        guard let press = contextMenuPress else { return }
        contextMenuPress = nil
        let dx = location.x - press.x, dy = location.y - press.y
        guard (dx * dx + dy * dy).squareRoot() >= Self.contextMenuDragDistance, let menu = openContextMenu else { return }
        menu.menuView.chooseRow(at: location)
    }

    /// Opens the context menu for a right click at `location`; whether one opened.
    @discardableResult
    func showContextMenu(at location: Point) -> Bool {
        showContextMenu(from: hitTest(location, with: nil), at: { $0.convert(location, from: nil) }, anchor: { _ in location })
    }

    /// Opens the menu of the first view from `start` up that has one: at `location` in that view, shown at
    /// `anchor` (window coordinates). Not from inside an open menu.
    private func showContextMenu(from start: View?, at location: (View) -> Point, anchor: (View) -> Point) -> Bool {
        var view = start
        while let current = view {
            if current is ContextMenuView { return false }
            for case let interaction as ContextMenuInteraction in current.interactions.reversed()
            where presentContextMenu(interaction, at: location(current), anchor: anchor(current)) {
                return true
            }
            view = current.superview
        }
        return false
    }

    /// Opens the context menu of the focused view (or of a view around it) or, with nothing focused, of
    /// the view under the pointer, for the Menu key or Shift+F10: at the focused view's middle, or at the
    /// pointer.
    func showContextMenuFromKeyboard() {
        guard openContextMenu == nil else { return }
        if let focused = firstResponder as? View, focused.window === self {
            func middle(of view: View) -> Point { Point(x: view.bounds.midX, y: view.bounds.midY) }
            _ = showContextMenu(from: focused, at: middle, anchor: { $0.convert(middle(of: $0), to: nil) })
            return
        }
        if let pointer = lastPointerLocation, bounds.contains(pointer) { showContextMenu(at: pointer) }
    }

    private func presentContextMenu(_ interaction: ContextMenuInteraction, at location: Point, anchor: Point) -> Bool {
        // Not from a menu that is closing: from what it was presented over.
        var presenter = topViewController
        while let menu = presenter as? ContextMenuController { presenter = menu.presentingViewController }
        guard let presenter, let (configuration, menu) = interaction.menu(at: location) else { return false }
        // One still coming in (a right click in its first frames) goes at once for the new one.
        if let opening = presenter.presentedViewController as? ContextMenuController { opening.dismiss(animated: false) }
        guard presenter.presentedViewController == nil else { return false }
        interaction.delegate?.contextMenuInteraction(interaction, willDisplayMenuFor: configuration)
        let controller = ContextMenuController(menu: menu, configuration: configuration, interaction: interaction, anchor: anchor)
        // A primary press still held (a right click during it) is the menu's now: released over the menu,
        // it must not press the button under it.
        cancelActiveTouch()
        presenter.present(controller, animated: true)
        return true
    }
}
