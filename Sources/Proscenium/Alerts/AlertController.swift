/// Asks the user a question or offers a choice of actions, as UIKit's `UIAlertController`: a title, a
/// message, buttons made from `AlertAction`s and, for `.alert`, text fields.
///
/// An `.alert` is a card centred over dimmed content. An `.actionSheet` adapts to the window: a popover
/// pointing at `popoverPresentationController?.sourceView` in a regular-width window (no Cancel button there:
/// a click outside cancels), a bottom sheet with the Cancel button last in a compact one or when it has no
/// source view, and it moves from one to the other while the window is resized.
///
/// Return picks `preferredAction` (else the only `.default` action), Escape the `.cancel` action, and Tab
/// moves between the fields and buttons. The picked action's handler runs once the alert has been
/// dismissed, and only one action is ever picked. Each button's `identifier` is its action's title in
/// lowercase with hyphens for spaces ("Save As" is `save-as`).
@MainActor open class AlertController: ViewController {
    /// How an alert controller is shown.
    public enum Style: Sendable {
        /// Choices tied to what the user just clicked: a popover, or a bottom sheet in a narrow window.
        case actionSheet
        /// A question that needs an answer: a card in the middle of the window over dimmed content.
        case alert
    }

    /// How the controller is shown; fixed when it is made.
    public let preferredStyle: Style
    /// The text under the title that explains it.
    public var message: String? { didSet { contentDidChange() } }
    open override var title: String? { didSet { contentDidChange() } }
    /// The actions, in the order they were added (the buttons list Cancel last).
    public private(set) var actions: [AlertAction] = []
    /// The action Return picks, drawn semibold; it must be one of `actions`.
    public var preferredAction: AlertAction? {
        didSet {
            if let preferredAction, !actions.contains(where: { $0 === preferredAction }) {
                Warnings.warn("preferredAction \"\(preferredAction.title)\" is not one of the alert's actions; ignored")
                self.preferredAction = oldValue
            }
            updateButtonLooks()
        }
    }
    /// The alert's text fields, in the order they were added.
    public private(set) var textFields: [TextField] = []

    /// The action picked, once one has been; no other can be picked after it.
    private(set) var pickedAction: AlertAction?
    let titleLabel = Label()
    let messageLabel = Label()
    var buttons: [(action: AlertAction, button: Button)] = []
    var separators: [View] = []
    /// How many of `separators` the layout running now has placed.
    var usedSeparators = 0
    /// The band between the actions and Cancel in a bottom sheet.
    let cancelGap = View()
    /// Holds everything the alert shows: content taller than the window (many actions, a long message)
    /// scrolls, so every button stays in reach, as in UIKit.
    let contentView = ScrollView()
    /// Decides the action sheet's style per container size and tells the alert when it is dismissed from
    /// outside (a click past a popover, a sheet dragged away), which counts as Cancel.
    let adapter = AlertPresentationAdapter()

    /// Makes an alert asking `title`, explained by `message` (either may be nil), shown as `preferredStyle`
    /// says; add its actions before presenting it.
    public init(title: String?, message: String?, preferredStyle: Style) {
        self.preferredStyle = preferredStyle
        self.message = message
        super.init()
        self.title = title
        adapter.alert = self
        modalPresentationStyle = preferredStyle == .alert ? .alert : .popover
        presentationController?.delegate = adapter
        updatePreferredContentSize()
    }

    /// Adds `action` as a button (one `.cancel` action at most, as in UIKit).
    public func addAction(_ action: AlertAction) {
        if action.style == .cancel, actions.contains(where: { $0.style == .cancel }) {
            Warnings.warn("an alert can have one cancel action; \"\(action.title)\" is not added")
            return
        }
        guard !actions.contains(where: { $0 === action }) else { return }
        actions.append(action)
        addButton(for: action)
        contentDidChange()
    }

    /// Adds a text field under the message and lets `configurationHandler` set it up (placeholder, text,
    /// identifier). Only alerts have text fields; an action sheet refuses with a warning.
    public func addTextField(configurationHandler: (@MainActor (TextField) -> Void)? = nil) {
        guard preferredStyle == .alert else {
            Warnings.warn("text fields can only be added to an alert, not to an action sheet")
            return
        }
        let field = TextField()
        field.font = .systemFont(ofSize: 15)
        // An action, not the delegate: the configuration handler may give the field a delegate of its own
        // (to limit what is typed), and Return still picks the preferred action unless that one vetoes it.
        field.addAction(identifier: Self.returnActionIdentifier, for: .editingDidEndOnExit) { [weak self] _ in
            guard let self, let action = self.returnAction else { return }
            self.trigger(action)
        }
        configurationHandler?(field)
        textFields.append(field)
        if isViewLoaded { contentView.addSubview(field) }
        contentDidChange()
    }

