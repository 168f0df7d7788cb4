/// A single line of editable text in a rounded box, as UIKit's `UITextField` (or a GTK entry): click or Tab
/// into it and type. Positions in the text (`selectedRange`, the delegate's ranges) are offsets in
/// characters, that is grapheme clusters, so "é" or "👍🏽" is one step of the caret whatever its encoding.
///
/// The field edits with the desktop's keys (arrows, Home/End, Shift to select, Ctrl+A/C/X/V, Backspace and
/// Delete, Ctrl with them by words), follows the X selection conventions (a selection becomes the primary
/// selection; a middle click pastes it), blinks its caret on the window's frame timers and scrolls long
/// text sideways to keep the caret in view.
@MainActor open class TextField: Control {
    // MARK: - Content

    /// The text being edited. Newlines and other control characters set here become spaces, as the field
    /// holds one line. Setting it puts the caret at the end and asks the delegate nothing, as in UIKit.
    public var text: String {
        get { storage }
        set {
            let clean = Self.singleLine(newValue)
            // By scalars: "é" replaces "e" + a combining accent (equal Strings); the same text moves the caret.
            if !clean.unicodeScalars.elementsEqual(storage.unicodeScalars) { storage = clean; textDidChange(); history = TextFieldHistory() }
            setSelection(anchor: storage.count, head: storage.count)
        }
    }
    /// Shown greyed while `text` is empty, as a hint of what to type.
    public var placeholder: String = "" {
        didSet { if placeholder != oldValue { placeholderLayout = nil; setNeedsDisplay() } }
    }
    /// The font of the text and the placeholder; the 17-pixel system font by default, as a label's.
    public var font: Font = .systemFont(ofSize: 17) {
        didSet { if font != oldValue { textDidChange(); placeholderLayout = nil; invalidateIntrinsicContentSize() } }
    }
    /// Colour of the text; black by default.
    public var textColor: Color = .label { didSet { if textColor != oldValue { setNeedsDisplay() } } }
    /// Colour of the caret; the selection is a light tint of it. System blue by default, as iOS's tint.
    public var tintColor: Color = .systemBlue { didSet { if tintColor != oldValue { setNeedsDisplay() } } }
    /// Told before and after edits, selection changes, Return and the start and end of editing.
    public weak var delegate: TextFieldDelegate?

    /// The selected characters as offsets into `text`; an empty range is the caret. Setting it clamps to
    /// the text and scrolls the caret (the range's upper end) into view.
    public var selectedRange: Range<Int> {
        get { min(anchor, head)..<max(anchor, head) }
        set { setSelection(anchor: newValue.lowerBound, head: newValue.upperBound) }
    }
    /// The selected text; empty when the selection is just the caret.
    public var selectedText: String {
        let range = selectedRange
        guard !range.isEmpty else { return "" }
        return String(storage[index(at: range.lowerBound)..<index(at: range.upperBound)])
    }

    /// True while the field is first responder: it shows its caret and takes typing. A context menu
    /// opened over it (its own Cut/Copy/Paste menu) takes the keys without ending the editing, as Qt's and
    /// GTK's popups do: the selection stays shown for the menu to act on, the caret hides, and the
    /// delegate hears no end and new beginning.
    public private(set) var isEditing = false
    /// Whether gaining focus other than by a click (Tab, or `becomeFirstResponder()` in code) selects all
    /// the text, as GTK entries do, so typing replaces it; false puts the caret at the end, as UIKit does.
    public var selectsAllOnFocus = true
    /// Whether a right click (or the Menu key) on the field shows its menu of Undo, Redo, Cut, Copy,
    /// Paste, Delete and Select All; false leaves it to the views around the field. True by default.
    public var showsEditMenu = true
    /// Whether the field takes a password, as UIKit's `isSecureTextEntry`: it shows a bullet for each
    /// character and keeps the text to itself (no copy, cut, primary selection or undo history; the
    /// whole text is one word; screen readers hear bullets). Typing, deleting and pasting work as usual.
    /// Its keys go through the input method as any field's do: XIM has no way to tell it a password is
    /// typed. The built-in one (Compose, dead keys) shows nothing of what it composes; a server (IBus,
    /// fcitx) shows its uncomposed text in its own window, as it does for any X client's password.
    public var isSecureTextEntry = false {
        didSet {
            guard isSecureTextEntry != oldValue else { return }
            history = TextFieldHistory()
            if isSecureTextEntry { withdrawPrimarySelection() }
            textDidChange()
        }
    }
    /// Whether the blinking caret is showing at this instant (false when not editing or when text is
    /// selected); for tests and accessibility tools.
    public internal(set) var isCaretVisible = false
    /// How far the text is scrolled left, in points, so that the caret of a text longer than the field
    /// stays in view.
    public var scrollOffset: Double { scroll }

