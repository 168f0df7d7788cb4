import Proscenium

/// Seed 004's LookInside overlay: a full-height panel a third of the window wide slides in from the right
/// over black dimming at 0.4 (a 0.5 s spring, damping 1, velocity 5); a click on the dimming dismisses. In
/// a compact-width window the panel covers it all. Hue, saturation and brightness sliders recolour a swatch.
@MainActor final class OverlayScene: SceneController {
    override class var sceneName: String { "overlay" }

    private let titleLabel = SceneController.label("Colour", size: 28, weight: .bold)
    private let swatch = SwatchView()
    private let sliders = [Slider(value: 0.6), Slider(value: 0.7), Slider(value: 0.9)]
    private let captions = ["Hue", "Saturation", "Brightness"].map { SceneController.label($0, size: 15, color: SceneController.bodyTextColor) }
    /// The panel's column: the title, the swatch, a caption over each slider, and the dismiss button.
    private let column = StackView()

    override init() {
        super.init()
        modalPresentationStyle = .custom
        transitions = OverlayTransitions()
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        titleLabel.identifier = "overlay-title"
        swatch.identifier = "swatch"
        swatch.cornerRadius = 12
        column.axis = .vertical
        column.alignment = .fill
        column.spacing = 2
        column.addArrangedSubview(titleLabel)
        column.setCustomSpacing(16, after: titleLabel)
        column.addArrangedSubview(swatch)
        column.setCustomSpacing(20, after: swatch)
        for ((slider, caption), name) in zip(zip(sliders, captions), ["hue", "saturation", "brightness"]) {
            slider.identifier = name
            slider.addAction(for: .valueChanged) { [weak self] _ in self?.recolour() }
            column.addArrangedSubview(caption)
            column.addArrangedSubview(slider)
            column.setCustomSpacing(18, after: slider)
        }
        // The button keeps its own width, at the leading edge.
        let buttonRow = StackView(arrangedSubviews: [dismissButton, View()])
        column.addArrangedSubview(buttonRow)
        column.addArrangedSubview(View())
        view.addSubview(column)
        recolour()
    }

    override func viewDidLayoutSubviews() {
        let width = max(0, view.bounds.width - 48)
        column.frame = Rect(x: 24, y: 24, width: width, height: max(0, view.bounds.height - 48))
    }

    private func recolour() {
        swatch.backgroundColor = Self.color(hue: sliders[0].value, saturation: sliders[1].value, brightness: sliders[2].value)
    }

    /// The RGB colour of a hue, saturation and brightness, each from 0 to 1 (the HSV hexcone).
    static func color(hue: Double, saturation: Double, brightness: Double) -> Color {
        let h = (hue - hue.rounded(.down)) * 6
        let sector = Int(h.rounded(.down)) % 6
        let f = h - h.rounded(.down)
        let v = brightness, p = v * (1 - saturation), q = v * (1 - saturation * f), t = v * (1 - saturation * (1 - f))
        let (r, g, b): (Double, Double, Double)
        switch sector {
        case 0: (r, g, b) = (v, t, p)
        case 1: (r, g, b) = (q, v, p)
        case 2: (r, g, b) = (p, v, t)
        case 3: (r, g, b) = (p, q, v)
        case 4: (r, g, b) = (t, p, v)
        default: (r, g, b) = (v, p, q)
        }
        return Color(red: r, green: g, blue: b)
    }
}

/// A right-aligned, full-height panel over black dimming at 0.4; taps on the dimming dismiss.
@MainActor final class OverlayPresentationController: DimmingPresentationController {
    override var dimmingAlpha: Double { 0.4 }

    override init(presentedViewController presented: ViewController, presenting: ViewController?) {
        super.init(presentedViewController: presented, presenting: presenting)
        dismissesOnDimmingTap = true
    }

    /// A third of the width (rounded down) and the full height; all of it in compact width.
    override func size(forChildContentContainer container: ViewController, withParentContainerSize parentSize: Size) -> Size {
        if TraitCollection(containerSize: parentSize).horizontalSizeClass == .compact { return parentSize }
        return Size(width: (parentSize.width / 3).rounded(.down), height: parentSize.height)
    }

    override var frameOfPresentedViewInContainerView: Rect {
        guard let bounds = containerView?.bounds else { return .zero }
        let size = size(forChildContentContainer: presentedViewController, withParentContainerSize: bounds.size)
        return Rect(x: bounds.maxX - size.width, y: bounds.minY, width: size.width, height: size.height)
    }
}

/// Vends the overlay's presentation controller and its slide from and back to the right edge.
@MainActor final class OverlayTransitions: TransitioningDelegate {
    /// The seed's spring: 0.5 s, damping 1, initial velocity 5.
    static let spring = SpringTimingParameters(dampingRatio: 1, initialVelocity: 5)

    func presentationController(forPresented presented: ViewController, presenting: ViewController?,
                                source: ViewController) -> PresentationController? {
        OverlayPresentationController(presentedViewController: presented, presenting: presenting)
    }

    func animationController(forPresented presented: ViewController, presenting: ViewController,
                             source: ViewController) -> AnimatedTransitioning? {
        SlideTransitionAnimator(isPresenting: true, edge: .right, duration: 0.5, timingParameters: Self.spring)
    }

    func animationController(forDismissed dismissed: ViewController) -> AnimatedTransitioning? {
        SlideTransitionAnimator(isPresenting: false, edge: .right, duration: 0.5, timingParameters: Self.spring)
    }
}

/// The overlay's colour swatch: as wide as its column, 120 points tall.
@MainActor private final class SwatchView: View {
    override var intrinsicContentSize: Size { Size(width: View.noIntrinsicMetric, height: 120) }
}