    // MARK: - View

    open override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .elevatedBackground
        view.identifier = "alert"
        configureLabels()
        contentView.identifier = "alert-content"
        view.addSubview(contentView)
        for label in [titleLabel, messageLabel] { contentView.addSubview(label) }
        for field in textFields { contentView.addSubview(field) }
        cancelGap.backgroundColor = .systemGray5
        contentView.addSubview(cancelGap)
        for (_, button) in buttons { contentView.addSubview(button) }
    }

    open override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        layOutContent(in: view.bounds.width)
    }

    /// The first text field takes the keyboard as the alert appears, so the user can type at once. An
    /// alert without one gives it to its default button — the one Return picks — or, with no default
    /// action at all, to Cancel's (unless a popover hides it), as GTK's and libadwaita's dialogs do: Tab
    /// starts there, Return and Space press it, and a screen reader announces the alert and that button as
    /// it appears. A default action that is disabled leaves the keyboard with the alert, so Return still
    /// picks nothing. The ring shows only when the keyboard was in use.
    open override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        // Presented again (kept by the app, or brought back while it left): it answers anew. Not when a
        // dismissal dragged part way is let go short: what was picked meanwhile stays picked.
        if isBeingPresented { pickedAction = nil }
        if let field = textFields.first {
            field.becomeFirstResponder()
        } else if let action = defaultAction ?? (hidesCancelButton ? nil : cancelAction), action.isEnabled {
            _ = buttons.first { $0.action === action }?.button.becomeFirstResponder()
        }
    }

    // MARK: - Picking an action

    /// Return picks the preferred action (or, with the keyboard on a button, that button: see
    /// `viewWillAppear(_:)`) and Escape the cancel action; an alert with no cancel action
    /// ignores Escape (an action sheet without one is simply dismissed, as a click outside would). They
    /// are the alert's key commands, as UIKit's alert controller has them, so they come before any
    /// shortcut of the controllers under the alert.
    open override var keyCommands: [KeyCommand]? {
        [KeyCommand(title: "Return", input: .return, repeatBehavior: .nonRepeatable) { [weak self] _ in
             guard let self, let action = returnAction else { return }
             trigger(action)
         },
         KeyCommand(title: "Escape", input: .escape, repeatBehavior: .nonRepeatable) { [weak self] _ in self?.escape() }]
    }

    /// The identifier of each text field's action for Return (`.editingDidEndOnExit`), which picks the
    /// preferred action as Return anywhere in the alert does.
    nonisolated public static let returnActionIdentifier = "alert-return"

    /// What Return picks: the default action, unless it is disabled.
    var returnAction: AlertAction? { defaultAction?.isEnabled == true ? defaultAction : nil }

    /// The preferred action, else the only `.default` action.
    var defaultAction: AlertAction? {
        let defaults = actions.filter { $0.style == .default }
        return preferredAction ?? (defaults.count == 1 ? defaults[0] : nil)
    }

    var cancelAction: AlertAction? { actions.first { $0.style == .cancel } }

    /// The popover an action sheet was set up with (its source view), even while a bottom sheet hosts it.
    var sourcePopover: PopoverPresentationController? {
        (presentation?.originalPresentationController as? PopoverPresentationController) ?? popoverPresentationController
    }

    private func escape() {
        if let cancel = cancelAction {
            if cancel.isEnabled { trigger(cancel) }
        } else if preferredStyle == .actionSheet {
            presentationController?.dismissAsUserRequested()
        }
    }

    /// Picks `action` by its button, as a click would: the window's control-action observer sees the same
    /// tap whichever way the user answered.
    private func trigger(_ action: AlertAction) {
        guard let button = buttons.first(where: { $0.action === action })?.button else { return pick(action) }
        button.sendTapActions()
    }

    /// Picks `action`: the alert is dismissed and the handler runs once it has gone. Later picks (a second
    /// click during the dismissal, Return held) do nothing.
    func pick(_ action: AlertAction) {
        guard action.isEnabled, pickedAction == nil else { return }
        pickedAction = action
        if presentation == nil || isBeingDismissed {
            action.handler?(action)
        } else {
            dismiss(animated: true) { action.handler?(action) }
        }
    }

    /// The alert left without a pick (a click past the popover, the sheet dragged down): that is Cancel.
    func dismissedFromOutside() {
        guard pickedAction == nil, let cancel = cancelAction else { return }
        pickedAction = cancel
        cancel.handler?(cancel)
    }
}
