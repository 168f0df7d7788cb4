// MARK: - Tooltips

/// What the window knows of tooltips: the interaction under the pointer, the timer that will show its
/// tooltip, the tooltip shown, and whether a click or key put them off until the pointer leaves.
struct ToolTipState {
    /// The enabled tooltip interaction of the view under the pointer (or of its nearest ancestor).
    weak var hovered: ToolTipInteraction?
    /// Shows the hovered view's tooltip once the pointer has rested on it.
    var timer: FrameTimer?
    /// The tooltip on screen.
    var shown: ToolTipView?
    /// The part of the hovered view (in its coordinates) the waiting or shown tooltip is about; the
    /// pointer leaving it, or it moving from under the pointer, asks again.
    var area: Rect?
    /// A click, a key or the wheel hid the tooltip: none shows until the pointer leaves the view.
    var isPutOff = false
    /// When the last tooltip went as the pointer moved on (frame clock time): the next one within
    /// `toolTipBrowseTime` shows at once.
    var hiddenAt: Double?
    /// The pointer buttons held: no tooltip comes while one is.
    var buttonsDown: Set<Int> = []

    var isActive: Bool { shown != nil || timer != nil }
}

extension Window {
    /// How long the pointer rests on a view before its tooltip shows, as GTK's and Qt's 0.5 s.
    static let toolTipDelay = 0.5
    /// A tooltip that went less than this long ago makes the next one show at once, so the user can
    /// skim a row of buttons.
    static let toolTipBrowseTime = 0.5
    /// The room kept between a tooltip and the window's edges, and below the pointer for the cursor.
    static let toolTipMargin = 4.0, toolTipCursorHeight = 20.0

    /// The pointer moved with no button held, over `hit`: a new view's tooltip waits for the pointer to
    /// rest (each move starts the wait again), or, as one just went, shows at once; leaving the part a
    /// shown tooltip is about hides it and asks again.
    func toolTipPointerMoved(to location: Point, over hit: View?) {
        guard toolTips.buttonsDown.isEmpty else { return }
        let interaction = Self.toolTipInteraction(at: hit)
        if interaction !== toolTips.hovered {
            hideToolTip(skimming: true)
            toolTips.hovered = interaction
            toolTips.isPutOff = false
        }
        guard let interaction, let view = interaction.view, !toolTips.isPutOff else { return }
        let inView = view.convert(location, from: self)
        if toolTips.isActive, let area = toolTips.area, area.contains(inView) {
            if toolTips.shown == nil { scheduleToolTip() }
            return
        }
        hideToolTip(skimming: true)
        guard let configuration = askToolTip(of: interaction, at: location) else { return }
        if let hiddenAt = toolTips.hiddenAt, clock.now - hiddenAt < Self.toolTipBrowseTime {
            showToolTip(configuration, of: interaction, at: location)
        } else {
            scheduleToolTip()
        }
    }

    /// A pointer button went down (`down`) or up: tooltips wait while any is held.
    func toolTipButton(_ button: Int, down: Bool) {
        if down { toolTips.buttonsDown.insert(button) } else { toolTips.buttonsDown.remove(button) }
    }

    /// A click, a key or the wheel: the tooltip goes, and none shows until the pointer leaves the view;
    /// the next view's waits for the pointer to rest, as the user was busy, not skimming.
    func putOffToolTips() {
        hideToolTip(skimming: false)
        if toolTips.hovered != nil { toolTips.isPutOff = true }
    }

    /// The pointer left the window.
    func toolTipPointerExited() {
        hideToolTip(skimming: false)
        toolTips.hovered = nil
        toolTips.buttonsDown = []
    }

    /// Once a frame while a tooltip waits or shows: it goes if its view left the window, was covered (a
    /// presentation came over it) or moved from under the pointer, or its interaction was disabled.
    func checkToolTip() {
        guard toolTips.isActive else { return }
        guard let interaction = toolTips.hovered, let view = interaction.view, view.window === self,
              let location = lastPointerLocation,
              Self.toolTipInteraction(at: hitTest(location, with: nil)) === interaction else {
            hideToolTip(skimming: false)
            toolTips.hovered = nil
            return
        }
        if let area = toolTips.area, !area.contains(view.convert(location, from: self)) {
            hideToolTip(skimming: false)
        }
    }

