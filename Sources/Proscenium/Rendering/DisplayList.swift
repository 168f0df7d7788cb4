/// What a frame draws: a flat list of drawing commands that the core builds from the view tree and a
/// backend's `Renderer` executes.
///
/// Coordinates are in the space of the innermost enclosing transform group; outside any group that is the
/// window's coordinate space (origin top-left, y down, one unit per pixel). Colours are straight-alpha; a
/// backend premultiplies where its API needs it.
public struct DisplayList: Sendable, Equatable {
    /// The commands in drawing order; later ones draw on top.
    public var commands: [DisplayCommand]
    /// Rasterized groups whose commands are the same as in an earlier list, each with an identity that
    /// stays while they do (see `RasterizedGroupIdentity`): a renderer that keeps a group's pixels may
    /// compare identities instead of commands. A hint only: lists are equal when their commands are.
    public var rasterizedGroupIdentities: [RasterizedGroupIdentity] = []
    /// Scrolled areas whose pixels the last frame drew are still right, moved: a renderer that keeps its
    /// back buffer copies each within it, in order and before drawing, and the damage leaves them out
    /// (only the band scrolled into view and what changed in them is damaged). Empty unless the window's
    /// surface asks for them (`WindowSurface.copiesScrolledContent`).
    public var scrollCopies: [ScrollCopy] = []

    /// A display list holding `commands`, empty by default.
    public init(commands: [DisplayCommand] = []) {
        self.commands = commands
    }

    /// Two lists are equal when they hold the same commands and copies, whatever identities their groups
    /// carry.
    public static func == (a: DisplayList, b: DisplayList) -> Bool {
        a.commands == b.commands && a.scrollCopies == b.scrollCopies
    }

    /// The identity of the rasterized group whose `pushRasterized` is at `index`, if the list carries one.
    public func identityOfRasterizedGroup(at index: Int) -> UInt64? {
        RasterizedGroupIdentity.identity(ofGroupAt: index, in: rasterizedGroupIdentities)
    }

    /// Adds a command at the end, so it draws over everything before it.
    public mutating func append(_ command: DisplayCommand) {
        commands.append(command)
    }
}

/// One drawing command. `push…` commands open a group that the matching `pop…` closes; groups nest.
public enum DisplayCommand: Sendable, Equatable {
    /// Fill a rectangle, with the `corners` rounded when `cornerRadius` > 0 (anti-aliased).
    case fill(rect: Rect, cornerRadius: Double, color: Color, corners: CornerMask = .all)
    /// Stroke the inside of a (rounded) rectangle's edge with a band `width` wide, as CALayer borders do.
    case border(rect: Rect, cornerRadius: Double, width: Double, color: Color, corners: CornerMask = .all)
    /// A soft shadow of a (rounded) rectangle: the shape is offset, blurred by `blurRadius` and tinted.
    /// `color.alpha` already includes the shadow opacity.
    case shadow(rect: Rect, cornerRadius: Double, blurRadius: Double, offset: Point, color: Color)
    /// A laid-out block of text (see `TextLayout`); `origin` is the top-left of the block.
    case text(TextLayout, origin: Point, color: Color)
    /// An image scaled to fill `rect`.
    case image(Image, rect: Rect)
    /// Restrict drawing to a (rounded) rectangle until the matching `popClip`.
    case pushClip(rect: Rect, cornerRadius: Double, corners: CornerMask = .all)
    /// Ends the clip group opened by the matching `pushClip`.
    case popClip
    /// Draw what follows into an offscreen group, then composite it with `alpha` at the matching
    /// `popOpacity`. `bounds` encloses everything drawn in the group.
    case pushOpacity(alpha: Double, bounds: Rect)
    /// Ends the opacity group opened by the matching `pushOpacity`: it is composited now.
    case popOpacity
    /// What follows, up to the matching `popTransform`, is in a local space that `transform` maps into the
    /// enclosing space. `bounds` (in the local space) encloses everything drawn in the group, so a backend
    /// can render it into a layer of that size and composite it transformed.
    case pushTransform(AffineTransform, bounds: Rect)
    /// Ends the transformed group opened by the matching `pushTransform`.
    case popTransform
    /// What follows, up to the matching `popRasterized`, draws exactly as it would without the group; a
    /// backend may render it once into a layer covering `bounds` and composite that layer for as long
    /// as the group's commands stay the same (see `View.shouldRasterize`).
    case pushRasterized(bounds: Rect)
    /// Ends the rasterized group opened by the matching `pushRasterized`.
    case popRasterized

