/// The row of tabs along the foot of a `TabBarController`, as UIKit's `UITabBar`: one button per tab, equal
/// widths, the selected one in the tint colour, a hairline along its top. Screen readers hear each tab as a
/// button, the selected one as selected.
@MainActor public final class TabBar: View {
    /// The bar's height, as UIKit's compact tab bar's.
    public static let height = 49.0
    /// The selected tab's colour; the others are `.secondaryLabel`.
    public var tintColor: Color = .systemBlue { didSet { updateButtons() } }

    /// The items shown, in order, with the titles to show for them.
    private(set) var items: [(item: TabBarItem, title: String)] = []
    /// The selected tab's index; -1 for none.
    var selectedIndex = -1 { didSet { if selectedIndex != oldValue { updateButtons() } } }
    /// Called with a tab's index when the user picks it.
    var onSelect: ((Int) -> Void)?
    /// Asked for the items and their titles when one changes.
    var itemSource: (() -> [(item: TabBarItem, title: String)])?

    private(set) var buttons: [Button] = []
    private var badges: [Label] = []
    private let hairline = View()

    override init(frame: Rect = .zero) {
        super.init(frame: frame)
        identifier = "tab-bar"
        backgroundColor = Color(light: Color(hex: 0xF9F9F9, alpha: 0.94), dark: Color(hex: 0x161616, alpha: 0.94))
        hairline.backgroundColor = .separator
        addSubview(hairline)
    }

    /// An item changed (its title, badge or state), or the controllers did: the buttons follow.
    func itemsDidChange() {
        guard let itemSource else { return }
        let fresh = itemSource()
        for old in items where old.item.bar === self && !fresh.contains(where: { $0.item === old.item }) { old.item.bar = nil }
        items = fresh
        for entry in items { entry.item.bar = self }
        while buttons.count < items.count {
            let index = buttons.count
            let button = Button(title: "") { [weak self] _ in self?.onSelect?(index) }
            button.tintColor = .clear
            button.highlightedColor = .fadedLabel(0.06)
            button.titleLabel.font = .systemFont(ofSize: 12, weight: .semibold)
            button.cornerRadius = 8
            button.identifier = "tab-\(index)"
            let badge = Label()
            badge.font = .systemFont(ofSize: 11, weight: .semibold)
            badge.textColor = .white
            badge.textAlignment = .center
            badge.backgroundColor = .systemRed
            badge.isUserInteractionEnabled = false
            badge.accessibilityElementsHidden = true
            buttons.append(button)
            badges.append(badge)
            addSubview(button)
            addSubview(badge)
        }
        while buttons.count > items.count {
            buttons.removeLast().removeFromSuperview()
            badges.removeLast().removeFromSuperview()
        }
        updateButtons()
        setNeedsLayout()
    }

    private func updateButtons() {
        for (index, button) in buttons.enumerated() where index < items.count {
            let (item, title) = items[index]
            let selected = index == selectedIndex
            button.title = title
            button.titleColor = selected ? tintColor : .secondaryLabel
            button.isEnabled = item.isEnabled
            button.accessibilityTraits = selected ? [.button, .selected] : .button
            button.accessibilityValue = item.badgeValue
            badges[index].text = item.badgeValue ?? ""
            badges[index].isHidden = (item.badgeValue ?? "").isEmpty
        }
        setNeedsLayout()
    }

    public override func layoutSubviews() {
        let inset = 8.0, gap = 8.0
        hairline.frame = Rect(x: 0, y: 0, width: bounds.width, height: 1 / max(window?.displayScale ?? 1, 1))
        guard !buttons.isEmpty else { return }
        let width = max(0, (bounds.width - 2 * inset - gap * Double(buttons.count - 1)) / Double(buttons.count))
        for (index, button) in buttons.enumerated() {
            button.frame = Rect(x: inset + Double(index) * (width + gap), y: 4, width: width, height: bounds.height - 8)
            let badge = badges[index]
            guard !badge.isHidden else { continue }
            let size = badge.intrinsicContentSize
            let badgeWidth = max(18, size.width + 10)
            let titleWidth = min(button.titleLabel.intrinsicContentSize.width, width)
            badge.frame = Rect(x: min(button.frame.midX + titleWidth / 2 - 2, button.frame.maxX - badgeWidth),
                               y: 4, width: badgeWidth, height: 18)
            badge.cornerRadius = 9
        }
    }
}
