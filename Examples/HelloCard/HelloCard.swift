import Proscenium
import ProsceniumX11

final class HelloController: ViewController {
    let card = View()

    override func viewDidLoad() {
        view.backgroundColor = Color(hex: 0xF2F2F7)
        card.backgroundColor = .systemBlue
        card.cornerRadius = 20
        card.shadowOpacity = 0.3
        view.addSubview(card)
        view.addGestureRecognizer(TapGestureRecognizer { [unowned self] recognizer in
            let point = recognizer.location(in: view)
            View.animate(withDuration: 0.8, delay: 0, usingSpringWithDamping: 0.6, initialSpringVelocity: 0,
                         options: [.allowUserInteraction], animations: { self.card.center = point })
        })
    }

    override func viewDidLayoutSubviews() {
        card.bounds = Rect(x: 0, y: 0, width: 200, height: 120)
    }
}

@main enum Hello {
    @MainActor static func main() {
        // Opens $DISPLAY (or says why not, exiting 1) and runs at 60 fps until the window is closed.
        Application.run(HelloController())
    }
}
