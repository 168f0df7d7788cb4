import Foundation

/// CPU time a process has used so far, all its threads together: the scheduler's nanosecond count from
/// /proc/PID/task/*/schedstat, since the 10 ms ticks of /proc/PID/stat blur a frame's millisecond and
/// are biased for processes that wake on a timer. Falls back to the ticks where schedstat is missing.
public enum ProcessCPU {
    /// Seconds of CPU `pid` has used.
    public static func seconds(pid: Int32) -> Double {
        if let tasks = try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task"), !tasks.isEmpty {
            var nanoseconds = 0.0
            for task in tasks {
                guard let line = try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/schedstat", encoding: .utf8),
                      let first = line.split(separator: " ").first, let value = Double(first) else { continue }
                nanoseconds += value
            }
            if nanoseconds > 0 { return nanoseconds / 1e9 }
        }
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return 0 }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        // After the command name: state is field 3, utime 14 and stime 15 (1-based), so 11 and 12 here.
        guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else { return 0 }
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }
}

/// Memory figures of a process from /proc/PID/status.
public enum ProcessMemory {
    /// Resident set size now (VmRSS), in KiB; 0 when unreadable.
    public static func residentKiB(pid: Int32) -> Int { field("VmRSS:", pid: pid) }
    /// Peak resident set size (VmHWM), in KiB; 0 when unreadable.
    public static func peakResidentKiB(pid: Int32) -> Int { field("VmHWM:", pid: pid) }

    private static func field(_ name: String, pid: Int32) -> Int {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix(name) }) else { return 0 }
        return Int(line.split(separator: " ").dropFirst().first ?? "0") ?? 0
    }
}
