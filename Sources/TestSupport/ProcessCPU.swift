import Foundation

/// CPU time a process has used, read from /proc: coarse and complete, or precise per thread.
public enum ProcessCPU {
    /// Seconds of CPU `pid` has used, from the kernel's tick counts (/proc/PID/stat, user + system): they
    /// never go down and include threads that have ended, but come in 10 ms ticks, which suits "was it
    /// idle?" and long runs.
    public static func seconds(pid: Int32) -> Double {
        guard let fields = ProcessStat(pid: pid)?.fields else { return 0 }
        // After the command name: state is field 3, utime 14 and stime 15 (1-based), so 11 and 12 here.
        guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else { return 0 }
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    /// Each thread's CPU time so far in nanoseconds (/proc/PID/task/*/schedstat): precise enough for a
    /// frame's fraction of a millisecond, and not biased for processes that wake on a timer as ticks are.
    public struct Sample: Sendable {
        fileprivate var threads: [String: Double]
    }

    /// The threads of `pid` and their CPU time now.
    public static func sample(pid: Int32) -> Sample {
        var threads: [String: Double] = [:]
        for task in (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? [] {
            guard let line = try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/schedstat", encoding: .utf8),
                  let first = line.split(separator: " ").first, let value = Double(first) else { continue }
            threads[task] = value
        }
        return Sample(threads: threads)
    }

    /// Seconds of CPU used between two samples: each thread's growth, threads born in between whole. A
    /// thread that ended in between is missed; for the processes measured here those are short-lived
    /// Dispatch workers.
    public static func seconds(from start: Sample, to end: Sample) -> Double {
        end.threads.reduce(0) { $0 + $1.value - (start.threads[$1.key] ?? 0) } / 1e9
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
