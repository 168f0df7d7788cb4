import Glibc

/// The `--log-events` stream: one JSON object per line on standard output, written with one `write(2)`
/// each so a reader sees every line as it happens. A closed standard output (the reader went away) is a
/// clean end of the demo, not a SIGPIPE: `onClosed` runs once and nothing more is written.
@MainActor final class EventLog {
    /// Whether lines are written at all (`--log-events`).
    let isEnabled: Bool
    /// Where "t" comes from: seconds since launch, or virtual seconds.
    var clock: @MainActor () -> Double
    /// Called once when standard output turns out to be closed.
    var onClosed: (@MainActor () -> Void)?
    private var isClosed = false

    init(isEnabled: Bool, clock: @escaping @MainActor () -> Double) {
        self.isEnabled = isEnabled
        self.clock = clock
    }

    /// Writes `{"type": type, "t": now, fields...}` as one line.
    func write(_ type: String, _ fields: KeyValuePairs<String, LogValue> = [:]) {
        guard isEnabled else { return }
        writeLine(type, Array(fields))
    }

    /// Writes a line even without `--log-events` (the `stats` line asked for with `--stats`).
    func writeAlways(_ type: String, _ fields: [(String, LogValue)]) {
        writeLine(type, fields)
    }

    private func writeLine(_ type: String, _ fields: [(String, LogValue)]) {
        guard !isClosed else { return }
        let t = (clock() * 10_000).rounded() / 10_000
        let object = LogValue.object([("type", .text(type)), ("t", .number(t))] + fields)
        var line = object.json + "\n"
        let failed = line.withUTF8 { bytes -> Bool in
            var offset = 0
            while offset < bytes.count {
                let written = Glibc.write(1, bytes.baseAddress! + offset, bytes.count - offset)
                if written < 0, errno == EINTR { continue }
                if written <= 0 { return true }
                offset += written
            }
            return false
        }
        if failed {
            isClosed = true
            onClosed?()
        }
    }
}

/// A JSON value in the event log.
enum LogValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral,
    ExpressibleByBooleanLiteral {
    case text(String)
    case number(Double)
    case bool(Bool)
    case list([LogValue])
    case object([(String, LogValue)])

    init(stringLiteral value: String) { self = .text(value) }
    init(integerLiteral value: Int) { self = .number(Double(value)) }
    init(floatLiteral value: Double) { self = .number(value) }
    init(booleanLiteral value: Bool) { self = .bool(value) }

    /// The value as compact JSON, keys in the order given.
    var json: String {
        switch self {
        case .text(let text): return Self.quoted(text)
        case .bool(let flag): return flag ? "true" : "false"
        case .number(let number):
            guard number.isFinite else { return "null" }
            if number == number.rounded(), abs(number) < 1e15 { return String(Int(number)) }
            return String(number)
        case .list(let values): return "[" + values.map(\.json).joined(separator: ",") + "]"
        case .object(let pairs): return "{" + pairs.map { Self.quoted($0.0) + ":" + $0.1.json }.joined(separator: ",") + "}"
        }
    }

    private static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20: out += unicodeEscape(scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    private static func unicodeEscape(_ value: UInt32) -> String {
        let hex = String(value, radix: 16)
        return "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
    }
}
