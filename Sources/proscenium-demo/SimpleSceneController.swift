import Proscenium

/// The demo's first scene: three rounded, shadowed cards and a line of text. A click sends the cards
/// springing to new places; once they rest, nothing moves and the frame clock sleeps.
@MainActor final class SimpleSceneController: ViewController {
    var onTap: ((Point) -> Void)?

    private let cards: [View] = [Color(hex: 0xFF6B6B), Color(hex: 0x4D96FF), Color(hex: 0x6BCB77)].enumerated().map { index, color in
        let card = View()
        card.identifier = "card\(index)"
        card.backgroundColor = color
        card.cornerRadius = 24
        card.shadowOpacity = 0.3
        card.shadowRadius = 12
        card.shadowOffset = Point(x: 0, y: 6)
        return card
    }
    private let mark = ImageView(image: Assets.image(named: "proscenium-mark.png"))
    private let titleLabel = Label(text: "Proscenium")
    private let hintLabel = Label(text: "Click anywhere or press Shuffle: the cards spring to new places.")
    private lazy var shuffleButton = Button(title: "Shuffle") { [weak self] _ in self?.rearrange() }
    private var arrangement = 0

    override func viewDidLoad() {
        view.identifier = "root"
        view.backgroundColor = Color(hex: 0xF2F2F7)
        titleLabel.identifier = "title"
        titleLabel.font = .systemFont(ofSize: 34, weight: .bold)
        hintLabel.identifier = "hint"
        hintLabel.font = .systemFont(ofSize: 17)
        hintLabel.textColor = Color(hex: 0x3C3C43)
        for card in cards { view.addSubview(card) }
        mark.identifier = "mark"
        view.addSubview(titleLabel)
        view.addSubview(hintLabel)
        view.addSubview(mark)
        shuffleButton.identifier = "shuffle"
        view.addSubview(shuffleButton)
        view.addGestureRecognizer(TapGestureRecognizer { [weak self] recognizer in
            guard let self else { return }
            self.onTap?(recognizer.location(in: self.view))
            self.rearrange()
        })
    }

    override func viewDidLayoutSubviews() {
        layoutCards()
    }

    /// Starts a new spring every time the last one settles, so something is always moving.
    func keepMoving() {
        rearrange { [weak self] in self?.keepMoving() }
    }

    private func rearrange(then next: (@MainActor () -> Void)? = nil) {
        arrangement += 1
        View.animate(withDuration: 0.8, delay: 0, usingSpringWithDamping: 0.6, initialSpringVelocity: 0,
                     options: [.allowUserInteraction, .beginFromCurrentState], animations: {
            self.layoutCards()
        }, completion: { _ in next?() })
    }

    private func layoutCards() {
        let bounds = view.bounds
        titleLabel.frame = Rect(x: 48, y: 40, width: bounds.width - 96, height: 44)
        hintLabel.frame = Rect(x: 48, y: 92, width: bounds.width - 96, height: 24)
        mark.frame = Rect(x: bounds.width - 48 - 72, y: 36, width: 72, height: 72)
        let buttonSize = shuffleButton.sizeThatFits(bounds.size)
        shuffleButton.frame = Rect(x: 48, y: bounds.height - 48 - buttonSize.height, width: buttonSize.width, height: buttonSize.height)
        let cardWidth = min(320, (bounds.width - 48 * 4) / 3)
        let cardHeight = min(220, bounds.height - 220)
        for (index, card) in cards.enumerated() {
            let slot = (index + arrangement) % cards.count
            let x = 48 + Double(slot) * (cardWidth + 48)
            let y = 160 + Double((index + arrangement) % 2) * 40
            card.frame = Rect(x: x, y: y, width: cardWidth, height: cardHeight)
        }
    }
}
