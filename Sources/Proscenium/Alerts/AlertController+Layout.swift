// MARK: - Content and layout

extension AlertController {
    /// An alert's width, as UIKit's.
    static let alertWidth = AlertPresentationController.width
    /// An action sheet's width in a popover.
    static let popoverWidth = 300.0
    /// An alert's button height, and an action sheet's row height.
    static let alertButtonHeight = 44.0
    static let sheetRowHeight = 56.0
    static let separatorColor = Color.opaqueSeparator
    static let destructiveColor = Color.systemRed
    static let secondaryTextColor = Color(light: Color(hex: 0x3C3C43), dark: Color(hex: 0xEBEBF5))

    /// Whether the action sheet is in its popover, where Cancel has no button (a click outside cancels).
    var hidesCancelButton: Bool {
        preferredStyle == .actionSheet && presentationController?.presentationStyle == .popover
    }

    func configureLabels() {
        let isAlert = preferredStyle == .alert
        titleLabel.text = title ?? ""
        titleLabel.font = .systemFont(ofSize: isAlert ? 17 : 13, weight: .semibold)
        titleLabel.textColor = isAlert ? .label : Self.secondaryTextColor
        messageLabel.text = message ?? ""
        messageLabel.font = .systemFont(ofSize: 13)
        messageLabel.textColor = Self.secondaryTextColor
        for label in [titleLabel, messageLabel] {
            label.numberOfLines = 0
            label.textAlignment = .center
        }
    }

    func addButton(for action: AlertAction) {
        let button = Button(title: action.title) { [weak self, weak action] _ in
            if let self, let action { self.pick(action) }
        }
        button.identifier = action.title.lowercased().split(separator: " ").joined(separator: "-")
        button.tintColor = .elevatedBackground
        button.highlightedColor = .systemGray5
        button.cornerRadius = 0
        button.isEnabled = action.isEnabled
        action.enabledDidChange = { [weak button] enabled in button?.isEnabled = enabled }
        buttons.append((action, button))
        if isViewLoaded { contentView.addSubview(button) }
    }

    /// Blue titles, red for destructive actions; the preferred action semibold, else Cancel. The default
    /// action's button (what Return picks while it is enabled) is the default button to screen readers.
    func updateButtonLooks() {
        let bold = preferredAction ?? cancelAction
        let defaultAction = defaultAction
        for (action, button) in buttons {
            button.accessibility.isDefaultButton = action === defaultAction
            button.titleColor = action.style == .destructive ? Self.destructiveColor : .systemBlue
            let size = preferredStyle == .alert ? 17.0 : 20.0
            button.titleLabel.font = .systemFont(ofSize: size, weight: action === bold ? .semibold : .regular)
        }
    }

    /// Lays the content out again and recomputes the size the alert asks its presentation for.
    func contentDidChange() {
        configureLabels()
        updateButtonLooks()
        viewIfLoaded?.setNeedsLayout()
        updatePreferredContentSize()
    }

    /// Sets `preferredContentSize` for the style the alert is shown in (`style`, else its current one) in a
    /// container `containerWidth` wide: an alert is 270 wide, a popover 300, a bottom sheet the container's
    /// width; the height is what the content needs at that width.
    func updatePreferredContentSize(for style: ModalPresentationStyle? = nil, containerWidth: Double? = nil) {
        let hostStyle = style ?? presentationController?.presentationStyle ?? modalPresentationStyle
        let width: Double
        switch hostStyle {
        case .alert: width = Self.alertWidth
        case .popover: width = Self.popoverWidth
        default: width = containerWidth ?? presentationController?.containerView?.bounds.width ?? Self.popoverWidth
        }
        let hidesCancel = preferredStyle == .actionSheet && hostStyle == .popover
        preferredContentSize = Size(width: width, height: layOut(width: width, hidesCancel: hidesCancel, apply: false))
    }

    /// Places the content for `width` and, in a bottom sheet, asks for a new height when wrapping changed it.
    func layOutContent(in width: Double) {
        let height = layOut(width: width, hidesCancel: hidesCancelButton, apply: true)
        contentView.frame = view.bounds
        contentView.contentSize = Size(width: width, height: height)
        if preferredStyle == .actionSheet, presentationController?.presentationStyle == .bottomSheet,
           preferredContentSize.height != height {
            preferredContentSize = Size(width: width, height: height)
        }
    }

    /// The buttons in the order they are shown: the actions as added with Cancel moved last, except side by
    /// side in an alert, where Cancel is on the left.
    private func orderedButtons(sideBySide: Bool) -> [(action: AlertAction, button: Button)] {
        let cancel = buttons.filter { $0.action.style == .cancel }
        let others = buttons.filter { $0.action.style != .cancel }
        return sideBySide ? cancel + others : others + cancel
    }

