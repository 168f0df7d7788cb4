extension View {
    // MARK: - Converting coordinates

    /// The map from this view's bounds coordinates to its root's (the window's, when in one), through every
    /// transform on the way, using model values.
    public var transformToRoot: AffineTransform {
        var result = AffineTransform.identity
        var view: View? = self
        while let current = view, let parent = current.superview {
            result = result.concatenating(current.model.transformToSuperview)
            view = parent
        }
        return result
    }

    /// Converts a point from this view's coordinates to `view`'s (nil: the window's).
    public func convert(_ point: Point, to view: View?) -> Point {
        let inRoot = transformToRoot.apply(to: point)
        guard let view else { return inRoot }
        return view.transformToRoot.inverted?.apply(to: inRoot) ?? Point(x: .nan, y: .nan)
    }

    /// Converts a point from `view`'s coordinates (nil: the window's) to this view's.
    public func convert(_ point: Point, from view: View?) -> Point {
        let inRoot = view?.transformToRoot.apply(to: point) ?? point
        return transformToRoot.inverted?.apply(to: inRoot) ?? Point(x: .nan, y: .nan)
    }

    /// Converts a rectangle to `view`'s coordinates; with rotation the result is the bounding box.
    public func convert(_ rect: Rect, to view: View?) -> Rect {
        var map = transformToRoot
        if let view {
            guard let inverse = view.transformToRoot.inverted else { return .zero }
            map = map.concatenating(inverse)
        }
        return map.apply(to: rect)
    }

    /// Converts a rectangle from `view`'s coordinates to this view's; with rotation, the bounding box.
    public func convert(_ rect: Rect, from view: View?) -> Rect {
        guard let inverse = transformToRoot.inverted else { return .zero }
        let map = (view?.transformToRoot ?? .identity).concatenating(inverse)
        return map.apply(to: rect)
    }
}
