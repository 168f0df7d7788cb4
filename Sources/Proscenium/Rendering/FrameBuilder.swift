/// Walks the view tree once per frame with presentation values and produces the display list and the
/// damaged region: each changed view contributes the area it covered last frame and the area it covers now.
///
/// The walk reads a dozen of each view's stored properties. A class's stored property whose accesses the
/// compiler cannot prove exclusive is checked at run time on every read (a call into the runtime and a
/// lookup in its access set), about a tenth of a navigation frame; the properties the walk reads are
/// declared `@exclusivity(unchecked)` in `View`. They are the main actor's, and nothing holds an access to
/// one open across a call that could reach another.
@MainActor struct FrameBuilder {
    private(set) var list = DisplayList()
    private(set) var damage = Region()
    private let windowBounds: Rect
    /// Device pixels per point: views are snapped to whole device pixels.
    private let scale: Double
    /// The control that draws its focus ring in this frame, if one does, and that ring in its bounds
    /// coordinates; worked out once, before the walk.
    private var focusRingOwner: Control?
    private var focusRing: FocusRing?
    /// Whether scrolled content may be moved rather than redrawn (the surface executes `scrollCopies`).
    private let copiesScrolledContent: Bool
    /// The copies (indices in `list.scrollCopies`) whose scroll view's subtree the walk is in.
    private var copiesBeingWalked: [Int] = []

    /// `expectedCommands` (the last frame's count) sizes the list at once: grown from empty, a list of a
    /// few hundred commands is reallocated and copied some eight times a frame.
    init(windowBounds: Rect, pendingDamage: Region, scale: Double = 1, expectedCommands: Int = 0,
         copiesScrolledContent: Bool = false) {
        self.windowBounds = windowBounds
        self.copiesScrolledContent = copiesScrolledContent
        self.damage = pendingDamage
        self.scale = scale.isFinite && scale > 0 ? scale : 1
        if expectedCommands > 0 { list.commands.reserveCapacity(expectedCommands) }
    }

    /// Visits `root` (the window) and everything below it.
    mutating func build(root: View) {
        if let window = root as? Window, let control = window.firstResponder as? Control, control.showsFocusRing,
           let ring = control.focusRing, Self.isDrawable(ring) {
            focusRingOwner = control
            focusRing = ring
        }
        visit(root, toGroup: .identity, groupToWindow: .identity, clip: windowBounds, ancestorDirty: false,
              above: Above(pixelClip: windowBounds))
        finishScrollCopies()
    }

    /// What the views around a view do to the pixels of its area, as far as moving them is concerned.
    struct Above {
        /// An enclosing group (transform, opacity, rasterized layer) draws it elsewhere than the window.
        var inGroup = false
        /// An ancestor draws after its subviews (a border, a focus ring), over the view's area perhaps.
        var drawnOver = false
        /// The corners of enclosing rounded clips, in the window: pixels there blend with what is under.
        var roundedCorners: [Rect] = []
        /// The enclosing clips as they are drawn, on whole device pixels (the walk's `clip` is the exact
        /// one, for damage, which rounds out).
        var pixelClip: Rect
    }

    /// What a subtree's kept commands were built for: besides the subtree itself (`View.subtreeChanged`),
    /// everything a walk of it reads: where its group puts it, the clip, the scale and the focus ring.
    struct BuildKey: Equatable {
        var toGroup: AffineTransform, groupToWindow: AffineTransform
        var clip: Rect, scale: Double
        var focusRingOwner: ObjectIdentifier?, focusRing: FocusRing?
    }

    /// A rasterizing subtree's commands and what they were built for (see `View.keptCommands`), with the
    /// identity they carry in lists and where in them its `pushRasterized` is.
    struct KeptCommands {
        var key: BuildKey
        var commands: [DisplayCommand]
        var identity: UInt64
        var groupOffset: Int
    }

    /// The last identity handed to a rasterized group's commands.
    private static var lastGroupIdentity: UInt64 = 0

