import Proscenium

/// AT-SPI's names and numbers for what the core's accessibility nodes are: roles, states and interfaces
/// (at-spi2-core's `AtspiRole` and `AtspiStateType`).
enum ATSPI {
    static let accessible = "org.a11y.atspi.Accessible"
    static let application = "org.a11y.atspi.Application"
    static let component = "org.a11y.atspi.Component"
    static let action = "org.a11y.atspi.Action"
    static let text = "org.a11y.atspi.Text"
    static let editableText = "org.a11y.atspi.EditableText"
    static let value = "org.a11y.atspi.Value"
    static let selection = "org.a11y.atspi.Selection"
    static let collection = "org.a11y.atspi.Collection"
    static let socket = "org.a11y.atspi.Socket"
    static let eventObject = "org.a11y.atspi.Event.Object"
    static let eventWindow = "org.a11y.atspi.Event.Window"
    static let properties = "org.freedesktop.DBus.Properties"
    /// The Accessible interface's properties, which every object has.
    static let accessibleProperties = ["Name", "Description", "Parent", "ChildCount", "Locale", "AccessibleId", "HelpText"]

    static let pathPrefix = "/org/a11y/atspi/accessible"
    static let rootPath = pathPrefix + "/root"
    static let nullPath = "/org/a11y/atspi/null"
    static let cachePath = "/org/a11y/atspi/cache"
    static let registryName = "org.a11y.atspi.Registry"

    static let unknownObject = "org.freedesktop.DBus.Error.UnknownObject"
    static let unknownMethod = "org.freedesktop.DBus.Error.UnknownMethod"
    static let unknownProperty = "org.freedesktop.DBus.Error.UnknownProperty"
    static let invalidArgs = "org.freedesktop.DBus.Error.InvalidArgs"

    /// Role numbers.
    enum Role {
        static let application: UInt32 = 75
        static let frame: UInt32 = 23

        static func number(for role: AccessibilityNode.Role) -> UInt32 {
            switch role {
            case .window: frame
            case .dialog: 16
            case .alert: 2
            case .group: 39  // panel
            case .button: 43  // push button
            case .toggleButton: 62
            case .link: 88
            case .staticText: 29  // label
            case .header: 83  // heading
            case .textField, .searchField: 79  // entry
            case .secureTextField: 40  // password text
            case .image: 27
            case .slider: 51
            case .progressBar: 42
            case .list: 31
            case .listItem: 32
            case .menu: 41  // popup menu
            case .menuItem: 35
            case .checkMenuItem: 8
            }
        }
    }

    /// State numbers.
    enum State {
        static let active: UInt32 = 1, checked: UInt32 = 4, editable: UInt32 = 7, enabled: UInt32 = 8
        static let focusable: UInt32 = 11, focused: UInt32 = 12, modal: UInt32 = 16, selected: UInt32 = 23
        static let sensitive: UInt32 = 24, showing: UInt32 = 25, singleLine: UInt32 = 26, visible: UInt32 = 30
        static let selectable: UInt32 = 22, selectableText: UInt32 = 38, isDefault: UInt32 = 39, checkable: UInt32 = 41
        static let indeterminate: UInt32 = 32, multiselectable: UInt32 = 18

        /// The two 32-bit words of a state set.
        static func words(_ states: [UInt32]) -> (UInt32, UInt32) {
            var low: UInt32 = 0, high: UInt32 = 0
            for state in states {
                if state < 32 { low |= 1 << state } else { high |= 1 << (state - 32) }
            }
            return (low, high)
        }
    }

    /// A shortcut as shown ("Ctrl+Shift+Z") in AT-SPI's key binding form, mnemonic and menu path empty
    /// (";;<Control><Shift>z"), as GTK gives its menu items' accelerators; "" for none.
    static func keyBinding(_ shortcut: String?) -> String {
        guard let shortcut, !shortcut.isEmpty else { return "" }
        var parts = shortcut.split(separator: "+", omittingEmptySubsequences: false).map(String.init)
        // "Ctrl++": the key is the plus sign, which the split leaves as two empty parts.
        if parts.count >= 2, parts.suffix(2).allSatisfy(\.isEmpty) { parts.removeLast(2); parts.append("+") }
        guard let key = parts.popLast(), !key.isEmpty else { return "" }
        let modifiers = parts.map { part -> String in
            switch part.lowercased() {
            case "ctrl", "control": "<Control>"
            case "shift": "<Shift>"
            case "alt": "<Alt>"
            case "super", "meta": "<Super>"
            default: "<\(part)>"
            }
        }
        return ";;" + modifiers.joined() + keysymName(key)
    }

    /// The X keysym name GTK writes for a key as menus show it: "PgDown" is Page_Down, "+" plus, "Z" z.
    private static func keysymName(_ key: String) -> String {
        switch key {
        case "Esc": "Escape"
        case "Del": "Delete"
        case "Ins": "Insert"
        case "PgUp": "Page_Up"
        case "PgDown": "Page_Down"
        case "Backspace": "BackSpace"
        case "Space": "space"
        default: punctuationKeysyms[key] ?? (key.count == 1 ? key.lowercased() : key)
        }
    }

    /// X's keysym names of the punctuation keys shortcuts use.
    private static let punctuationKeysyms = ["+": "plus", "-": "minus", "=": "equal", ",": "comma", ".": "period",
                                             "/": "slash", ";": "semicolon", "'": "apostrophe", "[": "bracketleft",
                                             "]": "bracketright", "\\": "backslash", "`": "grave"]

    /// The names of a node's actions, as screen readers show them.
    static func name(of action: AccessibilityNode.Action) -> String {
        switch action {
        case .activate: "click"
        case .increment: "increment"
        case .decrement: "decrement"
        }
    }

    /// AT-SPI's English name of a role.
    static func name(of role: AccessibilityNode.Role) -> String {
        switch role {
        case .window: "frame"
        case .dialog: "dialog"
        case .alert: "alert"
        case .group: "panel"
        case .button: "push button"
        case .toggleButton: "toggle button"
        case .link: "link"
        case .staticText: "label"
        case .header: "heading"
        case .textField, .searchField: "entry"
        case .secureTextField: "password text"
        case .image: "image"
        case .slider: "slider"
        case .progressBar: "progress bar"
        case .list: "list"
        case .listItem: "list item"
        case .menu: "popup menu"
        case .menuItem: "menu item"
        case .checkMenuItem: "check menu item"
        }
    }
}