    // MARK: - State shared with the TextField+… files

    /// The text itself, already a single line.
    var storage = ""
    /// The end of the selection that stays put when it is extended (Shift+arrows, a drag).
    var anchor = 0
    /// The end of the selection that moves: where the caret is.
    var head = 0
    /// Backing store of `scrollOffset`.
    var scroll = 0.0
    /// The repeating timer that blinks the caret while editing with nothing selected.
    var blinkTimer: FrameTimer?
    /// A drag selecting text, from the touch that began it to the one that ends it.
    var tracking: SelectionTracking?
    /// Set while a click places the caret as it focuses the field, or while focus comes back to it after a
    /// presentation: the focus does not select all (and claim the primary selection) on the way.
    var focusKeepsSelection = false
    /// What Ctrl+Z and Ctrl+Shift+Z step through (see TextField+Undo.swift).
    var history = TextFieldHistory()

    /// What was measured with `measuredWith`, kept until the text, the font or the measurer changes (see
    /// TextField+Measuring.swift): the widths of the text's prefixes by length, and the layouts drawn.
    var prefixWidths: [Int: Double] = [:]
    var textLayout: TextLayout?
    var placeholderLayout: TextLayout?
    var measuredWith: ObjectIdentifier?

    // MARK: - Metrics

    /// Space between the border and the text on the left and right.
    static let horizontalInset = 8.0
    /// Width of the caret.
    static let caretWidth = 2.0
    /// The caret shows and hides for this long each, as GTK's and iOS's 1-second blink cycle.
    static let blinkInterval = 0.5

    // MARK: - Creating

    /// A field showing `text`, with `placeholder` as the hint while it is empty, placed at `frame`.
    public init(text: String = "", placeholder: String = "", frame: Rect = .zero) {
        super.init(frame: frame, cursor: .text)
        self.storage = Self.singleLine(text)
        self.anchor = storage.count
        self.head = storage.count
        self.placeholder = placeholder
        cornerRadius = 6
        borderWidth = 1
        borderColor = .systemGray3
        updateAppearance()
        addInteraction(ContextMenuInteraction { [weak self] _ in self?.editMenu() })
    }

    open override var isEnabled: Bool {
        didSet {
            updateAppearance()
            if !isEnabled { endEditingHeldUnderMenu() }
        }
    }

    /// A field that takes typing shows its ring however it got focus, a click included, as browsers and
    /// GTK show a focused entry.
    open override var alwaysShowsFocusRing: Bool { true }

    private func updateAppearance() {
        backgroundColor = isEnabled ? Color(light: .white, dark: Color(hex: 0x1C1C1E))
            : Color(light: Color(white: 0.96), dark: Color(hex: 0x2C2C2E))
    }

    // MARK: - Geometry

    /// The area the text is drawn and clipped in, for `bounds`: the bounds less the 8-point side insets.
    open func textRect(forBounds bounds: Rect) -> Rect {
        bounds.insetBy(dx: Self.horizontalInset, dy: 0)
    }

    /// Its one line's baseline, centred in a field `size` tall as the text is drawn (placeholder or not).
    override func baselineOffset(_ baseline: Baseline, in size: Size) -> Double {
        guard view(for: baseline) === self else { return super.baselineOffset(baseline, in: size) }
        return ((size.height - lineHeight) / 2).rounded() + measurer.lineMetrics(for: font).ascent.rounded()
    }

    /// Drops what was measured for the old text or font and redraws.
    func textDidChange() {
        prefixWidths = [:]
        textLayout = nil
        updateScroll()
        setNeedsDisplay()
    }

    open override func layoutSubviews() {
        updateScroll()
    }

    /// As tall as `sizeThatFits` says, and as wide as its container makes it: a field in a form's stack
    /// keeps its height and takes the row's width.
    open override var intrinsicContentSize: Size { Size(width: View.noIntrinsicMetric, height: fittingHeight) }

