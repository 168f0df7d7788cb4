/// The backend seam for drawing: executes a display list into the back buffer, limited to a damaged region.
@MainActor public protocol Renderer: AnyObject {
    /// Draws `list` clipped to `damage` into a target of `size` pixels. Areas outside `damage` keep what the
    /// previous frame left there.
    func render(_ list: DisplayList, damage: Region, size: Size)
}
