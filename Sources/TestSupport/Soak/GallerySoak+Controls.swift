import Proscenium
import ProsceniumGallery

/// The controls scene in the soak: presented, its switch, slider, segmented control and stepper clicked,
/// dragged and keyed, and re-entrant calls made from a control's `.valueChanged` (dismissing the scene, or
/// presenting an alert over it, while the control is still handling the touch or key). Drawn from a random
/// stream of its own, so a seed's other operations stay the ones they were.
enum SoakControls: CustomStringConvertible {
    case present
    case click(String)
    case dragSlider(dx: Double, frames: Int)
    case focusAndKey(String, Key)
    case reentry(String, dismisses: Bool)

    static let controls = ["syncing", "volume", "size", "copies"]

    /// Nothing most of the time; otherwise one of the controls operations.
    static func random(using rng: inout SeededGenerator) -> SoakControls? {
        let control = controls.randomElement(using: &rng)!
        switch Int.random(in: 0..<100, using: &rng) {
        case 0..<2: return .present
        case 2..<5: return .click(control)
        case 5..<6: return .dragSlider(dx: Double.random(in: -400...400, using: &rng).rounded(), frames: Int.random(in: 1...12, using: &rng))
        case 6..<8: return .focusAndKey(control, [.left, .right, .up, .down, .space, .return, .home, .end].randomElement(using: &rng)!)
        case 8..<9: return .reentry(control, dismisses: Bool.random(using: &rng))
        default: return nil
        }
    }

    var description: String {
        switch self {
        case .present: "present controls"
        case let .click(control): "click \(control)"
        case let .dragSlider(dx, frames): "drag the volume slider's thumb \(Int(dx)) px over \(frames) frames"
        case let .focusAndKey(control, key): "focus \(control) and press \(key)"
        case let .reentry(control, dismisses): "make \(control)'s next change \(dismisses ? "dismiss the scene" : "present an alert")"
        }
    }
}

extension GallerySoak {
    func perform(_ operation: SoakControls) {
        switch operation {
        case .present:
            clickView("present-controls", twice: false)
        case let .click(control):
            clickView(control, twice: false)
        case let .dragSlider(dx, frames):
            guard let slider = window.view(withIdentifier: "volume") as? Slider else { return notes.append("no slider") }
            let frame = slider.convert(slider.bounds, to: window)
            // From the thumb's centre: where the value puts it along the track.
            let fraction = slider.maximumValue > slider.minimumValue
                ? (slider.value - slider.minimumValue) / (slider.maximumValue - slider.minimumValue) : 0
            drag(from: Point(x: frame.minX + 14 + (frame.width - 28) * fraction, y: frame.midY), dx: dx, dy: 0, frames: frames)
        case let .focusAndKey(control, key):
            guard let view = window.view(withIdentifier: control) else { return notes.append("no \(control)") }
            _ = view.becomeFirstResponder()
            press(key)
        case let .reentry(control, dismisses):
            guard let view = window.view(withIdentifier: control) as? Control else { return notes.append("no \(control)") }
            var done = false
            view.addAction(for: .valueChanged) { [weak self] control in
                guard !done, let self,
                      let scene = self.window.presentedViewControllers.first(where: { control.isDescendant(of: $0.view) }) else { return }
                done = true
                if dismisses {
                    scene.dismiss(animated: true)
                } else if !scene.isBeingDismissed, scene.presentedViewController == nil {
                    let alert = AlertController(title: "Changed", message: nil, preferredStyle: .alert)
                    alert.addAction(AlertAction(title: "OK", style: .default))
                    scene.present(alert, animated: true)
                }
            }
        }
    }
}
