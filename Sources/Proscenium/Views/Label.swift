/// Shows read-only text: one line or wrapped over several, aligned in its bounds, as UIKit's `UILabel`.
@MainActor open class Label: View {
    /// The text shown; "\n" starts a new line, as `UILabel.text`.
    public var text: String = "" { didSet { if text != oldValue { textChanged() } } }
    /// The font of the text; the 17-pixel system font by default, as UILabel's.
    public var font: Font = .systemFont(ofSize: 17) { didSet { if font != oldValue { textChanged() } } }
    /// Colour of the text; black by default.
    public var textColor: Color = .black { didSet { if textColor != oldValue { setNeedsDisplay() } } }
    /// How each line sits horizontally in the bounds; left by default. Text is centred vertically.
    public var textAlignment: TextAlignment = .left { didSet { if textAlignment != oldValue { textChanged() } } }
    /// Maximum number of lines; 0 means as many as the text needs. Lines wrap at spaces when not 1.
    public var numberOfLines = 1 { didSet { if numberOfLines != oldValue { textChanged() } } }

    /// The last layout, with the width and the measurer it was made for: a label moved to a window on
    /// another display measures again.
    private var cachedLayout: (width: Double, measurer: ObjectIdentifier, layout: TextLayout)?

    /// A label showing `text`, placed at `frame`.
    public init(text: String = "", frame: Rect = .zero) {
        self.text = text
        super.init(frame: frame)
    }

    /// The text laid out and aligned for `width` with the view's `textMeasurer`; cached until the text,
    /// font, alignment, width or measurer changes.
    public func layout(forWidth width: Double) -> TextLayout {
        let measurer = textMeasurer
        let identity = ObjectIdentifier(measurer)
        if let cachedLayout, cachedLayout.width == width, cachedLayout.measurer == identity { return cachedLayout.layout }
        let layout = TextLayout.make(text, font: font, width: width, alignment: textAlignment,
                                     wrap: numberOfLines != 1, numberOfLines: numberOfLines, measurer: measurer)
        cachedLayout = (width, identity, layout)
        return layout
    }

    open override func sizeThatFits(_ size: Size) -> Size {
        let layout = layout(forWidth: size.width)
        return Size(width: min(layout.size.width, size.width), height: layout.size.height)
    }

    open override func draw(in context: inout DrawingContext) {
        let layout = layout(forWidth: bounds.width)
        context.draw(layout, at: textOrigin(of: layout), color: textColor)
    }

    /// The text's box where it reaches past the bounds: a layout taller than the label (more lines than
    /// fit), or a word wider than it, is drawn whole, so a move or a change damages all of it.
    open override var drawingOverflow: Rect? {
        let layout = layout(forWidth: bounds.width)
        let origin = textOrigin(of: layout)
        // Lines are placed by their alignment, and a word too long for the width sticks out of the block.
        var box = Rect(origin: origin, size: layout.size)
        for line in layout.lines {
            box = box.union(Rect(x: origin.x + line.x, y: origin.y, width: line.width, height: layout.size.height))
        }
        return bounds.contains(box) ? nil : box
    }

    /// Where `layout` is drawn: vertically centred on a whole point, as UILabel does; the layout already
    /// aligns each line within the width.
    private func textOrigin(of layout: TextLayout) -> Point {
        Point(x: bounds.minX, y: bounds.minY + ((bounds.height - layout.size.height) / 2).rounded())
    }

    private func textChanged() {
        cachedLayout = nil
        setNeedsDisplay()
        superview?.setNeedsLayout()
    }
}
