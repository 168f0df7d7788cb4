import CX11
import Glibc
import Proscenium

/// Where a window's scale (device pixels per point) comes from, as other X11 toolkits read it: an
/// explicit override (the demo's `--scale`), then `PROSCENIUM_SCALE`, then the desktop's `Xft.dpi` in the
/// root window's `RESOURCE_MANAGER` divided by 96 (GNOME, KDE and Xfce publish the user's choice there),
/// then 1. A bad value is skipped with one warning that names it.
public enum DisplayScale {
    /// Scales beyond this are taken for mistakes: no screen has that many pixels per point.
    public static let maximum = 8.0
    /// The DPI that is scale 1.
    public static let baseDPI = 96.0

    /// Which source gave the scale.
    public enum Source: String, Sendable {
        /// The configuration's (the demo's `--scale`).
        case override
        /// The `PROSCENIUM_SCALE` environment variable: one run's scale, without changing the desktop's.
        case environment
        /// The desktop's `Xft.dpi` / 96.
        case xftDPI
        /// None of them: 1.
        case fallback
    }

    /// `text` as a scale when it is a number in (0, maximum].
    public static func parse(_ text: String) -> Double? {
        guard let value = Double(text.trimmingCharacters(in: " \t")), value.isFinite, value > 0, value <= maximum else {
            return nil
        }
        return value
    }

    /// The value of `Xft.dpi` in a resource database string (`xrdb` syntax: `name:\tvalue` lines), as
    /// written; nil when it has none. The last definition wins, as in `xrdb -merge`.
    public static func xftDPI(in resources: String) -> String? {
        var found: String?
        for line in resources.split(whereSeparator: { $0 == "\n" }) {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let name = line[..<colon].trimmingCharacters(in: " \t")
            if name == "Xft.dpi" || name == "*Xft.dpi" {
                found = line[line.index(after: colon)...].trimmingCharacters(in: " \t")
            }
        }
        return found
    }

    /// The scale from the sources in order, and where it came from; each bad value on the way is reported
    /// once through `Warnings.handler`, naming it and its source.
    @MainActor public static func resolve(override: Double? = nil, environment: String?, resources: String?)
        -> (scale: Double, source: Source) {
        if let override {
            if let value = parse(String(override)) { return (value, .override) }
            Warnings.handler("ignoring scale \(override): it must be above 0 and at most \(Int(maximum))")
        }
        if let environment {
            if let value = parse(environment) { return (value, .environment) }
            Warnings.handler("ignoring PROSCENIUM_SCALE=\(environment): it must be a number above 0 and at most \(Int(maximum))")
        }
        if let resources, let dpiText = xftDPI(in: resources) {
            if let dpi = Double(dpiText.trimmingCharacters(in: " \t")), let value = parse(String(dpi / baseDPI)) {
                return (value, .xftDPI)
            }
            Warnings.handler("ignoring Xft.dpi: \(dpiText): it must be a number of dots per inch above 0 and at most \(Int(maximum * baseDPI))")
        }
        return (1, .fallback)
    }

    /// The root window's `RESOURCE_MANAGER` property as it is now (not Xlib's copy from connection time,
    /// which a settings panel's `xrdb -merge` leaves stale); nil when it is not set.
    @MainActor public static func resourceManager(of display: Display) -> String? {
        let dpy = display.pointer
        let atom = XInternAtom(dpy, "RESOURCE_MANAGER", 0)
        var type: Atom = 0
        var format: Int32 = 0
        var count: UInt = 0, remaining: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        let status = XGetWindowProperty(dpy, display.rootWindow, atom, 0, 1 << 20, 0, Atom(AnyPropertyType),
                                        &type, &format, &count, &remaining, &data)
        defer { if let data { XFree(data) } }
        guard status == Success, let data, format == 8, count > 0 else { return nil }
        return String(decoding: UnsafeBufferPointer(start: data, count: Int(count)), as: UTF8.self)
    }
}

private extension StringProtocol {
    func trimmingCharacters(in set: String) -> String {
        let characters = Set(set)
        var text = Substring(self)
        while let first = text.first, characters.contains(first) { text = text.dropFirst() }
        while let last = text.last, characters.contains(last) { text = text.dropLast() }
        return String(text)
    }
}
