/// What the last frame of an `XRenderRenderer` did, for tests and benchmarks.
public struct RenderStatistics: Sendable, Equatable {
    /// Drawing commands (fills, borders, shadows, text, images) executed.
    public var commandsDrawn = 0
    /// Drawing commands skipped because they lay outside the damage (or an empty clip or group).
    public var commandsCulled = 0
    /// Pixels in the damage region, clipped to the target.
    public var damagePixels = 0
    /// Damaged pixels left alone because the back buffer already held them: inside an opaque fill's
    /// interior both last frame and this one, drawn over in neither.
    public var retainedPixels = 0
    /// Damaged pixels under the largest opaque fill, where nothing drawn before it was drawn.
    public var occludedPixels = 0
    /// Damaged pixels where a translucent overlay over a flat background was drawn as one opaque fill of
    /// the colour the two make (see `XRenderRenderer+Folding.swift`).
    public var foldedPixels = 0
    /// Damaged pixels under a translucent overlay drawn in colours tinted by it, the overlay left out (see
    /// `XRenderRenderer+Tinting.swift`).
    public var tintedPixels = 0
    /// Folded pixels under a black shadow, drawn with it in one pass (see `ShadowCache.drawOverFlatColor`).
    public var shadowFoldedPixels = 0
    /// Folded pixels filled straight into the window, not into the back buffer (see
    /// `XRenderRenderer+WindowFills.swift`): neither drawn there nor copied.
    public var windowFilledPixels = 0
    /// Pixels of the last frame moved by scroll copies, not drawn.
    public var scrolledPixels = 0
    /// Of `scrolledPixels`, those moved within the window itself, neither drawn nor copied to it (see
    /// `XRenderRenderer+ScrollCopies.swift`).
    public var scrolledInWindowPixels = 0
    /// Offscreen layers rendered (opacity groups, transformed groups, rounded clips).
    public var layersRendered = 0
    /// Transformed groups composited from a cached layer without redrawing their contents.
    public var layersReused = 0

    /// The X requests of a frame by kind, with the pixels each kind may touch (its destination within
    /// the clip; counted only while the renderer's `countsRequestPixels` is on, zero otherwise): what the X
    /// server's work per frame is made of, for the benchmarks. Kinds not sent are absent.
    public var requests: [RequestKind: RequestTally] {
        var result: [RequestKind: RequestTally] = [:]
        for kind in RequestKind.allCases {
            let tally = self[kind]
            if tally.requests > 0 { result[kind] = tally }
        }
        return result
    }

    // One stored tally per kind rather than a dictionary: every drawing request of every frame counts,
    // and a dictionary built afresh each frame cost the renderer more than some of what it counted.
    private var fills = RequestTally(), composites = RequestTally(), trapezoids = RequestTally()
    private var shadows = RequestTally(), corners = RequestTally(), glyphs = RequestTally()

    /// All counts zero.
    public init() {}

    /// The tally of `kind`.
    public subscript(kind: RequestKind) -> RequestTally {
        switch kind {
        case .fill: return fills
        case .composite: return composites
        case .trapezoids: return trapezoids
        case .shadow: return shadows
        case .corner: return corners
        case .glyphs: return glyphs
        }
    }

    /// Counts one request of `kind` touching up to `pixels` pixels.
    mutating func count(_ kind: RequestKind, pixels: Double) {
        switch kind {
        case .fill: fills.add(pixels: pixels)
        case .composite: composites.add(pixels: pixels)
        case .trapezoids: trapezoids.add(pixels: pixels)
        case .shadow: shadows.add(pixels: pixels)
        case .corner: corners.add(pixels: pixels)
        case .glyphs: glyphs.add(pixels: pixels)
        }
    }
}

/// The kinds of drawing request a frame sends, as the X server's pixel work sees them.
public enum RequestKind: String, CaseIterable, Sendable, Hashable {
    /// `XRenderFillRectangle`: solid fills (backgrounds, square or the interior of rounded ones, dimming).
    case fill
    /// `XRenderComposite` of an offscreen layer (a rasterized, faded or transformed group) or an image.
    case composite
    /// `XRenderCompositeTrapezoids`: anti-aliased edges of rounded fills, borders and clips.
    case trapezoids
    /// The pieces of a blurred shadow mask.
    case shadow
    /// Rounded corners composited through a kept mask.
    case corner
    /// Xft glyph runs.
    case glyphs
}

/// How many requests of a kind a frame sent, and the pixels they may touch.
public struct RequestTally: Sendable, Equatable {
    /// How many requests.
    public var requests = 0
    /// The pixels they may touch, together.
    public var pixels = 0

    /// A tally with nothing counted.
    public init() {}

    mutating func add(pixels: Double) {
        requests += 1
        self.pixels += Int(max(0, pixels))
    }
}
