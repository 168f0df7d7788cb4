import Proscenium

/// The look the gallery's alerts share, as `UIAlertController`'s: a centred title and a grey message, hairline
/// separators, and a row of actions flush with the alert's edges.
@MainActor enum AlertStyle {
    /// The colour of the separators between the text and the actions, and between actions.
    static let separatorColor = Color(hex: 0xC6C6C8)

    /// The alert's title label, centred, 17 pt semibold.
    static func titleLabel(_ text: String) -> Label {
        let label = SceneController.label(text, size: 17, weight: .semibold)
        label.textAlignment = .center
        return label
    }

    /// The alert's message label, centred, 13 pt, grey.
    static func messageLabel(_ text: String) -> Label {
        let label = SceneController.label(text, size: 13, color: Color(hex: 0x3C3C43))
        label.textAlignment = .center
        return label
    }

    /// An action of the alert's bottom row: white with a blue title, grey while pressed, and square, so a
    /// focus ring follows the alert's own rounded corners (which clip it) rather than corners of its own.
    static func actionButton(_ title: String, identifier: String, weight: Font.Weight,
                             action: @escaping @MainActor () -> Void) -> Button {
        let button = Button(title: title) { _ in action() }
        button.identifier = identifier
        button.tintColor = .white
        button.titleColor = .systemBlue
        button.highlightedColor = Color(hex: 0xE5E5EA)
        button.cornerRadius = 0
        button.titleLabel.font = .systemFont(ofSize: 17, weight: weight)
        return button
    }
}
