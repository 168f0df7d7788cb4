/// Walks the view tree once per frame with presentation values and produces the display list and the
/// damaged region: each changed view contributes the area it covered last frame and the area it covers now.
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

    /// `expectedCommands` (the last frame's count) sizes the list at once: grown from empty, a list of a
    /// few hundred commands is reallocated and copied some eight times a frame.
    init(windowBounds: Rect, pendingDamage: Region, scale: Double = 1, expectedCommands: Int = 0) {
        self.windowBounds = windowBounds
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
        visit(root, toGroup: .identity, groupToWindow: .identity, clip: windowBounds, ancestorDirty: false)
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
                                clip: Rect, ancestorDirty: Bool) {
        let p = view.presentation
        var dirty = ancestorDirty || view.needsDisplay
        view.needsDisplay = false
        guard !view.isHidden, p.alpha > 0 else {
            if dirty { forgetSubtree(view) }
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

        // Damage: this view's own pixels, old and new.
        let onScreen = toWindow.apply(to: ownVisualBounds(view)).intersection(clip)
        // A control whose area changed though nothing marked it gained or lost its focus ring: keys began
        // or stopped reaching it as a presentation began or ended. It is redrawn, old area and new.
        if !dirty, view is Control, onScreen != view.lastRenderedRect { dirty = true }
        if dirty {
            damage.add(view.lastRenderedRect)
            damage.add(onScreen)
        }
        view.lastRenderedRect = onScreen

        let offset = Point(x: toGroup.tx, y: toGroup.ty)
        // Its far edges on whole device pixels too (its origin already is): no half-covered row or column.
        let rect = Self.snapped(p.bounds.offsetBy(dx: offset.x, dy: offset.y), scale: scale)
        if p.shadowOpacity > 0, view.shadowColor.alpha > 0 {
            let color = view.shadowColor.withAlphaComponent(view.shadowColor.alpha * p.shadowOpacity)
            list.append(.shadow(rect: rect, cornerRadius: p.cornerRadius, blurRadius: view.shadowRadius,
                                offset: view.shadowOffset, color: color))
        }
        if let background = p.backgroundColor, background.alpha > 0 {
            list.append(.fill(rect: rect, cornerRadius: p.cornerRadius, color: background, corners: view.maskedCorners))
        }
        // The list moves into the context and back (swapped, never copied), so that the view's drawing
        // appends to the one buffer: a copy would make every append after it copy the whole list.
        var context = DrawingContext(list: DisplayList(), offset: offset, scale: scale)
        swap(&context.list, &list)
        view.draw(in: &context)
        swap(&context.list, &list)

        var childClip = clip
        if view.clipsToBounds {
            list.append(.pushClip(rect: rect, cornerRadius: p.cornerRadius, corners: view.maskedCorners))
            childClip = clip.intersection(toWindow.apply(to: p.bounds))
        }
        for subview in view.subviews {
            visit(subview, toGroup: toGroup, groupToWindow: groupToWindow, clip: childClip, ancestorDirty: dirty)
        }
        if view.clipsToBounds { list.append(.popClip) }
        if view.borderWidth > 0, view.borderColor.alpha > 0 {
            list.append(.border(rect: rect, cornerRadius: p.cornerRadius, width: view.borderWidth, color: view.borderColor,
                                corners: view.maskedCorners))
        }
        if view === focusRingOwner, let ring = focusRing {
            // Over the control's subviews and border, outside its own clip; in its space, so it moves with it.
            list.append(.border(rect: Self.snapped(ring.rect.offsetBy(dx: offset.x, dy: offset.y), scale: scale),
                                cornerRadius: ring.cornerRadius, width: ring.width, color: ring.color, corners: ring.corners))
        }
        if pushedRaster { list.append(.popRasterized) }
        if pushedOpacity { list.append(.popOpacity) }
        if pushedTransform { list.append(.popTransform) }
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
        value.isFinite ? (value * scale).rounded() / scale : value
    }

    // MARK: - Bounds

    /// The area a view's own drawing covers in bounds coordinates: its bounds, what its drawing reaches
    /// beyond them, its shadow and its focus ring.
    func ownVisualBounds(_ view: View) -> Rect {
        let p = view.presentation
        var rect = p.bounds
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
