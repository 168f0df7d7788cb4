/// A keyboard shortcut a responder offers, as UIKit's `UIKeyCommand`: a key with its modifiers, a title,
/// and what it does. Return commands from `Responder.keyCommands`; the window runs the first one that
/// matches a key press, searching the responder chain from the first responder, before the press itself
/// is delivered. Put in a `Menu`, a command is also a row that shows its keys at its right end.
@MainActor public final class KeyCommand: MenuElement {
    /// Whether holding the key down runs the command again with each repeat, as UIKit's
    /// `UIMenuElement.RepeatBehavior`.
    public enum RepeatBehavior: Sendable, Hashable {
        /// Each repeat of a held key runs the command again (a held Ctrl+Z undoes on), as desktop
        /// shortcuts do.
        case repeatable
        /// Only the first press runs it; repeats go nowhere (not to the responders either).
        case nonRepeatable
    }

    /// The key, without modifiers: `.character("n")`, `.function(5)`, `.escape`, `.left` (`.character(" ")`
    /// is `.space`). Letters match in either case (Shift is a modifier, as in `modifierFlags`).
    public let input: Key
    /// The modifiers that must be held, no more and no fewer. A character that needs Shift to type ("+",
    /// "?" on many layouts) matches with or without Shift held, unless `modifierFlags` asks for Shift.
    public let modifierFlags: KeyModifiers
    /// A name for tests and logs.
    public let identifier: String?
    /// How it looks in a menu. A `.disabled` command does not run: its key goes on to the responders as
    /// if there were no command. A `.hidden` one is left out of menus but still runs, as in UIKit.
    public var attributes: MenuElementAttributes
    /// Its check mark in a menu.
    public var state: MenuElementState
    /// Whether repeats of a held key run it again.
    public var repeatBehavior: RepeatBehavior
    /// Whether it runs even when the key has a use of its own: a text field editing its text (typing,
    /// Ctrl+A, Ctrl+Left, plain Return, ...), a focused control's own keys (Return and Space; a slider's
    /// arrows, Home and End; a stepper's arrows and +), a focused scroll view's scroll keys and a table's
    /// Return on its keyboard row, Tab and Shift+Tab moving the focus, Escape dismissing a presentation
    /// (for its presenter's commands). False by default, so that a shortcut never takes a key from what
    /// the user is typing into or working with, as UIKit's `wantsPriorityOverSystemBehavior`. Under an
    /// alert or an open context menu no command of the screen below runs, with priority or not.
    public var wantsPriorityOverSystemBehavior: Bool
    /// Runs when the keys are pressed, or the command is chosen in a menu.
    public let handler: @MainActor (KeyCommand) -> Void

    /// A command titled `title` that runs `handler` when `input` is pressed with exactly `modifierFlags`.
    public init(title: String = "", input: Key, modifierFlags: KeyModifiers = [], identifier: String? = nil,
                attributes: MenuElementAttributes = [], state: MenuElementState = .off,
                repeatBehavior: RepeatBehavior = .repeatable, wantsPriorityOverSystemBehavior: Bool = false,
                handler: @escaping @MainActor (KeyCommand) -> Void) {
        // The space bar arrives as `.space`, whatever it types.
        self.input = input == .character(" ") ? .space : input
        self.modifierFlags = modifierFlags
        self.identifier = identifier
        self.attributes = attributes
        self.state = state
        self.repeatBehavior = repeatBehavior
        self.wantsPriorityOverSystemBehavior = wantsPriorityOverSystemBehavior
        self.handler = handler
        super.init(title: title)
    }

    /// The keys as desktop menus write them, modifiers first, joined by "+": "Ctrl+Shift+Z", "Alt+1", "F5",
    /// "Ctrl+PgDown".
    public var shortcutTitle: String {
        var parts: [String] = []
        if modifierFlags.contains(.control) { parts.append("Ctrl") }
        if modifierFlags.contains(.alternate) { parts.append("Alt") }
        if modifierFlags.contains(.shift) { parts.append("Shift") }
        if modifierFlags.contains(.command) { parts.append("Super") }
        parts.append(Self.name(of: input))
        return parts.joined(separator: "+")
    }

    /// Whether `press` is this command's: the same key, the same modifiers, and not disabled. A repeat of
    /// a non-repeatable command's key is its too, though it runs nothing (see `perform(for:)`).
    func matches(_ press: Press) -> Bool {
        guard !attributes.contains(.disabled) else { return false }
        let held = press.modifiers.intersection(Self.knownModifiers)
        switch (input, press.key) {
        case let (.character(wanted), .character(typed)):
            guard wanted.lowercased() == typed.lowercased() else { return false }
            // Shift typed the character itself ("+" is Shift+= on US keyboards) unless the command asks for it.
            if Self.isCaseless(wanted), !modifierFlags.contains(.shift) { return held.subtracting(.shift) == modifierFlags }
            return held == modifierFlags
        default:
            return input == press.key && held == modifierFlags
        }
    }

    /// Runs the command's handler for `press`, unless it is a repeat the command does not take.
    func perform(for press: Press) {
        guard !press.isRepeat || repeatBehavior == .repeatable else { return }
        handler(self)
    }

    /// The row a menu shows for this command: its title, look and keys; choosing it runs the handler.
    var menuAction: Action {
        Action(title: title, identifier: identifier, attributes: attributes, state: state,
               shortcutTitle: shortcutTitle) { [self] _ in handler(self) }
    }

    private static let knownModifiers: KeyModifiers = [.shift, .control, .alternate, .command]

    /// Whether `text` has no upper and lower case (a digit, "+", "?"), so Shift may be what typed it.
    private static func isCaseless(_ text: String) -> Bool {
        text.lowercased() == text.uppercased()
    }

    /// A key's name as GTK's and Qt's menus show it.
    private static func name(of key: Key) -> String {
        switch key {
        case .escape: "Esc"
        case .return: "Return"
        case .tab: "Tab"
        case .backspace: "Backspace"
        case .delete: "Del"
        case .space: "Space"
        case .up: "Up"
        case .down: "Down"
        case .left: "Left"
        case .right: "Right"
        case .home: "Home"
        case .end: "End"
        case .pageUp: "PgUp"
        case .pageDown: "PgDown"
        case .insert: "Ins"
        case let .function(number): "F\(number)"
        case .menu: "Menu"
        case let .character(text): text.uppercased()
        }
    }
}
