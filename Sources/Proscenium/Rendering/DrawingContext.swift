/// What a view's `draw(in:)` draws into: appends commands to the frame's display list, in the view's
/// bounds coordinates.
public struct DrawingContext {
    var list: DisplayList
    /// Offset from bounds coordinates to the enclosing group's coordinates.
    var offset: Point
    /// Device pixels per point, for drawing that must land on whole pixels as layer backgrounds do.
    var scale: Double
    /// The appearance the view draws in: dynamic colours handed to the context resolve to it.
    public let userInterfaceStyle: UserInterfaceStyle

    init(list: DisplayList, offset: Point, scale: Double = 1, style: UserInterfaceStyle = .light) {
        self.list = list
        self.offset = offset
        self.scale = scale
        userInterfaceStyle = style
    }

    /// Fills `rect` (in bounds coordinates) with `color`, rounding the corners when `cornerRadius` > 0.
    public mutating func fill(_ rect: Rect, cornerRadius: Double = 0, color: Color) {
        list.append(.fill(rect: rect.offsetBy(dx: offset.x, dy: offset.y), cornerRadius: cornerRadius, color: color.resolved(for: userInterfaceStyle)))
    }

    /// Fills `rect` as the frame builder fills a layer's background: every edge on a whole device pixel.
    /// For views that draw a background of their own (a button's state fill).
    @MainActor mutating func fillLikeBackground(_ rect: Rect, cornerRadius: Double, corners: CornerMask, color: Color) {
        list.append(.fill(rect: FrameBuilder.snapped(rect.offsetBy(dx: offset.x, dy: offset.y), scale: scale),
                          cornerRadius: cornerRadius, color: color.resolved(for: userInterfaceStyle), corners: corners))
    }

    /// Strokes a band `width` points wide just inside `rect`'s edge, as a layer border does.
    public mutating func stroke(_ rect: Rect, cornerRadius: Double = 0, width: Double, color: Color) {
        list.append(.border(rect: rect.offsetBy(dx: offset.x, dy: offset.y), cornerRadius: cornerRadius, width: width, color: color.resolved(for: userInterfaceStyle)))
    }

    /// Draws laid-out text with its top-left corner at `origin`.
    public mutating func draw(_ text: TextLayout, at origin: Point, color: Color) {
        list.append(.text(text, origin: origin + offset, color: color.resolved(for: userInterfaceStyle)))
    }

    /// Draws an image scaled into `rect`.
    public mutating func draw(_ image: Image, in rect: Rect) {
        list.append(.image(image, rect: rect.offsetBy(dx: offset.x, dy: offset.y)))
    }

    /// Runs `body` with its drawing cut to `rect` (the `corners` of it rounded by `cornerRadius`), as a
    /// clipping layer cuts its own content: an image filling past a view's bounds, say.
    @MainActor public mutating func clip(to rect: Rect, cornerRadius: Double = 0, corners: CornerMask = .all,
                                         _ body: (inout DrawingContext) -> Void) {
        list.append(.pushClip(rect: FrameBuilder.snapped(rect.offsetBy(dx: offset.x, dy: offset.y), scale: scale),
                              cornerRadius: cornerRadius, corners: corners))
        body(&self)
        list.append(.popClip)
    }
}
