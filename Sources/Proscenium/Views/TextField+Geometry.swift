/// Where the field's text, caret and characters are in its bounds, and how far it scrolls its text to
/// keep the caret in view.
extension TextField {
    /// Top of the line of text in bounds coordinates: centred vertically, on a whole pixel.
    var textTop: Double {
        bounds.minY + ((bounds.height - lineHeight) / 2).rounded()
    }

    /// Where x = 0 of the text lands in bounds coordinates, after scrolling; on a whole pixel, as text
    /// can only be drawn there.
    var textOriginX: Double {
        (textRect(forBounds: bounds).minX - scroll).rounded()
    }

    /// The caret's rectangle in bounds coordinates for the caret at character `offset`, after scrolling.
    public func caretRect(forOffset offset: Int) -> Rect {
        Rect(x: boundaryX(offset), y: textTop, width: Self.caretWidth, height: lineHeight)
    }

    /// Where the boundary before character `offset` is drawn, in bounds coordinates: on the device pixel
    /// nearest to it (a half point at 2x, where text is measured in half points).
    func boundaryX(_ offset: Int) -> Double {
        let scale = window?.displayScale ?? 1
        return ((textOriginX + xOffset(of: offset)) * scale).rounded() / scale
    }

    /// The character offset whose boundary is nearest to `point` (bounds coordinates), as UIKit's
    /// `closestPosition(to:)`: where a click there puts the caret.
    public func closestOffset(to point: Point) -> Int {
        let x = point.x - textOriginX
        let count = storage.count
        // Prefix widths only grow, so the first boundary at or right of x is found by bisection.
        var low = 0, high = count
        while low < high {
            let mid = (low + high) / 2
            if xOffset(of: mid) < x { low = mid + 1 } else { high = mid }
        }
        if low > 0, x - xOffset(of: low - 1) < xOffset(of: low) - x { return low - 1 }
        return low
    }

    /// The offset of the character drawn under `point` (clamped to the text), for double clicks.
    func characterOffset(at point: Point) -> Int {
        let x = point.x - textOriginX
        let count = storage.count
        guard count > 0 else { return 0 }
        var low = 0, high = count
        // The first character whose right edge is right of x.
        while low < high {
            let mid = (low + high) / 2
            if xOffset(of: mid + 1) <= x { low = mid + 1 } else { high = mid }
        }
        return min(low, count - 1)
    }

    /// Scrolls the least needed to show the caret, and no further than the end of the text allows, so
    /// deleting at the end of a long text pulls the text back in.
    func updateScroll() {
        let area = textRect(forBounds: bounds)
        let visible = max(area.width - Self.caretWidth, 0)
        let caretX = xOffset(of: head)
        var offset = scroll
        if caretX - offset > visible { offset = caretX - visible }
        if caretX - offset < 0 { offset = caretX }
        offset = max(0, min(offset, xOffset(of: storage.count) - visible))
        // Not being edited, a field shows the start of its text, as UIKit's does: a long URL its scheme and
        // host, not its tail.
        if !isEditing { offset = 0 }
        if offset != scroll {
            scroll = offset
            setNeedsDisplay()
        }
    }
}