    public static func == (lhs: DisplayCommand, rhs: DisplayCommand) -> Bool {
        switch (lhs, rhs) {
        case let (.fill(r1, c1, k1, m1), .fill(r2, c2, k2, m2)): return r1 == r2 && c1 == c2 && k1 == k2 && m1 == m2
        case let (.border(r1, c1, w1, k1, m1), .border(r2, c2, w2, k2, m2)):
            return r1 == r2 && c1 == c2 && w1 == w2 && k1 == k2 && m1 == m2
        case let (.shadow(r1, c1, b1, o1, k1), .shadow(r2, c2, b2, o2, k2)):
            return r1 == r2 && c1 == c2 && b1 == b2 && o1 == o2 && k1 == k2
        case let (.text(t1, o1, c1), .text(t2, o2, c2)): return t1 == t2 && o1 == o2 && c1 == c2
        case let (.image(i1, r1), .image(i2, r2)): return i1 === i2 && r1 == r2
        case let (.pushClip(r1, c1, m1), .pushClip(r2, c2, m2)): return r1 == r2 && c1 == c2 && m1 == m2
        case (.popClip, .popClip), (.popOpacity, .popOpacity), (.popTransform, .popTransform),
             (.popRasterized, .popRasterized): return true
        case let (.pushRasterized(b1), .pushRasterized(b2)): return b1 == b2
        case let (.pushOpacity(a1, b1), .pushOpacity(a2, b2)): return a1 == a2 && b1 == b2
        case let (.pushTransform(t1, b1), .pushTransform(t2, b2)): return t1 == t2 && b1 == b2
        default: return false
        }
    }
}

/// A rasterized group of a display list and an identity of its commands: two lists whose groups carry the
/// same identity hold the same commands in them (the frame builder gives a subtree a new identity each
/// time it walks it, and reuses it with the commands it kept).
public struct RasterizedGroupIdentity: Sendable, Hashable {
    /// The index of the group's `pushRasterized` command.
    public var index: Int
    /// Unique among all the identities the process handed out.
    public var identity: UInt64

    /// The identity `groups` give the group whose `pushRasterized` is at `index`, if any.
    public static func identity(ofGroupAt index: Int, in groups: [RasterizedGroupIdentity]) -> UInt64? {
        for group in groups where group.index == index { return group.identity }
        return nil
    }

    /// The group at `index` with commands known by `identity`.
    public init(index: Int, identity: UInt64) {
        self.index = index
        self.identity = identity
    }
}

/// A scroll blit: the pixels of `viewport` (window coordinates, whole device pixels) moved by `delta`
/// (whole device pixels); what comes from outside the viewport is left as it was, and damaged.
public struct ScrollCopy: Sendable, Equatable {
    /// The scroll view's visible area, which the copy stays within.
    public var viewport: Rect
    /// How far its content moved on screen since the last frame: minus the change of the content offset.
    public var delta: Vector

    /// A copy of `viewport`'s pixels moved by `delta`.
    public init(viewport: Rect, delta: Vector) {
        self.viewport = viewport
        self.delta = delta
    }

    /// Where pixels of the last frame land: the part of the viewport whose source lies inside it.
    public var destination: Rect { viewport.intersection(viewport.offsetBy(dx: delta.dx, dy: delta.dy)) }
}
