/// The frame: where the view lies in its superview, worked out from the bounds, centre and transform.
extension View {
    /// The bounding box of the view in its superview's coordinates: the bounds moved by the transform about
    /// the centre, as `UIView.frame`. Setting it works as Core Animation's does: the centre goes to the
    /// frame's middle (less the transform's translation) and the bounds get the size that, transformed,
    /// covers the frame, so a view scaled to 0.85 given a 1024-point-wide frame gets 1204.7-point-wide
    /// bounds and keeps its scale. UIKit leaves the frame of a rotated or sheared view undefined; here the
    /// bounds take the box of the frame mapped back through the transform (a quarter turn swaps the sides),
    /// and a transform that cannot be undone (a scale of 0) leaves the bounds size alone.
    public var frame: Rect {
        get { model.frame }
        set {
            let standard = newValue.standardized
            let transform = model.transform
            guard !transform.isIdentity else {
                center = standard.center
                bounds = Rect(origin: bounds.origin, size: standard.size)
                return
            }
            center = Point(x: standard.midX - transform.tx, y: standard.midY - transform.ty)
            guard let size = boundsSize(covering: standard.size, under: transform) else { return }
            bounds = Rect(origin: bounds.origin, size: size)
        }
    }

    /// The bounds size whose box under `transform` is `size`, or nil when the transform cannot be undone.
    /// A size within rounding error of the current one keeps it, so reading the frame of a scaled view and
    /// setting it back (moved) does not ask for layout over a last-digit difference.
    private func boundsSize(covering size: Size, under transform: AffineTransform) -> Size? {
        let linear = AffineTransform(a: transform.a, b: transform.b, c: transform.c, d: transform.d, tx: 0, ty: 0)
        guard let inverse = linear.inverted else { return nil }
        let box = inverse.apply(to: Rect(origin: .zero, size: size)).size
        let current = model.bounds.size
        func kept(_ new: Double, _ old: Double) -> Double { abs(new - old) <= 1e-9 * max(1, abs(old)) ? old : new }
        return Size(width: kept(box.width, current.width), height: kept(box.height, current.height))
    }
}

extension View {
    /// The frame the view has without its transform: the box of its bounds size around its centre. The
    /// presentations place presented views by it, so that a resize or a turn-around in the middle of a
    /// transition whose animator scales the view (a card growing from 0.001) moves and sizes the view
    /// without the in-flight scale leaking into its bounds; once the transform is back to identity it is the
    /// frame.
    var untransformedFrame: Rect {
        get {
            let size = model.bounds.size, center = model.center
            return Rect(x: center.x - size.width / 2, y: center.y - size.height / 2, width: size.width, height: size.height)
        }
        set {
            let standard = newValue.standardized
            center = standard.center
            bounds = Rect(origin: bounds.origin, size: standard.size)
        }
    }
}

extension View {
    /// Resizes the view to the size it needs, keeping its origin, as UIKit's: a view whose height follows
    /// its width (a label of several lines, a column of them) wraps at its current width (at any width
    /// when it has none), narrowing to its widest line; any other takes the width it needs.
    public func sizeToFit() {
        let unbounded = Double.greatestFiniteMagnitude
        let width = bounds.width > 0 && intrinsicHeight(forWidth: bounds.width) != nil ? bounds.width : unbounded
        let fitted = sizeThatFits(Size(width: width, height: unbounded))
        frame = Rect(origin: frame.origin, size: fitted)
    }

    /// Whether the view can be hit at all: shown, interactive, not nearly transparent, and not refusing
    /// touches while it animates. Reads model values, as UIKit does.
    public var isHitTestable: Bool {
        !isHidden && isUserInteractionEnabled && alpha >= 0.01 && !refusesHitsWhileAnimating
    }
}
