/// Shows read-only text: one line or wrapped over several, aligned in its bounds, as UIKit's `UILabel`.
@MainActor open class Label: View {
    /// The text shown; a line ending ("\n", "\r\n", "\r", U+2028) starts a new line, as in `UILabel.text`.
    public var text: String = "" { didSet { if text != oldValue { textChanged() } } }
    /// The font of the text; the 17-pixel system font by default, as UILabel's.
    public var font: Font = .systemFont(ofSize: 17) { didSet { if font != oldValue { textChanged() } } }
    /// Colour of the text; black by default.
    public var textColor: Color = .label { didSet { if textColor != oldValue { setNeedsDisplay() } } }
    /// How each line sits horizontally in the bounds; left by default. Text is centred vertically.
    public var textAlignment: TextAlignment = .left { didSet { if textAlignment != oldValue { textChanged() } } }
    /// Maximum number of lines; 0 means as many as the text needs. Lines wrap at spaces when not 1.
    public var numberOfLines = 1 { didSet { if numberOfLines != oldValue { textChanged() } } }
    /// How text that does not fit is cut: `.byTruncatingTail` by default, as UILabel's (the last line
    /// ends in "…"); see `LineBreakMode`.
    public var lineBreakMode = LineBreakMode.byTruncatingTail { didSet { if lineBreakMode != oldValue { textChanged() } } }
    /// The width a label of several lines wraps at for its `intrinsicContentSize`; 0 (the default) lays
    /// each paragraph out on one line, as UILabel's.
    public var preferredMaxLayoutWidth = 0.0 { didSet { if preferredMaxLayoutWidth != oldValue { textChanged() } } }

    /// The last layout, with the width and the measurer it was made for: a label moved to a window on
    /// another display measures again.
    @exclusivity(unchecked) private var cachedLayout: (width: Double, measurer: TextMeasurerKey, layout: TextLayout)?

    /// A label showing `text`, placed at `frame`.
    public init(text: String = "", frame: Rect = .zero) {
        self.text = text
        super.init(frame: frame)
        // Labels hug their text a little more than plain views, as UIKit's do.
        layoutPriorities.huggingHorizontal = 251
        layoutPriorities.huggingVertical = 251
    }

    /// The text laid out and aligned for `width` with the view's `textMeasurer`; cached until the text,
    /// font, alignment, width or measurer changes.
    public func layout(forWidth width: Double) -> TextLayout {
        let key = textMeasurerKey
        if let cachedLayout, cachedLayout.width == width, cachedLayout.measurer == key { return cachedLayout.layout }
        let layout = TextLayout.make(text, font: font, width: width, alignment: textAlignment, wrap: numberOfLines != 1,
                                     numberOfLines: numberOfLines, lineBreakMode: lineBreakMode, measurer: textMeasurer)
        cachedLayout = (width, key, layout)
        return layout
    }

    /// The text's size: laid out at `preferredMaxLayoutWidth` when it is set and the label has more than one
    /// line, else each paragraph on one line.
    open override var intrinsicContentSize: Size {
        // No text, no size, as UIKit's: an empty caption or error label takes no room in a stack.
        guard !text.isEmpty else { return .zero }
        let key = textMeasurerKey
        if let cachedIntrinsicSize, cachedIntrinsicSize.measurer == key { return cachedIntrinsicSize.size }
        let width: Double? = numberOfLines != 1 && preferredMaxLayoutWidth > 0 ? preferredMaxLayoutWidth : nil
        let size = TextLayout.make(text, font: font, width: width, alignment: textAlignment, wrap: numberOfLines != 1,
                                   numberOfLines: numberOfLines, lineBreakMode: lineBreakMode, measurer: textMeasurer).size
        cachedIntrinsicSize = (key, size)
        return size
    }

    /// A label of several lines is as tall as its text wrapped at `width`.
    override func intrinsicHeight(forWidth width: Double) -> Double? {
        numberOfLines == 1 ? nil : text.isEmpty ? 0 : layout(forWidth: width).size.height
    }

    /// The text's size laid out at most `size.width` wide; a width of 0 or less means no limit, as in
    /// UIKit, so `sizeThatFits(.zero)` is the natural size.
    open override func sizeThatFits(_ size: Size) -> Size {
        guard !text.isEmpty else { return .zero }
        guard size.width > 0 else { return intrinsicContentSize }
        let layout = layout(forWidth: size.width)
        return Size(width: min(layout.size.width, size.width), height: layout.size.height)
    }

    open override func draw(in context: inout DrawingContext) {
        let layout = shownLayout()
        context.draw(layout, at: textOrigin(of: layout), color: textColor)
    }

    /// The text as drawn in the bounds: a label of several lines shorter than its text shows the lines
    /// that fit (at least one), the last one truncated as `lineBreakMode` says, as UILabel does; the
    /// lines that do not fit are not drawn over what lies around it.
    func shownLayout() -> TextLayout {
        let full = layout(forWidth: bounds.width)
        let fitting = linesShown(of: full, inHeight: bounds.height)
        guard fitting < full.lines.count else { return full }
        let key = textMeasurerKey
        if let cachedShownLayout, cachedShownLayout.width == bounds.width, cachedShownLayout.lines == fitting,
           cachedShownLayout.measurer == key { return cachedShownLayout.layout }
        let layout = TextLayout.make(text, font: font, width: bounds.width, alignment: textAlignment, wrap: true,
                                     numberOfLines: fitting, lineBreakMode: lineBreakMode, measurer: textMeasurer)
        cachedShownLayout = (bounds.width, fitting, key, layout)
        return layout
    }

