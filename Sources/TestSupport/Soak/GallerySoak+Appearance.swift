import Proscenium
import ProsceniumGallery

/// The appearance in the soak: the desktop switching between light and dark, an override on whatever
/// controller is on top, and re-entrant calls from the home screen's `traitCollectionDidChange` (dismissing
/// the top presentation, or presenting an alert). Drawn from a random stream of its own, so a seed's other
/// operations stay the ones they were.
enum SoakAppearance: CustomStringConvertible {
    case desktop(UserInterfaceStyle)
    case overrideTop(UserInterfaceStyle)
    case reentry(dismisses: Bool)

    /// Nothing most of the time; otherwise one of the appearance operations.
    static func random(using rng: inout SeededGenerator) -> SoakAppearance? {
        switch Int.random(in: 0..<100, using: &rng) {
        case 0..<2: return .desktop(Bool.random(using: &rng) ? .dark : .light)
        case 2..<3: return .overrideTop([.unspecified, .light, .dark].randomElement(using: &rng)!)
        case 3..<4: return .reentry(dismisses: Bool.random(using: &rng))
        default: return nil
        }
    }

    var description: String {
        switch self {
        case let .desktop(style): "the desktop turns \(style)"
        case let .overrideTop(style): "override the top controller's style to \(style)"
        case let .reentry(dismisses): "make the home screen's next appearance change \(dismisses ? "dismiss the top presentation" : "present an alert")"
        }
    }
}

extension GallerySoak {
    func perform(_ operation: SoakAppearance) {
        switch operation {
        case let .desktop(style):
            window.systemUserInterfaceStyle = style
        case let .overrideTop(style):
            (window.presentedViewControllers.last ?? window.rootViewController)?.overrideUserInterfaceStyle = style
        case let .reentry(dismisses):
            var done = false
            home.appearanceObserver = { [weak self] _ in
                guard !done, let self else { return }
                done = true
                if dismisses {
                    self.window.presentedViewControllers.last?.dismiss(animated: true)
                } else if self.home.presentedViewController == nil, !self.home.isBeingDismissed {
                    let alert = AlertController(title: "Appearance", message: nil, preferredStyle: .alert)
                    alert.addAction(AlertAction(title: "OK", style: .default))
                    self.home.present(alert, animated: true)
                }
            }
        }
    }
}
