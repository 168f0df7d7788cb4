/// Shows an image scaled to fill its bounds, as UIKit's `UIImageView` with `.scaleToFill`.
@MainActor open class ImageView: View {
    /// The image shown; nil shows nothing.
    public var image: Image? {
        didSet {
            guard image !== oldValue else { return }
            setNeedsDisplay()
            if image?.size != oldValue?.size { invalidateIntrinsicContentSize() }
        }
    }

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

    open override func draw(in context: inout DrawingContext) {
        guard let image else { return }
        context.draw(image, in: bounds)
    }
}
