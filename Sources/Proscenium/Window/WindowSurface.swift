/// The platform side of a window, as the core sees it: somewhere to show frames and a pointer shape.
/// The X11 backend's `WindowHost` is one; tests can use a recording surface.
@MainActor public protocol WindowSurface: AnyObject {
    /// Draws `list` within `damage` at `size` and puts the result on screen.
    func present(_ list: DisplayList, damage: Region, size: Size)
    /// Shows `cursor` while the pointer is over the window.
    func setCursor(_ cursor: Cursor)
    /// Called at the end of every frame, drawn or not: the moment to answer a window manager's sync
    /// request or to read input that arrived during the frame.
    func frameDidComplete()
    /// What the window's views measure text with: the fonts of the screen it is shown on, at the window's
    /// `displayScale`; the same one for as long as the surface is the window's and the scale stays (text
    /// measured with it is kept until either changes). Nil (the default) leaves them to `TextLayout.measurer`.
    var textMeasurer: (any TextMeasuring)? { get }
    /// Whether the surface keeps the last frame's pixels and executes a list's `scrollCopies`: then a
    /// scrolled view's content is moved, not redrawn. False (the default) damages all of it.
    var copiesScrolledContent: Bool { get }
    /// Called when what assistive technology reads of the window changed without a frame to show it (a
    /// label or value set for a screen reader only, a view made modal): the moment to read it again.
    func accessibilityDidChange()
    /// Called when keyboard focus is about to move from one view of the window to another
    /// (`Window.firstResponder`), the old one still first responder: the moment to end what an input
    /// method was composing for it.
    func firstResponderWillChange()
}

extension WindowSurface {
    public func frameDidComplete() {}
    public var textMeasurer: (any TextMeasuring)? { nil }
    public var copiesScrolledContent: Bool { false }
    public func accessibilityDidChange() {}
    public func firstResponderWillChange() {}
}
