/// Display lists in device pixels: the core builds them in points, and a backend on a screen of scale
/// `s` draws the list scaled by `s` (geometry, corner radii, blurs, border widths and font sizes), so text
/// is rasterized at its device size instead of magnified.
extension DisplayList {
    /// This list with every length multiplied by `scale`; the same list when `scale` is 1.
    public func scaled(by scale: Double) -> DisplayList {
        guard scale != 1 else { return self }
        var scaled = DisplayList(commands: commands.map { $0.scaled(by: scale) })
        // Scaling keeps every command where it was, so the groups keep their indices (and their identities:
        // a scale change walks the views again, which makes new ones).
        scaled.rasterizedGroupIdentities = rasterizedGroupIdentities
        // Whole points at scale 1 are whole device pixels at any scale only after rounding off the float
        // error of the product.
        scaled.scrollCopies = scrollCopies.map { copy in
            ScrollCopy(viewport: Rect(x: (copy.viewport.minX * scale).rounded(), y: (copy.viewport.minY * scale).rounded(),
                                      width: (copy.viewport.maxX * scale).rounded() - (copy.viewport.minX * scale).rounded(),
                                      height: (copy.viewport.maxY * scale).rounded() - (copy.viewport.minY * scale).rounded()),
                       delta: Vector(dx: (copy.delta.dx * scale).rounded(), dy: (copy.delta.dy * scale).rounded()))
        }
        return scaled
    }
}

extension DisplayCommand {
    /// This command with every length multiplied by `scale`. A transform group's local space is scaled
    /// too, so its transform keeps its linear part and scales its translation.
    public func scaled(by s: Double) -> DisplayCommand {
        switch self {
        case let .fill(rect, radius, color, corners):
            return .fill(rect: rect.scaled(by: s), cornerRadius: radius * s, color: color, corners: corners)
        case let .border(rect, radius, width, color, corners):
            return .border(rect: rect.scaled(by: s), cornerRadius: radius * s, width: width * s, color: color, corners: corners)
        case let .shadow(rect, radius, blur, offset, color):
            return .shadow(rect: rect.scaled(by: s), cornerRadius: radius * s, blurRadius: blur * s,
                           offset: Point(x: offset.x * s, y: offset.y * s), color: color)
        case let .text(layout, origin, color):
            return .text(layout.scaled(by: s), origin: Point(x: origin.x * s, y: origin.y * s), color: color)
        case let .image(image, rect):
            // A sharper variant when the image has one (`@2x`), else this one scaled by the renderer.
            return .image(image.representation(forScale: s), rect: rect.scaled(by: s))
        case let .pushClip(rect, radius, corners):
            return .pushClip(rect: rect.scaled(by: s), cornerRadius: radius * s, corners: corners)
        case let .pushOpacity(alpha, bounds):
            return .pushOpacity(alpha: alpha, bounds: bounds.scaled(by: s))
        case let .pushTransform(transform, bounds):
            var scaled = transform
            scaled.tx *= s
            scaled.ty *= s
            return .pushTransform(scaled, bounds: bounds.scaled(by: s))
        case let .pushRasterized(bounds):
            return .pushRasterized(bounds: bounds.scaled(by: s))
        case .popClip, .popOpacity, .popTransform, .popRasterized:
            return self
        }
    }
}

extension TextLayout {
    /// The layout at `scale` times its size: the font's size, line positions and widths.
    public func scaled(by s: Double) -> TextLayout {
        var font = font
        font.size *= s
        let lines = lines.map { Line(text: $0.text, x: $0.x * s, baseline: $0.baseline * s, width: $0.width * s) }
        return TextLayout(font: font, lines: lines, size: Size(width: size.width * s, height: size.height * s))
    }
}

extension Rect {
    /// This rectangle with its origin and size multiplied by `scale`.
    public func scaled(by scale: Double) -> Rect {
        Rect(x: origin.x * scale, y: origin.y * scale, width: size.width * scale, height: size.height * scale)
    }
}
