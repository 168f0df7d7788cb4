import Foundation
import TestSupport

/// Other X clients a test runs as a user's desktop would (xclip, setxkbmap), off the main actor so the
/// window under test, which answers them there, keeps running.
enum XClientTool {
    /// Runs `tool arguments` to its end and returns what it printed on standard output.
    static func output(of tool: String, _ arguments: [String]) async throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [tool] + arguments
        process.standardInput = FileHandle.nullDevice
        let output = try ProcessLaunch.runReadingOutput(process)
        // Read to the end on a thread of its own: blocked on one of the few cooperative threads (two on a
        // two-core machine), the read would stall every other test's async work for as long as the tool runs.
        let text = await withCheckedContinuation { (continuation: CheckedContinuation<String, Never>) in
            let thread = Thread {
                let data = output.readDataToEndOfFile()
                process.waitUntilExit()
                continuation.resume(returning: String(decoding: data, as: UTF8.self))
            }
            thread.stackSize = 1 << 18
            thread.start()
        }
        return text
    }

    /// Starts `tool arguments` with `input` on its standard input and returns without waiting for its end:
    /// `xclip -i` forks a child that owns the selection until another client takes it, and that child
    /// keeps the parent's exit from being noticed here. Wait for its effect (the selection's new owner).
    static func start(_ tool: String, _ arguments: [String], input: String) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [tool] + arguments
        let stdin = try ProcessLaunch.serialized {
            let stdin = Pipe()
            process.standardInput = stdin
            process.standardOutput = FileHandle.nullDevice
            try process.run()
            return stdin.fileHandleForWriting
        }
        stdin.write(Data(input.utf8))
        try stdin.close()
    }
}
