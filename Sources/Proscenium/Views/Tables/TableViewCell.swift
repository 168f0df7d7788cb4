/// One row of a table view, as UIKit's `UITableViewCell` in its subtitle style: a text label and a
/// smaller secondary label under it, a highlight while pressed and a selected state. Cells are reused:
/// the table hands one that scrolled out of view back through `dequeueReusableCell`.
@MainActor open class TableViewCell: View {
    /// The identifier the cell is reused under; nil for a cell that is never reused.
    public let reuseIdentifier: String?
    /// The row's main text, in the 16-point system font.
    public let textLabel = Label()
    /// The secondary text under the main one; hidden while empty.
    public let detailTextLabel = Label()
    /// The background of a selected or pressed row.
    public var selectedBackgroundColor = Color.systemGray4 { didSet { updateBackground() } }
    /// The background of an unselected row.
    public var normalBackgroundColor: Color? = .systemBackground { didSet { updateBackground() } }
    /// The hairline under the row, inset from the leading edge as UIKit's separators are.
    public let separatorView = View()
    /// Whether the row is selected; the table sets it.
    public var isSelected = false { didSet { if isSelected != oldValue { updateBackground() } } }
    /// Whether the row is pressed right now.
    public var isHighlighted = false { didSet { if isHighlighted != oldValue { updateBackground() } } }
    /// The row the cell shows at the moment, set by its table.
    public internal(set) var indexPath: IndexPath?
    weak var tableView: TableView?

    /// A cell reused under `reuseIdentifier`.
    public required init(reuseIdentifier: String?) {
        self.reuseIdentifier = reuseIdentifier
        super.init(frame: .zero)
        textLabel.font = .systemFont(ofSize: 16)
        detailTextLabel.font = .systemFont(ofSize: 12)
        detailTextLabel.textColor = Color(light: Color(hex: 0x6C6C70), dark: Color(hex: 0xAEAEB2))
        separatorView.backgroundColor = .opaqueSeparator
        separatorView.isUserInteractionEnabled = false
        addSubview(textLabel)
        addSubview(detailTextLabel)
        addSubview(separatorView)
        updateBackground()
    }

    /// Called before the table hands the cell out again: clears the pressed and selected states; subclasses
    /// reset what they show.
    open func prepareForReuse() {
        isHighlighted = false
        isSelected = false
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        let inset = 16.0
        let width = max(0, bounds.width - 2 * inset)
        separatorView.frame = Rect(x: inset, y: bounds.height - 1, width: max(0, bounds.width - inset), height: 1)
        if detailTextLabel.text.isEmpty {
            detailTextLabel.isHidden = true
            textLabel.frame = Rect(x: inset, y: 0, width: width, height: bounds.height)
        } else {
            detailTextLabel.isHidden = false
            let text = textLabel.sizeThatFits(Size(width: width, height: bounds.height)).height
            let detail = detailTextLabel.sizeThatFits(Size(width: width, height: bounds.height)).height
            let top = ((bounds.height - text - detail - 2) / 2).rounded()
            textLabel.frame = Rect(x: inset, y: top, width: width, height: text)
            detailTextLabel.frame = Rect(x: inset, y: top + text + 2, width: width, height: detail)
        }
    }

    private func updateBackground() {
        backgroundColor = isSelected || isHighlighted ? selectedBackgroundColor : normalBackgroundColor
    }

    // MARK: - Touches

    open override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
        guard tableView?.allowsSelection == true else { return super.touchesBegan(touches, with: event) }
        isHighlighted = true
    }

    open override func touchesMoved(_ touches: Set<Touch>, with event: Event?) {
        guard let touch = touches.first, isHighlighted || tableView?.allowsSelection == true else { return }
        isHighlighted = bounds.contains(touch.location(in: self))
    }

    open override func touchesEnded(_ touches: Set<Touch>, with event: Event?) {
        guard let touch = touches.first, tableView?.allowsSelection == true else { return super.touchesEnded(touches, with: event) }
        let inside = bounds.contains(touch.location(in: self))
        isHighlighted = false
        if inside, let indexPath, let tableView { tableView.userSelectedRow(at: indexPath, modifiers: event?.modifierFlags ?? []) }
    }

    open override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) {
        isHighlighted = false
        super.touchesCancelled(touches, with: event)
    }

    // MARK: - Accessibility

    // A row is read as one element, its text as the label and its detail as the value, and selected as a
    // tap selects it. A row holding controls of its own (a switch) is a container instead, so they stay
    // reachable.

    /// True unless a subview other than the labels holds an accessibility element.
    open override var isAccessibilityElement: Bool {
        get { accessibility.isElement ?? !holdsOtherElements }
        set { super.isAccessibilityElement = newValue }
    }
    /// The text label's text, unless set.
    open override var accessibilityLabel: String? {
        get { accessibility.label ?? (textLabel.text.isEmpty ? nil : textLabel.text) }
        set { super.accessibilityLabel = newValue }
    }
    /// The detail label's text, unless set.
    open override var accessibilityValue: String? {
        get { accessibility.value ?? (detailTextLabel.text.isEmpty ? nil : detailTextLabel.text) }
        set { super.accessibilityValue = newValue }
    }
    /// `.selected` while selected, unless set.
    open override var accessibilityTraits: AccessibilityTraits {
        get { accessibility.traits ?? (isSelected ? .selected : .none) }
        set { super.accessibilityTraits = newValue }
    }
    /// Selects the row as a tap does (the delegate is asked and told); false when the table takes no
    /// selection.
    open override func accessibilityActivate() -> Bool {
        guard let tableView, tableView.allowsSelection, let indexPath else { return false }
        // With several rows selectable, a screen reader's selection adds the row, as Ctrl+click does.
        tableView.userSelectedRow(at: indexPath, modifiers: tableView.allowsMultipleSelection ? .control : [])
        return true
    }
}
