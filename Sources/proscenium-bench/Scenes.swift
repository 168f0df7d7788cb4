import Proscenium

/// The scenes the frame benchmarks draw.
@MainActor enum Scenes {
    /// Like the demo's first scene: a title, a hint and three shadowed cards.
    static func simple() -> (controller: ViewController, moving: View) {
        let controller = ViewController()
        let root = controller.view
        root.backgroundColor = Color(hex: 0xF2F2F7)
        let title = Label(text: "Proscenium", frame: Rect(x: 48, y: 40, width: 600, height: 44))
        title.font = .systemFont(ofSize: 34, weight: .bold)
        root.addSubview(title)
        root.addSubview(Label(text: "Click anywhere: the cards spring to new places.", frame: Rect(x: 48, y: 92, width: 800, height: 24)))
        var cards: [View] = []
        for (index, color) in [0xFF6B6B, 0x4D96FF, 0x6BCB77].enumerated() {
            let card = card(Rect(x: 48 + Double(index) * 368, y: 160, width: 320, height: 220), color: Color(hex: UInt32(color)))
            root.addSubview(card)
            cards.append(card)
        }
        return (controller, cards[1])
    }

    /// A grid of rounded cards, each with a shadow, a title and a body line, plus a small badge.
    static func cards(count: Int) -> (controller: ViewController, badge: View) {
        let controller = ViewController()
        let root = controller.view
        root.backgroundColor = Color(hex: 0xF2F2F7)
        for index in 0..<count {
            let column = index % 5, row = index / 5
            let card = card(Rect(x: 32 + Double(column) * 248, y: 32 + Double(row) * 188, width: 224, height: 164),
                            color: .white)
            let title = Label(text: "Card \(index + 1)", frame: Rect(x: 16, y: 16, width: 192, height: 24))
            title.font = .systemFont(ofSize: 20, weight: .semibold)
            let body = Label(text: "A rounded card with a soft shadow and two lines of text to draw.",
                             frame: Rect(x: 16, y: 48, width: 192, height: 60))
            body.numberOfLines = 0
            body.font = .systemFont(ofSize: 14)
            card.addSubview(title)
            card.addSubview(body)
            root.addSubview(card)
        }
        let badge = View(frame: Rect(x: 200, y: 40, width: 24, height: 24))
        badge.cornerRadius = 12
        badge.backgroundColor = .systemBlue
        root.addSubview(badge)
        return (controller, badge)
    }

    static func card(_ frame: Rect, color: Color) -> View {
        let card = View(frame: frame)
        card.backgroundColor = color
        card.cornerRadius = 20
        card.shadowOpacity = 0.25
        card.shadowRadius = 10
        card.shadowOffset = Point(x: 0, y: 6)
        return card
    }
}
