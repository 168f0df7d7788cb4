import Foundation

/// A process's line in /proc/PID/stat, split after its command name (which may hold spaces and parentheses,
/// so it is cut at the last ")"): for its state, its parent and its CPU ticks.
public struct ProcessStat {
    /// The command name, without its parentheses.
    public let name: String
    /// The fields after the name: the state first (field 3 of proc(5)), then the parent's pid, and on.
    public let fields: [Substring]

    /// The process's stat line now; nil when there is no such process.
    public init?(pid: Int32) {
        guard let line = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let open = line.firstIndex(of: "("), let close = line.lastIndex(of: ")") else { return nil }
        name = String(line[line.index(after: open)..<close])
        fields = line[line.index(after: close)...].split(separator: " ")
    }

    /// The state letter: R running, S or D asleep, Z exited but not yet reaped, and so on.
    public var state: Character? { fields.first?.first }

    /// The parent's pid.
    public var parent: Int32? { fields.count > 1 ? Int32(fields[1]) : nil }
}