    /// Wide enough for the text or the placeholder, whichever is longer, plus the insets; 36 points tall
    /// for the default font, as GTK's and iOS's fields are about.
    open override func sizeThatFits(_ size: Size) -> Size {
        let content = max(xOffset(of: storage.count), measurer.width(of: placeholder, font: font))
        let width = (content + 2 * Self.horizontalInset + Self.caretWidth).rounded(.up)
        return Size(width: min(width, size.width), height: fittingHeight)
    }

    // MARK: - Drawing

    open override func draw(in context: inout DrawingContext) {
        let area = textRect(forBounds: bounds)
        let top = textTop, originX = textOriginX, height = lineHeight
        let range = selectedRange
        context.clipped(to: area) { context in
            if isEditing, !range.isEmpty {
                let x0 = boundaryX(range.lowerBound), x1 = boundaryX(range.upperBound)
                context.fill(Rect(x: x0, y: top, width: x1 - x0, height: height), color: tintColor.withAlphaComponent(0.25))
            }
            if storage.isEmpty {
                if !placeholder.isEmpty {
                    context.draw(measuredPlaceholderLayout, at: Point(x: area.minX, y: top), color: .fadedLabel(isEnabled ? 0.35 : 0.2))
                }
            } else {
                context.draw(measuredTextLayout, at: Point(x: originX, y: top), color: isEnabled ? textColor : textColor.withAlphaComponent(0.45))
            }
            if isEditing, range.isEmpty, isCaretVisible {
                context.fill(caretRect(forOffset: head), color: tintColor)
            }
        }
    }

    // MARK: - Focus and editing

    /// Set when `becomeFirstResponder()` was called before the field was in a window.
    private var becomesFirstResponderInWindow = false

    /// Makes the field take the keys and starts editing. A field not in a window yet (a controller's
    /// `viewWillAppear`, before its presentation adds the view) returns false and becomes first responder as
    /// soon as it is in one, as UIKit's text fields do, so an alert's field can have the keyboard as the
    /// alert appears.
    @discardableResult
    open override func becomeFirstResponder() -> Bool {
        if isFirstResponder { return true }
        guard canBecomeFirstResponder else { return false }
        guard window != nil else {
            becomesFirstResponderInWindow = true
            return false
        }
        becomesFirstResponderInWindow = false
        // Still editing under a context menu: taking the keys back begins nothing to ask about.
        if window?.fieldEditingUnderMenu !== self, delegate?.textFieldShouldBeginEditing(self) == false { return false }
        return super.becomeFirstResponder()
    }

    /// Focus given back after a presentation keeps the selection (see `focusKeepingSelection()`). A field
    /// editing under a context menu that cannot take the keys back (disabled or hidden meanwhile) ends
    /// its editing.
    override func regainFirstResponder() -> Bool {
        let regained = focusKeepingSelection()
        if !regained { endEditingHeldUnderMenu() }
        return regained
    }

    /// Asks the delegate first, unless the field is disabled (a disabled field must let go). A field
    /// editing under a context menu ends its editing, if the delegate lets it.
    @discardableResult
    open override func resignFirstResponder() -> Bool {
        if isEditing, isEnabled, delegate?.textFieldShouldEndEditing(self) == false { return false }
        endEditingHeldUnderMenu()
        return super.resignFirstResponder()
    }

    /// Every change of the window's first responder comes here, including the ones the window makes
    /// without asking (the field leaving the window, a presentation taking focus), so editing begins and
    /// ends here rather than in `becomeFirstResponder`/`resignFirstResponder`.
    override func focusDidChange() {
        super.focusDidChange()
        if isFirstResponder {
            if window?.fieldEditingUnderMenu === self { window?.fieldEditingUnderMenu = nil; restartBlink() }
            if !isEditing { beginEditing() }
        } else if isEditing {
            // The keys went to a context menu: editing goes on under it, until focus goes elsewhere.
            if let window, window.firstResponder is ContextMenuView {
                window.fieldEditingUnderMenu = self
                stopBlink()
            } else if window?.fieldEditingUnderMenu === self {
                endEditingHeldUnderMenu()
            } else {
                endEditing()
            }
        }
    }

