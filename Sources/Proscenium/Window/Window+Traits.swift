/// A view held weakly in a list.
struct WeakView {
    weak var view: View?
}

/// What the window's next traits update must look at (see `Window.updateTraitsIfNeeded()`).
struct PendingTraitsUpdate {
    /// Every view: the appearance, the scale or a size class of the window changed.
    var everything = true
    /// Subtrees that joined the window or moved in it, or whose override changed; held weakly, so a
    /// view gone before the next frame is not kept for it.
    var subtrees: [WeakView] = []

    var isEmpty: Bool { !everything && subtrees.isEmpty }
}

/// Telling views and controllers that their traits changed, as UIKit does: once per change, before the
/// layout pass of the frame that shows it, top-down (a controller before its view, a view before its
/// subviews). A view whose appearance changed redraws, its dynamic colours resolved again.
extension Window {
    /// Asks the next frame to check the traits of `view`'s subtree (every view's when nil).
    func setNeedsTraitsUpdate(of view: View? = nil) {
        if let view {
            if !pendingTraits.everything { pendingTraits.subtrees.append(WeakView(view: view)) }
        } else {
            pendingTraits.everything = true
            pendingTraits.subtrees = []
        }
        setNeedsFrame()
    }

    /// Announces changed traits to every view and controller whose traits changed since they were last
    /// told. A callback that changes traits again (an override set in `traitCollectionDidChange`) is
    /// served in the same frame, up to a few rounds (the rest in the next frame).
    func updateTraitsIfNeeded() {
        var rounds = 0
        defer { if !pendingTraits.isEmpty { clock.setNeedsFrame() } }
        while !pendingTraits.isEmpty && rounds < 8 {
            rounds += 1
            let pending = pendingTraits
            pendingTraits = PendingTraitsUpdate(everything: false)
            let base = TraitCollection(containerSize: bounds.size, displayScale: displayScale)
            if pending.everything {
                announceTraits(in: self, style: effectiveUserInterfaceStyle, base: base)
                continue
            }
            for root in pending.subtrees.compactMap(\.view) where root.window === self {
                announceTraits(in: root, style: root.effectiveUserInterfaceStyle, base: base)
            }
        }
    }

    private func announceTraits(in view: View, style: UserInterfaceStyle, base: TraitCollection) {
        var traits = base
        traits.userInterfaceStyle = style
        let previous = view.traitState.announced
        if previous != traits {
            view.traitState.announced = traits
            if previous?.userInterfaceStyle != style {
                view.setNeedsDisplay()
                // What the view's controller presents inherits its style, wherever its view sits
                // (its whole container: the chrome around it takes its style too).
                if let presented = view.owningViewController?.presentedController,
                   let root = presented.presentation?.container ?? presented.viewIfLoaded {
                    pendingTraits.subtrees.append(WeakView(view: root))
                }
            }
            view.owningViewController?.traitCollectionDidChange(previous)
            view.traitCollectionDidChange(previous)
        }
        for subview in view.subviews where subview.superview === view {
            // A presenter's screen borrowed into a container does not take the container's style.
            let inherited = subview.presenterForStyle?.resolvedUserInterfaceStyle
                ?? (subview.borrowingContainer != nil ? subview.effectiveUserInterfaceStyle : style)
            announceTraits(in: subview, style: subview.ownUserInterfaceStyle ?? inherited, base: base)
        }
    }

    /// Once the traits are up to date (after a frame), every view in the window was told its traits, and
    /// the style it draws in is the one its overrides, presenter and window give it.
    func checkTraits(problems: inout [String]) {
        guard pendingTraits.isEmpty else { return }
        // A view under a nested window is that window's to update (and `checkTree` reports it).
        for view in allViews() where view.window === self {
            guard let announced = view.traitState.announced else {
                problems.append("\(view.identifier ?? "\(type(of: view))") was never told its traits")
                continue
            }
            let style = view.effectiveUserInterfaceStyle
            if announced.userInterfaceStyle != style {
                problems.append("\(view.identifier ?? "\(type(of: view))") draws \(announced.userInterfaceStyle) where its traits say \(style)")
            }
        }
    }

    /// Whether `size` falls in other size classes than the window's current size: the traits change.
    func changesSizeClasses(to size: Size) -> Bool {
        let now = TraitCollection(containerSize: bounds.size), next = TraitCollection(containerSize: size)
        return now.horizontalSizeClass != next.horizontalSizeClass || now.verticalSizeClass != next.verticalSizeClass
    }
}
