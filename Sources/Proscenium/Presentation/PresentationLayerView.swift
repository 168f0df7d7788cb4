/// The window's layer above the root view that holds one container per presentation. It is never hit
/// itself: where no container is, touches reach the root view.
@MainActor final class PresentationLayerView: View {
    override init(frame: Rect = .zero) {
        super.init(frame: frame)
        identifier = "presentation-layer"
    }

    override func layoutSubviews() {
        for container in subviews { container.frame = bounds }
    }

    override func hitTest(_ point: Point, with event: Event?) -> View? {
        let hit = super.hitTest(point, with: event)
        return hit === self ? nil : hit
    }
}

/// The view a presentation happens in, as UIKit's transition view: it fills the window, holds the
/// presentation controller's chrome and the presented view, and tells the presentation controller about
/// each of its layout passes (every frame of a live resize included). Its empty area takes touches, so a
/// presentation is modal unless its chrome forwards them.
@MainActor final class TransitionContainerView: View {
    weak var presentationController: PresentationController?

    override init(frame: Rect = .zero) {
        super.init(frame: frame)
        identifier = "container"
    }

    override func layoutSubviews() {
        presentationController?.presentation?.adaptIfNeeded(animated: true)
        guard let presentationController else { return }
        presentationController.containerViewWillLayoutSubviews()
        presentationController.layOutPresentedViewIfNeeded()
        presentationController.containerViewDidLayoutSubviews()
    }
}
