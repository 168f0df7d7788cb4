/// What the last frame of an `XRenderRenderer` did, for tests and benchmarks.
public struct RenderStatistics: Sendable, Equatable {
    /// Drawing commands (fills, borders, shadows, text, images) executed.
    public var commandsDrawn = 0
    /// Drawing commands skipped because they lay outside the damage (or an empty clip or group).
    public var commandsCulled = 0
    /// Pixels in the damage region, clipped to the target.
    public var damagePixels = 0
    /// Damaged pixels under the largest opaque fill, where nothing drawn before it was drawn.
    public var occludedPixels = 0
    /// Offscreen layers rendered (opacity groups, transformed groups, rounded clips).
    public var layersRendered = 0
    /// Transformed groups composited from a cached layer without redrawing their contents.
    public var layersReused = 0

    /// All counts zero.
    public init() {}
}
