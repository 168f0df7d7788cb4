import Proscenium
import ProsceniumX11

/// Dims the content behind a card inset 30 points from the window, kept there through resizes.
final class InsetCardPresentation: DimmingPresentationController {
    override var dimmingAlpha: Double { 0.5 }
    override var frameOfPresentedViewInContainerView: Rect {
        (containerView?.bounds ?? .zero).insetBy(dx: 30, dy: 30)
    }
}

/// Vends the presentation controller and a spring entry; dismissal uses the default slide.
final class InsetCardTransitions: TransitioningDelegate {
    func presentationController(forPresented presented: ViewController, presenting: ViewController?,
                                source: ViewController) -> PresentationController? {
        InsetCardPresentation(presentedViewController: presented, presenting: presenting)
    }
    func animationController(forPresented presented: ViewController, presenting: ViewController,
                             source: ViewController) -> AnimatedTransitioning? {
        SlideTransitionAnimator(isPresenting: true, edge: .top, duration: 0.8,
                                timingParameters: SpringTimingParameters(dampingRatio: 0.6, initialVelocity: 10))
    }
}

/// A home screen whose button presents a card through `InsetCardTransitions`; Escape dismisses it.
final class CardHomeController: ViewController {
    let transitions = InsetCardTransitions()   // held weakly by the card, as in UIKit: keep it alive

    override func viewDidLoad() {
        view.backgroundColor = Color(hex: 0xF2F2F7)
        let button = Button(title: "Present", frame: Rect(x: 24, y: 24, width: 160, height: 44)) { [unowned self] _ in
            let card = ViewController()
            card.view.backgroundColor = Color(hex: 0xFF4A7D)
            card.view.cornerRadius = 20
            card.view.identifier = "card"
            card.modalPresentationStyle = .custom
            card.transitioningDelegate = transitions
            present(card, animated: true)
        }
        button.identifier = "present"
        view.addSubview(button)
    }
}

@main enum CustomPresentation {
    @MainActor static func main() {
        Application.run(CardHomeController())
    }
}