    private mutating func visit(_ view: View, toGroup parentToGroup: AffineTransform, groupToWindow: AffineTransform,
                                clip: Rect, ancestorDirty: Bool, above: Above) {
        let p = view.presentation
        let onlyScrolled = view.needsDisplay && view.scrollState.onlyScrolled
        var dirty = ancestorDirty || view.needsDisplay
        view.needsDisplay = false
        view.scrollState.onlyScrolled = false
        guard !view.isHidden, p.alpha > 0 else {
            if dirty { forgetSubtree(view) }
            view.scrollState.contentOrigin = nil
            return
        }
        // A rasterizing view (the presenting view under a transition) whose subtree changed in nothing its
        // walk reads: the same commands as last frame, no damage, nothing to record on its views.
        var key: BuildKey?
        let commandsStart = list.commands.count
        if view.rasterizes {
            let built = BuildKey(toGroup: parentToGroup, groupToWindow: groupToWindow, clip: clip, scale: scale,
                                 focusRingOwner: focusRingOwner.map(ObjectIdentifier.init), focusRing: focusRing)
            if !dirty, !view.subtreeChanged, let kept = view.keptCommands, kept.key == built {
                list.rasterizedGroupIdentities.append(RasterizedGroupIdentity(index: commandsStart + kept.groupOffset,
                                                                              identity: kept.identity))
                list.commands.append(contentsOf: kept.commands)
                // Kept pixels over a viewport this frame copies moved with the copy: drawn again there, all
                // the subtree draws (a badge over its edge, a shadow), where it is drawn.
                if !list.scrollCopies.isEmpty {
                    let area = view.renderedSubtreeArea
                    damageOverCopies(area, area)
                }
                return
            }
            key = built
            // Cleared before the walk: a change made during it (a view's drawing marking another) still counts.
            view.subtreeChanged = false
        } else if view.keptCommands != nil {
            view.keptCommands = nil
        }
        defer {
            if let key {
                Self.lastGroupIdentity += 1
                // Its push comes after those of the transform and opacity groups the view may open first.
                var offset = 0
                for index in commandsStart..<min(commandsStart + 3, list.commands.count) {
                    if case .pushRasterized = list.commands[index] {
                        offset = index - commandsStart
                        break
                    }
                }
                view.keptCommands = KeptCommands(key: key, commands: Array(list.commands[commandsStart...]),
                                                 identity: Self.lastGroupIdentity, groupOffset: offset)
                list.rasterizedGroupIdentities.append(RasterizedGroupIdentity(index: commandsStart + offset,
                                                                              identity: Self.lastGroupIdentity))
            }
        }
        var toGroup = view.superview == nil ? AffineTransform.identity : p.transformToSuperview.concatenating(parentToGroup)
        var groupToWindow = groupToWindow
        let pushedTransform = !toGroup.isTranslation
        if !pushedTransform {
            // A view lands on whole pixels, and its subviews move with it: text, which can only be drawn at
            // whole pixels, would otherwise step against a card edge gliding by fractions in a spring's tail.
            toGroup = AffineTransform(translationX: Self.snapped(toGroup.tx, scale: scale),
                                      y: Self.snapped(toGroup.ty, scale: scale))
        }
        let pushedOpacity = p.alpha < 1
        let pushedRaster = view.rasterizes
        // The groups need the subtree's extent; it walks the subtree, so work it out once.
        let subtreeBounds = pushedTransform || pushedOpacity || pushedRaster ? self.subtreeBounds(view) : .zero
        if pushedTransform {
            list.append(.pushTransform(toGroup, bounds: subtreeBounds))
            groupToWindow = toGroup.concatenating(groupToWindow)
            toGroup = .identity
        }
        let toWindow = toGroup.concatenating(groupToWindow)
        if pushedOpacity {
            list.append(.pushOpacity(alpha: p.alpha, bounds: toGroup.apply(to: subtreeBounds)))
        }
        if pushedRaster {
            list.append(.pushRasterized(bounds: toGroup.apply(to: subtreeBounds)))
        }

        let offset = Point(x: toGroup.tx, y: toGroup.ty)
        // Its far edges on whole device pixels too (its origin already is): no half-covered row or column.
        let rect = Self.snapped(p.bounds.offsetBy(dx: offset.x, dy: offset.y), scale: scale)
        var subviewsAbove = above
        subviewsAbove.inGroup = above.inGroup || pushedTransform || pushedOpacity || pushedRaster
        subviewsAbove.drawnOver = above.drawnOver || view === focusRingOwner || (view.borderWidth > 0 && view.borderColor.resolved(for: view.drawingStyle).alpha > 0)
        if view.clipsToBounds, !subviewsAbove.inGroup {
            subviewsAbove.pixelClip = above.pixelClip.intersection(rect)
            if p.cornerRadius > 0 {
                subviewsAbove.roundedCorners += Self.cornerSquares(of: rect, radius: p.cornerRadius, corners: view.maskedCorners)
            }
        }

        // Damage: this view's own pixels, old and new.
        let onScreen = toWindow.apply(to: ownVisualBounds(view)).intersection(clip)
        let copy = copiesScrolledContent && view.copiesScrolledContent
            ? scrollCopy(of: view, rect: rect, origin: offset, above: above, subviewsAbove: subviewsAbove,
                         onlyScrolled: onlyScrolled && !ancestorDirty)
            : .redrawn
        if copy != .redrawn { dirty = false }
        // A control whose area changed though nothing marked it gained or lost its focus ring: keys began
        // or stopped reaching it as a presentation began or ended. It is redrawn, old area and new.
        if !dirty, view is Control, onScreen != view.lastRenderedRect { dirty = true }
        if dirty {
            damage.add(view.lastRenderedRect)
            damage.add(onScreen)
        }
        if !list.scrollCopies.isEmpty { damageOverCopies(view.lastRenderedRect, onScreen) }
        view.lastRenderedRect = onScreen

        // Dynamic colours resolve here, in the appearance the view was last told about.
        let style = view.drawingStyle
        let shadowColor = view.shadowColor.resolved(for: style)
        if p.shadowOpacity > 0, shadowColor.alpha > 0 {
            let color = shadowColor.withAlphaComponent(shadowColor.alpha * p.shadowOpacity)
            list.append(.shadow(rect: rect, cornerRadius: p.cornerRadius, blurRadius: view.shadowRadius,
                                offset: view.shadowOffset, color: color))
        }
        if let background = p.backgroundColor?.resolved(for: style), background.alpha > 0 {
            list.append(.fill(rect: rect, cornerRadius: p.cornerRadius, color: background, corners: view.maskedCorners))
        }
        // The list moves into the context and back (swapped, never copied), so that the view's drawing
        // appends to the one buffer: a copy would make every append after it copy the whole list.
        var context = DrawingContext(list: DisplayList(), offset: offset, scale: scale, style: style)
        swap(&context.list, &list)
        view.draw(in: &context)
        swap(&context.list, &list)

        var childClip = clip
        if view.clipsToBounds {
            list.append(.pushClip(rect: rect, cornerRadius: p.cornerRadius, corners: view.maskedCorners))
            childClip = clip.intersection(toWindow.apply(to: p.bounds))
        }
        for subview in view.subviews {
            visit(subview, toGroup: toGroup, groupToWindow: groupToWindow, clip: childClip, ancestorDirty: dirty,
                  above: subviewsAbove)
        }
        // This view's copy is done: views walked from now on draw over it.
        if copy == .copied { copiesBeingWalked.removeLast() }
        if view.clipsToBounds { list.append(.popClip) }
        if view.borderWidth > 0, case let border = view.borderColor.resolved(for: style), border.alpha > 0 {
            list.append(.border(rect: rect, cornerRadius: p.cornerRadius, width: view.borderWidth,
                                color: border, corners: view.maskedCorners))
        }
        if view === focusRingOwner, let ring = focusRing {
            // Over the control's subviews and border, outside its own clip; in its space, so it moves with it.
            list.append(.border(rect: Self.snapped(ring.rect.offsetBy(dx: offset.x, dy: offset.y), scale: scale),
                                cornerRadius: ring.cornerRadius, width: ring.width, color: ring.color.resolved(for: style),
                                corners: ring.corners))
        }
        if pushedRaster { list.append(.popRasterized) }
        if pushedOpacity { list.append(.popOpacity) }
        if pushedTransform { list.append(.popTransform) }
    }