    /// `interaction` was disabled or is leaving its view: its tooltip goes at once.
    func forgetToolTip(of interaction: ToolTipInteraction) {
        guard toolTips.hovered === interaction else { return }
        hideToolTip(skimming: false)
        toolTips.hovered = nil
    }

    /// `interaction`'s text changed: a tooltip it shows says the new text at once (or goes, if it has none).
    func toolTipTextChanged(of interaction: ToolTipInteraction) {
        guard toolTips.hovered === interaction, toolTips.shown != nil, let location = lastPointerLocation else { return }
        hideToolTip(skimming: false)
        guard let configuration = askToolTip(of: interaction, at: location) else { return }
        showToolTip(configuration, of: interaction, at: location)
    }

    /// The shown tooltip goes and a waiting one is called off; `skimming` (the pointer moved on to
    /// another view or part) lets the next one show at once.
    func hideToolTip(skimming: Bool) {
        toolTips.timer?.invalidate()
        toolTips.timer = nil
        toolTips.area = nil
        // Skimming on from a tooltip lets the next show at once; anything else makes it wait again.
        if !skimming { toolTips.hiddenAt = nil } else if toolTips.shown != nil { toolTips.hiddenAt = clock.now }
        guard let shown = toolTips.shown else { return }
        toolTips.shown = nil
        shown.removeFromSuperview()
    }

    /// `interaction`'s tooltip for the pointer at `location` (window coordinates), noting the part of its
    /// view it is about; nil when there is none there.
    private func askToolTip(of interaction: ToolTipInteraction, at location: Point) -> ToolTipConfiguration? {
        guard let view = interaction.view,
              let configuration = interaction.configuration(at: view.convert(location, from: self)) else { return nil }
        toolTips.area = configuration.sourceRect ?? view.bounds
        return configuration
    }

    /// Starts, or starts again, the wait before the hovered view's tooltip shows.
    private func scheduleToolTip() {
        toolTips.timer?.invalidate()
        toolTips.timer = scheduleTimer(after: Self.toolTipDelay) { [weak self] _ in self?.toolTipTimerFired() }
    }

    private func toolTipTimerFired() {
        toolTips.timer = nil
        guard let interaction = toolTips.hovered, !toolTips.isPutOff, toolTips.buttonsDown.isEmpty,
              let location = lastPointerLocation, let view = interaction.view, view.window === self,
              Self.toolTipInteraction(at: hitTest(location, with: nil)) === interaction,
              let configuration = askToolTip(of: interaction, at: location) else { return }
        showToolTip(configuration, of: interaction, at: location)
    }

    /// Shows `configuration` centred under the pointer (above it when there is more room there), inside
    /// the window, over everything in it. Added before it is measured, so it measures with the window's
    /// fonts.
    private func showToolTip(_ configuration: ToolTipConfiguration, of interaction: ToolTipInteraction, at location: Point) {
        let margin = Self.toolTipMargin
        let tip = ToolTipView(text: configuration.toolTip, interaction: interaction)
        toolTips.shown = tip
        addSubview(tip)
        let size = tip.sizeThatFits(Size(width: max(bounds.width - 2 * margin, 1), height: bounds.height))
        let below = location.y + Self.toolTipCursorHeight
        let roomBelow = bounds.height - margin - below, roomAbove = location.y - 2 * margin
        var origin = Point(x: (location.x - size.width / 2).rounded(),
                           y: size.height <= roomBelow || roomBelow >= roomAbove ? below : location.y - margin - size.height)
        origin.x = max(margin, min(origin.x, bounds.width - margin - size.width))
        origin.y = max(margin, min(origin.y, bounds.height - margin - size.height))
        tip.frame = Rect(origin: origin, size: size)
    }

    /// The enabled tooltip interaction of `view` or of its nearest ancestor that has one.
    static func toolTipInteraction(at view: View?) -> ToolTipInteraction? {
        var current = view
        while let candidate = current {
            if let interaction = candidate.activeToolTipInteraction { return interaction }
            current = candidate.superview
        }
        return nil
    }
}
