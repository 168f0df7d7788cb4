/// A view's appearance override and the traits it was last told about (see `View.traitCollection`).
struct ViewTraitState {
    var override: UserInterfaceStyle = .unspecified
    /// What `traitCollectionDidChange(_:)` last announced; nil before the view was first in a window.
    var announced: TraitCollection?
}

/// Traits as UIKit's views have them: the window's size classes and scale, and an appearance inherited
/// from the superview (or, for a presented controller's view, from the controller that presented it)
/// unless a view or controller on the way overrides it.
extension View {
    /// Draws this view and its subviews in `style` whatever their window's appearance, as UIKit's
    /// `overrideUserInterfaceStyle`; `.unspecified` (the default) inherits.
    public var overrideUserInterfaceStyle: UserInterfaceStyle {
        get { traitState.override }
        set {
            guard newValue != traitState.override else { return }
            traitState.override = newValue
            // A presented controller's view sets the style of the chrome around it too (its container).
            window?.setNeedsTraitsUpdate(of: owningViewController?.presentation?.container ?? self)
        }
    }

    /// The traits the view draws and lays out with: its window's size classes and display scale, and its
    /// appearance. Outside a window the size classes are unspecified.
    public var traitCollection: TraitCollection {
        let style = effectiveUserInterfaceStyle
        guard let window else { return TraitCollection(userInterfaceStyle: style) }
        return TraitCollection(containerSize: window.bounds.size, displayScale: window.displayScale, userInterfaceStyle: style)
    }

    /// The appearance dynamic colours resolve to as the view draws: the one last announced (the window
    /// updates traits before and after every layout pass), else the one its ancestors give it.
    var drawingStyle: UserInterfaceStyle {
        traitState.announced?.userInterfaceStyle ?? effectiveUserInterfaceStyle
    }

    /// The appearance found by walking up: the first override of a view or of the controller owning it;
    /// a presented controller's view goes on to the controller that presented it; at the top, the
    /// window's `systemUserInterfaceStyle`. Light outside any window, except for a controller's view.
    var effectiveUserInterfaceStyle: UserInterfaceStyle {
        var view: View? = self
        var steps = 0
        while let current = view, steps < 10_000 {
            steps += 1
            if let style = current.ownUserInterfaceStyle { return style }
            if let presenter = current.presenterForStyle { return presenter.resolvedUserInterfaceStyle }
            if let window = current as? Window { return window.systemUserInterfaceStyle }
            // A controller's view taken out of its window (under a full-screen presentation) keeps the
            // window's appearance.
            if current.superview == nil, let controller = current.owningViewController {
                return controller.expectedWindow?.effectiveUserInterfaceStyle ?? .light
            }
            view = current.borrowingContainer?.superview ?? current.superview
        }
        return .light
    }

    /// For a presenting controller's view that a presentation borrowed into its container (a side panel
    /// scales it aside there), that container: its style is the presented controller's, which the
    /// presenter's screen does not take, so the screen inherits from around the container instead.
    var borrowingContainer: TransitionContainerView? {
        guard let controller = owningViewController else { return nil }
        var ancestor = superview
        while let candidate = ancestor {
            if let container = candidate as? TransitionContainerView {
                return container.presentationController?.presentingViewController === controller ? container : nil
            }
            ancestor = candidate.superview
        }
        return nil
    }

    /// The style this view sets for itself (its override or its controller's), nil when it inherits. A
    /// presentation's container takes the presented controller's, so the chrome around it (a popover's
    /// arrow, a sheet's grabber) matches it rather than the window.
    var ownUserInterfaceStyle: UserInterfaceStyle? {
        if traitState.override != .unspecified { return traitState.override }
        if let style = owningViewController?.overrideUserInterfaceStyle, style != .unspecified { return style }
        // Not through the presented view (whose own walk comes back up to this container once its
        // presenter is gone): its overrides, else its presenter's style, else the window's.
        if let container = self as? TransitionContainerView, let presented = container.presentationController?.presentedViewController {
            if presented.overrideUserInterfaceStyle != .unspecified { return presented.overrideUserInterfaceStyle }
            if let style = presented.viewIfLoaded?.traitState.override, style != .unspecified { return style }
            guard let presenter = presented.presentingViewController else { return nil }
            // A presenter's view borrowed into this container (scaled aside under a side panel) would lead
            // the walk back here: only its own overrides count then.
            if let view = presenter.viewIfLoaded, view.isDescendant(of: container) {
                if view.traitState.override != .unspecified { return view.traitState.override }
                return presenter.overrideUserInterfaceStyle == .unspecified ? nil : presenter.overrideUserInterfaceStyle
            }
            return presenter.resolvedUserInterfaceStyle
        }
        return nil
    }

    /// For a presented controller's root view, the controller that presented it: the view inherits its
    /// appearance from there (whether or not the presenter's view is still in the window), not from the
    /// container it sits in.
    var presenterForStyle: ViewController? {
        guard let controller = owningViewController, controller.parent == nil else { return nil }
        return controller.presentingViewController
    }
}
