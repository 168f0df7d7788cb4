// MARK: - Key commands

extension Window {
    /// The key command `press` runs: the first that matches among the `keyCommands` of `target` and of the
    /// responders after it on the chain, in order (a view's before its controller's, a presented
    /// controller's before its presenter's, as in UIKit). A key the first responder acts on itself, and
    /// Tab and Shift+Tab, which move the focus, go to commands that want priority over that only; so does
    /// Escape, which dismisses the top presentation, for the responders after that presentation's
    /// controller (its presenter's). An alert or an open context menu ends the search: as a desktop's modal
    /// dialogs and menus do, it keeps the shortcuts of the screen under it from running.
    func keyCommand(for press: Press, from target: Responder) -> KeyCommand? {
        let focusKey = press.key == .tab && press.modifiers.isSubset(of: [.shift])
        var systemUsesKey = focusKey || (target === firstResponder && target.usesKeyItself(press))
        let top = topViewController
        var responder: Responder? = target
        while let current = responder {
            if let commands = current.keyCommands,
               let command = commands.first(where: { $0.matches(press) && ($0.wantsPriorityOverSystemBehavior || !systemUsesKey) }) {
                return command
            }
            if current === top {
                if top is AlertController || top is ContextMenuController { return nil }
                if top?.presentingViewController != nil, press.key == .escape { systemUsesKey = true }
            }
            responder = current.next
        }
        return nil
    }
}
