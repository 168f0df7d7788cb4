/// What a screen reader finds for one row of a context menu, whose rows `ContextMenuView` draws itself:
/// an invisible view over the row, named after it, that takes no touches (the menu view does) and that
/// chooses the row when activated.
@MainActor final class ContextMenuRowElement: View {
    /// The row's index in the menu's rows.
    let row: Int
    private let menuRow: MenuRow

    init(row: Int, of menuRow: MenuRow) {
        self.row = row
        self.menuRow = menuRow
        super.init()
        isUserInteractionEnabled = false
        isAccessibilityElement = true
        switch menuRow {
        case let .action(action):
            accessibilityLabel = action.title
            accessibilityTraits = action.isChoosable ? .button : [.button, .notEnabled]
            // A checked item reads its state as a switch does.
            if action.state != .off { accessibilityValue = action.state == .on ? "1" : "mixed" }
            accessibility.keyboardShortcut = action.shortcutTitle
        case let .heading(title):
            accessibilityLabel = title
            accessibilityTraits = .header
        case .separator:
            isAccessibilityElement = false
        }
    }

    /// A menu item, or one with a check mark; a heading reads as one.
    var role: AccessibilityNode.Role {
        switch menuRow {
        case let .action(action): action.state == .off ? .menuItem : .checkMenuItem
        case .heading: .header
        case .separator: .staticText
        }
    }

    /// Chooses the row, as a click on it does.
    override func accessibilityActivate() -> Bool {
        guard let menu = superview as? ContextMenuView, let action = menuRow.action, action.isChoosable else { return false }
        menu.choose(row: row)
        return true
    }
}