    private func beginEditing() {
        isEditing = true
        if !focusKeepsSelection {
            if selectsAllOnFocus, !storage.isEmpty {
                setSelection(anchor: 0, head: storage.count)
            } else {
                setSelection(anchor: storage.count, head: storage.count)
            }
        }
        restartBlink()
        setNeedsDisplay()
        delegate?.textFieldDidBeginEditing(self)
        sendActions(for: .editingDidBegin)
    }

    func endEditing() {
        isEditing = false
        tracking = nil
        stopBlink()
        updateScroll()
        setNeedsDisplay()
        delegate?.textFieldDidEndEditing(self)
        sendActions(for: .editingDidEnd)
    }

    open override func willMove(toWindow newWindow: Window?) {
        if newWindow == nil { becomesFirstResponderInWindow = false }
        // Editing under a context menu ends with the field leaving the menu's window.
        if newWindow !== window { endEditingHeldUnderMenu() }
        // The window's timer would otherwise keep a frame clock waking for a field no longer in it.
        if newWindow !== window { stopBlink() }
    }

    open override func didMoveToWindow() {
        // Its height is a line of the window's fonts, which another display measures otherwise.
        if window != nil { invalidateIntrinsicContentSize() }
        if isEditing { restartBlink() }
        if window != nil, becomesFirstResponderInWindow { becomeFirstResponder() }
    }

    // MARK: - Caret blink

    /// The window lost or regained the keyboard: the caret goes, or comes back blinking.
    open override func keyWindowStateDidChange() {
        restartBlink()
    }

    // MARK: - Events

    /// Typing and editing keys edit; Return goes to the delegate and no further (it sends no primary
    /// action, as Return in a UIKit field does not). Keys the field has no use for (Tab, Ctrl+S, ...) travel
    /// up the responder chain.
    open override func pressesBegan(_ presses: Set<Press>, with event: Event?) {
        var unhandled: Set<Press> = []
        for press in presses where !(isEnabled && isEditing && handleKey(press)) {
            unhandled.insert(press)
        }
        guard !unhandled.isEmpty else { return }
        // Control's own handling would send actions on Return and space; the field handled those already.
        if let next { next.pressesBegan(unhandled, with: event) }
    }

    /// An editing field's keys are its own: a key command takes them only with priority over them.
    override func usesKeyItself(_ press: Press) -> Bool {
        isEnabled && isEditing && edit(for: press) != nil
    }

    open override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
        guard let touch = touches.first else { return }
        touchBegan(touch, extending: event?.modifierFlags.contains(.shift) == true)
    }

    open override func touchesMoved(_ touches: Set<Touch>, with event: Event?) {
        guard let touch = touches.first else { return }
        touchMoved(touch)
    }

    open override func touchesEnded(_ touches: Set<Touch>, with event: Event?) {
        guard let touch = touches.first else { return }
        touchMoved(touch)
        finishTracking()
    }

    open override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) {
        finishTracking()
    }

    /// Neither taps nor drags of the field's ancestors may begin on it: the drag selects text rather
    /// than moving a sheet, the click places the caret rather than tapping a background.
    open override func gestureRecognizerShouldBegin(_ recognizer: GestureRecognizer) -> Bool {
        recognizer.view === self || !(recognizer is TapGestureRecognizer || recognizer is PanGestureRecognizer)
    }

    // MARK: - Accessibility
    /// The placeholder, unless set, as UIKit's field says it.
    open override var accessibilityLabel: String? {
        get { accessibility.label ?? (placeholder.isEmpty ? nil : placeholder) }
        set { super.accessibilityLabel = newValue }
    }
    /// The text as shown (bullets for a password), unless set.
    open override var accessibilityValue: String? { get { accessibility.value ?? shownText } set { super.accessibilityValue = newValue } }
    /// Activated, the field takes keyboard focus.
    open override func accessibilityActivate() -> Bool { isEnabled && becomeFirstResponder() }
}

extension DrawingContext {
    /// Runs `body` with its drawing clipped to `rect` (bounds coordinates). The context offers no public
    /// clip; the field's scrolled text must not spill over its border and insets.
    fileprivate mutating func clipped(to rect: Rect, _ body: (inout DrawingContext) -> Void) {
        list.append(.pushClip(rect: rect.offsetBy(dx: offset.x, dy: offset.y), cornerRadius: 0))
        body(&self)
        list.append(.popClip)
    }
}
