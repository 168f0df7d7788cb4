// MARK: - Hit-testing

extension View {
    /// `hitTest(_:with:)`'s standard answer: the deepest subview containing `point`, front-most first, else
    /// this view; nil when this view is not hit-testable or the point is outside it.
    func hitTestSubviews(_ point: Point, with event: Event?) -> View? {
        guard isHitTestable, self.point(inside: point, with: event) else { return nil }
        for subview in subviews.reversed() {
            let geometry = subview.model
            let converted: Point
            if geometry.transform.isIdentity {
                // The common case, kept free of matrix work: hit-testing visits every sibling in front.
                converted = Point(x: point.x - geometry.center.x + geometry.bounds.midX,
                                  y: point.y - geometry.center.y + geometry.bounds.midY)
            } else if let inverse = geometry.transformToSuperview.inverted {
                converted = inverse.apply(to: point)
            } else {
                continue
            }
            if let hit = subview.hitTest(converted, with: event) { return hit }
        }
        return self
    }
}
