import Foundation

/// Launches Foundation `Process`es one at a time, with the pipes they get, so that no child inherits a
/// sibling's descriptors.
///
/// On Linux, Foundation learns that a child exited when the child's end of a socket pair closes, and it
/// closes in a new child only the descriptors that were open when that launch listed them. A child launched
/// on another thread at the same moment could inherit a sibling's socket end or pipe ends and hold them for
/// as long as it lives: the sibling's exit then goes unseen (`isRunning` stays true; a capture run "ran for
/// 2 minutes" in CI although the demo had long finished) and its output never reaches end of file. Creating
/// the pipes and launching under one lock closes that window: a launch's transient descriptors are gone
/// (closed in this process, or numbered below the next launch's list) before the next launch begins.
public enum ProcessLaunch {
    private static let lock = NSLock()

    /// Runs `launch`, which makes a process's pipes and calls `run()`, while no other launch is under way.
    public static func serialized<T>(_ launch: () throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try launch()
    }

    /// Launches `process`, its other streams already set, with its standard output into a new pipe; returns
    /// the pipe's reading end.
    public static func runReadingOutput(_ process: Process) throws -> FileHandle {
        try serialized {
            let output = Pipe()
            process.standardOutput = output
            try process.run()
            return output.fileHandleForReading
        }
    }

    /// Launches `process`, its standard error already set, with its standard input and output each a new
    /// pipe; returns the input's writing end (closing it ends the child's input) and the output's reading end.
    public static func runWithPipes(_ process: Process) throws -> (input: FileHandle, output: FileHandle) {
        try serialized {
            let input = Pipe(), output = Pipe()
            process.standardInput = input
            process.standardOutput = output
            try process.run()
            return (input.fileHandleForWriting, output.fileHandleForReading)
        }
    }
}