    // MARK: - Scroll copies

    /// What a scroll view's frame does with its pixels.
    private enum ScrollCopyOutcome {
        /// Drawn as any view is: damaged where it changed.
        case redrawn
        /// Only its content offset changed, by less than a device pixel: nothing moves on screen.
        case unmoved
        /// Its content's pixels are copied (`list.scrollCopies` ends with the copy), not damaged.
        case copied
    }

    /// For a scroll view whose only change is its content offset: its content's pixels move by as much as
    /// the (whole-pixel) place of its bounds' origin (`origin`) did, within its visible area; they are
    /// copied there, not damaged, and what its subviews drew last frame is taken where it went. Records
    /// what the next frame compares with.
    private mutating func scrollCopy(of view: View, rect: Rect, origin: Point, above: Above, subviewsAbove: Above,
                                     onlyScrolled: Bool) -> ScrollCopyOutcome {
        let p = view.presentation
        let viewport = rect.intersection(above.pixelClip)
        let canCopy = !subviewsAbove.inGroup && !subviewsAbove.drawnOver && view.clipsToBounds && p.cornerRadius == 0
            && (p.backgroundColor?.resolved(for: view.drawingStyle).alpha ?? 0) >= 1 && !viewport.isEmpty
            && !above.roundedCorners.contains { $0.intersects(viewport) }
        var outcome = ScrollCopyOutcome.redrawn
        if canCopy, onlyScrolled, let last = view.scrollState.contentOrigin,
           view.scrollState.viewport == viewport, view.scrollState.frame == rect {
            let delta = Vector(dx: origin.x - last.x, dy: origin.y - last.y)
            outcome = .unmoved
            if delta != .zero {
                copiesBeingWalked.append(list.scrollCopies.count)
                list.scrollCopies.append(ScrollCopy(viewport: viewport, delta: delta))
                for subview in view.subviews { Self.moveRenderedAreas(of: subview, by: delta, within: viewport) }
                outcome = .copied
            }
        }
        view.scrollState.contentOrigin = canCopy ? origin : nil
        view.scrollState.viewport = viewport
        view.scrollState.frame = rect
        return outcome
    }

