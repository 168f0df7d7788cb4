import CX11
import Glibc

/// The character-type locale Xlib decodes keys and titles in. Xlib's UTF-8 calls (`Xutf8LookupString`,
/// `Xutf8SetWMProperties`) and its Compose tables follow `LC_CTYPE`, which a C program gets from the
/// environment only when it asks: without this every key decodes in the C locale (Latin-1 at best).
enum InputLocale {
    /// Set once, before the first connection is opened: the environment's `LC_CTYPE` if Xlib supports it
    /// and it is UTF-8, else C.UTF-8, and the input-method modifiers from `XMODIFIERS`. Only `LC_CTYPE`:
    /// a French `LC_NUMERIC` would turn the decimal points in the demo's JSON into commas.
    @MainActor static func configure() {
        guard !isConfigured else { return }
        isConfigured = true
        if !useLocale("") { _ = useLocale("C.UTF-8") || useLocale("en_US.UTF-8") }
        // XMODIFIERS (such as "@im=ibus") picks an input method server; "" falls back to Xlib's built-in
        // one, which still does Compose and dead keys.
        if XSetLocaleModifiers("") == nil { _ = XSetLocaleModifiers("@im=none") }
    }

    @MainActor private static var isConfigured = false

    /// Whether LC_CTYPE is now `name`, Xlib supports it, and it encodes text as UTF-8.
    private static func useLocale(_ name: String) -> Bool {
        guard setlocale(LC_CTYPE, name) != nil, XSupportsLocale() != 0 else { return false }
        guard let codeset = nl_langinfo(nl_item(CODESET)) else { return false }
        let encoding = String(cString: codeset).uppercased()
        return encoding == "UTF-8" || encoding == "UTF8"
    }

    /// The name of the character-type locale in use, for diagnostics.
    static var current: String {
        setlocale(LC_CTYPE, nil).map { String(cString: $0) } ?? "C"
    }
}
