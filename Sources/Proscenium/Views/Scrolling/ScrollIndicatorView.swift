/// The thin bar at a scroll view's edge that shows where the visible part lies in the content; it shows
/// while the content moves and fades out shortly after it stops, as UIKit's indicators do.
final class ScrollIndicatorView: View {
    /// The bar's thickness and its distance from the scroll view's edges, in points.
    static let thickness = 3.0
    static let inset = 3.0
    /// The shortest the bar gets, however long the content (or far the rubber band).
    static let minimumLength = 7.0

    init() {
        super.init(frame: .zero)
        isUserInteractionEnabled = false
        backgroundColor = .fadedLabel(0.35)
        cornerRadius = Self.thickness / 2
        alpha = 0
        identifier = "scroll-indicator"
    }

    /// The bar's position and length along one axis, in the scroll view's bounds coordinates: its length
    /// is the visible share of the content, shortened by however far the content is pulled past an edge.
    static func span(offset: Double, viewport: Double, lower: Double, upper: Double,
                     margin: Double) -> (start: Double, length: Double) {
        let track = max(0, viewport - 2 * inset - margin)
        let content = upper - lower + viewport
        guard content > 0, track > 0 else { return (offset + inset, 0) }
        var length = max(track * viewport / content, min(36, track))
        let overscroll = offset < lower ? lower - offset : offset > upper ? offset - upper : 0
        length = max(minimumLength, length - overscroll)
        let progress = upper > lower ? min(max((offset - lower) / (upper - lower), 0), 1) : 0
        return (offset + inset + (track - length) * progress, length)
    }
}

extension ScrollView {
    // MARK: - Indicators

    /// Places the indicators along the visible edges, above the content.
    func layOutIndicators() {
        let low = minimumContentOffset, high = maximumContentOffset, offset = contentOffset
        let size = bounds.size, t = ScrollIndicatorView.thickness, inset = ScrollIndicatorView.inset
        let both = hasVerticalRange && hasHorizontalRange
        let vertical = ScrollIndicatorView.span(offset: offset.y, viewport: size.height, lower: low.y, upper: high.y,
                                                margin: both ? t + inset : 0)
        verticalIndicator.frame = Rect(x: offset.x + size.width - inset - t, y: vertical.start, width: t, height: vertical.length)
        let horizontal = ScrollIndicatorView.span(offset: offset.x, viewport: size.width, lower: low.x, upper: high.x,
                                                  margin: both ? t + inset : 0)
        horizontalIndicator.frame = Rect(x: horizontal.start, y: offset.y + size.height - inset - t, width: horizontal.length, height: t)
        keepIndicatorsOnTop()
    }

    /// Content added after the indicators would cover them; they go back on top.
    private func keepIndicatorsOnTop() {
        let count = subviews.count
        guard count >= 2, !(subviews[count - 1] === horizontalIndicator && subviews[count - 2] === verticalIndicator) else { return }
        bringSubviewToFront(verticalIndicator)
        bringSubviewToFront(horizontalIndicator)
    }

    /// Shows the indicators of the axes that scroll, at once.
    func showIndicators() {
        indicatorFade?.invalidate()
        indicatorFade = nil
        View.performWithoutAnimation {
            verticalIndicator.alpha = showsVerticalScrollIndicator && hasVerticalRange ? 1 : 0
            horizontalIndicator.alpha = showsHorizontalScrollIndicator && hasHorizontalRange ? 1 : 0
        }
    }

    /// Fades the indicators out after a short pause with the content at rest.
    func scheduleIndicatorFade() {
        guard let window else { return }
        indicatorFade?.invalidate()
        indicatorFade = window.scheduleTimer(after: 0.5) { [weak self] _ in
            guard let self, !self.isDragging, self.motion == nil else { return }
            self.indicatorFade = nil
            View.animate(withDuration: 0.25) {
                self.verticalIndicator.alpha = 0
                self.horizontalIndicator.alpha = 0
            }
        }
    }
}