    /// After a scroll view's pixels move by `delta`, what each view of its content drew last frame lies
    /// that much further, as far as it stays within `viewport`; a nested scroll view's content went too.
    private static func moveRenderedAreas(of view: View, by delta: Vector, within viewport: Rect) {
        view.lastRenderedRect = view.lastRenderedRect.offsetBy(dx: delta.dx, dy: delta.dy).intersection(viewport)
        if let origin = view.scrollState.contentOrigin {
            view.scrollState.contentOrigin = Point(x: origin.x + delta.dx, y: origin.y + delta.dy)
            view.scrollState.viewport = view.scrollState.viewport.offsetBy(dx: delta.dx, dy: delta.dy).intersection(viewport)
            view.scrollState.frame = view.scrollState.frame.offsetBy(dx: delta.dx, dy: delta.dy)
        }
        for subview in view.subviews { moveRenderedAreas(of: subview, by: delta, within: viewport) }
    }

    /// Damage that lies in a copied viewport marks pixels the copy moves (what was there last frame, or
    /// what another view draws over it): their new place is damaged too. Then the band the content came
    /// into view through, whose old pixels lie outside. In the copies' order, so a nested scroll view's
    /// copy, which comes after its outer one's, sees the outer one's band.
    private mutating func finishScrollCopies() {
        for copy in list.scrollCopies {
            let moved = damage.rects.compactMap { rect -> Rect? in
                let inside = rect.intersection(copy.viewport)
                guard !inside.isEmpty else { return nil }
                let landed = inside.offsetBy(dx: copy.delta.dx, dy: copy.delta.dy).intersection(copy.viewport)
                return landed.isEmpty ? nil : landed
            }
            for rect in moved { damage.add(rect) }
            for band in Self.band(of: copy) { damage.add(band) }
        }
    }

    /// A view drawn over a copied viewport, not part of the scrolled content: its pixels there, old
    /// (`old`, where the copy moves them from) and new (`new`), are drawn again.
    private mutating func damageOverCopies(_ old: Rect, _ new: Rect) {
        for index in list.scrollCopies.indices where !copiesBeingWalked.contains(index) {
            let viewport = list.scrollCopies[index].viewport
            damage.add(old.intersection(viewport))
            damage.add(new.intersection(viewport))
        }
    }

    /// The part of a copy's viewport that no pixel of the last frame is copied into.
    static func band(of copy: ScrollCopy) -> [Rect] {
        copy.viewport.subtracting(copy.destination)
    }