    /// The text's box where it reaches past the bounds: a word wider than the label is drawn whole, and
    /// so is a single line taller than it, so a move or a change damages all of it.
    open override var drawingOverflow: Rect? { textBoxes().overflow }

    /// The text's width over the label's whole height, with room on every side for glyphs that reach past
    /// their box (three tenths of the font's size, as the renderer allows): a short title in a wide label
    /// damages only where its glyphs are. A subclass may draw more than the text: it damages its bounds.
    open override var drawnContentRect: Rect? {
        guard type(of: self) == Label.self || self is SegmentLabel else { return nil }
        return textBoxes().drawn
    }

    /// What `drawnContentRect` and `drawingOverflow` say for the bounds and measurer they were worked out
    /// for (a change of the text or its attributes forgets them): every frame asks both of every label.
    private struct TextBoxes {
        var bounds: Rect
        var measurer: TextMeasurerKey
        var drawn: Rect
        var overflow: Rect?
    }

    /// The boxes last worked out, until the bounds, the measurer or the text and its attributes change.
    @exclusivity(unchecked) private var cachedTextBoxes: TextBoxes?

    private func textBoxes() -> TextBoxes {
        let measurer = textMeasurerKey
        if let cachedTextBoxes, cachedTextBoxes.bounds == bounds, cachedTextBoxes.measurer == measurer { return cachedTextBoxes }
        let layout = shownLayout()
        let origin = textOrigin(of: layout)
        // Lines are placed by their alignment, and a word too long for the width sticks out of the block.
        var box = Rect(origin: origin, size: layout.size)
        var drawn = Rect(x: bounds.minX, y: bounds.minY, width: 0, height: 0)
        if !layout.lines.isEmpty {
            let overhang = (font.size * 0.3).rounded(.up)
            var minX = Double.infinity, maxX = -Double.infinity
            for line in layout.lines {
                box = box.union(Rect(x: origin.x + line.x, y: origin.y, width: line.width, height: layout.size.height))
                minX = min(minX, origin.x + line.x)
                maxX = max(maxX, origin.x + line.x + line.width)
            }
            // Glyphs overhang their line's box on every side (stacked accents above the ascent, a fallback
            // font's emoji): the renderer allows as much (see its text extents), and so does the damage.
            let top = min(bounds.minY, origin.y - overhang), bottom = max(bounds.maxY, origin.y + layout.size.height + overhang)
            drawn = Rect(x: minX - overhang, y: top, width: maxX - minX + 2 * overhang, height: bottom - top)
        }
        let boxes = TextBoxes(bounds: bounds, measurer: measurer, drawn: drawn, overflow: bounds.contains(box) ? nil : box)
        cachedTextBoxes = boxes
        return boxes
    }

    /// Where `layout` is drawn: vertically centred on a whole point, as UILabel does; the layout already
    /// aligns each line within the width.
    func textOrigin(of layout: TextLayout) -> Point {
        Point(x: bounds.minX, y: bounds.minY + ((bounds.height - layout.size.height) / 2).rounded())
    }

    /// How many of `full`'s lines a label `height` tall draws: all of them unless it has several lines and
    /// is shorter than its text, then those that fit (at least one).
    func linesShown(of full: TextLayout, inHeight height: Double) -> Int {
        let count = full.lines.count
        guard numberOfLines != 1, count > 1, full.size.height > height + 0.5 else { return count }
        let lineHeight = full.size.height / Double(count)
        return min(count, max(1, Int((height + 0.5) / lineHeight)))
    }

    /// The first or last line drawn in a label `size` big: the lines that fit, centred as `draw` centres
    /// them. A label with no text has its bottom edge, as a view without text does.
    override func baselineOffset(_ baseline: Baseline, in size: Size) -> Double {
        guard view(for: baseline) === self, !text.isEmpty else { return super.baselineOffset(baseline, in: size) }
        let full = layout(forWidth: size.width)
        guard !full.lines.isEmpty else { return size.height }
        let shown = linesShown(of: full, inHeight: size.height)
        let count = full.lines.count
        let height = shown == count ? full.size.height : full.size.height / Double(count) * Double(shown)
        let top = ((size.height - height) / 2).rounded()
        return top + full.lines[baseline == .first ? 0 : shown - 1].baseline
    }

    @exclusivity(unchecked) private var cachedIntrinsicSize: (measurer: TextMeasurerKey, size: Size)?
    /// The last layout cut to the lines that fit, with the width, line count and measurer it was made for.
    @exclusivity(unchecked) private var cachedShownLayout: (width: Double, lines: Int, measurer: TextMeasurerKey, layout: TextLayout)?

    private func textChanged() {
        cachedLayout = nil
        cachedShownLayout = nil
        cachedTextBoxes = nil
        cachedIntrinsicSize = nil
        setNeedsDisplay()
        invalidateIntrinsicContentSize()
    }

    // MARK: - Accessibility

    /// A label with text is an element.
    open override var isAccessibilityElement: Bool {
        get { accessibility.isElement ?? !text.isEmpty }
        set { super.isAccessibilityElement = newValue }
    }
    /// The text, unless set.
    open override var accessibilityLabel: String? {
        get { accessibility.label ?? text }
        set { super.accessibilityLabel = newValue }
    }
    /// `.staticText`, unless set.
    open override var accessibilityTraits: AccessibilityTraits {
        get { accessibility.traits ?? .staticText }
        set { super.accessibilityTraits = newValue }
    }
}
