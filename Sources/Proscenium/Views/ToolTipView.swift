/// The bubble a `ToolTipInteraction` shows: its text, wrapped, on a dark rounded rectangle in either
/// appearance, as GTK's and macOS's tooltips are. It sits above everything in the window, presentations
/// included, and is never hit: the pointer acts on what lies under it. Screen readers skip it, since
/// they read its text as the hint of the view it is about.
@MainActor final class ToolTipView: View {
    let label = Label()
    /// The interaction that gave it; its view is what the tooltip is about.
    private(set) weak var interaction: ToolTipInteraction?

    static let padding = EdgeInsets(top: 5, left: 8, bottom: 5, right: 8)
    /// The widest the text gets before it wraps: about 40 characters.
    static let maxTextWidth = 280.0

    init(text: String, interaction: ToolTipInteraction) {
        self.interaction = interaction
        super.init(frame: .zero)
        identifier = "tooltip"
        isUserInteractionEnabled = false
        accessibilityElementsHidden = true
        backgroundColor = Color(light: Color(hex: 0x2B2B2B, alpha: 0.94), dark: Color(hex: 0x3A3A3C, alpha: 0.96))
        borderColor = Color(light: .clear, dark: Color(white: 1, alpha: 0.15))
        borderWidth = 1
        cornerRadius = 5
        label.font = .systemFont(ofSize: 13)
        label.textColor = .white
        label.numberOfLines = 0
        label.text = text
        addSubview(label)
    }

    /// The text's size at most `maxTextWidth` wide (less if `size` is narrower), with the padding.
    override func sizeThatFits(_ size: Size) -> Size {
        let room = min(Self.maxTextWidth, size.width - Self.padding.left - Self.padding.right)
        let text = label.sizeThatFits(Size(width: max(room, 1), height: .infinity))
        return Size(width: (text.width + Self.padding.left + Self.padding.right).rounded(.up),
                    height: (text.height + Self.padding.top + Self.padding.bottom).rounded(.up))
    }

    override func layoutSubviews() {
        label.frame = bounds.inset(by: Self.padding)
    }

    override func hitTest(_ point: Point, with event: Event?) -> View? { nil }
}