    /// The squares a rounded rectangle's corner arcs lie in, at the rounded corners.
    private static func cornerSquares(of rect: Rect, radius: Double, corners: CornerMask) -> [Rect] {
        let r = min(radius, rect.width / 2, rect.height / 2).rounded(.up) + 1
        var squares: [Rect] = []
        if corners.contains(.topLeft) { squares.append(Rect(x: rect.minX, y: rect.minY, width: r, height: r)) }
        if corners.contains(.topRight) { squares.append(Rect(x: rect.maxX - r, y: rect.minY, width: r, height: r)) }
        if corners.contains(.bottomLeft) { squares.append(Rect(x: rect.minX, y: rect.maxY - r, width: r, height: r)) }
        if corners.contains(.bottomRight) { squares.append(Rect(x: rect.maxX - r, y: rect.maxY - r, width: r, height: r)) }
        return squares
    }

    /// Damages and forgets what a subtree drew last frame, for a view that is now hidden or transparent.
    private mutating func forgetSubtree(_ view: View) {
        damage.add(view.lastRenderedRect)
        view.lastRenderedRect = .zero
        view.needsDisplay = false
        for subview in view.subviews { forgetSubtree(subview) }
    }

    /// `rect` (points) with each edge on the nearest whole device pixel.
    static func snapped(_ rect: Rect, scale: Double) -> Rect {
        guard rect.minX.isFinite, rect.minY.isFinite, rect.maxX.isFinite, rect.maxY.isFinite else { return rect }
        let x0 = snapped(rect.minX, scale: scale), y0 = snapped(rect.minY, scale: scale)
        return Rect(x: x0, y: y0, width: snapped(rect.maxX, scale: scale) - x0, height: snapped(rect.maxY, scale: scale) - y0)
    }

    /// `value` (points) on the nearest whole device pixel; non-finite values stay as they are (the
    /// renderer drops them).
    static func snapped(_ value: Double, scale: Double) -> Double {
        // Halves round up, not away from zero, and so do values a float's error away from a half (a place
        // in points at scale 1.5 is a third of a pixel count, never exact): a scrolled view's content then
        // lands on the same pixels relative to it wherever it is, the window's edge included, and its
        // pixels can be moved.
        value.isFinite ? (value * scale + 0.5 + 1e-6).rounded(.down) / scale : value
    }

    // MARK: - Bounds

    /// The area a view's own drawing covers in bounds coordinates: its bounds, what its drawing reaches
    /// beyond them, its shadow and its focus ring.
    func ownVisualBounds(_ view: View) -> Rect {
        let p = view.presentation
        var rect = p.bounds
        // Not `map` with a closure: a closure made on the main actor checks the executor each time it runs.
        var background = false
        if let color = p.backgroundColor { background = color.resolved(for: view.drawingStyle).alpha > 0 }
        if !background, view.borderWidth == 0, let drawn = view.drawnContentRect {
            rect = drawn
        }
        if let overflow = view.drawingOverflow { rect = rect.union(overflow) }
        if p.shadowOpacity > 0 {
            let blur = view.shadowRadius * 2
            rect = rect.union(p.bounds.offsetBy(dx: view.shadowOffset.x, dy: view.shadowOffset.y).insetBy(dx: -blur, dy: -blur))
        }
        if view === focusRingOwner, let ring = focusRing {
            // With a device pixel to spare, for the snapping and so that a ring restyled to lie inside the
            // bounds still changes the area when it comes and goes (see `visit`).
            let spare = 1 / scale
            rect = rect.union(ring.rect.insetBy(dx: -spare, dy: -spare))
        }
        return rect
    }

    /// Whether `ring` can be drawn: finite, with a width and a visible colour.
    private static func isDrawable(_ ring: FocusRing) -> Bool {
        ring.rect.minX.isFinite && ring.rect.minY.isFinite && ring.rect.maxX.isFinite && ring.rect.maxY.isFinite
            && ring.cornerRadius.isFinite && ring.width.isFinite && ring.width > 0 && ring.color.alpha > 0
    }

    /// The area a view and its visible subviews cover, in its bounds coordinates.
    func subtreeBounds(_ view: View) -> Rect {
        var rect = ownVisualBounds(view)
        guard !view.clipsToBounds else { return rect }
        for subview in view.subviews where !subview.isHidden && subview.presentation.alpha > 0 {
            rect = rect.union(subview.presentation.transformToSuperview.apply(to: subtreeBounds(subview)))
        }
        return rect
    }
}
