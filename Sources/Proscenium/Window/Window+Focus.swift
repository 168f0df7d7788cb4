// MARK: - Keyboard focus

extension Window {
    /// Moves keyboard focus to the next control that can take it inside the top controller's view (the
    /// previous one `backwards`), in the order the view tree lists them, wrapping around. Focus never
    /// leaves the top presentation. Does nothing when no control there can be focused.
    public func moveFocus(backwards: Bool = false) {
        guard let scope = topViewController?.viewIfLoaded ?? rootViewController?.viewIfLoaded else { return }
        let candidates = focusableViews(in: scope)
        guard !candidates.isEmpty else { return }
        let current = (firstResponder as? View).flatMap { focused in candidates.firstIndex { $0 === focused } }
        let next: Int
        if let current {
            next = (current + (backwards ? candidates.count - 1 : 1)) % candidates.count
        } else {
            next = backwards ? candidates.count - 1 : 0
        }
        let focused = candidates[next]
        focused.becomeFirstResponder()
        if firstResponder === focused { scrollIntoView(focused) }
    }

    /// Scrolls the scroll views around `view` just enough to show it, innermost first: Tab to a control
    /// out of view (a button at the foot of a long alert, a field below a form's fold) brings it into
    /// view, as GTK's focus adjustments do.
    func scrollIntoView(_ view: View) {
        var ancestor = view.superview
        while let current = ancestor {
            if let scrollView = current as? ScrollView {
                // In the scroll view's bounds, which are its content's coordinates.
                scrollView.scrollRectToVisible(view.convert(view.bounds, to: scrollView), animated: true)
            }
            ancestor = current.superview
        }
    }

    /// Views in `root`'s subtree that can be focused, depth first, back to front as subviews are listed,
    /// except that a navigation bar, drawn over the screen under it, comes before it (Back and the bar's
    /// buttons first, as a screen reader reads them). Hidden or non-interactive subtrees are skipped whole.
    func focusableViews(in root: View) -> [View] {
        var result: [View] = []
        func visit(_ view: View) {
            guard !view.isHidden, view.isUserInteractionEnabled, view.alpha >= 0.01 else { return }
            if view.canBecomeFocused { result.append(view) }
            let bars = view.subviews.filter { $0 is NavigationBar }
            if bars.isEmpty { return view.subviews.forEach(visit) }
            bars.forEach(visit)
            view.subviews.filter { !($0 is NavigationBar) }.forEach(visit)
        }
        visit(root)
        return result
    }

    /// Whether `responder` gets the keys when it is the first responder: it is inside the top controller
    /// (the top presentation that is not being dismissed, else the root controller).
    func receivesKeys(_ responder: Responder) -> Bool {
        guard let top = topViewController else { return true }
        return isResponder(responder, inside: top)
    }
}

// MARK: - Focus visibility

extension Window {
    /// Whether the focused control shows its focus ring, as `:focus-visible` in a browser and GTK's
    /// `focus-visible`: true once the keyboard is used (Tab or Shift-Tab, or any key pressed without
    /// Control, Alt or Super), false again at the next primary-button press anywhere in the window. False
    /// in a new window. Focus given programmatically (`becomeFirstResponder()`, focus coming back after a
    /// dismissal) leaves it as it is, so a control focused by code after keyboard use shows its ring and
    /// one focused after a click does not. A change redraws the focused control's ring.
    public internal(set) var isFocusVisible: Bool {
        get { focusIsVisible }
        set {
            guard newValue != focusIsVisible else { return }
            focusIsVisible = newValue
            (firstResponder as? View)?.setNeedsDisplay()
            (firstResponder as? TableView)?.updateFocusIndicator()
        }
    }

    /// Notes a key press for focus visibility, before the key is delivered (so a Tab's new focus shows its
    /// ring in the same frame): shortcuts held with Control, Alt or Super do not count, Tab always does.
    func keyboardWillDeliver(_ press: Press) {
        let shortcut = !press.modifiers.isDisjoint(with: [.control, .alternate, .command])
        if press.key == .tab || !shortcut { isFocusVisible = true }
    }

    /// Notes a primary-button press anywhere in the window: focus rings hide until the keyboard is used.
    func pointerWillPress() {
        isFocusVisible = false
    }
}

// MARK: - Key window

extension Window {
    /// Tells the window it has the keyboard again (the X server gave its X window the input focus), as
    /// UIKit's `becomeKey()`: the first responder shows its caret again.
    public func becomeKey() {
        guard !isKeyWindow else { return }
        isKeyWindow = true
        (firstResponder as? View)?.keyWindowStateDidChange()
    }

    /// Tells the window it lost the keyboard to another window, as UIKit's `resignKey()`: the first
    /// responder keeps its place but stops showing a caret (so a text field in a window in the background
    /// does not blink, and its window costs no CPU). An open context menu closes, as desktop menus do
    /// when the user turns to another window: coming back, the first click is not spent closing it.
    public func resignKey() {
        guard isKeyWindow else { return }
        isKeyWindow = false
        openContextMenu?.close()
        (firstResponder as? View)?.keyWindowStateDidChange()
    }
}
