import Proscenium

/// The settings an XSETTINGS manager (gnome-settings-daemon, xsettingsd, xfsettingsd) publishes in the
/// `_XSETTINGS_SETTINGS` property of the window owning `_XSETTINGS_S<screen>`: the desktop's theme, font
/// and scale choices, decoded from the freedesktop.org XSETTINGS wire format.
public struct XSettings: Sendable, Equatable {
    /// One setting's value: the format's three types.
    public enum Value: Sendable, Equatable {
        /// A 32-bit signed integer (`Gtk/ApplicationPreferDarkTheme`, `Xft/DPI` in 1/1024 dpi).
        case integer(Int32)
        /// A UTF-8 string (`Net/ThemeName`).
        case string(String)
        /// A colour, 16 bits per channel.
        case color(red: UInt16, green: UInt16, blue: UInt16, alpha: UInt16)
    }

    /// Why a blob could not be read; the message names what was wrong and where.
    public struct FormatError: Error, Equatable, CustomStringConvertible {
        /// What was wrong, for the warning line.
        public let description: String
    }

    /// The manager's serial, which it raises with each change.
    public var serial: UInt32
    /// Every setting by name.
    public var values: [String: Value]
    /// The light or dark preference of the desktop's XDG settings portal, which the watcher merges in
    /// (GNOME's Dark Style switch sets it, not the theme); it wins over the settings. Nil for none.
    public var portalPreference: UserInterfaceStyle?

    /// No settings: what a desktop without an XSETTINGS manager amounts to.
    public init(serial: UInt32 = 0, values: [String: Value] = [:]) {
        self.serial = serial
        self.values = values
    }

    /// Decodes a `_XSETTINGS_SETTINGS` property. A truncated or malformed blob, or one of an unknown
    /// byte order, throws: half a list of settings is not trusted.
    public init(bytes: [UInt8]) throws(FormatError) {
        var reader = Reader(bytes: bytes)
        let order = try reader.byte("byte order")
        switch order {
        case 0: reader.bigEndian = false
        case 1: reader.bigEndian = true
        default: throw FormatError(description: "unknown byte order \(order)")
        }
        try reader.skip(3, "header padding")
        serial = try reader.card32("serial")
        let count = try reader.card32("setting count")
        // Each setting takes at least 12 bytes: a count larger than the blob can hold is a lie.
        guard Int(count) <= reader.remaining / 12 else {
            throw FormatError(description: "\(count) settings announced in \(bytes.count) bytes")
        }
        values = [:]
        for index in 0..<Int(count) {
            let type = try reader.byte("type of setting \(index)")
            try reader.skip(1, "padding of setting \(index)")
            let nameLength = Int(try reader.card16("name length of setting \(index)"))
            let name = try reader.paddedString(nameLength, "name of setting \(index)")
            _ = try reader.card32("last-change serial of \(name)")
            switch type {
            case 0:
                values[name] = .integer(Int32(bitPattern: try reader.card32("value of \(name)")))
            case 1:
                let length = try reader.card32("length of \(name)")
                guard Int(length) <= reader.remaining else {
                    throw FormatError(description: "\(name)'s string of \(length) bytes runs past the end")
                }
                values[name] = .string(try reader.paddedString(Int(length), "value of \(name)"))
            case 2:
                values[name] = .color(red: try reader.card16("red of \(name)"), green: try reader.card16("green of \(name)"),
                                      blue: try reader.card16("blue of \(name)"), alpha: try reader.card16("alpha of \(name)"))
            default:
                throw FormatError(description: "setting \(name) has unknown type \(type)")
            }
        }
    }

    /// The appearance the settings ask for: the portal's preference if it has one; else dark when
    /// `Gtk/ApplicationPreferDarkTheme` is non-zero or the
    /// theme's name (`Net/ThemeName`) has "dark" as one of its words (Adwaita-dark, Yaru-dark,
    /// Mint-Y-Dark-Aqua, Arc-Dark-solid, Materia:dark…), else light.
    public var userInterfaceStyle: UserInterfaceStyle {
        if let portalPreference { return portalPreference }
        if case let .integer(prefersDark)? = values["Gtk/ApplicationPreferDarkTheme"], prefersDark != 0 { return .dark }
        if case let .string(theme)? = values["Net/ThemeName"] {
            let words = theme.lowercased().split { "-_: .".contains($0) }
            if words.contains("dark") { return .dark }
        }
        return .light
    }

    /// The settings in the wire format, as a manager publishes them (tests stand in for one with it).
    func encoded(bigEndian: Bool = false) -> [UInt8] {
        var out: [UInt8] = [bigEndian ? 1 : 0, 0, 0, 0]
        func card16(_ v: UInt16) { out += bigEndian ? [UInt8(v >> 8), UInt8(v & 0xFF)] : [UInt8(v & 0xFF), UInt8(v >> 8)] }
        func card32(_ v: UInt32) {
            let le = [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 24)]
            out += bigEndian ? le.reversed() : le
        }
        func padded(_ bytes: [UInt8]) { out += bytes + [UInt8](repeating: 0, count: (4 - bytes.count % 4) % 4) }
        card32(serial)
        card32(UInt32(values.count))
        for (name, value) in values.sorted(by: { $0.key < $1.key }) {
            let type: UInt8 = switch value { case .integer: 0; case .string: 1; case .color: 2 }
            out += [type, 0]
            card16(UInt16(name.utf8.count))
            padded(Array(name.utf8))
            card32(serial)
            switch value {
            case let .integer(v): card32(UInt32(bitPattern: v))
            case let .string(text):
                card32(UInt32(text.utf8.count))
                padded(Array(text.utf8))
            case let .color(r, g, b, a): [r, g, b, a].forEach(card16)
            }
        }
        return out
    }

    /// Reads the format's fields, in the blob's byte order, throwing at the first that does not fit.
    private struct Reader {
        let bytes: [UInt8]
        var offset = 0
        var bigEndian = false

        var remaining: Int { bytes.count - offset }

        mutating func take(_ count: Int, _ what: String) throws(FormatError) -> ArraySlice<UInt8> {
            guard count >= 0, count <= remaining else {
                throw FormatError(description: "truncated at byte \(offset) reading the \(what)")
            }
            defer { offset += count }
            return bytes[offset..<offset + count]
        }

        mutating func skip(_ count: Int, _ what: String) throws(FormatError) { _ = try take(count, what) }

        mutating func byte(_ what: String) throws(FormatError) -> UInt8 { try take(1, what).first! }

        mutating func card16(_ what: String) throws(FormatError) -> UInt16 {
            let b = try take(2, what).map(UInt16.init)
            return bigEndian ? b[0] << 8 | b[1] : b[1] << 8 | b[0]
        }

        mutating func card32(_ what: String) throws(FormatError) -> UInt32 {
            let b = try take(4, what).map(UInt32.init)
            return bigEndian ? b[0] << 24 | b[1] << 16 | b[2] << 8 | b[3] : b[3] << 24 | b[2] << 16 | b[1] << 8 | b[0]
        }

        /// `length` bytes of UTF-8 followed by padding to a multiple of four.
        mutating func paddedString(_ length: Int, _ what: String) throws(FormatError) -> String {
            let text = try take(length, what)
            try skip((4 - length % 4) % 4, "padding after the \(what)")
            return String(decoding: text, as: UTF8.self)
        }
    }
}
