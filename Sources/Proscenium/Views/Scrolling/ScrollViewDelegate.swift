/// Hears what a scroll view's content does, as UIKit's `UIScrollViewDelegate`; every method is optional.
@MainActor public protocol ScrollViewDelegate: AnyObject {
    /// The content offset changed, by any cause: a drag, a deceleration, the wheel, an animation or code.
    func scrollViewDidScroll(_ scrollView: ScrollView)
    /// A drag is about to move the content.
    func scrollViewWillBeginDragging(_ scrollView: ScrollView)
    /// The finger (the pointer's button) is lifting: `velocity` is the content's speed in points per
    /// millisecond, as in UIKit, and `targetContentOffset` where it would come to rest; set it to make the
    /// content land elsewhere (a snapping list).
    func scrollViewWillEndDragging(_ scrollView: ScrollView, withVelocity velocity: Point,
                                   targetContentOffset: inout Point)
    /// The drag ended; `decelerate` says whether the content goes on moving by itself. Setting the offset
    /// here, or in `scrollViewWillBeginDecelerating`, takes the content over: the deceleration does not
    /// start (the delegate told it would hears `scrollViewDidEndDecelerating` at once, or, for an animated
    /// offset, `scrollViewDidEndScrollingAnimation` when it arrives).
    func scrollViewDidEndDragging(_ scrollView: ScrollView, willDecelerate decelerate: Bool)
    /// The content is about to glide on after a drag.
    func scrollViewWillBeginDecelerating(_ scrollView: ScrollView)
    /// The content came to rest after a drag's deceleration (or its bounce back).
    func scrollViewDidEndDecelerating(_ scrollView: ScrollView)
    /// An animation the app or the keyboard and wheel began (`setContentOffset(_:animated:)`,
    /// `scrollRectToVisible`, a wheel notch) has ended.
    func scrollViewDidEndScrollingAnimation(_ scrollView: ScrollView)
}

extension ScrollViewDelegate {
    public func scrollViewDidScroll(_ scrollView: ScrollView) {}
    public func scrollViewWillBeginDragging(_ scrollView: ScrollView) {}
    public func scrollViewWillEndDragging(_ scrollView: ScrollView, withVelocity velocity: Point,
                                          targetContentOffset: inout Point) {}
    public func scrollViewDidEndDragging(_ scrollView: ScrollView, willDecelerate decelerate: Bool) {}
    public func scrollViewWillBeginDecelerating(_ scrollView: ScrollView) {}
    public func scrollViewDidEndDecelerating(_ scrollView: ScrollView) {}
    public func scrollViewDidEndScrollingAnimation(_ scrollView: ScrollView) {}
}
