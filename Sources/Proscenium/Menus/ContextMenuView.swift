/// The list a context menu shows: its rows drawn in one view, one highlighted (the one under the pointer,
/// or the one the keys moved to). The pointer chooses a row by a press and release on it, or by the right
/// button that opened the menu dragged onto it and let go; the keys by Up/Down/Home/End or a title's first
/// letter to move, Return or Space to choose, Escape or the Menu key to close. While open, it takes every key.
@MainActor final class ContextMenuView: View {
    static let rowHeight = 30.0
    static let headingHeight = 26.0
    static let separatorHeight = 9.0
    static let verticalInset = 6.0
    static let textInset = 30.0
    static let trailingInset = 16.0
    static let width = 160.0...320.0
    static let font = Font.systemFont(ofSize: 14)
    static let headingFont = Font.systemFont(ofSize: 12, weight: .semibold)

    let rows: [MenuRow]
    /// The row drawn highlighted: the one under a pressing pointer, or moved to by the keys.
    private(set) var highlighted: Int? {
        didSet {
            guard highlighted != oldValue else { return }
            setNeedsDisplay()
            if isFirstResponder { window?.accessibilityDidChange() }
        }
    }
    /// Called with the action chosen.
    var onChoose: (@MainActor (Action) -> Void)?
    /// Called when Escape asks to close.
    var onCancel: (@MainActor () -> Void)?
    /// Called with the row the arrows, Home or End highlighted (not the pointer), to bring it into view.
    var onHighlight: (@MainActor (Int) -> Void)?

    init(menu: Menu) {
        rows = menu.rows
        super.init()
        identifier = "context-menu"
        backgroundColor = .elevatedBackground
        for index in rows.indices where !rows[index].isSeparator {
            addSubview(ContextMenuRowElement(row: index, of: rows[index]))
        }
    }

    /// Each row's element over its row (see `ContextMenuRowElement`).
    override func layoutSubviews() {
        super.layoutSubviews()
        for case let element as ContextMenuRowElement in subviews { element.frame = frame(ofRow: element.row) }
    }

    /// The highlighted row's element, which screen readers are told has focus while the menu has the keys.
    var highlightedElement: ContextMenuRowElement? {
        guard let highlighted else { return nil }
        return subviews.lazy.compactMap { $0 as? ContextMenuRowElement }.first { $0.row == highlighted }
    }

    /// Chooses row `index` (highlighting it) if it can be chosen: a screen reader activating its element.
    func choose(row index: Int) {
        guard rows.indices.contains(index), let action = rows[index].action, action.isChoosable else { return }
        highlighted = index
        onChoose?(action)
    }

    override var canBecomeFirstResponder: Bool { true }

    // MARK: - Geometry

    private func height(of row: MenuRow) -> Double {
        switch row {
        case .action: Self.rowHeight
        case .heading: Self.headingHeight
        case .separator: Self.separatorHeight
        }
    }

    /// The frame of row `index`, in bounds coordinates.
    func frame(ofRow index: Int) -> Rect {
        let top = Self.verticalInset + rows[..<index].reduce(0) { $0 + height(of: $1) }
        return Rect(x: 0, y: top, width: bounds.width, height: height(of: rows[index]))
    }

    /// The row under `point` (bounds coordinates), if any.
    func row(at point: Point) -> Int? {
        guard let scroller = superview, scroller.bounds.contains(convert(point, to: scroller)) else { return nil }
        return rows.indices.first { frame(ofRow: $0).contains(point) }
    }

    override func sizeThatFits(_ size: Size) -> Size {
        let widest = rows.reduce(0.0) { widest, row in
            switch row {
            case let .action(action): max(widest, layout(action.title, font: Self.font).size.width + shortcutWidth(of: action))
            case let .heading(title): max(widest, layout(title, font: Self.headingFont).size.width)
            case .separator: widest
            }
        }
        let width = min(max(widest + Self.textInset + Self.trailingInset, Self.width.lowerBound), Self.width.upperBound)
        let total = rows.reduce(2 * Self.verticalInset) { $0 + self.height(of: $1) }
        return Size(width: width.rounded(.up), height: total)
    }

    private func layout(_ text: String, font: Font, besides room: Double = 0) -> TextLayout {
        TextLayout.make(text, font: font, width: bounds.width > 0 ? bounds.width - Self.textInset - Self.trailingInset - room : nil,
                        wrap: false, numberOfLines: 1, lineBreakMode: .byTruncatingTail, measurer: textMeasurer)
    }

    /// The room a row's shortcut takes at its right end, with the gap before it; 0 without one, or when
    /// the menu is too narrow to show it beside the title (a window squeezing the menu), unless the title
    /// keeps half the row's text room.
    private func shortcutWidth(of action: Action) -> Double {
        guard let shortcut = action.shortcutTitle, !shortcut.isEmpty else { return 0 }
        let room = Self.shortcutGap + textMeasurer.width(of: shortcut, font: Self.font)
        guard bounds.width > 0 else { return room }
        let textRoom = bounds.width - Self.textInset - Self.trailingInset
        let title = textMeasurer.width(of: action.title, font: Self.font)
        return textRoom - room >= min(title, textRoom / 2) ? room : 0
    }

    /// The least space between a row's title and its shortcut.
    static let shortcutGap = 24.0

    // MARK: - Drawing

