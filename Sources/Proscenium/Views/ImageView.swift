/// Shows an image scaled to fill its bounds, as UIKit's `UIImageView` with `.scaleToFill`.
@MainActor open class ImageView: View {
    /// The image shown; nil shows nothing.
    public var image: Image? { didSet { if image !== oldValue { setNeedsDisplay() } } }

    /// An image view showing `image`, sized to the image when `frame` is nil.
    public init(image: Image?, frame: Rect? = nil) {
        self.image = image
        super.init(frame: frame ?? Rect(origin: .zero, size: image?.size ?? .zero))
    }

    open override func sizeThatFits(_ size: Size) -> Size {
        image?.size ?? .zero
    }

    open override func draw(in context: inout DrawingContext) {
        guard let image else { return }
        context.draw(image, in: bounds)
    }
}
