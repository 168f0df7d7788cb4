/// How a presented controller is shown, as UIKit's `UIModalPresentationStyle`, plus the built-in styles
/// Proscenium ships.
public enum ModalPresentationStyle: Sendable, Hashable {
    /// Covers the whole window; the presenting view leaves the window once the transition is over.
    case fullScreen
    /// Covers the whole window; the presenting view stays underneath (for translucent content).
    case overFullScreen
    /// A centred card over dimmed content, sized by `preferredContentSize` (UIKit's form sheet).
    case formSheet
    /// A full-width sheet along the bottom edge that leaves what lies above it usable.
    case bottomSheet
    /// A bubble with an arrow pointing at a source view; a click outside dismisses it.
    case popover
    /// A narrow centred alert over dimmed content, scaling in.
    case alert
    /// The transitioning delegate's presentation controller.
    case custom
    /// No style: what an adaptivity delegate answers to keep the style the presentation has, as UIKit's
    /// `UIModalPresentationStyle.none`. It is no style to present in; a controller given it presents full
    /// screen (see `ViewController.modalPresentationStyle`).
    case none
}