    override func draw(in context: inout DrawingContext) {
        for (index, row) in rows.enumerated() {
            let frame = frame(ofRow: index)
            switch row {
            case .separator:
                context.fill(Rect(x: 0, y: frame.midY.rounded(.down), width: bounds.width, height: 1), color: .separator)
            case let .heading(title):
                let text = layout(title, font: Self.headingFont)
                context.draw(text, at: Point(x: Self.textInset, y: (frame.midY - text.size.height / 2).rounded()), color: .secondaryLabel)
            case let .action(action):
                let lit = index == highlighted && action.isChoosable
                if lit { context.fill(frame.insetBy(dx: 5, dy: 1), cornerRadius: 5, color: .systemBlue) }
                let color: Color = !action.isChoosable ? .tertiaryLabel
                    : lit ? .white : action.attributes.contains(.destructive) ? .systemRed : .label
                let shortcutRoom = shortcutWidth(of: action)
                let text = layout(action.title, font: Self.font, besides: shortcutRoom)
                let y = (frame.midY - text.size.height / 2).rounded()
                context.draw(text, at: Point(x: Self.textInset, y: y), color: color)
                if let shortcut = action.shortcutTitle, shortcutRoom > 0 {
                    let keys = layout(shortcut, font: Self.font)
                    let x = (bounds.width - Self.trailingInset - keys.size.width).rounded()
                    context.draw(keys, at: Point(x: x, y: y), color: lit ? .white : action.isChoosable ? .secondaryLabel : .tertiaryLabel)
                }
                if action.state != .off {
                    let mark = layout(action.state == .on ? "✓" : "–", font: Self.font)
                    context.draw(mark, at: Point(x: 11, y: y), color: color)
                }
            }
        }
    }

    // MARK: - Pointer

    override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
        highlight(touches)
    }

    override func touchesMoved(_ touches: Set<Touch>, with event: Event?) {
        highlight(touches)
    }

    override func touchesEnded(_ touches: Set<Touch>, with event: Event?) {
        highlight(touches)
        if let highlighted { choose(row: highlighted) }
    }

    override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) {
        highlighted = nil
    }

    private func highlight(_ touches: Set<Touch>) {
        guard let touch = touches.first else { return }
        highlightRow(at: touch.location(in: self))
    }

    /// The pointer moved with no touch under way (hovering, or dragging with the right button that opened
    /// the menu), to `location` in the window: over the menu, the choosable row under it lights up, as in
    /// every desktop menu (none over a heading or a separator); elsewhere the highlight stays, so a nudge of
    /// the mouse does not take away the row the keys moved to.
    func pointerHovered(at location: Point) {
        guard let scroller = superview, scroller.bounds.contains(scroller.convert(location, from: nil)) else { return }
        highlightRow(at: convert(location, from: nil))
    }

    /// Chooses the row under `location` in the window, if it can be chosen (the right button let go there).
    func chooseRow(at location: Point) {
        highlightRow(at: convert(location, from: nil))
        if let highlighted { choose(row: highlighted) }
    }

    private func highlightRow(at point: Point) {
        highlighted = row(at: point).flatMap { rows[$0].action?.isChoosable == true ? $0 : nil }
    }

    // MARK: - Keys

    /// Every key is the open menu's (Page Up and Down go on to the scroll view around it).
    override func usesKeyItself(_ press: Press) -> Bool { true }

    override func pressesBegan(_ presses: Set<Press>, with event: Event?) {
        for press in presses {
            switch press.key {
            case .down:
                move(by: 1)
                showHighlight()
            case .up:
                move(by: -1)
                showHighlight()
            case .home:
                highlighted = choosable.first
                showHighlight()
            case .end:
                highlighted = choosable.last
                showHighlight()
            case .return, .space:
                if !press.isRepeat, let highlighted { choose(row: highlighted) }
            case .escape, .menu:
                if !press.isRepeat { onCancel?() }
            case .pageUp, .pageDown:
                super.pressesBegan([press], with: event)
            case let .character(typed) where press.modifiers.isDisjoint(with: [.control, .alternate, .command]):
                highlightNext(startingWith: typed)
                showHighlight()
            default:
                // Every other key is the menu's while it is open, as on every desktop: Alt+Left, Tab or a
                // letter must not act on the screen under it.
                break
            }
        }
    }

    /// Only the scroll keys go on, to the scroll view around the menu: the rest ended here as they began.
    override func pressesEnded(_ presses: Set<Press>, with event: Event?) {
        let scrolling = presses.filter { $0.key == .pageUp || $0.key == .pageDown }
        if !scrolling.isEmpty { super.pressesEnded(scrolling, with: event) }
    }

    /// Type-ahead: the next choosable row after the highlighted one whose title starts with `typed`
    /// (ignoring case), wrapping around; the highlight stays where it is when none does.
    private func highlightNext(startingWith typed: String) {
        let prefix = typed.lowercased()
        guard !prefix.isEmpty else { return }
        let candidates = choosable
        let start = highlighted.flatMap { current in candidates.firstIndex { $0 > current } } ?? 0
        let ordered = candidates[start...] + candidates[..<start]
        if let match = ordered.first(where: { rows[$0].action?.title.lowercased().hasPrefix(prefix) == true }) {
            highlighted = match
        }
    }

    private var choosable: [Int] { rows.indices.filter { rows[$0].action?.isChoosable == true } }

    /// Brings the row the keys highlighted into view (a menu taller than the window scrolls); keys the
    /// menu passes on (Page Down to its scroll view) leave the scrolling alone.
    private func showHighlight() {
        if let highlighted { onHighlight?(highlighted) }
    }

    /// Moves the highlight to the next choosable row `step` away, wrapping around the ends.
    private func move(by step: Int) {
        let candidates = choosable
        guard !candidates.isEmpty else { return }
        guard let current = highlighted, let position = candidates.firstIndex(of: current) else {
            highlighted = step > 0 ? candidates.first : candidates.last
            return
        }
        highlighted = candidates[(position + step + candidates.count) % candidates.count]
    }
}
