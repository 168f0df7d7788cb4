/// The animatable state of a view, in one value: what Core Animation keeps in a layer.
///
/// A view holds two of these. The *model* changes the moment a property is set; the *presentation* is what
/// is on screen this frame while an animation runs. Rendering reads presentation, hit-testing reads model.
public struct LayerProperties: Equatable, Sendable {
    /// The view's own coordinate space, origin and size, as `UIView.bounds`.
    public var bounds: Rect = .zero
    /// Where the bounds' centre sits in the superview's coordinates, as `UIView.center`.
    public var center: Point = .zero
    /// Transform applied about the centre, as `UIView.transform`.
    public var transform: AffineTransform = .identity
    /// Opacity of the view and its subviews, 0...1, as `UIView.alpha`.
    public var alpha: Double = 1
    /// Fill behind the view's content; nil draws none.
    public var backgroundColor: Color? = nil
    /// Radius of the background's rounded corners, in points, as `CALayer.cornerRadius`.
    public var cornerRadius: Double = 0
    /// Strength of the drop shadow, 0 (none) to 1, as `CALayer.shadowOpacity`.
    public var shadowOpacity: Double = 0

    /// Empty bounds at the origin, identity transform, opaque, no background, square corners, no shadow.
    public init() {}

    /// The map from the view's bounds coordinates into its superview's, about the centre (anchor 0.5, 0.5).
    public var transformToSuperview: AffineTransform {
        AffineTransform(translationX: -bounds.midX, y: -bounds.midY)
            .concatenating(transform)
            .concatenating(AffineTransform(translationX: center.x, y: center.y))
    }

    /// The frame as UIKit defines it: the bounding box of the transformed bounds, in superview coordinates.
    public var frame: Rect {
        transformToSuperview.apply(to: Rect(origin: bounds.origin, size: bounds.size))
    }
}

/// Names of the animatable view properties, used by the animation engine to key running animations.
public enum AnimatableProperty: String, Sendable, Hashable, CaseIterable {
    /// `View.bounds`, origin and size together; a spring may carry it past its end before it settles.
    case bounds
    /// `View.center`, the view's position: what slides and a drag's release animate.
    case center
    /// `View.transform`, animated entry by entry of the matrix: scale, rotation and translation.
    case transform
    /// `View.alpha`, kept between its start and end even on a bouncy spring, so a fade never flashes.
    case alpha
    /// `View.backgroundColor`; a nil colour fades through the other end's hue at zero alpha.
    case backgroundColor
    /// `View.cornerRadius`, kept at zero or more however far a spring overshoots.
    case cornerRadius
    /// `View.shadowOpacity`, kept between its start and end on a spring, as `alpha` is.
    case shadowOpacity
}
