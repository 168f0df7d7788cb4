/// The `.fullScreen` style: the presented view covers the container and, once it is up, the presenting
/// view leaves the window (nothing hidden is drawn); it slides up from the bottom edge.
@MainActor open class FullScreenPresentationController: PresentationController {
    open override var shouldRemovePresentersView: Bool { true }
}