    /// Whether an alert shows its two buttons side by side: both titles fit in half the width.
    private func showsSideBySide(width: Double) -> Bool {
        guard preferredStyle == .alert, actions.count == 2 else { return false }
        let half = width / 2 - 16
        return actions.allSatisfy { action in
            TextLayout.make(action.title, font: .systemFont(ofSize: 17, weight: .semibold), width: .infinity,
                            alignment: .left, wrap: false, numberOfLines: 1, measurer: titleLabel.textMeasurer).size.width <= half
        }
    }

    /// Computes (and with `apply`, sets) every subview's frame for `width`, top to bottom; returns the height.
    @discardableResult
    private func layOut(width: Double, hidesCancel: Bool, apply: Bool) -> Double {
        let isAlert = preferredStyle == .alert
        let inset = 16.0
        let textWidth = max(0, width - 2 * inset)
        var y = 0.0
        let texts = [titleLabel, messageLabel].filter { !$0.text.isEmpty }
        if !texts.isEmpty || !textFields.isEmpty {
            y = isAlert ? 20 : 14
            for (index, label) in texts.enumerated() {
                if index > 0 { y += isAlert ? 4 : 2 }
                let height = label.sizeThatFits(Size(width: textWidth, height: .infinity)).height.rounded(.up)
                if apply { label.frame = Rect(x: inset, y: y, width: textWidth, height: height) }
                y += height
            }
            for (index, field) in textFields.enumerated() {
                y += index == 0 && !texts.isEmpty ? 16 : 8
                if apply { field.frame = Rect(x: inset, y: y, width: textWidth, height: 30) }
                y += 30
            }
            y += isAlert ? 20 : 14
        }
        if apply {
            for label in [titleLabel, messageLabel] where label.text.isEmpty { label.frame = .zero }
            usedSeparators = 0
            cancelGap.isHidden = true
        }
        let sideBySide = showsSideBySide(width: width)
        let rowHeight = isAlert ? Self.alertButtonHeight : Self.sheetRowHeight
        var shown = orderedButtons(sideBySide: sideBySide)
        if hidesCancel {
            if apply { for entry in shown where entry.action.style == .cancel { entry.button.isHidden = true } }
            shown.removeAll { $0.action.style == .cancel }
        }
        if apply { orderFocusable(shown) }
        if sideBySide {
            if apply {
                addSeparator(Rect(x: 0, y: y, width: width, height: 1))
                let half = (width / 2).rounded(.down)
                shown[0].button.frame = Rect(x: 0, y: y + 1, width: half, height: rowHeight)
                addSeparator(Rect(x: half, y: y + 1, width: 1, height: rowHeight))
                shown[1].button.frame = Rect(x: half + 1, y: y + 1, width: width - half - 1, height: rowHeight)
                for entry in shown { entry.button.isHidden = false }
            }
            hideUnusedSeparators(apply: apply)
            return y + 1 + rowHeight
        }
        for (index, entry) in shown.enumerated() {
            if entry.action.style == .cancel, !isAlert, index > 0 {
                if apply {
                    cancelGap.isHidden = false
                    cancelGap.frame = Rect(x: 0, y: y, width: width, height: 8)
                }
                y += 8
            } else if index > 0 || y > 0 {
                if apply { addSeparator(Rect(x: 0, y: y, width: width, height: 1)) }
                y += 1
            }
            if apply {
                entry.button.isHidden = false
                entry.button.frame = Rect(x: 0, y: y, width: width, height: rowHeight)
            }
            y += rowHeight
        }
        hideUnusedSeparators(apply: apply)
        return y
    }

    /// Puts the text fields, then the buttons as shown, last among the subviews in that order: Tab follows
    /// the view tree, and buttons are added in the order of their actions, which layout rearranges (Cancel
    /// last, or first side by side) and text fields added later would follow.
    private func orderFocusable(_ shown: [(action: AlertAction, button: Button)]) {
        let order: [View] = textFields + shown.map(\.button)
        let current = contentView.subviews.filter { subview in order.contains { $0 === subview } }
        guard !current.elementsEqual(order, by: ===) else { return }
        for subview in order { contentView.bringSubviewToFront(subview) }
    }

    /// Shows the next hairline at `frame`, reusing those of the last layout (a live resize lays out every frame).
    private func addSeparator(_ frame: Rect) {
        if usedSeparators == separators.count {
            let separator = View()
            separator.backgroundColor = Self.separatorColor
            contentView.addSubview(separator)
            separators.append(separator)
        }
        separators[usedSeparators].isHidden = false
        separators[usedSeparators].frame = frame
        usedSeparators += 1
    }

    private func hideUnusedSeparators(apply: Bool) {
        guard apply else { return }
        for separator in separators[usedSeparators...] { separator.isHidden = true }
    }
}
