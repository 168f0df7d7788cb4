/// The list a context menu shows: its rows drawn in one view, one highlighted, chosen by the pointer
/// (press on a row, release on it) or the keys (Up/Down/Home/End to move, Return or Space to choose,
/// Escape to close without choosing).
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
    private(set) var highlighted: Int? { didSet { if highlighted != oldValue { setNeedsDisplay() } } }
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
            case let .action(action): max(widest, layout(action.title, font: Self.font).size.width)
            case let .heading(title): max(widest, layout(title, font: Self.headingFont).size.width)
            case .separator: widest
            }
        }
        let width = min(max(widest + Self.textInset + Self.trailingInset, Self.width.lowerBound), Self.width.upperBound)
        let total = rows.reduce(2 * Self.verticalInset) { $0 + self.height(of: $1) }
        return Size(width: width.rounded(.up), height: total)
    }

    private func layout(_ text: String, font: Font) -> TextLayout {
        TextLayout.make(text, font: font, width: bounds.width > 0 ? bounds.width - Self.textInset - Self.trailingInset : nil,
                        wrap: false, numberOfLines: 1, lineBreakMode: .byTruncatingTail, measurer: textMeasurer)
    }

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
                let text = layout(action.title, font: Self.font)
                let y = (frame.midY - text.size.height / 2).rounded()
                context.draw(text, at: Point(x: Self.textInset, y: y), color: color)
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
        guard let index = highlighted, let action = rows[index].action, action.isChoosable else { return }
        onChoose?(action)
    }

    override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) {
        highlighted = nil
    }

    private func highlight(_ touches: Set<Touch>) {
        guard let touch = touches.first else { return }
        let index = row(at: touch.location(in: self))
        highlighted = index.flatMap { rows[$0].action?.isChoosable == true ? $0 : nil }
    }

    // MARK: - Keys

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
                if !press.isRepeat, let index = highlighted, let action = rows[index].action, action.isChoosable { onChoose?(action) }
            case .escape:
                if !press.isRepeat { onCancel?() }
            default:
                super.pressesBegan([press], with: event)
            }
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
