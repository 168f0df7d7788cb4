/// Shows an image, as UIKit's `UIImageView`: scaled to fill its bounds by default, or fitted, filled or
/// placed at its own size by `contentMode`.
@MainActor open class ImageView: View {
    /// How an image view places its image in its bounds, as UIKit's `UIView.ContentMode`.
    public enum ContentMode: Sendable, Hashable {
        /// Stretched to the bounds, whatever its aspect ratio (the default).
        case scaleToFill
        /// As large as fits inside the bounds at its aspect ratio, centred: bands are left empty.
        case scaleAspectFit
        /// As small as covers the bounds at its aspect ratio, centred: what reaches past the bounds shows
        /// unless `clipsToBounds` cuts it.
        case scaleAspectFill
        /// At its own size, centred.
        case center
        /// At its own size, its top-left corner at the bounds' top-left corner.
        case topLeft
    }

    /// The image shown; nil shows nothing.
    public var image: Image? {
        didSet {
            guard image !== oldValue else { return }
            setNeedsDisplay()
            if image?.size != oldValue?.size { invalidateIntrinsicContentSize() }
        }
    }

    /// How the image is placed in the bounds; `.scaleToFill` by default.
    public var contentMode = ContentMode.scaleToFill { didSet { if contentMode != oldValue { setNeedsDisplay() } } }

    /// An image view showing `image`, sized to the image when `frame` is nil.
    public init(image: Image?, frame: Rect? = nil) {
        self.image = image
        super.init(frame: frame ?? Rect(origin: .zero, size: image?.size ?? .zero))
        layoutPriorities.huggingHorizontal = 251
        layoutPriorities.huggingVertical = 251
    }

    /// The image's size in points; none without an image.
    open override var intrinsicContentSize: Size {
        image?.size ?? Size(width: View.noIntrinsicMetric, height: View.noIntrinsicMetric)
    }

    open override func sizeThatFits(_ size: Size) -> Size {
        image?.size ?? .zero
    }

    /// Where the image is drawn, in bounds coordinates, by `contentMode`; nil without an image or with an
    /// empty one.
    public var imageRect: Rect? { imageRect(in: bounds) }

    /// Where the image goes in `bounds`: the model's, or the presentation's while a resize animates.
    func imageRect(in bounds: Rect) -> Rect? {
        guard let image, image.width > 0, image.height > 0 else { return nil }
        let size = image.size
        switch contentMode {
        case .scaleToFill:
            return bounds
        case .scaleAspectFit, .scaleAspectFill:
            let widthScale = bounds.width / size.width, heightScale = bounds.height / size.height
            let scale = contentMode == .scaleAspectFit ? min(widthScale, heightScale) : max(widthScale, heightScale)
            let width = size.width * scale, height = size.height * scale
            return Rect(x: bounds.midX - width / 2, y: bounds.midY - height / 2, width: width, height: height)
        case .center:
            return Rect(x: bounds.midX - size.width / 2, y: bounds.midY - size.height / 2, width: size.width, height: size.height)
        case .topLeft:
            return Rect(origin: bounds.origin, size: size)
        }
    }

    /// An image filled or placed past the bounds is drawn there too (unless `clipsToBounds`), so a move or
    /// a change damages all of it.
    open override var drawingOverflow: Rect? {
        let bounds = presentation.bounds
        guard !clipsToBounds, let rect = imageRect(in: bounds), !bounds.contains(rect) else { return nil }
        return rect
    }

    /// Drawn where the presentation's bounds put it, so it grows with an animated resize. Clipped by
    /// `clipsToBounds` when it reaches past the bounds or the corners are rounded (an avatar): the view's
    /// own clip cuts only its subviews. An image at its own size lands on whole device pixels: half a
    /// pixel off, every pixel would blur into its neighbour.
    open override func draw(in context: inout DrawingContext) {
        let shown = presentation
        guard let image, var rect = imageRect(in: shown.bounds), !rect.isEmpty else { return }
        if contentMode == .center || contentMode == .topLeft {
            rect.origin = Point(x: (rect.minX * context.scale).rounded() / context.scale,
                                y: (rect.minY * context.scale).rounded() / context.scale)
        }
        if clipsToBounds, !shown.bounds.contains(rect) || shown.cornerRadius > 0 {
            context.clip(to: shown.bounds, cornerRadius: shown.cornerRadius, corners: maskedCorners) { $0.draw(image, in: rect) }
        } else {
            context.draw(image, in: rect)
        }
    }

    // MARK: - Accessibility

    /// `.image`, unless set. An image view is an element only when made one (with a label), as in UIKit.
    open override var accessibilityTraits: AccessibilityTraits {
        get { accessibility.traits ?? .image }
        set { super.accessibilityTraits = newValue }
    }
}
